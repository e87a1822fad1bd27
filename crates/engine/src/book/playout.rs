//! Playout judging, distillation's second search mode (docs/BOOKS.md): the turns of a roll are
//! judged by the results of games a playout bot plays from their post-turn positions.
//!
//! The candidates are the turns a book entry can play: lookup plays the first turn in canonical
//! order whose moves form the entry's multiset (BOOK.md §3), so only those, one per distinct
//! post-turn position, are judged. Successive halving on common seeds: every candidate of a round plays the same games (the same
//! dice and player streams), the better half by total score goes on, and each round doubles the
//! games. The survivor then plays fresh games against the playout bot's own turn; it becomes the
//! key's entry only when the lower bound of the 95 % confidence interval of its paired gain is
//! above zero, otherwise the bot's own turn does. Every game is seeded by (key, game index), so a
//! judgement does not depend on how [`judge`]'s caller spreads the games over threads.

use std::collections::HashSet;

use super::build::BuiltEntry;
use super::fnv::fnv1a64;
use super::signature::Signature;
use crate::search::{candidate_turns, choose_turn, derive, play_untimed, Bot, GameSeeds, Rng, Turn};
use crate::{Color, Position, Roll, Turns};

/// The two-sided 95 % normal quantile, as the arena's confidence intervals (BOTS.md §10.5).
pub(crate) const Z95: f64 = 1.959964;
/// Confirmation games are numbered from here, apart from the halving rounds' games.
const CONFIRMATION_GAMES: u64 = 1 << 40;
/// The sub-stream of a key's seed that draws the playout bot's own turn.
const OWN_TURN_STREAM: u64 = u64::MAX;

/// The budget of a judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judging {
    /// Games each candidate plays in the first halving round (doubled every round).
    pub first_round: u64,
    /// Paired games of the survivor and the bot's own turn.
    pub confirmation: u64,
}

/// One playout: the game from a candidate's post-turn position with the seeds of one game index.
#[derive(Clone, Copy, Debug)]
pub struct Playout {
    /// The post-turn position (the opponent of `mover` to move).
    pub start: Position,
    /// The side whose result is counted.
    pub mover: Color,
    pub seeds: GameSeeds,
}

impl Playout {
    /// Plays it with `bot` on both sides, untimed: 2 for a win of the mover, 1 for a draw, 0 for a
    /// loss.
    pub fn play(&self, bot: &dyn Bot) -> u8 {
        match play_untimed(&self.start, [bot, bot], self.seeds) {
            Some(winner) if winner == self.mover => 2,
            Some(_) => 0,
            None => 1,
        }
    }
}

/// The outcome of judging one roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The roll's book key.
    pub key: String,
    /// The key's entry: weight 1, W/D/L of the entered turn over the confirmation games (none
    /// when the survivor is the bot's own turn and no confirmation was played). `None` when the
    /// own turn stands and no entry can play it (another order of its moves comes first in
    /// canonical order): the base bot then decides, as it would.
    pub entry: Option<BuiltEntry>,
    /// The playout bot's own turn.
    pub own: Signature,
    /// The survivor of the halving rounds.
    pub survivor: Signature,
    /// Candidates judged.
    pub candidates: usize,
    /// Games played in all.
    pub games: u64,
    /// The survivor beat the bot's own turn and was entered.
    pub replaced: bool,
    /// The survivor's mean gain over the bot's own turn in score (win 1, draw ½) per game, with the
    /// half width of its 95 % interval; zero when the survivor is the own turn.
    pub gain: f64,
    pub half_width: f64,
}

/// Judges the roll `rolled` with `bot` as the playout bot. `run` plays a batch of playouts and
/// returns their scores in order (in parallel if it likes). `None` when the game is over (a king
/// is missing), the roll has no legal turn or a legal king capture (the book never decides those),
/// or the entered turn cannot be stored.
pub fn judge(
    rolled: &Position,
    bot: &dyn Bot,
    judging: Judging,
    seed: u64,
    run: &mut dyn FnMut(&[Playout]) -> Vec<u8>,
) -> Option<Judgement> {
    let key = rolled.book_key()?;
    let roll = Roll::new(rolled).ok()?;
    let turns = Turns::new(roll)?;
    if turns.has_king_capture() {
        return None;
    }
    let key_seed = derive(seed, fnv1a64(key.as_bytes()));
    let candidates = realizable(&candidate_turns(&turns));
    let own_turn = choose_turn(bot, roll, &mut Rng::from_seed(derive(key_seed, OWN_TURN_STREAM)), None);
    let mut own_post = *rolled;
    own_post.play_turn(&own_turn.moves); // no king capture: the roll has none
    let posts: Vec<Position> = candidates.iter().map(Turn::post_turn).collect();
    let mover = rolled.turn();
    let playout =
        |start: &Position, game: u64| Playout { start: *start, mover, seeds: GameSeeds::of_game(key_seed, game) };

    let (survivor, mut games) = halve(&posts, judging.first_round, &playout, run);
    let own = posts.iter().position(|p| *p == own_post);
    let confirmation = if own == Some(survivor) || judging.confirmation == 0 {
        None
    } else {
        games += 2 * judging.confirmation;
        Some(confirm(&posts[survivor], &own_post, judging.confirmation, &playout, run))
    };
    let replaced = confirmation.as_ref().is_some_and(|c| c.replaced);
    let entered = if replaced { Some(survivor) } else { own };
    let entry = match entered {
        Some(i) => {
            let [wins, draws, losses] = confirmation.as_ref().map_or([0; 3], |c| c.record);
            let signature = Signature::of_turn(candidates[i].moves())?;
            Some(BuiltEntry { key: key.clone(), signature, weight: 1, wins, draws, losses })
        }
        None => None,
    };
    let (gain, half_width) = confirmation.as_ref().map_or((0.0, 0.0), |c| (c.gain, c.half_width));
    Some(Judgement {
        key,
        entry,
        own: Signature::of_turn(&own_turn.moves)?,
        survivor: Signature::of_turn(candidates[survivor].moves())?,
        candidates: candidates.len(),
        games,
        replaced,
        gain,
        half_width,
    })
}

/// Successive halving over the candidates' `posts` on common seeds: returns the survivor's index
/// and the games played.
fn halve(
    posts: &[Position],
    first_round: u64,
    playout: &dyn Fn(&Position, u64) -> Playout,
    run: &mut dyn FnMut(&[Playout]) -> Vec<u8>,
) -> (usize, u64) {
    let n = posts.len();
    let mut games = 0u64;
    let mut alive: Vec<usize> = (0..n).collect();
    let mut totals = vec![0u64; n];
    let mut played = 0u64;
    let mut round = first_round.max(1);
    while alive.len() > 1 {
        let batch: Vec<Playout> =
            alive.iter().flat_map(|&c| (played..played + round).map(move |g| playout(&posts[c], g))).collect();
        let scores = run(&batch);
        games += batch.len() as u64;
        for (&c, chunk) in alive.iter().zip(scores.chunks(round as usize)) {
            totals[c] += chunk.iter().map(|&s| u64::from(s)).sum::<u64>();
        }
        played += round;
        round *= 2;
        // The better half goes on; equal totals keep canonical order.
        crate::sort::sort_by(&mut alive, |&a, &b| totals[b].cmp(&totals[a]).then(a.cmp(&b)));
        alive.truncate(alive.len().div_ceil(2));
        crate::sort::sort_by_key(&mut alive, |&a| a as u64);
    }
    (alive[0], games)
}

/// The paired comparison of the survivor with the own turn on the confirmation games.
#[derive(Clone, Copy, Debug)]
struct Confirmation {
    replaced: bool,
    gain: f64,
    half_width: f64,
    /// W/D/L of the turn entered.
    record: [u32; 3],
}

fn confirm(
    survivor: &Position,
    own: &Position,
    games: u64,
    playout: &dyn Fn(&Position, u64) -> Playout,
    run: &mut dyn FnMut(&[Playout]) -> Vec<u8>,
) -> Confirmation {
    let batch: Vec<Playout> = (CONFIRMATION_GAMES..CONFIRMATION_GAMES + games)
        .flat_map(|g| [playout(survivor, g), playout(own, g)])
        .collect();
    let scores = run(&batch);
    let diffs: Vec<f64> = scores.chunks(2).map(|p| (f64::from(p[0]) - f64::from(p[1])) / 2.0).collect();
    let (gain, half_width) = mean_and_half_width(&diffs);
    let replaced = gain - half_width > 0.0;
    let entered = usize::from(!replaced);
    let mut record = [0u32; 3];
    for pair in scores.chunks(2) {
        record[usize::from(2 - pair[entered])] += 1;
    }
    Confirmation { replaced, gain, half_width, record }
}

/// The turns a book entry can play (the first in canonical order of each move multiset), one per
/// distinct post-turn position, in canonical order.
fn realizable(turns: &[Turn]) -> Vec<Turn> {
    let mut signatures = HashSet::new();
    let mut posts = HashSet::new();
    turns
        .iter()
        .filter(|t| Signature::of_turn(t.moves()).is_some_and(|s| signatures.insert(s)))
        .filter(|t| posts.insert(t.post_turn()))
        .copied()
        .collect()
}

/// The mean of `xs` and the half width of its 95 % normal interval (sample variance).
fn mean_and_half_width(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (variance / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{legal_turns, Registry};

    fn sequential(bot: &dyn Bot) -> impl FnMut(&[Playout]) -> Vec<u8> + '_ {
        move |batch| batch.iter().map(|p| p.play(bot)).collect()
    }

    /// Black's pawn on d2 attacks White's king, which must move: greedy takes the pawn and stands
    /// next to Black's king, which takes it with any K in Black's roll (42 %); d1 and f1 are safe,
    /// and White, a rook up, should win from there.
    const BLUNDER: &str = "8/8/8/8/8/4k3/PP1p4/4K2R w - - 0 1 KPP";

    #[test]
    fn a_blunder_of_the_playout_bot_is_replaced_by_a_better_turn() {
        let registry = Registry::new();
        let greedy = registry.get("greedy").unwrap().as_ref();
        let rolled = Position::from_dfen(BLUNDER).unwrap();
        let mut rng = Rng::from_seed(1);
        let own = choose_turn(greedy, Roll::new(&rolled).unwrap(), &mut rng, None);
        assert!(own.moves.iter().any(|m| m.to_string() == "e1d2"), "greedy takes the pawn: {:?}", own.moves);

        let judging = Judging { first_round: 4, confirmation: 400 };
        let j = judge(&rolled, greedy, judging, 7, &mut sequential(greedy)).unwrap();
        assert!(j.replaced && j.gain - j.half_width > 0.0, "{j:?}");
        let entry = j.entry.as_ref().unwrap();
        let moves = entry.signature.to_string();
        assert!(!moves.contains("e1d2"), "{moves}");
        assert_eq!((entry.key.as_str(), entry.weight), ("8/8/8/8/8/4k3/PP1p4/4K2R w - - KPP", 1));
        assert_eq!(j.key, entry.key);
        assert_eq!(entry.games(), 400);
        // 72 distinct post-turn positions: seven halving rounds of 4, 8, … games, then 2 × 400.
        assert!(j.candidates > 10 && j.games > 800, "{j:?}");
        // The entered turn is a legal turn of the roll.
        let turns = legal_turns(&Turns::new(Roll::new(&rolled).unwrap()).unwrap());
        assert!(turns.iter().any(|t| Signature::of_turn(t.moves()) == Some(entry.signature)));
        // Every game is seeded: the same seed gives the same judgement, whatever the batching.
        let mut reversed = |batch: &[Playout]| -> Vec<u8> {
            let mut scores: Vec<u8> = batch.iter().rev().map(|p| p.play(greedy)).collect();
            scores.reverse();
            scores
        };
        assert_eq!(judge(&rolled, greedy, judging, 7, &mut reversed), Some(j));
    }

    #[test]
    fn without_confirmation_games_the_own_turn_is_kept() {
        let registry = Registry::new();
        let greedy = registry.get("greedy").unwrap().as_ref();
        let rolled = Position::from_dfen(BLUNDER).unwrap();
        let judging = Judging { first_round: 2, confirmation: 0 };
        let j = judge(&rolled, greedy, judging, 7, &mut sequential(greedy)).unwrap();
        assert!(!j.replaced);
        let entry = j.entry.unwrap();
        assert_eq!((j.gain, j.half_width, entry.games()), (0.0, 0.0, 0));
        assert!(entry.signature.to_string().contains("e1d2"));
    }

    #[test]
    fn undecidable_rolls_have_no_judgement() {
        let registry = Registry::new();
        let greedy = registry.get("greedy").unwrap().as_ref();
        let judging = Judging { first_round: 2, confirmation: 10 };
        let mut never = |_: &[Playout]| -> Vec<u8> { unreachable!("no game is played") };
        for dfen in [
            "k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR",                            // a king capture
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 BRQ", // no legal turn
        ] {
            let rolled = Position::from_dfen(dfen).unwrap();
            assert_eq!(judge(&rolled, greedy, judging, 7, &mut never), None, "{dfen}");
        }
    }

    #[test]
    fn the_interval_is_the_normal_one() {
        assert_eq!(mean_and_half_width(&[]), (0.0, 0.0));
        assert_eq!(mean_and_half_width(&[0.5]), (0.5, 0.0));
        let (mean, hw) = mean_and_half_width(&[1.0, 0.0, 1.0, 0.0]);
        assert_eq!(mean, 0.5);
        // Sample variance 1/3, n = 4.
        assert!((hw - Z95 * (1.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }
}

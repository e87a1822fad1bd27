//! `monte-carlo` (BOTS.md §4.6): candidate turns judged by the win mass of rollouts from their
//! post-turn positions.

use super::bot::{decision_odds, pick_by_key, Bot, BotInfo, Budgeting, Builtin, Choice, Question, SearchContext};
use super::clock::{scan_interrupted, Deadline, Moment};
use super::equity::run_rollouts;
use super::eval::{self, insufficient_material, WIN};
use super::prng::Rng;
use super::turnlist::{first_shortest_king_capture, Turn};
use crate::{Dice, Position, Roll};

/// Scores are win probabilities times this.
pub(super) const PROBABILITY_SCALE: f64 = 1_000_000.0;
/// Rollouts per turn untimed.
pub(super) const UNTIMED_ROLLOUTS: u64 = 120;
/// Plies per rollout.
pub(super) const ROLLOUT_PLIES: i64 = 40;
/// Candidates of the timed search.
pub(super) const CANDIDATES: usize = 16;
/// The budget when the caller supplies none.
pub const DEFAULT_BUDGET_MS: u64 = 1000;

/// `round(p × 1 000 000)` with round half up.
#[inline]
pub(crate) fn probability_score(p: f64) -> i64 {
    (p * PROBABILITY_SCALE + 0.5).floor() as i64
}

/// The mover's win mass from `post` (opponent to move) with the untimed configuration.
pub(super) fn untimed_win_mass(post: &Position, mover: crate::Color, rng: &mut Rng) -> f64 {
    let n = super::equity::rollout_count(UNTIMED_ROLLOUTS as i64, ROLLOUT_PLIES) as u64;
    run_rollouts(post, n, ROLLOUT_PLIES, rng, &mut || false).means().of(mover)
}

/// The `monte-carlo` bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct MonteCarloBot;

impl MonteCarloBot {
    /// The untimed score of every turn in canonical order: `WIN` for a king capture (no
    /// rollouts), else `round(p × 1 000 000)`; the estimates share `rng` in that order.
    pub fn untimed_scores(pos: &Position, turns: &[Turn], rng: &mut Rng) -> Vec<i64> {
        let mover = pos.turn();
        turns
            .iter()
            .map(|t| {
                if t.captures_king {
                    i64::from(WIN)
                } else {
                    probability_score(untimed_win_mass(&t.post_turn(), mover, rng))
                }
            })
            .collect()
    }

    fn untimed(pos: &Position, turns: &[Turn], rng: &mut Rng) -> Choice {
        let scores = Self::untimed_scores(pos, turns, rng);
        let (i, score) = pick_by_key(turns, &scores, rng);
        Choice::play(&turns[i], score)
    }

    fn timed(pos: &Position, turns: &[Turn], rng: &mut Rng, deadline: Deadline<'_>) -> Choice {
        if let Some(i) = first_shortest_king_capture(turns) {
            return Choice::play(&turns[i], i64::from(WIN));
        }
        let mover = pos.turn();
        let (order, complete) = candidates(turns, mover, &deadline);
        if !complete {
            // The material fallback of the turns scored so far.
            return Choice::play(&turns[order[0].0], i64::from(order[0].1));
        }
        let n = order.len();
        let mut best: Option<(usize, f64)> = None;
        for (k, &(i, _)) in order.iter().enumerate() {
            let now = deadline.now();
            if now >= deadline.at {
                break;
            }
            let slice = Moment(now.0 + (deadline.at.0 - now.0) / (n - k) as u64);
            let post = turns[i].post_turn();
            let mut started = 0u64;
            let mut stats = super::equity::EquityStats::default();
            let q = super::equity::capture_probability(&post);
            loop {
                if started > 0 && deadline.now() >= slice {
                    break;
                }
                started += 1;
                let mut abort = || deadline.passed();
                match super::equity::rollout(&post, ROLLOUT_PLIES, q, rng, &mut abort) {
                    Some(m) => stats.push(m),
                    None => break,
                }
            }
            if stats.count() > 0 {
                let mass = stats.means().of(mover);
                if best.is_none_or(|(_, b)| mass > b) {
                    best = Some((i, mass));
                }
            }
        }
        match best {
            Some((i, mass)) => Choice::play(&turns[i], probability_score(mass)),
            None => Choice::play(&turns[order[0].0], i64::from(order[0].1)),
        }
    }
}

/// The candidates of the timed search: the first `CANDIDATES` turns by the `material` of their
/// post-turn positions, best first, ties in canonical order (a stable sort's first 16), with that
/// material. Scoring the root turns reads the clock every 1024 turns (BOTS.md §4.8); if the
/// deadline passes first, the candidates of the turns scored so far and `false`.
fn candidates(turns: &[Turn], mover: crate::Color, deadline: &Deadline<'_>) -> (Vec<(usize, i32)>, bool) {
    let mut top: Vec<(usize, i32)> = Vec::with_capacity(CANDIDATES + 1);
    for (i, t) in turns.iter().enumerate() {
        if scan_interrupted(Some(deadline), i) {
            return (top, false);
        }
        let m = eval::material(&t.post_turn(), mover);
        if top.len() == CANDIDATES && top[CANDIDATES - 1].1 >= m {
            continue;
        }
        // After every earlier turn at least as good: the order of a stable sort.
        let at = top.partition_point(|&(_, b)| b >= m);
        top.insert(at, (i, m));
        top.truncate(CANDIDATES);
    }
    (top, true)
}

impl Bot for MonteCarloBot {
    fn info(&self) -> BotInfo {
        Builtin::MonteCarlo.info()
    }

    fn budgeting(&self) -> Budgeting {
        Budgeting::Budgeted { default_ms: Some(DEFAULT_BUDGET_MS) }
    }

    /// Timed, the first shortest (§4.6 step 1); untimed, the rollouts of the other turns draw
    /// from the stream before the tie-break key's draw.
    fn plays_a_shortest_king_capture(&self, timed: bool) -> bool {
        timed
    }

    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        match ctx.deadline {
            None => Self::untimed(&roll, turns, ctx.rng),
            Some(d) => Self::timed(&roll, turns, ctx.rng, d),
        }
    }

    fn decide(&self, question: Question, pos: &Position, rng: &mut Rng) -> bool {
        let p_mc = |rng: &mut Rng| {
            let mut start = *pos;
            start.set_dice(Dice::EMPTY);
            let n = super::equity::rollout_count(UNTIMED_ROLLOUTS as i64, ROLLOUT_PLIES) as u64;
            run_rollouts(&start, n, ROLLOUT_PLIES, rng, &mut || false).means().of(pos.turn())
        };
        match question {
            Question::OfferDouble => p_mc(rng) > 0.65,
            Question::AcceptDouble => p_mc(rng) > 0.30,
            Question::OfferDraw => insufficient_material(pos),
            Question::AcceptDraw => decision_odds(pos).0 < -200,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::clock::ManualClock;
    use crate::search::{advance, legal_turns};
    use crate::Turns;

    /// The candidates are the first 16 of the stable sort by descending material that the timed
    /// search used to make of every root turn, on rolls of positions from random play.
    #[test]
    fn candidates_are_a_stable_sorts_first_sixteen() {
        let clock = ManualClock::new(0, 0);
        let never = Deadline { clock: &clock, at: Moment(1) };
        let mut rng = Rng::from_seed(11);
        let mut checked = 0;
        for dfen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
        ] {
            let mut pos = Position::from_dfen(dfen).expect("valid DFEN");
            for _ in 0..30 {
                let mut roll = pos;
                roll.set_dice(rng.three_dice());
                if let Some(t) = Turns::of_position(&roll) {
                    let turns = legal_turns(&t);
                    let mover = roll.turn();
                    let material: Vec<i32> = turns.iter().map(|t| eval::material(&t.post_turn(), mover)).collect();
                    let mut order =
                        crate::sort::order_by_key(turns.len(), |i| crate::sort::descending(i64::from(material[i])));
                    order.truncate(CANDIDATES);
                    let want: Vec<(usize, i32)> = order.iter().map(|&i| (i, material[i])).collect();
                    assert_eq!(candidates(&turns, mover, &never), (want, true), "{}", roll.to_dfen());
                    checked += 1;
                }
                if !advance(&mut pos, &mut rng) {
                    break;
                }
            }
        }
        assert!(checked > 40, "{checked}");
    }
}

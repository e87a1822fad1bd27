//! Distillation's search mode (BOOK.md §10.2): the opening positions the used games reach most
//! often, and for each of their rolls one turn chosen by a searching bot, which replaces the
//! statistics of that key.
//!
//! The pieces are pure and independent of threads: [`opening_positions`] per used game,
//! [`PositionCounts`] over the games in game-index order, [`searched_entry`] per (position,
//! roll), and [`BuiltBook::replace_keys`](super::build::BuiltBook::replace_keys) to merge.

use std::collections::HashMap;

use super::build::{BuildOptions, BuiltEntry};
use super::fnv::fnv1a64;
use super::signature::Signature;
use crate::game::record::{parse_record, replay, start_position};
use crate::search::{choose_turn, derive, rolls56, Bot, Deadline, Rng};
use crate::{Dice, Position, Roll, Turns};

/// The positions (no dice, clocks as played) at the start of turns `1..=turns` of the game on
/// `line`, each `normalizedFen` once, in play order. Empty for a line the builder would not use.
pub fn opening_positions(line: &[u8], options: &BuildOptions, turns: u32) -> Vec<Position> {
    let Ok(record) = parse_record(line) else { return Vec::new() };
    let Ok(start) = start_position(&record, options.any_start) else { return Vec::new() };
    let mut out: Vec<Position> = Vec::new();
    let mut fens: Vec<String> = Vec::new();
    let replayed = replay(&record, start, |t| {
        if t.number > turns as usize {
            return;
        }
        let mut pos = *t.rolled;
        pos.set_dice(Dice::EMPTY);
        let fen = pos.normalized_fen();
        if !fens.contains(&fen) {
            fens.push(fen);
            out.push(pos);
        }
    });
    if replayed.is_err() {
        out.clear();
    }
    out
}

/// How many games reached each opening position, with the position of its first occurrence.
#[derive(Debug, Default)]
pub struct PositionCounts {
    index: HashMap<String, usize>,
    seen: Vec<(String, Position, u64)>,
}

impl PositionCounts {
    pub fn new() -> PositionCounts {
        PositionCounts::default()
    }

    /// Counts one game's [`opening_positions`]; games must come in game-index order.
    pub fn add_game(&mut self, positions: &[Position]) {
        for pos in positions {
            let fen = pos.normalized_fen();
            match self.index.get(&fen) {
                Some(&i) => self.seen[i].2 += 1,
                None => {
                    self.index.insert(fen.clone(), self.seen.len());
                    self.seen.push((fen, *pos, 1));
                }
            }
        }
    }

    /// The positions reached in at least `min_games` games, most reached first (ties:
    /// `normalizedFen` byte order), at most `limit` of them, each with its count.
    pub fn ranked(mut self, min_games: u32, limit: usize) -> Vec<(Position, u64)> {
        self.seen.retain(|(_, _, n)| *n >= u64::from(min_games));
        crate::sort::sort_by(&mut self.seen, |a, b| b.2.cmp(&a.2).then_with(|| a.0.as_bytes().cmp(b.0.as_bytes())));
        self.seen.into_iter().take(limit).map(|(_, pos, n)| (pos, n)).collect()
    }
}

/// `pos` with each of the 56 roll multisets (BOTS.md §2.5), cased for the side to move.
pub fn rolls_of(pos: &Position) -> impl Iterator<Item = Position> + '_ {
    rolls56().iter().map(move |roll| {
        let mut rolled = *pos;
        rolled.set_dice(roll.dice);
        rolled
    })
}

/// The book entry `bot` gives the roll `rolled`: the turn it chooses with its stream seeded
/// `derive(seed, FNV-1a-64(key))`, weight 1 and no games. `None` when the roll has no legal turn
/// or a legal king capture (the book never decides those), or the turn cannot be stored.
pub fn searched_entry(
    bot: &dyn Bot,
    rolled: &Position,
    seed: u64,
    deadline: Option<Deadline<'_>>,
) -> Option<BuiltEntry> {
    let key = rolled.book_key()?;
    // A finished game passes: no turn to store.
    let roll = Roll::new(rolled).ok()?;
    let turns = Turns::new(roll)?;
    if turns.has_king_capture() {
        return None;
    }
    let mut rng = Rng::from_seed(derive(seed, fnv1a64(key.as_bytes())));
    let choice = choose_turn(bot, roll, &mut rng, deadline);
    let signature = Signature::of_turn(&choice.moves)?;
    Some(BuiltEntry { key, signature, weight: 1, wins: 0, draws: 0, losses: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Registry;

    const GAME: &str = r#"{"id":1,"result":"1-0","turns":[{"dice":"PPN","moves":["e2e4","d2d4","g1f3"]},{"dice":"ppp","moves":["e7e5","d7d5","a7a6"]},{"dice":"PPP","moves":["a2a3","b2b3","c2c3"]}]}"#;

    #[test]
    fn opening_positions_follow_the_game() {
        let options = BuildOptions::default();
        let all = opening_positions(GAME.as_bytes(), &options, 5);
        assert_eq!(all.len(), 3);
        assert_eq!(all[0], Position::initial());
        assert_eq!(all[1].normalized_fen(), "rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq -");
        assert_eq!(all[2].normalized_fen(), "rnbqkbnr/1pp2ppp/p7/3pp3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq -");
        assert!(all.iter().all(|p| p.dice().is_empty()));
        assert_eq!(opening_positions(GAME.as_bytes(), &options, 1), &all[..1]);
        assert!(opening_positions(b"{not json", &options, 5).is_empty());
    }

    #[test]
    fn ranking_counts_games_and_breaks_ties_by_fen() {
        let a = Position::initial();
        let b = Position::from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let c = Position::from_dfen("4k3/8/8/8/8/8/8/3K4 w - - 0 1").unwrap();
        let mut counts = PositionCounts::new();
        counts.add_game(&[b, a]);
        counts.add_game(&[c, a]);
        counts.add_game(&[c]);
        counts.add_game(&[b]);
        let ranked = counts.ranked(1, 10);
        // a, b and c each twice: normalizedFen byte order ('4' < 'r').
        let fens: Vec<String> = ranked.iter().map(|(p, _)| p.normalized_fen()).collect();
        assert_eq!(fens, ["4k3/8/8/8/8/8/8/3K4 w - -", "4k3/8/8/8/8/8/8/4K3 w - -", &a.normalized_fen()]);
        assert!(ranked.iter().all(|(_, n)| *n == 2));
        let mut counts = PositionCounts::new();
        counts.add_game(&[a, b]);
        counts.add_game(&[a]);
        assert_eq!(counts.ranked(2, 10), vec![(a, 2)]);
    }

    #[test]
    fn searched_entries_are_seeded_by_key_and_skip_undecidable_rolls() {
        let registry = Registry::new();
        let bot = registry.get("greedy").unwrap().as_ref();
        let start = Position::initial();
        let rolled: Vec<Position> = rolls_of(&start).collect();
        assert_eq!(rolled.len(), 56);
        let entries: Vec<BuiltEntry> = rolled.iter().filter_map(|r| searched_entry(bot, r, 9, None)).collect();
        // From the start, only rolls made of B, R, Q and K alone have no legal turn: 4·5·6/6 = 20.
        assert_eq!(entries.len(), 56 - 20);
        assert!(entries.iter().all(|e| (e.weight, e.wins, e.draws, e.losses) == (1, 0, 0, 0)));
        // The stream is seeded by the key, so other clocks give the same entries.
        let later = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30").unwrap();
        let again: Vec<BuiltEntry> = rolls_of(&later).filter_map(|r| searched_entry(bot, &r, 9, None)).collect();
        assert_eq!(again, entries);
        let capture = Position::from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR").unwrap();
        assert_eq!(searched_entry(bot, &capture, 9, None), None);
    }
}

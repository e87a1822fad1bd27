//! The book builder (BOOK.md §9): the (key, turn) pairs of a game record (read and replayed by
//! the record module, `game/record/`) aggregated into a book.
//!
//! The functions here are pure: the CLI reads the input stream, runs [`process_line`] on batches
//! of lines in parallel and feeds the results to an [`Aggregator`] in input order, so every output
//! is byte-identical for any number of threads.

use std::collections::HashMap;

use super::convert::{write_tsv, EncodeError, TsvEntry, WeightColumn};
use super::dcb::{self, DcbRecord, FLAG_STATS};
use super::fnv::key_hash;
use super::signature::Signature;
use crate::game::record::{parse_record, replay, skip, start_position, Skip, SkipReason};
use crate::{Color, Outcome};

/// The builder's options (BOOK.md §11.2).
#[derive(Clone, Debug, PartialEq)]
pub struct BuildOptions {
    /// `--min-games`: a pair is kept iff it was seen in at least this many games.
    pub min_games: u32,
    /// `--min-rating`: both players must have a rating of at least this.
    pub min_rating: Option<f64>,
    /// `--max-ply`: turns 1 … max_ply of each game are aggregated.
    pub max_ply: u32,
    /// `--any-start`: games from custom starts are used too.
    pub any_start: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { min_games: 10, min_rating: None, max_ply: 20, any_start: false }
    }
}

/// One (key, turn) pair of a used game with the game's outcome for the mover (0 win, 1 draw,
/// 2 loss).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub key: String,
    pub moves: u64,
    pub outcome: u8,
}

/// A used game: the turns replayed and its observations (each pair at most once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsedGame {
    pub turns: u64,
    pub observations: Vec<Observation>,
}

/// `true` for a line that holds only whitespace (skipped, not a game).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Reads, filters and replays one non-blank line (BOOK.md §9.1–9.2).
pub fn process_line(line: &[u8], options: &BuildOptions) -> Result<UsedGame, Skip> {
    let record = parse_record(line)?;
    let id = record.id.as_ref();
    let Some(result) = record.result else { return Err(skip(SkipReason::NoResult, "result is '*'", id)) };
    if let Some(min) = options.min_rating {
        let ok = |r: Option<f64>| r.is_some_and(|r| r >= min);
        if !(ok(record.white_rating) && ok(record.black_rating)) {
            return Err(skip(SkipReason::Rating, format!("a rating is missing or below {min}"), id));
        }
    }
    let start = start_position(&record, options.any_start)?;
    let mut observations: Vec<Observation> = Vec::new();
    let mut turns = 0u64;
    let end = replay(&record, start, |t| {
        turns += 1;
        if t.number > options.max_ply as usize || t.moves.is_empty() {
            return;
        }
        if t.passes || t.has_king_capture() {
            return;
        }
        let (Some(key), Some(sig)) = (t.rolled.book_key(), Signature::new(t.moves)) else { return };
        let moves = sig.pack();
        if !observations.iter().any(|o| o.moves == moves && o.key == key) {
            observations.push(Observation { key, moves, outcome: outcome_for(result, t.rolled.turn()) });
        }
    })?;
    if let Some(capturer) = end.king_captured_by {
        if result != (Outcome::Decisive { winner: capturer }) {
            return Err(skip(
                SkipReason::ResultMismatch,
                format!("the game ended by king capture, but the result is {}", result.as_str()),
                id,
            ));
        }
    }
    Ok(UsedGame { turns, observations })
}

/// The outcome for `mover` as an observation counts it: 0 win, 1 draw, 2 loss.
fn outcome_for(outcome: Outcome, mover: Color) -> u8 {
    match outcome.winner() {
        None => 1,
        Some(w) if w == mover => 0,
        Some(_) => 2,
    }
}

/// The counters of BOOK.md §9.5 that depend neither on the format nor on the clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games_read: u64,
    pub games_used: u64,
    /// Reason → count, in order of first occurrence.
    pub games_skipped: Vec<(SkipReason, u64)>,
    pub turns_replayed: u64,
    pub observations: u64,
    pub distinct_pairs: u64,
    pub pairs_kept: u64,
    pub keys_kept: u64,
}

impl Summary {
    /// Counts `n` games skipped for `reason` (reasons in order of first occurrence).
    pub(super) fn skipped(&mut self, reason: SkipReason, n: u64) {
        match self.games_skipped.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, total)) => *total += n,
            None => self.games_skipped.push((reason, n)),
        }
    }
}

/// Aggregates used games: keys interned once, 8 bytes of packed moves and three counters per pair.
#[derive(Debug, Default)]
pub struct Aggregator {
    key_ids: HashMap<Box<str>, u32>,
    pub(super) keys: Vec<Box<str>>,
    pub(super) pairs: HashMap<(u32, u64), [u32; 3]>,
    pub(super) summary: Summary,
}

impl Aggregator {
    pub fn new() -> Aggregator {
        Aggregator::default()
    }

    /// The counters so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Adds the outcome of one non-blank line, in input order.
    pub fn add(&mut self, outcome: &Result<UsedGame, Skip>) {
        self.summary.games_read += 1;
        match outcome {
            Err(s) => self.summary.skipped(s.reason, 1),
            Ok(game) => {
                self.summary.games_used += 1;
                self.summary.turns_replayed += game.turns;
                for o in &game.observations {
                    self.summary.observations += 1;
                    let c = self.pair(&o.key, o.moves);
                    c[usize::from(o.outcome)] = c[usize::from(o.outcome)].saturating_add(1);
                }
            }
        }
    }

    /// The W/D/L counters of the pair (`key`, `moves`), the key interned on first sight.
    pub(super) fn pair(&mut self, key: &str, moves: u64) -> &mut [u32; 3] {
        let id = match self.key_ids.get(key) {
            Some(&id) => id,
            None => {
                let id = self.keys.len() as u32;
                self.keys.push(key.into());
                self.key_ids.insert(key.into(), id);
                id
            }
        };
        self.pairs.entry((id, moves)).or_default()
    }

    /// The kept pairs (BOOK.md §9.2) and the summary.
    pub fn finish(self, options: &BuildOptions) -> BuiltBook {
        let mut summary = self.summary;
        summary.distinct_pairs = self.pairs.len() as u64;
        let entries: Vec<BuiltEntry> = self
            .pairs
            .into_iter()
            .filter_map(|((k, moves), [w, d, l])| {
                let entry = BuiltEntry {
                    key: self.keys[k as usize].to_string(),
                    signature: Signature::unpack(moves).ok()?,
                    weight: stat_weight(w, d),
                    wins: w,
                    draws: d,
                    losses: l,
                };
                (entry.games() >= u64::from(options.min_games) && entry.weight > 0).then_some(entry)
            })
            .collect();
        let mut book = BuiltBook { entries: Vec::new(), summary };
        book.replace_keys(&[], entries);
        book
    }
}

/// `2W + D`, saturated at 4294967295: the weight of a pair built from statistics.
pub(crate) fn stat_weight(wins: u32, draws: u32) -> u32 {
    (2 * u64::from(wins) + u64::from(draws)).min(u64::from(u32::MAX)) as u32
}

/// A kept pair: a (key, turn) pair with its statistics, or a searched turn (weight 1, no games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltEntry {
    pub key: String,
    pub signature: Signature,
    pub weight: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl BuiltEntry {
    /// `n = W + D + L`.
    pub fn games(&self) -> u64 {
        u64::from(self.wins) + u64::from(self.draws) + u64::from(self.losses)
    }
}

/// The result of a build: the kept pairs (sorted by key, then packed moves) and the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltBook {
    pub entries: Vec<BuiltEntry>,
    pub summary: Summary,
}

impl BuiltBook {
    /// `--format tsv`: per key the best pair (weight, then games, then smallest signature), no
    /// weight column.
    pub fn best_line_tsv(&self) -> String {
        let mut best: Vec<TsvEntry> = Vec::new();
        let mut i = 0;
        while i < self.entries.len() {
            let key = &self.entries[i].key;
            let group = self.entries[i..].iter().take_while(|e| e.key == *key);
            let top = group
                .min_by(|a, b| {
                    b.weight
                        .cmp(&a.weight)
                        .then(b.games().cmp(&a.games()))
                        .then(a.signature.to_string().cmp(&b.signature.to_string()))
                })
                .map(|e| TsvEntry { key: e.key.clone(), signature: e.signature, weight: 1 });
            let n = self.entries[i..].iter().take_while(|e| e.key == *key).count();
            best.extend(top);
            i += n;
        }
        write_tsv(&mut best, WeightColumn::Never)
    }

    /// Makes `searched` the only entries of their keys and of the `decided` keys, which may have
    /// none (distillation's search modes, BOOK.md §10.2, docs/BOOKS.md): the statistical entries
    /// of those keys go, the order and the counts of kept pairs and keys follow.
    pub fn replace_keys(&mut self, decided: &[String], searched: Vec<BuiltEntry>) {
        let replaced: std::collections::HashSet<&str> =
            decided.iter().map(String::as_str).chain(searched.iter().map(|e| e.key.as_str())).collect();
        self.entries.retain(|e| !replaced.contains(e.key.as_str()));
        self.entries.extend(searched);
        crate::sort::sort_by(&mut self.entries, |a, b| {
            a.key.cmp(&b.key).then(a.signature.pack().cmp(&b.signature.pack()))
        });
        self.summary.pairs_kept = self.entries.len() as u64;
        self.summary.keys_kept = self.entries.windows(2).filter(|w| w[0].key != w[1].key).count() as u64
            + u64::from(!self.entries.is_empty());
    }

    /// `--format weighted`: every kept pair with its weight.
    pub fn weighted_tsv(&self) -> String {
        let mut all: Vec<TsvEntry> = self
            .entries
            .iter()
            .map(|e| TsvEntry { key: e.key.clone(), signature: e.signature, weight: e.weight })
            .collect();
        write_tsv(&mut all, WeightColumn::Always)
    }

    /// The records of `--format dcb` (flag `STATS`), sorted.
    pub fn records(&self) -> Result<Vec<DcbRecord>, EncodeError> {
        let mut hashes: HashMap<u64, &str> = HashMap::new();
        let mut records = Vec::with_capacity(self.entries.len());
        for e in &self.entries {
            let h = key_hash(&e.key);
            if let Some(&other) = hashes.get(&h) {
                if other != e.key {
                    return Err(EncodeError::HashCollision { first: other.to_owned(), second: e.key.clone() });
                }
            }
            hashes.insert(h, &e.key);
            records.push(DcbRecord {
                key_hash: h,
                moves: e.signature.pack(),
                weight: e.weight,
                wins: e.wins,
                draws: e.draws,
                losses: e.losses,
            });
        }
        crate::sort::sort_by(&mut records, |a, b| a.sort_key().cmp(&b.sort_key()));
        Ok(records)
    }

    /// `--format dcb`: the binary book.
    pub fn dcb(&self) -> Result<Vec<u8>, EncodeError> {
        let mut records = self.records()?;
        Ok(dcb::write(FLAG_STATS, &mut records))
    }
}

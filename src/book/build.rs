//! Game records (BOOK.md §8) and the book builder (§9): reading and checking one game record,
//! replaying it, and aggregating (key, turn) pairs into a book.
//!
//! The functions here are pure: the CLI reads the input stream, runs [`process_line`] on batches
//! of lines in parallel and feeds the results to an [`Aggregator`] in input order, so every output
//! is byte-identical for any number of threads.

use std::collections::HashMap;
use std::fmt;

use serde_json::{Map, Value};

use super::convert::{write_tsv, EncodeError, TsvEntry, WeightColumn};
use super::dcb::{self, Record, FLAG_STATS};
use super::fnv::key_hash;
use super::signature::Signature;
use super::validate::follow;
use crate::{Color, Dice, Position, Role, Turns, Uci};

/// Lines longer than this are skipped as `json` (BOOK.md §8).
pub const MAX_LINE_LEN: usize = 4 * 1024 * 1024;

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

/// Why a game is skipped (BOOK.md §9.1), in the order the reasons apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SkipReason {
    Json,
    Schema,
    NoResult,
    Rating,
    BadStart,
    CustomStart,
    IllegalTurn,
    AfterEnd,
    ResultMismatch,
}

impl SkipReason {
    /// The reason's name in reports.
    pub fn code(self) -> &'static str {
        match self {
            SkipReason::Json => "json",
            SkipReason::Schema => "schema",
            SkipReason::NoResult => "no-result",
            SkipReason::Rating => "rating",
            SkipReason::BadStart => "bad-start",
            SkipReason::CustomStart => "custom-start",
            SkipReason::IllegalTurn => "illegal-turn",
            SkipReason::AfterEnd => "after-end",
            SkipReason::ResultMismatch => "result-mismatch",
        }
    }
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A skipped game: the reason, a detail naming the field or turn, and the record's `id` if it has
/// a valid one.
#[derive(Clone, Debug, PartialEq)]
pub struct Skip {
    pub reason: SkipReason,
    pub detail: String,
    pub id: Option<GameId>,
}

/// A game record's `id` (BOOK.md §8): a string or an integer, serialized as given.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(untagged)]
pub enum GameId {
    Text(String),
    /// A JSON integer, −2⁶³ to 2⁶⁴ − 1.
    Integer(i128),
}

impl GameId {
    /// The id a JSON value is, if it is a string or an integer.
    fn of(value: &Value) -> Option<GameId> {
        match value {
            Value::String(s) => Some(GameId::Text(s.clone())),
            Value::Number(n) => n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from)).map(GameId::Integer),
            _ => None,
        }
    }
}

/// A definite result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// The record's `result` text.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The win of `color`.
    pub fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The outcome for `mover`: 0 win, 1 draw, 2 loss.
    fn outcome_for(self, mover: Color) -> usize {
        match (self, mover) {
            (GameResult::Draw, _) => 1,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 0,
            _ => 2,
        }
    }
}

/// One turn of a record: the roll and the moves in play order (syntax checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordTurn {
    pub dice: Dice,
    pub moves: Vec<Uci>,
}

/// A game record whose fields have the types and syntax of BOOK.md §8.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub id: Option<GameId>,
    /// `None` for `"*"`.
    pub result: Option<GameResult>,
    pub white_rating: Option<f64>,
    pub black_rating: Option<f64>,
    /// The `start` text, if given.
    pub start: Option<String>,
    pub turns: Vec<RecordTurn>,
}

fn skip(reason: SkipReason, detail: impl Into<String>, id: Option<&GameId>) -> Skip {
    Skip { reason, detail: detail.into(), id: id.cloned() }
}

/// The roll of a `dice` field: 1–3 letters of `pnbrqk`, any case and order.
fn parse_dice(text: &str) -> Option<Dice> {
    if !(1..=3).contains(&text.chars().count()) {
        return None;
    }
    text.chars().try_fold(Dice::EMPTY, |d, c| d.with(Role::from_char(c)?))
}

/// Reads one line as a game record: `json` and `schema` skips (BOOK.md §8, §9.1).
pub fn parse_record(line: &[u8]) -> Result<GameRecord, Skip> {
    if line.len() > MAX_LINE_LEN {
        return Err(skip(SkipReason::Json, "line longer than 4 MiB", None));
    }
    let text = std::str::from_utf8(line).map_err(|e| skip(SkipReason::Json, format!("invalid UTF-8: {e}"), None))?;
    let value: Value = serde_json::from_str(text).map_err(|e| skip(SkipReason::Json, e.to_string(), None))?;
    let Value::Object(obj) = value else {
        return Err(skip(SkipReason::Json, "not a JSON object", None));
    };
    let id = obj.get("id");
    let valid_id = id.and_then(GameId::of);
    let schema = |detail: String| skip(SkipReason::Schema, detail, valid_id.as_ref());
    if id.is_some() && valid_id.is_none() {
        return Err(schema("'id' must be a string or an integer".into()));
    }
    for field in ["white", "black", "start", "termination"] {
        if obj.get(field).is_some_and(|v| !v.is_string()) {
            return Err(schema(format!("'{field}' must be a string")));
        }
    }
    let rating = |field: &str| -> Result<Option<f64>, Skip> {
        match obj.get(field) {
            None => Ok(None),
            Some(v) => v.as_f64().map(Some).ok_or_else(|| schema(format!("'{field}' must be a number"))),
        }
    };
    let (white_rating, black_rating) = (rating("whiteRating")?, rating("blackRating")?);
    let result = match obj.get("result") {
        None => return Err(schema("'result' is missing".into())),
        Some(Value::String(s)) => match s.as_str() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => None,
            _ => return Err(schema(format!("'result' {s:?} is not \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\""))),
        },
        Some(_) => return Err(schema("'result' must be a string".into())),
    };
    let turns = match obj.get("turns") {
        None => return Err(schema("'turns' is missing".into())),
        Some(Value::Array(turns)) => turns,
        Some(_) => return Err(schema("'turns' must be an array".into())),
    };
    let turns =
        turns.iter().enumerate().map(|(i, t)| parse_turn(i + 1, t).map_err(&schema)).collect::<Result<Vec<_>, _>>()?;
    let start = obj.get("start").and_then(Value::as_str).map(str::to_owned);
    Ok(GameRecord { id: valid_id, result, white_rating, black_rating, start, turns })
}

fn parse_turn(n: usize, turn: &Value) -> Result<RecordTurn, String> {
    let obj: &Map<String, Value> = turn.as_object().ok_or_else(|| format!("turn {n} is not an object"))?;
    let dice = match obj.get("dice") {
        Some(Value::String(s)) => {
            parse_dice(s).ok_or_else(|| format!("turn {n}: dice {s:?} are not 1-3 of 'pnbrqk'"))?
        }
        Some(_) => return Err(format!("turn {n}: 'dice' must be a string")),
        None => return Err(format!("turn {n}: 'dice' is missing")),
    };
    let moves = match obj.get("moves") {
        Some(Value::Array(moves)) => moves
            .iter()
            .map(|m| {
                let s = m.as_str().ok_or_else(|| format!("turn {n}: a move is not a string"))?;
                Uci::parse(s).map_err(|_| format!("turn {n}: {s:?} is not a UCI move"))
            })
            .collect::<Result<Vec<_>, _>>()?,
        Some(_) => return Err(format!("turn {n}: 'moves' must be an array")),
        None => return Err(format!("turn {n}: 'moves' is missing")),
    };
    Ok(RecordTurn { dice, moves })
}

/// One turn as replayed: its 1-based number, the rolled position, the legal turns (`None` for a
/// pass) and the moves played.
pub struct ReplayedTurn<'a> {
    pub number: usize,
    pub rolled: &'a Position,
    pub turns: Option<&'a Turns>,
    pub moves: &'a [Uci],
}

/// How a replay ended: the capturer if a king was captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayEnd {
    pub king_captured_by: Option<Color>,
}

/// The start position of a record (`bad-start`; `custom-start` unless `any_start`).
pub fn start_position(record: &GameRecord, any_start: bool) -> Result<Position, Skip> {
    let Some(text) = &record.start else { return Ok(Position::initial()) };
    let id = record.id.as_ref();
    let pos = Position::from_dfen(text).map_err(|e| skip(SkipReason::BadStart, format!("start: {e}"), id))?;
    if !pos.dice().is_empty() {
        return Err(skip(SkipReason::BadStart, "start has dice", id));
    }
    if !any_start && pos.normalized_fen() != Position::initial().normalized_fen() {
        return Err(skip(SkipReason::CustomStart, "start is not the standard start", id));
    }
    Ok(pos)
}

/// Replays every turn of `record` from `start`, calling `visit` for each legal one in order
/// (`illegal-turn`, `after-end`; BOOK.md §9.1).
pub fn replay(
    record: &GameRecord,
    start: Position,
    mut visit: impl FnMut(&ReplayedTurn<'_>),
) -> Result<ReplayEnd, Skip> {
    let mut pos = start;
    let id = record.id.as_ref();
    for (i, turn) in record.turns.iter().enumerate() {
        let number = i + 1;
        let mover = pos.turn();
        let describe = |what: String| {
            let side = if mover == Color::White { "white" } else { "black" };
            format!("turn {number} ({side}, dice {}): {what}", turn.dice.to_field(mover))
        };
        let mut rolled = pos;
        rolled.set_dice(turn.dice);
        let turns = Turns::new(&rolled);
        let step = match (&turns, turn.moves.len()) {
            (None, 0) => None,
            (Some(_), 0) => {
                return Err(skip(SkipReason::IllegalTurn, describe("a pass, but a turn is legal".into()), id))
            }
            (None, _) => {
                return Err(skip(SkipReason::IllegalTurn, describe("moves for a roll with no legal turn".into()), id))
            }
            (Some(_), n) if n > 3 => {
                return Err(skip(SkipReason::IllegalTurn, describe(format!("{n} moves; a turn has 1 to 3")), id))
            }
            (Some(t), _) => {
                Some(follow(t, &turn.moves).map_err(|f| skip(SkipReason::IllegalTurn, describe(f.to_string()), id))?)
            }
        };
        visit(&ReplayedTurn { number, rolled: &rolled, turns: turns.as_ref(), moves: &turn.moves });
        match step {
            Some(s) if s.captures_king => {
                if number < record.turns.len() {
                    return Err(skip(
                        SkipReason::AfterEnd,
                        format!("turn {} follows the king capture of turn {number}", number + 1),
                        id,
                    ));
                }
                return Ok(ReplayEnd { king_captured_by: Some(mover) });
            }
            Some(s) => {
                pos = s.position;
                pos.end_turn();
            }
            None => pos.end_turn(),
        }
    }
    Ok(ReplayEnd { king_captured_by: None })
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
        let Some(legal) = t.turns else { return };
        if legal.has_king_capture() {
            return;
        }
        let (Some(key), Some(sig)) = (t.rolled.book_key(), Signature::new(t.moves)) else { return };
        let moves = sig.pack();
        if !observations.iter().any(|o| o.moves == moves && o.key == key) {
            observations.push(Observation { key, moves, outcome: result.outcome_for(t.rolled.turn()) as u8 });
        }
    })?;
    if let Some(capturer) = end.king_captured_by {
        if result != GameResult::win(capturer) {
            return Err(skip(
                SkipReason::ResultMismatch,
                format!("the game ended by king capture, but the result is {}", result.as_str()),
                id,
            ));
        }
    }
    Ok(UsedGame { turns, observations })
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

/// Aggregates used games: keys interned once, 8 bytes of packed moves and three counters per pair.
#[derive(Debug, Default)]
pub struct Aggregator {
    key_ids: HashMap<Box<str>, u32>,
    keys: Vec<Box<str>>,
    pairs: HashMap<(u32, u64), [u32; 3]>,
    summary: Summary,
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
            Err(s) => match self.summary.games_skipped.iter_mut().find(|(r, _)| *r == s.reason) {
                Some((_, n)) => *n += 1,
                None => self.summary.games_skipped.push((s.reason, 1)),
            },
            Ok(game) => {
                self.summary.games_used += 1;
                self.summary.turns_replayed += game.turns;
                for o in &game.observations {
                    self.summary.observations += 1;
                    let id = match self.key_ids.get(o.key.as_str()) {
                        Some(&id) => id,
                        None => {
                            let id = self.keys.len() as u32;
                            self.keys.push(o.key.as_str().into());
                            self.key_ids.insert(o.key.as_str().into(), id);
                            id
                        }
                    };
                    let c = self.pairs.entry((id, o.moves)).or_default();
                    c[usize::from(o.outcome)] = c[usize::from(o.outcome)].saturating_add(1);
                }
            }
        }
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
pub fn stat_weight(wins: u32, draws: u32) -> u32 {
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
        self.entries.sort_by(|a, b| a.key.cmp(&b.key).then(a.signature.pack().cmp(&b.signature.pack())));
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
    pub fn records(&self) -> Result<Vec<Record>, EncodeError> {
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
            records.push(Record {
                key_hash: h,
                moves: e.signature.pack(),
                weight: e.weight,
                wins: e.wins,
                draws: e.draws,
                losses: e.losses,
            });
        }
        records.sort_unstable_by_key(Record::sort_key);
        Ok(records)
    }

    /// `--format dcb`: the binary book.
    pub fn dcb(&self) -> Result<Vec<u8>, EncodeError> {
        let mut records = self.records()?;
        Ok(dcb::write(FLAG_STATS, &mut records))
    }
}

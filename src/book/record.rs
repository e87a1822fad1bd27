//! Game records (BOOK.md §8): reading and checking one line as a record (the `json` and
//! `schema` skips of §9.1), its start position and its replay.

use std::fmt;

use serde_json::{Map, Value};

use super::validate::follow;
use crate::{Color, Dice, Position, Role, Turns, Uci};

/// Lines longer than this are skipped as `json` (BOOK.md §8).
pub(crate) const MAX_LINE_LEN: usize = 4 * 1024 * 1024;

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
    /// Every reason.
    pub const ALL: [SkipReason; 9] = [
        SkipReason::Json,
        SkipReason::Schema,
        SkipReason::NoResult,
        SkipReason::Rating,
        SkipReason::BadStart,
        SkipReason::CustomStart,
        SkipReason::IllegalTurn,
        SkipReason::AfterEnd,
        SkipReason::ResultMismatch,
    ];

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
pub(crate) enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// The record's `result` text.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The score of `side` (1 a win, ½ a draw, 0 a loss).
    pub(crate) fn score_for(self, side: Color) -> f64 {
        [1.0, 0.5, 0.0][self.outcome_for(side)]
    }

    /// The win of `color`.
    pub(crate) fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The outcome for `mover`: 0 win, 1 draw, 2 loss.
    pub(super) fn outcome_for(self, mover: Color) -> usize {
        match (self, mover) {
            (GameResult::Draw, _) => 1,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 0,
            _ => 2,
        }
    }
}

/// One turn of a record: the roll and the moves in play order (syntax checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RecordTurn {
    pub dice: Dice,
    pub moves: Vec<Uci>,
}

/// A game record whose fields have the types and syntax of BOOK.md §8.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GameRecord {
    pub id: Option<GameId>,
    /// `None` for `"*"`.
    pub result: Option<GameResult>,
    pub white_rating: Option<f64>,
    pub black_rating: Option<f64>,
    /// The `start` text, if given.
    pub start: Option<String>,
    pub turns: Vec<RecordTurn>,
}

pub(super) fn skip(reason: SkipReason, detail: impl Into<String>, id: Option<&GameId>) -> Skip {
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
pub(crate) fn parse_record(line: &[u8]) -> Result<GameRecord, Skip> {
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
pub(crate) struct ReplayedTurn<'a> {
    pub number: usize,
    pub rolled: &'a Position,
    pub turns: Option<&'a Turns>,
    pub moves: &'a [Uci],
}

/// How a replay ended: the capturer if a king was captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ReplayEnd {
    pub king_captured_by: Option<Color>,
}

/// The start position of a record (`bad-start`; `custom-start` unless `any_start`).
pub(crate) fn start_position(record: &GameRecord, any_start: bool) -> Result<Position, Skip> {
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
pub(crate) fn replay(
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
        let turns = Turns::of_position(&rolled);
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

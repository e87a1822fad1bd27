//! Reading game records (BOOK.md §8): one line checked as a record (the `json` and `schema` skips
//! of §9.1) and its start position; [`Game::from_record`] reads one as a game.

use std::fmt;

use serde_json::{Map, Value};

use super::fields::{parse_dice_field, parse_result};
use crate::game::{Ending, Game, GameOptions};
use crate::notation::{tag_text, MAX_TAG_VALUE, MAX_TURNS};
use crate::{Dice, Outcome, Position, Uci};

/// Lines longer than this are skipped as `json` (BOOK.md §8).
pub const MAX_LINE_LEN: usize = 4 * 1024 * 1024;

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
    pub result: Option<Outcome>,
    pub white_rating: Option<f64>,
    pub black_rating: Option<f64>,
    /// The `start` text, if given.
    pub start: Option<String>,
    pub turns: Vec<RecordTurn>,
}

pub fn skip(reason: SkipReason, detail: impl Into<String>, id: Option<&GameId>) -> Skip {
    Skip { reason, detail: detail.into(), id: id.cloned() }
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
        Some(Value::String(s)) => parse_result(s).map_err(schema)?,
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
            parse_dice_field(s).ok_or_else(|| format!("turn {n}: dice {s:?} are not 1-3 of 'pnbrqk'"))?
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

/// What a record says beyond its turns, kept so that a game read from a record writes it back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordHeader {
    pub id: Option<GameId>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub white_rating: Option<f64>,
    pub black_rating: Option<f64>,
    /// The `start` text as written (absent for the standard start).
    pub start: Option<String>,
    /// The `termination` text, and the ending it was read as.
    pub termination: Option<(String, Option<Ending>)>,
}

/// Why a record cannot be a game: the first failing field or turn, named.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not a record of BOOK.md §8 (JSON, a field's type or syntax).
    #[error("not a game record: {0}")]
    Invalid(String),
    /// The `start` field is not a DFEN without dice.
    #[error("start: {0}")]
    BadStart(String),
    /// A turn is not a legal turn of its roll, or follows the end of the game.
    #[error("{0}")]
    IllegalTurn(String),
    /// The result disagrees with how the turns end the game.
    #[error("result {result}: {why}")]
    ResultMismatch { result: String, why: String },
}

impl Game {
    /// Replays the game record `line` (one JSON object, BOOK.md §8) with dice from the record and
    /// the host rules `options`. Every turn is checked: the error names the first that fails and
    /// why. A definite result without a king capture ends the game as the record's
    /// `termination` says (`resignation`, `agreement`; any other reason is an adjudication).
    pub fn from_record(line: &str, options: GameOptions) -> Result<Game, RecordError> {
        let record = parse_record(line.as_bytes()).map_err(|s| RecordError::Invalid(s.detail))?;
        if record.turns.len() > MAX_TURNS {
            return Err(RecordError::Invalid(format!("more than {MAX_TURNS} turns")));
        }
        // The informational texts, read here rather than by the book's record reader, which has no
        // use for them.
        let fields: serde_json::Value = serde_json::from_str(line).unwrap_or(serde_json::Value::Null);
        let text = |field: &str| fields.get(field).and_then(serde_json::Value::as_str).map(str::to_owned);
        let termination_text = text("termination");
        // What a tag cannot hold unchanged is refused; a name is cut to what it holds.
        let exact = |field: &str, text: Option<&str>| match text {
            Some(t) if tag_text(t) != t => Err(RecordError::Invalid(format!(
                "'{field}' must be text of at most {MAX_TAG_VALUE} bytes without control characters"
            ))),
            _ => Ok(()),
        };
        if let Some(GameId::Text(id)) = &record.id {
            exact("id", Some(id))?;
        }
        exact("termination", termination_text.as_deref())?;
        let start = start_position(&record, true).map_err(|s| RecordError::BadStart(s.detail))?;
        let mut game = Game::new(start, options);
        for turn in &record.turns {
            game.play_recorded(turn.dice, &turn.moves).map_err(RecordError::IllegalTurn)?;
        }
        game.end_as_recorded(record.result, termination_text.as_deref())
            .map_err(|why| RecordError::ResultMismatch { result: Outcome::text_of(record.result).to_owned(), why })?;
        game.info = Some(Box::new(RecordHeader {
            id: record.id,
            white: text("white").as_deref().map(tag_text),
            black: text("black").as_deref().map(tag_text),
            white_rating: record.white_rating,
            black_rating: record.black_rating,
            start: record.start,
            termination: termination_text.map(|t| (t, game.ending())),
        }));
        Ok(game)
    }
}

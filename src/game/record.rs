//! Games as game records (BOOK.md §8): [`Game::from_record`] replays one, checking every turn,
//! and [`Game::to_record`] writes one back, byte for byte as `dicechess selfplay` writes it.

use serde::Serialize;

use super::{Game, GameOptions, Outcome};
use crate::book::build::{parse_record, start_position, GameId, GameResult};
use crate::{Color, Position};

/// What a record says beyond its turns, kept so that a game read from a record writes it back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordInfo {
    pub id: Option<GameId>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub white_rating: Option<f64>,
    pub black_rating: Option<f64>,
    /// The `start` text as written (absent for the standard start).
    pub start: Option<String>,
    /// The `termination` text, and the outcome it was read as.
    pub termination: Option<(String, Option<Outcome>)>,
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

/// A game record (BOOK.md §8) as written: the one writer of records, for [`Game::to_record`] and
/// the CLI's `selfplay` and `arena`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RecordJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<&'a GameId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_rating: Option<f64>,
    pub result: &'static str,
    /// A DFEN without dice; absent for the standard start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub termination: Option<&'a str>,
    pub turns: Vec<TurnJson>,
}

/// One turn of a record: the roll as its mover's dice field, the moves as UCI, and, if measured,
/// the thinking time.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TurnJson {
    pub dice: String,
    pub moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
}

impl TurnJson {
    /// The turn `moves` of `mover` with `dice`.
    pub(crate) fn of(mover: Color, dice: crate::Dice, moves: &[crate::Move], time_ms: Option<u64>) -> TurnJson {
        TurnJson { dice: dice.to_field(mover), moves: moves.iter().map(ToString::to_string).collect(), time_ms }
    }
}

/// The record's `result` text of an outcome.
fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome { winner: Some(Color::White), .. }) => "1-0",
        Some(Outcome { winner: Some(Color::Black), .. }) => "0-1",
        Some(Outcome { winner: None, .. }) => "1/2-1/2",
    }
}

impl Game {
    /// Replays the game record `line` (one JSON object, BOOK.md §8) with dice from the record and
    /// the host rules `options`. Every turn is checked: the error names the first that fails and
    /// why. A definite result without a king capture ends the game as the record's
    /// `termination` says (`resignation`, `agreement`; any other reason is an adjudication).
    pub fn from_record(line: &str, options: GameOptions) -> Result<Game, RecordError> {
        let record = parse_record(line.as_bytes()).map_err(|s| RecordError::Invalid(s.detail))?;
        let start = start_position(&record, true).map_err(|s| RecordError::BadStart(s.detail))?;
        let mut game = Game::new(start, options);
        for turn in &record.turns {
            game.play_recorded(turn.dice, &turn.moves).map_err(RecordError::IllegalTurn)?;
        }
        // The informational texts, read here rather than by the book's record reader, which has no
        // use for them.
        let fields: serde_json::Value = serde_json::from_str(line).unwrap_or(serde_json::Value::Null);
        let text = |field: &str| fields.get(field).and_then(serde_json::Value::as_str).map(str::to_owned);
        let termination_text = text("termination");
        let stated = record.result.map(|r| match r {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        });
        game.end_as_recorded(stated, termination_text.as_deref()).map_err(|why| {
            let result = record.result.map_or("*", |r| r.as_str()).to_owned();
            RecordError::ResultMismatch { result, why }
        })?;
        game.info = Some(Box::new(RecordInfo {
            id: record.id,
            white: text("white"),
            black: text("black"),
            white_rating: record.white_rating,
            black_rating: record.black_rating,
            start: record.start,
            termination: termination_text.map(|t| (t, game.outcome())),
        }));
        Ok(game)
    }

    /// The game record (one line of JSON, BOOK.md §8) of the completed turns: the fields read by
    /// [`Game::from_record`] kept, the result and termination from how the game ended (`*` while
    /// it goes on). A turn in progress is not written.
    pub fn to_record(&self) -> String {
        let info = self.info.as_deref();
        let termination = match (info.and_then(|i| i.termination.as_ref()), self.outcome) {
            (Some((text, read)), now) if *read == now => Some(text.as_str()),
            (_, Some(o)) => Some(o.termination.as_str()),
            (_, None) => None,
        };
        let start = info.and_then(|i| i.start.as_deref());
        let own_start = (self.start != Position::initial()).then(|| self.start.to_dfen());
        let record = RecordJson {
            id: info.and_then(|i| i.id.as_ref()),
            white: info.and_then(|i| i.white.as_deref()),
            black: info.and_then(|i| i.black.as_deref()),
            white_rating: info.and_then(|i| i.white_rating),
            black_rating: info.and_then(|i| i.black_rating),
            result: result_text(self.outcome),
            start: start.or(own_start.as_deref()),
            termination,
            turns: self.history.iter().map(|t| TurnJson::of(t.mover, t.dice, &t.moves, None)).collect(),
        };
        serde_json::to_string(&record).unwrap_or_default()
    }

    /// Names the players (kept in the record).
    pub fn set_players(&mut self, white: Option<String>, black: Option<String>) {
        let info = self.info.get_or_insert_with(Default::default);
        info.white = white;
        info.black = black;
    }
}

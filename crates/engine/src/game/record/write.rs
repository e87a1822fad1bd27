//! Writing game records (BOOK.md §8): [`RecordJson`], the one writer, for [`Game::to_record`]
//! (byte for byte as `dicechess selfplay` writes a record) and the CLI's `selfplay` and `arena`.

use serde::{Serialize, Serializer};

use super::GameId;
use crate::game::Game;
use crate::notation::tag_text;
use crate::{Color, Dice, Move, Outcome, Position};

/// A game record (BOOK.md §8) as written.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordJson<'a> {
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
    /// `None` for an unfinished game (`*`).
    #[serde(serialize_with = "result_text")]
    pub result: Option<Outcome>,
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
pub struct TurnJson {
    pub dice: String,
    pub moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
}

impl TurnJson {
    /// The turn `moves` of `mover` with `dice`.
    pub fn of(mover: Color, dice: Dice, moves: &[Move], time_ms: Option<u64>) -> TurnJson {
        TurnJson { dice: dice.to_field(mover), moves: moves.iter().map(ToString::to_string).collect(), time_ms }
    }
}

/// The record's `result` text of an outcome.
fn result_text<S: Serializer>(outcome: &Option<Outcome>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(Outcome::text_of(*outcome))
}

impl Game {
    /// The game record (one line of JSON, BOOK.md §8) of the completed turns: the fields read by
    /// [`Game::from_record`] kept, the result and termination from how the game ended (`*` while
    /// it goes on). A turn in progress is not written.
    pub fn to_record(&self) -> String {
        let info = self.info.as_deref();
        let termination = match (info.and_then(|i| i.termination.as_ref()), self.ending) {
            (Some((text, read)), now) if *read == now => Some(text.as_str()),
            (_, Some(e)) => Some(e.termination.as_str()),
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
            result: self.outcome(),
            start: start.or(own_start.as_deref()),
            termination,
            turns: self.history.iter().map(|t| TurnJson::of(t.mover, t.dice, &t.moves, None)).collect(),
        };
        serde_json::to_string(&record).unwrap_or_default()
    }

    /// Names the players (kept in the record, as [`tag_text`] cuts a name).
    pub fn set_players(&mut self, white: Option<&str>, black: Option<&str>) {
        let info = self.info.get_or_insert_with(Default::default);
        info.white = white.map(tag_text);
        info.black = black.map(tag_text);
    }
}

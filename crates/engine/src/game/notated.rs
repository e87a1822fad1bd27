//! Games and the readable notation (docs/NOTATION.md): a game as a [`NotatedGame`] and back, through
//! its game record, so that the record's rules (every turn checked, how the game ended) live in
//! one place.

use serde_json::{Map, Value};

use super::{Game, GameOptions, RecordError};
use crate::notation::NotatedGame;
use crate::notation::{record_fields, FieldValue, RECORD_TAGS};
use crate::{Outcome, Position};

impl Game {
    /// The completed turns as a notated game: the record's fields as tags (`Id`, `White`, `Black`,
    /// `WhiteRating`, `BlackRating`, `Termination`), the start, the turns and the result.
    pub fn to_notated(&self) -> NotatedGame {
        let record: Value = serde_json::from_str(&self.to_record()).unwrap_or(Value::Null);
        let mut tags = Vec::new();
        for (field, tag) in RECORD_TAGS {
            match record.get(field) {
                Some(Value::String(s)) => tags.push((tag.to_owned(), s.clone())),
                Some(v @ Value::Number(_)) => tags.push((tag.to_owned(), v.to_string())),
                _ => {}
            }
        }
        self.notated_with(tags)
    }

    /// The game of a notated game, checked like a record ([`Game::from_record`]); the `Id` tag is
    /// the record's `id` as text, exactly as written; other tags it does not know are left out.
    pub fn from_notated(game: &NotatedGame, options: GameOptions) -> Result<Game, RecordError> {
        let mut record = Map::new();
        for (field, value) in record_fields(game).map_err(RecordError::Invalid)? {
            let value = match value {
                FieldValue::Text(t) => Value::String(t),
                FieldValue::Number(n) => n.parse::<serde_json::Number>().map_or(Value::Null, Value::Number),
            };
            record.insert(field.to_owned(), value);
        }
        record.insert("result".into(), Value::String(Outcome::text_of(game.result).to_owned()));
        if game.start != Position::initial() {
            record.insert("start".into(), Value::String(game.start.to_dfen()));
        }
        let turns = game
            .turns
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let mover = if i % 2 == 0 { game.start.turn() } else { game.start.turn().opponent() };
                let moves = t.moves.iter().map(|m| Value::String(m.to_string())).collect();
                serde_json::json!({ "dice": t.dice.to_field(mover), "moves": Value::Array(moves) })
            })
            .collect();
        record.insert("turns".into(), Value::Array(turns));
        Game::from_record(&Value::Object(record).to_string(), options)
    }
}

//! The texts of a record's fields that every reader shares: the JSON reader (`read.rs`), the
//! turn-by-turn replay (`replay.rs`) and the package's `Game.fromRecord`, whose JSON is JavaScript's.

use crate::{Dice, Outcome, Role};

/// The roll of a record's `dice` field: 1 to 3 letters of `pnbrqk`, any case and order.
pub fn parse_dice_field(text: &str) -> Option<Dice> {
    if !(1..=3).contains(&text.chars().count()) {
        return None;
    }
    text.chars().try_fold(Dice::EMPTY, |d, c| d.with(Role::from_char(c)?))
}

/// The outcome a record's `result` field states (`None` for `*`); `Err` names the field.
pub fn parse_result(text: &str) -> Result<Option<Outcome>, String> {
    Outcome::parse_text(text).map_err(|_| format!("'result' {text:?} is not \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\""))
}

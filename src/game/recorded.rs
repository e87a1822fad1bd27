//! Replaying what a record or a notated game says, without JSON: one turn at a time with an error
//! that names the turn and why ([`Game::play_recorded`]), then the stated result
//! ([`Game::end_as_recorded`]). [`Game::from_record`] (feature `book`) and the package's
//! `Game.fromRecord` (whose JSON is JavaScript's) both go through these, so a record is judged
//! the same way everywhere.

use super::{Game, Outcome, Termination};
use crate::{Color, Dice, Role, Uci};

/// The roll of a record's `dice` field: 1 to 3 letters of `pnbrqk`, any case and order.
pub(crate) fn parse_dice_field(text: &str) -> Option<Dice> {
    if !(1..=3).contains(&text.chars().count()) {
        return None;
    }
    text.chars().try_fold(Dice::EMPTY, |d, c| d.with(Role::from_char(c)?))
}

/// How a record states its game ended: the `result` (`None` for `"*"`; `Some(None)` a draw).
pub(crate) type StatedResult = Option<Option<Color>>;

/// The stated result of a `result` text; `Err` for anything but `1-0`, `0-1`, `1/2-1/2`, `*`.
pub(crate) fn parse_result(text: &str) -> Result<StatedResult, String> {
    match text {
        "1-0" => Ok(Some(Some(Color::White))),
        "0-1" => Ok(Some(Some(Color::Black))),
        "1/2-1/2" => Ok(Some(None)),
        "*" => Ok(None),
        _ => Err(format!("'result' {text:?} is not \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"")),
    }
}

/// Why a sequence of moves is not a legal turn: the one wording of the book validator's and the
/// record replay's turn errors.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TurnFailure {
    /// The roll has no legal turn.
    #[cfg(feature = "book")]
    #[error("no legal turn for these dice (pass)")]
    Pass,
    /// The moves begin a legal turn that must continue; `max_spent` = `L*`.
    #[error("incomplete: after '{}' the turn must continue (legal turns spend {max_spent} dice)", join(.played))]
    Incomplete { played: Vec<Uci>, max_spent: u32 },
    /// `moves[played.len()]` cannot be played after `played`; `legal` = the legal moves there,
    /// sorted.
    #[error("{}", cannot_play(.played, *.token, .legal))]
    CannotPlay { played: Vec<Uci>, token: Uci, legal: Vec<Uci> },
}

fn join(moves: &[Uci]) -> String {
    moves.iter().map(Uci::to_string).collect::<Vec<_>>().join(",")
}

/// The message of [`TurnFailure::CannotPlay`]: the move, where, and up to 10 legal moves there.
fn cannot_play(played: &[Uci], token: Uci, legal: &[Uci]) -> String {
    let mut out = if played.is_empty() {
        format!("'{token}' cannot be played as the first move")
    } else {
        format!("'{token}' cannot be played after '{}'", join(played))
    };
    let shown: Vec<String> = legal.iter().take(10).map(|u| u.to_string()).collect();
    out += &format!("; legal here: {}", if shown.is_empty() { "none".to_owned() } else { shown.join(" ") });
    if legal.len() > 10 {
        out += &format!(" … ({})", legal.len());
    }
    out
}

impl Game {
    /// Plays the next turn of a record: `moves` (empty for a pass) with the roll `dice`, from the
    /// start of a turn. The error names the turn (`turn 3 (white, dice QRN): …`) and why; the
    /// game is then unchanged. Only for games with dice from the host.
    pub fn play_recorded(&mut self, dice: Dice, moves: &[Uci]) -> Result<(), String> {
        let number = self.history.len() + 1;
        if let Some(o) = self.outcome {
            return Err(format!("turn {number} follows the end of the game ({})", o.termination.as_str()));
        }
        let mover = self.turn();
        let side = if mover == Color::White { "white" } else { "black" };
        let describe = |what: String| format!("turn {number} ({side}, dice {}): {what}", dice.to_field(mover));
        if !self.current.moves.is_empty() || dice.is_empty() {
            return Err(describe("not at the start of a turn".into()));
        }
        // What rolling and playing may change, to put back on an error (the dice from this turn on).
        let index = self.history.len();
        let before = (self.dice.get(index..).map(<[Dice]>::to_vec), self.redo.clone(), self.current.clone());
        if !self.roll(dice) {
            return Err(describe("the dice cannot be rolled here".into()));
        }
        // A roll without a legal turn passed by itself.
        let passed = self.history.len() == number;
        let failure = match (passed, moves.len()) {
            (true, 0) => None,
            (false, 0) => Some("a pass, but a turn is legal".to_owned()),
            (true, _) => Some("moves for a roll with no legal turn".to_owned()),
            (false, n) if n > 3 => Some(format!("{n} moves; a turn has 1 to 3")),
            (false, _) => self.play_moves(moves).err(),
        };
        match failure {
            None => Ok(()),
            Some(what) => {
                let (dice, redo, current) = before;
                self.history.truncate(index);
                self.dice.truncate(index);
                self.dice.extend(dice.unwrap_or_default());
                (self.redo, self.current, self.outcome) = (redo, current, None);
                Err(describe(what))
            }
        }
    }

    /// Plays `moves` from the start of the rolled turn, all of it or an error saying where it
    /// fails (the legal moves there, up to 10).
    fn play_moves(&mut self, moves: &[Uci]) -> Result<(), String> {
        let number = self.history.len();
        for (i, &uci) in moves.iter().enumerate() {
            if self.history.len() > number {
                break;
            }
            if !self.play(uci) {
                let legal = self.legal_moves().iter().map(|m| m.uci()).collect();
                return Err(TurnFailure::CannotPlay { played: moves[..i].to_vec(), token: uci, legal }.to_string());
            }
        }
        if self.history.len() == number {
            let max_spent = self.tree().map_or(0, |(t, ..)| t.max_spent());
            return Err(TurnFailure::Incomplete { played: moves.to_vec(), max_spent }.to_string());
        }
        if self.history.last().is_some_and(|t| t.moves.len() < moves.len()) {
            return Err(format!("'{}' follows the end of the turn", join(&moves[self.history[number].moves.len()..])));
        }
        Ok(())
    }

    /// Ends the game as a record states once its turns are played: a definite result without a
    /// king capture ends it by `termination` (`resignation` with a win, `agreement` with a draw,
    /// anything else an adjudication); a result that the turns contradict is an error (`*` never
    /// is).
    pub fn end_as_recorded(&mut self, result: Option<Option<Color>>, termination: Option<&str>) -> Result<(), String> {
        let Some(winner) = result else { return Ok(()) };
        match self.outcome {
            Some(o) if o.winner != winner => Err(format!("the game ends by {}", o.termination.as_str())),
            Some(_) => Ok(()),
            None => {
                let termination = match (termination, winner) {
                    (Some("resignation"), Some(_)) => Termination::Resignation,
                    (Some("agreement"), None) => Termination::Agreement,
                    _ => Termination::Adjudication,
                };
                self.outcome = Some(Outcome { winner, termination });
                Ok(())
            }
        }
    }
}

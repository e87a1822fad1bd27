//! Replaying what a record or a notated game says: one turn at a time with an error that names
//! the turn and why ([`Game::play_recorded`]), then the stated result ([`Game::end_as_recorded`]).
//! [`Game::from_record`] (feature `book`) and the package's `Game.fromRecord` (whose JSON is
//! JavaScript's) both go through these, so a record is judged the same way everywhere. With
//! feature `book`, [`replay`] replays a read record position by position (book building,
//! distillation, review), with the same turn check (`Judge::check`, without the roll's tree) and
//! wording.

use crate::game::{Ending, Game, Termination};
use crate::rules::{join_moves, Judge, TurnFailure};
#[cfg(feature = "book")]
use crate::{rules::Legality, Turns};
use crate::{Color, Dice, Outcome, Uci};
#[cfg(feature = "book")]
use {
    super::read::{skip, GameRecord, Skip, SkipReason},
    crate::Position,
};

impl Game {
    /// Plays the next turn of a record: `moves` (empty for a pass) with the roll `dice`, from the
    /// start of a turn. The error names the turn (`turn 3 (white, dice QRN): …`) and why; the
    /// game is then unchanged. Only for games with dice from the host.
    pub fn play_recorded(&mut self, dice: Dice, moves: &[Uci]) -> Result<(), String> {
        let number = self.history.len() + 1;
        if let Some(e) = self.ending {
            return Err(format!("turn {number} follows the end of the game ({})", e.termination.as_str()));
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
                (self.redo, self.current, self.ending) = (redo, current, None);
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
            let max_spent = self.judge().map_or(0, |(rule, ..)| rule.max_spent());
            return Err(TurnFailure::Incomplete { played: moves.to_vec(), max_spent }.to_string());
        }
        if self.history.last().is_some_and(|t| t.moves.len() < moves.len()) {
            return Err(format!(
                "'{}' follows the end of the turn",
                join_moves(&moves[self.history[number].moves.len()..])
            ));
        }
        Ok(())
    }

    /// Ends the game as a record states once its turns are played: a definite result without a
    /// king capture ends it by `termination` (`resignation` with a win, `agreement` with a draw,
    /// anything else an adjudication); a result that the turns contradict is an error (`*` never
    /// is).
    pub fn end_as_recorded(&mut self, result: Option<Outcome>, termination: Option<&str>) -> Result<(), String> {
        let Some(outcome) = result else { return Ok(()) };
        match self.ending {
            Some(e) if e.outcome != outcome => Err(format!("the game ends by {}", e.termination.as_str())),
            Some(_) => Ok(()),
            None => {
                let termination = match (termination, outcome) {
                    (Some("resignation"), Outcome::Decisive { .. }) => Termination::Resignation,
                    (Some("agreement"), Outcome::Draw) => Termination::Agreement,
                    _ => Termination::Adjudication,
                };
                self.ending = Some(Ending { outcome, termination });
                Ok(())
            }
        }
    }
}

/// One turn as replayed: its 1-based number, the rolled position, whether the roll passes and
/// the moves played. The replay judges the moves without the roll's tree; [`ReplayedTurn::turns`]
/// builds it for a visitor that needs it.
#[cfg(feature = "book")]
pub struct ReplayedTurn<'a> {
    pub number: usize,
    pub rolled: &'a Position,
    /// The roll has no legal turn.
    pub passes: bool,
    pub moves: &'a [Uci],
}

#[cfg(feature = "book")]
impl ReplayedTurn<'_> {
    /// The legal turns of the roll (`None` for a pass), built on each call.
    pub fn turns(&self) -> Option<Turns> {
        Turns::of_position(self.rolled)
    }

    /// Whether some legal turn of the roll captures a king: a search that stops at the first.
    pub fn has_king_capture(&self) -> bool {
        Legality::of_position(self.rolled).is_some_and(|rule| rule.has_king_capture())
    }
}

/// How a replay ended: the capturer if a king was captured.
#[cfg(feature = "book")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayEnd {
    pub king_captured_by: Option<Color>,
}

/// Replays every turn of `record` from `start`, calling `visit` for each legal one in order
/// (`illegal-turn`, `after-end`; BOOK.md §9.1).
#[cfg(feature = "book")]
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
        let rule = Legality::of_position(&rolled);
        let step = match (&rule, turn.moves.len()) {
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
            (Some(rule), _) => {
                Some(rule.check(&turn.moves).map_err(|f| skip(SkipReason::IllegalTurn, describe(f.to_string()), id))?)
            }
        };
        visit(&ReplayedTurn { number, rolled: &rolled, passes: rule.is_none(), moves: &turn.moves });
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

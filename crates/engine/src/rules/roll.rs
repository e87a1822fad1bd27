//! The roll: a position whose side to move has rolled its dice, in a game not yet over — the
//! precondition of every turn-level function, checked in one constructor.

use std::ops::Deref;

use super::position::Position;

/// A roll (see the glossary of the crate docs): a position with a non-empty dice pool whose two
/// kings are on the board. [`Turns::new`](super::Turns::new), the bots and `choose_turn` take
/// one; a position that is not a roll is a pass for them. The rules functions, which keep working
/// without kings (RULES.md §15), use [`Turns::of_position`](super::Turns::of_position).
///
/// It borrows the position (a pointer, `Copy`) and derefs to it, so checking costs no copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll<'a>(&'a Position);

/// Why a position is not a [`Roll`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotARoll {
    /// The dice pool is empty: the side to move has not rolled.
    #[error("the dice pool is empty")]
    NoDice,
    /// A king is missing: the game is over (RULES.md §15).
    #[error("the game is over (a king is missing)")]
    Finished,
}

impl<'a> Roll<'a> {
    /// Checks that `pos` is a roll: dice in its pool and both kings on the board.
    #[inline]
    pub fn new(pos: &'a Position) -> Result<Roll<'a>, NotARoll> {
        if pos.is_finished() {
            Err(NotARoll::Finished)
        } else if pos.dice().is_empty() {
            Err(NotARoll::NoDice)
        } else {
            Ok(Roll(pos))
        }
    }

    /// The rolled position.
    #[inline]
    pub fn position(self) -> &'a Position {
        self.0
    }
}

impl Deref for Roll<'_> {
    type Target = Position;

    #[inline]
    fn deref(&self) -> &Position {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(dfen: &str) -> Position {
        Position::from_dfen(dfen).expect("valid DFEN")
    }

    #[test]
    fn a_roll_has_dice_and_both_kings() {
        let rolled = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 KPP");
        assert_eq!(Roll::new(&rolled).map(Roll::position), Ok(&rolled));
        assert_eq!(Roll::new(&pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), Err(NotARoll::NoDice));
        assert_eq!(Roll::new(&pos("8/8/8/8/8/8/8/4K3 w - - 0 1 KPP")), Err(NotARoll::Finished));
        assert_eq!(Roll::new(&pos("4k3/8/8/8/8/8/8/8 b - - 0 1")), Err(NotARoll::Finished));
    }
}

//! The Dice Chess rules (RULES.md): pure, allocation-light, no I/O.
//!
//! The public items are re-exported at the crate root; the rest is `pub(crate)`.

pub(crate) mod attacks;
mod bitboard;
mod cap;
mod dfen;
mod dice;
mod keys;
mod legality;
mod make;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod roll;
mod symmetry;
mod tree;
mod turns;
mod types;

pub use bitboard::Bitboard;
#[cfg(feature = "search")]
pub(crate) use cap::candidate_limit;
pub use cap::exceeds_tree_cap;
#[cfg(feature = "search")]
pub use cap::MAX_CANDIDATE_TURNS;
pub use cap::MAX_LEGAL_TURNS;
pub use dfen::DfenError;
pub use dice::{Dice, RoleSet};
#[cfg(feature = "book")]
pub(crate) use legality::available_moves;
pub(crate) use legality::{join_moves, Judge, Legality, TurnFailure};
pub(crate) use moves::sort_in_uci_order;
pub use moves::{Move, MoveKind, ParseUciError, Uci};
pub use outcome::{Outcome, ParseOutcomeError};
pub use perft::{perft, perft_divide};
pub use position::{Castling, Position};
pub use roll::{NotARoll, Roll};
pub use tree::ShapeVisitor;
pub use tree::Walk;
pub use turns::{Step, Turns};
pub use types::{Color, Piece, Role, Square};

pub use dfen::MAX_DFEN_LEN;
#[cfg(feature = "search")]
pub(crate) use movegen::{for_each_move, summarize_moves, try_for_each_move};
pub use perft::perft_divide_within;
pub use perft::{perft_roles, perft_within};
#[cfg(feature = "search")]
pub(crate) use turns::{
    for_each_available, tally_below, tally_child, CountPaths, LastDie, PathVisitor, Summary, Tally,
};

/// The number of legal turns of `pos` (0 for a pass or no dice; kings are not required).
pub fn count_legal_turns(pos: &Position) -> u64 {
    Turns::of_position(pos).map_or(0, |t| t.count())
}

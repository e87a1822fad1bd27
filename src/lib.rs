//! `dicechess`: a Dice Chess engine — the exact rules, bots and opening books — for native use
//! and WebAssembly.
//!
//! ```
//! use dicechess::{Position, Turns};
//!
//! let roll = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN").unwrap();
//! let turns = Turns::new(&roll).unwrap();
//! assert_eq!(turns.count(), 4); // b1a3,a1b1  b1c3,a1b1  g1f3,h1g1  g1h3,h1g1
//! ```

#![forbid(unsafe_code)]

pub mod api;
#[cfg(feature = "book")]
pub mod book;
pub mod rules;
#[cfg(feature = "search")]
pub mod search;
#[cfg(feature = "search")]
mod sort;

pub use rules::{
    count_legal_turns, perft, perft_divide, Bitboard, Castling, Color, DfenError, Dice, Move, MoveKind, Piece,
    Position, Role, RoleSet, Square, Step, Turns, Uci,
};

#[cfg(feature = "wasm")]
pub mod wasm;

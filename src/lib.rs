//! `dicechess`: a Dice Chess engine — the exact rules, bots and opening books — for native use
//! and WebAssembly.
//!
//! # Glossary
//! Each word names one thing, here and in the code (RULES.md §1, BOOK.md §1).
//! * **position**: the board, side to move, castling rights, en-passant square, clocks and a dice
//!   pool ([`Position`], written as DFEN). Between turns its pool is empty.
//! * **dice**: a pool of 0–3 faces, each naming a piece type ([`Dice`]).
//! * **roll**: a position whose side to move has rolled its dice (a non-empty pool) in a game not
//!   over (both kings on the board); the start of a turn ([`Roll`], checked once by
//!   [`Roll::new`]). The turn-level functions (the turn tree, the bots) take a roll.
//! * **micro-move**: one move of one piece, spending the die of its type; castling spends a King and
//!   a Rook die ([`Move`]; [`Uci`] is its text identity).
//! * **turn**: the 1–3 micro-moves a player makes for one roll: a complete path that spends the most
//!   dice the roll allows, or any path ending in a king capture (RULES.md §8).
//! * **step**: a node of the turn tree: a micro-move with the position after it ([`Step`]).
//! * **pass**: a roll with no legal turn; the opponent rolls next.
//! * **king capture**: the capture of a king: it ends the turn and wins the game.
//! * **book key**: a roll's identity in an opening book: its normalized DFEN (no clocks, en passant
//!   only where a pawn can take) and its dice sorted (RULES.md §13).
//!
//! ```
//! use dicechess::{Position, Roll, Turns};
//!
//! let pos = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN").unwrap();
//! let turns = Turns::new(Roll::new(&pos).unwrap()).unwrap();
//! assert_eq!(turns.count(), 4); // b1a3,a1b1  b1c3,a1b1  g1f3,h1g1  g1h3,h1g1
//! ```

#![forbid(unsafe_code)]
#![warn(unreachable_pub)]
// Crate-internal helpers serve the fuller feature sets (the rules' walk serves `search`, the
// scenario run and distillation serve `cli`; the scenario types are reachable only with `json`):
// a reduced build compiles them unused or unreachable. The every-feature build, which CI lints
// with warnings as errors, still finds dead code.
#![cfg_attr(
    not(all(feature = "search", feature = "book", feature = "cli")),
    allow(dead_code, unused_imports, unreachable_pub)
)]

#[cfg(feature = "book")]
mod book;
mod rules;
#[cfg(feature = "search")]
mod search;
#[cfg(feature = "search")]
mod sort;

pub use rules::{
    count_legal_turns, perft, perft_divide, Bitboard, Castling, Color, DfenError, Dice, Move, MoveKind, NotARoll,
    ParseUciError, Piece, Position, Role, RoleSet, Roll, Square, Step, Turns, Uci,
};

#[cfg(all(feature = "search", not(target_arch = "wasm32")))]
pub use search::SystemClock;
#[cfg(feature = "search")]
pub use search::{
    choose_turn, decide, estimate_equity, legal_turns, Bot, BotInfo, Budgeting, Builtin, Choice, Clock, Deadline,
    Equity, ManualClock, Moment, Question, RegisterError, Registry, Rng, SearchContext, Turn,
};

#[cfg(feature = "book")]
pub use book::{
    lookup, Book, BookBot, Candidate, Candidates, DcbBook, DcbError, Decision, Issue, LoadError, MalformedBook,
    Signature, TsvBook, Validation,
};

pub mod js;

#[cfg(feature = "wasm")]
pub mod wasm;

#[cfg(all(feature = "cli", not(target_arch = "wasm32")))]
pub mod cli;

#[doc(hidden)]
pub mod internals;

//! `dicechess`: a Dice Chess engine — the exact rules, games with their records and notation,
//! bots, analysis and opening books — for native use and WebAssembly. The bottom crate of the
//! workspace: the WebAssembly binding (`dicechess-wasm`), the CLI (`dicechess-cli`) and the lab
//! (`dicechess-lab`) are built on its public API (docs/ARCHITECTURE.md).
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
//! # The API
//! The vocabulary is at the crate root, each name once: the rules ([`Position`], [`Roll`],
//! [`Turns`], [`Step`], [`Move`], [`Dice`], [`Outcome`], …), a game held for a host ([`Game`])
//! and, with feature `search`, a bot choosing a turn ([`Bot`], [`Registry`], [`choose_turn`],
//! [`Choice`], [`Rng`], [`Deadline`]) played out by the one game loop [`drive`]. Formats and
//! subsystems are modules, with their caps and knobs inside:
//!
//! | module | what | feature |
//! | --- | --- | --- |
//! | [`dfen`] | the position text: its error and cap (RULES.md §3) | |
//! | [`uci`] | the micro-move text (RULES.md §2.3) | |
//! | [`notation`] | readable game texts and SAN-like micro-moves (NOTATION.md) | |
//! | [`record`] | game records, one JSON object per line (BOOK.md §8) | the reader and writer: `book` |
//! | [`search`] | bots, clocks, time policies, equity, evaluation (BOTS.md) | `search` |
//! | [`analysis`] | win probability, the best turns of a roll, game reviews | `search` |
//! | [`book`] | opening books: TSV, `.dcb`, lookup, the builder (BOOK.md) | `book` |
//! | [`package`] | the npm package's functions as text-level Rust (API.md), shared by the binding and the CLI | |
//!
//! ```
//! use dicechess::{Position, Roll, Turns};
//!
//! let pos = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN").unwrap();
//! let turns = Turns::new(Roll::new(&pos).unwrap()).unwrap();
//! assert_eq!(turns.count(), 4); // b1a3,a1b1  b1c3,a1b1  g1f3,h1g1  g1h3,h1g1
//! ```
//!
//! A bot chooses a turn for a roll (BOTS.md); a position that is not a roll is a pass:
//!
//! ```
//! # #[cfg(feature = "search")] {
//! use dicechess::{choose_turn, NotARoll, Position, Registry, Rng, Roll};
//!
//! let registry = Registry::new();
//! let pos = Position::from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR").unwrap();
//! let greedy = registry.resolve(Some("greedy"));
//! let choice = choose_turn(greedy.as_ref(), Roll::new(&pos).unwrap(), &mut Rng::from_seed(7), None);
//! assert_eq!(choice.moves[0].to_string(), "a1a8"); // the rook takes the king
//! let after = Position::from_dfen("R7/8/8/8/8/8/8/4K3 b - - 0 1 ppp").unwrap();
//! assert_eq!(Roll::new(&after), Err(NotARoll::Finished));
//! # }
//! ```
//!
//! An opening book decides a roll by its book key (BOOK.md):
//!
//! ```
//! # #[cfg(feature = "book")] {
//! use dicechess::Position;
//! use dicechess::book::{lookup, Book, Decision};
//!
//! let tsv = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\tf1c4,e2e4\n";
//! let book = Book::from_tsv(tsv).unwrap();
//! let roll = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PBR").unwrap();
//! let Decision::Book(candidates) = lookup(&book, &roll) else { panic!() };
//! let turn = &candidates.choose(|| 0.5).sequence;
//! assert_eq!(turn.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "f1c4"]);
//! # }
//! ```

#![deny(unsafe_code)] // allowed only in the NNUE kernels' loads and stores (search/nnue/kernels) and a test allocator
#![warn(unreachable_pub)]

#[cfg(feature = "search")]
pub mod analysis;
#[cfg(feature = "book")]
pub mod book;
mod game;
pub mod notation;
// Public through `search` (the bots' `Rng` and `derive`); without it a Game's
// dice are its only use.
#[cfg_attr(not(feature = "search"), expect(unreachable_pub, reason = "public only through `search`"))]
mod random;
mod rules;
#[cfg(feature = "search")]
pub mod search;
mod sort;

pub mod package;

pub use rules::{
    count_legal_turns, exceeds_tree_cap, perft, perft_divide, perft_divide_within, perft_roles, perft_within, Bitboard,
    Castling, Color, Dice, Move, MoveKind, NotARoll, Outcome, ParseOutcomeError, Piece, Position, Role, RoleSet, Roll,
    ShapeVisitor, Square, Step, Turns, Uci, Walk, MAX_LEGAL_TURNS,
};

/// DFEN, the position text of RULES.md §2: its error and its cap (the parser is
/// [`Position::from_dfen`], the writer [`Position::to_dfen`]).
pub mod dfen {
    pub use crate::rules::{DfenError, MAX_DFEN_LEN};
}

/// UCI micro-move text (`e2e4`, `e7e8q`, castling as the king's move; RULES.md §3): [`Uci`]
/// parsed from text and resolved against a position.
pub mod uci {
    pub use crate::rules::{ParseUciError, Uci};
}

pub use game::record;
#[cfg(feature = "search")]
pub use game::{drive, Driven};
pub use game::{Ending, Game, GameOptions, Termination, TurnRecord, DEFAULT_TURN_CAP};

#[cfg(feature = "search")]
pub use search::{
    choose_turn, legal_turns, Bot, BotInfo, Choice, Deadline, Question, RegisterError, Registry, Rng, SearchContext,
    Turn,
};

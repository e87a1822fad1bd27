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
//! # The API
//! Everything is at the crate root, each name once: the rules vocabulary ([`Position`],
//! [`Roll`], [`Turns`] and its walks, [`Move`], [`Dice`], …), with feature `search` the bots
//! ([`Bot`], [`Registry`], [`choose_turn`], clocks, [`estimate_equity`]) and with feature `book`
//! the opening books ([`Book`], [`BookBot`], [`lookup`]), and the errors of each. [`js`] holds the
//! JavaScript API as text-level Rust functions; [`cli`] is the `dicechess` tool.
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
//! use dicechess::{lookup, Book, Decision, Position};
//!
//! let tsv = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\tf1c4,e2e4\n";
//! let book = Book::from_tsv(tsv).unwrap();
//! let roll = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PBR").unwrap();
//! let Decision::Book(candidates) = lookup(&book, &roll) else { panic!() };
//! let turn = &candidates.choose(|| 0.5).sequence;
//! assert_eq!(turn.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "f1c4"]);
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

#[cfg(feature = "search")]
mod analysis;
#[cfg(feature = "book")]
mod book;
mod game;
/// The package's caps and defaults for JavaScript (a generator, built by the tests only).
#[cfg(all(test, feature = "book", feature = "cli"))]
mod limits;
mod notation;
// Public through `search` (the bots' `Rng`, `derive`, `seed_from_number`); without it a Game's
// dice are its only use.
#[cfg_attr(not(feature = "search"), expect(unreachable_pub, reason = "public only through `search`"))]
mod random;
mod rules;
#[cfg(feature = "search")]
mod search;
mod sort;

pub use rules::{
    count_legal_turns, perft, perft_divide, Bitboard, Castling, Color, DfenError, Dice, Move, MoveKind, NotARoll,
    Outcome, ParseOutcomeError, ParseUciError, Piece, Position, Role, RoleSet, Roll, Square, Step, Turns, Uci,
    MAX_LEGAL_TURNS,
};

#[cfg(feature = "book")]
pub use book::GameId;
pub use game::{Ending, Game, GameOptions, Termination, TurnRecord, DEFAULT_TURN_CAP, HALFMOVE_DRAW};
#[cfg(feature = "book")]
pub use game::{RecordError, RecordInfo};
pub use notation::{
    parse_games, parse_san, to_san, to_san_all, write_game, write_games, NotatedGame, NotatedTurn, NotationError,
    NotationErrorKind, SanError, TurnLabel, MAX_GAMES, MAX_TAGS, MAX_TAG_NAME, MAX_TAG_VALUE, MAX_TEXT_BYTES,
    MAX_TOKEN, MAX_TURNS,
};

#[cfg(all(feature = "search", not(target_arch = "wasm32")))]
pub use search::SystemClock;
#[cfg(feature = "search")]
pub use search::{
    candidate_turns, choose_turn, decide, estimate_equity, estimate_equity_within, legal_turns, Bot, BotInfo,
    Budgeting, Builtin, Choice, Clock, Deadline, Equity, ManualClock, Moment, Question, RegisterError, Registry, Rng,
    SearchContext, Turn, MAX_CANDIDATE_TURNS,
};
#[cfg(feature = "search")]
pub use search::{
    model_chances, model_score, mover_score, roll_chances, roll_estimate, roll_value, win_chances, WinChances,
};

#[cfg(feature = "search")]
pub use analysis::{
    analyze_turn, win_probability, Hint, RollValue, TurnAnalysis, WinProbability, DEFAULT_ANALYSIS_BUDGET_MS,
    DEFAULT_TOP_N, MAX_TOP_N,
};
#[cfg(feature = "book")]
pub use analysis::{
    check_record, review_game, review_turn, GameReview, Label, ReviewBudget, ReviewError, SideSummary, TurnReview,
    BLUNDER_FROM, INACCURACY_FROM, MISTAKE_FROM,
};

#[cfg(feature = "book")]
pub use book::{
    lookup, Alternative, Book, BookBot, Candidate, Candidates, DcbBook, DcbError, Decision, Issue, KeyEntry, LineError,
    LoadError, MalformedBook, MalformedLine, MovesError, PackError, PackedBook, Record, Signature, TsvAlternative,
    TsvBook, Validation,
};

pub mod js;

#[cfg(feature = "wasm")]
pub mod wasm;

#[cfg(all(feature = "cli", not(target_arch = "wasm32")))]
pub mod cli;

#[doc(hidden)]
pub mod internals;

/// The Rust examples of README.md, run as doc tests.
#[cfg(all(doctest, feature = "book"))]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

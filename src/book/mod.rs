//! Opening books (BOOK.md): the book key and its hash, TSV books with the weight column, lookup,
//! validation, the binary `.dcb` format and the builder from game records.
//!
//! ```
//! use dicechess::book::{lookup, Book, Decision};
//! use dicechess::Position;
//!
//! let tsv = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\tf1c4,e2e4\n";
//! let book = Book::from_tsv(tsv).unwrap();
//! let roll = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PBR").unwrap();
//! let Decision::Book(candidates) = lookup(&book, &roll) else { panic!() };
//! let turn = &candidates.choose(|| 0.5).sequence;
//! assert_eq!(turn.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "f1c4"]);
//! ```

pub mod api;
mod bot;
pub mod build;
mod convert;
pub mod dcb;
pub mod distill;
mod fnv;
mod lookup;
pub mod playout;
mod record;
mod signature;
pub mod tsv;
mod validate;

pub use bot::{book_bot_description, BookBot};
pub use convert::{
    binary_weight, book_records, dcb_to_tsv, encode_tsv, key_table, write_tsv, EncodeError, TsvEntry, WeightColumn,
};
pub use dcb::{DcbBook, DcbError, Record, RecordProblem, FLAG_STATS};
pub use fnv::{fnv1a64, key_hash};
pub use lookup::{is_binary, lookup, resolve, Alternative, Book, Candidate, Candidates, Decision, LoadError};
pub use signature::{is_storable, MovesError, PackError, Signature};
pub use tsv::{signature_text, MalformedBook, MalformedLine, TsvBook};
pub use validate::{
    explain_illegal, follow, validate_binary, validate_tsv, Issue, TurnFailure, Validation, MAX_BOOK_SIZE,
};

use crate::Position;

/// The book key of a DFEN (BOOK.md §1): `None` for an invalid DFEN or an empty pool.
pub fn book_key(dfen: &str) -> Option<String> {
    Position::from_dfen(dfen).ok()?.book_key()
}

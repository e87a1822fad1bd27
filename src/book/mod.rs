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

mod bot;
pub(crate) mod build;
mod convert;
pub mod dcb;
pub(crate) mod distill;
mod fnv;
mod lookup;
pub(crate) mod playout;
mod record;
mod signature;
pub(crate) mod tsv;
mod validate;

pub use bot::BookBot;
pub use dcb::{DcbBook, DcbError};
pub use lookup::{lookup, Book, Candidate, Candidates, Decision, LoadError};
pub use signature::Signature;
pub use tsv::{MalformedBook, TsvBook};
pub use validate::{Issue, Validation};

pub(crate) use convert::binary_weight;
pub use convert::{dcb_to_tsv, encode_tsv, key_table, write_tsv, TsvEntry, WeightColumn};
pub use dcb::Record;
pub use fnv::{fnv1a64, key_hash};
pub(crate) use lookup::is_binary;
pub use validate::validate_tsv;
pub(crate) use validate::{validate_binary, MAX_BOOK_SIZE};

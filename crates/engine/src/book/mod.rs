//! Opening books (BOOK.md): the book key and its hash, TSV books with the weight column (with every
//! line for the tools, compactly for play), lookup, validation, the binary `.dcb` format and the
//! builder from game records.
//!
//! Book makers' tools (the builder, the playout judge, TSV ↔ `.dcb`) are here too; the bots' use
//! of a book is [`BookBot`] and [`lookup`].

mod book_bot;
pub mod build;
mod convert;
pub mod counts;
pub mod dcb;
pub mod distill;
mod fnv;
mod lookup;
mod packed;
pub(crate) mod playout;
mod signature;
pub mod tsv;
mod validate;

pub use book_bot::BookBot;
pub use build::{is_blank, process_line, Aggregator, BuildOptions, BuiltBook, UsedGame};
pub use dcb::{DcbBook, DcbError};
pub use lookup::{lookup, Alternative, Book, Candidate, Candidates, Decision, LoadError};
pub use packed::PackedBook;
pub use playout::{judge, Judgement, Judging, Playout};
pub use signature::{MovesError, PackError, Signature};
pub use tsv::{KeyEntry, LineError, MalformedBook, MalformedLine, TsvAlternative, TsvBook};
pub use validate::{Issue, Validation, MAX_ISSUE_CHARS, MAX_REPORTED};

pub use convert::binary_weight;
pub use convert::{dcb_to_tsv, encode_tsv, key_table, write_tsv, TsvEntry, WeightColumn};
pub use dcb::DcbRecord;
pub use fnv::{fnv1a64, key_hash};
pub use lookup::is_binary;
pub use validate::validate_tsv;
pub use validate::{validate_binary, MAX_BOOK_SIZE};

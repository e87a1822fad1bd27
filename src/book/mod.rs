//! Opening books (BOOK.md): the book key and its hash, TSV books with the weight column (with every
//! line for the tools, compactly for play), lookup, validation, the binary `.dcb` format and the
//! builder from game records.
//!
//! Book makers' tools (the builder, the playout judge, TSV ↔ `.dcb`) are here too; the bots' use
//! of a book is [`BookBot`] and [`lookup`].

mod book_bot;
pub(crate) mod build;
mod convert;
#[cfg(feature = "cli")]
pub(crate) mod counts;
pub mod dcb;
#[cfg(feature = "cli")]
pub(crate) mod distill;
mod fnv;
mod lookup;
mod packed;
pub(crate) mod playout;
mod signature;
pub(crate) mod tsv;
mod validate;

pub use book_bot::BookBot;
pub use build::{is_blank, process_line, Aggregator, BuildOptions, BuiltBook, UsedGame};
pub use dcb::{DcbBook, DcbError};
pub use lookup::{lookup, Alternative, Book, Candidate, Candidates, Decision, LoadError};
pub use packed::PackedBook;
pub use playout::{judge, Judging, Playout};
pub use signature::{MovesError, PackError, Signature};
pub use tsv::{KeyEntry, LineError, MalformedBook, MalformedLine, TsvAlternative, TsvBook};
pub use validate::{Issue, Validation, MAX_ISSUE_CHARS, MAX_REPORTED};

#[cfg(feature = "cli")]
pub(crate) use convert::binary_weight;
pub use convert::{dcb_to_tsv, encode_tsv, key_table, write_tsv, TsvEntry, WeightColumn};
pub use dcb::DcbRecord;
pub use fnv::{fnv1a64, key_hash};
pub(crate) use lookup::is_binary;
pub use validate::validate_tsv;
pub(crate) use validate::{validate_binary, MAX_BOOK_SIZE};

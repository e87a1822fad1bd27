//! The book tools of BOOK.md §11 a player or book maker runs: `book build`, `book validate`,
//! `book convert`, `book probe` and `book merge`, one file each (`book distill`, which plays
//! games, is the lab's).
//!
//! Thin over `dicechess::book`: these files read and write files, run the builder's batches on
//! threads and format reports; every rule lives in the library.

pub mod build_cmd;
pub mod convert_cmd;
pub mod merge;
pub mod probe;
pub mod validate_cmd;

pub use merge::merge_count_files;

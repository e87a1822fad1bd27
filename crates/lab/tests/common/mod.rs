//! Helpers of the `dicechess` binary's tests: running it as a user does (`cli`, `book_cli`), and
//! the conformance-vector helpers of the repository's tests/common/, shared by path. Each test
//! uses only some of them, hence the `dead_code` allowance.
#![allow(dead_code)]

/// The case structs of the `book` vectors.
#[path = "../../../../tests/common/book_cases.rs"]
pub mod book_cases;
/// The book-tool CLI tests' vectors and scratch directories.
pub mod book_cli;
/// Running the `dicechess` binary as a user does, and scratch directories for its files.
pub mod cli;
/// The `../shared/conformance/<suite>` vectors: lookup, typed loading and the one case runner.
#[path = "../../../../tests/common/conformance.rs"]
pub mod conformance;
/// The case structs of the `search` vectors.
#[path = "../../../../tests/common/search_cases.rs"]
pub mod search_cases;

//! The book tools (BOOK.md §11): `book build`, `book validate`, `book convert`, `book probe`,
//! `book distill` and `book merge`, one file each.
//!
//! Thin over `crate::book`: these files read and write files, run the builder's batches on
//! threads and format reports; every rule lives in the library.

mod build_cmd;
mod convert_cmd;
mod distill_cmd;
mod merge;
mod probe;
mod validate_cmd;

use clap::{Args, Subcommand};

use super::io::Outcome;

pub(super) use merge::merge_count_files;

#[derive(Debug, Args)]
pub(super) struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// Build a book from JSON Lines game records (BOOK.md §9).
    Build(build_cmd::BuildArgs),
    /// Report every problem of a book, line by line (BOOK.md §5).
    Validate(validate_cmd::ValidateArgs),
    /// Convert a book between TSV, binary (.dcb) and the dump format.
    Convert(convert_cmd::ConvertArgs),
    /// Show a book's entries for a position and the decision of a book bot.
    Probe(probe::ProbeArgs),
    /// Self-play with a chosen bot, then build a book from the games (BOOK.md §10.2).
    Distill(Box<distill_cmd::DistillArgs>),
    /// Merge books into one binary book: the weights and W/D/L of one position and turn added
    /// (docs/SCALE.md).
    Merge(merge::MergeArgs),
}

/// Runs a `book` subcommand.
pub(super) fn run(args: BookArgs) -> Outcome {
    match args.command {
        BookCommand::Build(a) => build_cmd::build(a),
        BookCommand::Validate(a) => validate_cmd::validate(a),
        BookCommand::Convert(a) => convert_cmd::convert(a),
        BookCommand::Probe(a) => probe::probe(a),
        BookCommand::Distill(a) => distill_cmd::distill(*a),
        BookCommand::Merge(a) => merge::merge(a),
    }
}

//! `dicechess book merge` (issue 16, docs/SCALE.md): books merged as Polyglot's `merge-book`
//! merges them, into a binary book (`book::dcb::merge`). TSV books are encoded first
//! (`encodeOpeningBook`'s rules).

use clap::Args;

use crate::book::dcb::{self, DcbBook};
use crate::book::{encode_tsv, is_binary};
use crate::cli::files::{read_input, write_output};
use crate::cli::io::{Exit, Failure, Outcome};

#[derive(Debug, Args)]
pub(super) struct MergeArgs {
    /// The books: binary (.dcb) or TSV, in any order.
    #[arg(value_name = "BOOK", required = true)]
    inputs: Vec<String>,
    /// The merged binary book (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
}

/// `dicechess book merge`.
pub(super) fn merge(args: MergeArgs) -> Outcome {
    let mut books = Vec::with_capacity(args.inputs.len());
    for path in &args.inputs {
        let bytes = read_input(path)?;
        let binary = if is_binary(&bytes) {
            bytes
        } else {
            let text = std::str::from_utf8(&bytes)
                .map_err(|_| Failure::invalid(format!("{path}: not a book (neither binary nor UTF-8 text)")))?;
            encode_tsv(text).map_err(|e| Failure::invalid(format!("{path}: {e}")))?
        };
        books.push(DcbBook::new(binary).map_err(|e| Failure::invalid(format!("{path}: {e}")))?);
    }
    write_output(&args.output, &dcb::merge(&books))?;
    Ok(Exit::Success)
}

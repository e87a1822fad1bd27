//! `dicechess book merge` (issue 16, docs/SCALE.md): books merged as Polyglot's `merge-book`
//! merges them, into a binary book (`book::dcb::merge`), TSV books encoded first
//! (`encodeOpeningBook`'s rules); or count files added by a streamed k-way merge into a count
//! file (`book::counts::merge_counts`).

use clap::Args;

use std::io::Read as _;

use crate::files::{distinct_outputs, read_input, write_output, write_output_with, Input};
use crate::io::{Exit, Failure, Outcome};
use dicechess::book::counts;
use dicechess::book::dcb::{self, DcbBook};
use dicechess::book::{encode_tsv, is_binary};

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The books: binary (.dcb) or TSV, in any order; or count files, in the order of their games.
    #[arg(value_name = "BOOK", required = true)]
    inputs: Vec<String>,
    /// The merged binary book, or count file (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
}

/// `dicechess book merge`.
pub fn merge(args: MergeArgs) -> Outcome {
    let inputs: Vec<(&str, &str)> = args.inputs.iter().map(|p| ("INPUT", p.as_str())).collect();
    distinct_outputs(&[("-o", Some(args.output.as_str()))], &inputs)?;
    let counts = args.inputs.iter().map(|p| is_count_file(p)).collect::<Result<Vec<bool>, Failure>>()?;
    if counts.iter().any(|&c| c) {
        if let Some(i) = counts.iter().position(|&c| !c) {
            return Err(Failure::invalid(format!(
                "{}: not a count file, where {} is one: merge count files or books, not both",
                args.inputs[i],
                args.inputs[counts.iter().position(|&c| c).unwrap_or(0)]
            )));
        }
        let paths: Vec<&str> = args.inputs.iter().map(String::as_str).collect();
        merge_count_files(&args.output, &paths)?;
        return Ok(Exit::Success);
    }
    let mut books = Vec::with_capacity(args.inputs.len());
    for path in &args.inputs {
        let bytes = read_input(path, Input::Book)?;
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

/// Adds the count files at `paths` (in the order of their games) into `output`, one line of each
/// in memory (`book::counts::merge_counts`): `book merge` of count files, and the merge of
/// `book distill`'s shards without search (`dicechess merge`).
pub fn merge_count_files(output: &str, paths: &[&str]) -> Result<(), Failure> {
    let mut failed = None;
    let written = write_output_with(output, &mut |out| {
        let mut open = |i: usize| std::fs::File::open(paths[i]).map(std::io::BufReader::new);
        counts::merge_counts(paths.len(), &mut open, out).map_err(|e| {
            let message = e.to_string();
            failed = Some(e);
            std::io::Error::other(message)
        })
    });
    match failed {
        Some(counts::CountsError::File(i, e)) => Err(Failure::invalid(format!("{}: {e}", paths[i]))),
        Some(e) => Err(Failure::invalid(e.to_string())),
        None => written,
    }
}

/// Whether the file at `path` begins as a count file (its header line); stdin is read as a book.
fn is_count_file(path: &str) -> Result<bool, Failure> {
    if path == "-" {
        return Ok(false);
    }
    let mut start = Vec::with_capacity(64);
    let read = std::fs::File::open(path).and_then(|f| f.take(64).read_to_end(&mut start));
    read.map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?;
    Ok(counts::is_counts(&start))
}

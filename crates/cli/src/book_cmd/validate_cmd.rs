//! `dicechess book validate` (BOOK.md §5, §11.3): every problem of a TSV or binary book, as text
//! or as the validateOpeningBook object.

use clap::Args;
use dicechess::book::{dcb_to_tsv, is_binary, validate_binary, validate_tsv, DcbBook, Issue};

use super::convert_cmd::key_sources;
use crate::files::{read_input, Input};
use crate::io::{self, Exit, Failure, Outcome};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The book (TSV or binary, detected by content; `-` = stdin).
    #[arg(value_name = "BOOK")]
    book: String,
    /// Print the validateOpeningBook object as JSON.
    #[arg(long)]
    json: bool,
    /// Warnings fail too.
    #[arg(long)]
    strict: bool,
    /// Print at most N issues.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_report: usize,
    /// For a binary book: key sources that resolve hashes; the entry checks then run on the
    /// resolved records.
    #[arg(long, value_name = "FILE")]
    keys: Vec<String>,
}

/// `dicechess book validate` (BOOK.md §5): exit 1 on errors (and on warnings with `--strict`).
pub fn validate(args: ValidateArgs) -> Outcome {
    let bytes = read_input(&args.book, Input::Book)?;
    let (v, label) = if is_binary(&bytes) {
        let structural = validate_binary(&bytes);
        if !structural.ok || args.keys.is_empty() {
            (structural, args.book.clone())
        } else {
            let dcb = DcbBook::new(&bytes[..]).map_err(|e| Failure::invalid(e.to_string()))?;
            let keys = key_sources(&args.keys, &[])?;
            let (text, unresolved) = dcb_to_tsv(&dcb, &keys);
            if !unresolved.is_empty() {
                eprintln!("note: {} of {} records unresolved by --keys", unresolved.len(), dcb.len());
            }
            let mut v = validate_tsv(&text);
            (v.entries, v.keys) = (structural.entries, structural.keys);
            (v, format!("{} (resolved)", args.book))
        }
    } else {
        let text = String::from_utf8(bytes)
            .map_err(|e| Failure::io(format!("cannot read {}: invalid UTF-8 ({e})", args.book)))?;
        (validate_tsv(&text), args.book.clone())
    };
    let mut out = io::Output::stdout();
    if args.json {
        out.line(&io::json(&v)?)?;
    } else {
        let mut issues: Vec<(&Issue, &str)> =
            v.errors.iter().map(|i| (i, "error")).chain(v.warnings.iter().map(|i| (i, "warning"))).collect();
        issues.sort_by_key(|(i, _)| i.line);
        for (issue, kind) in issues.iter().take(args.max_report) {
            out.line(&format!("{label}:{}: {kind}[{}]: {}", issue.line, issue.code, issue.reason))?;
            if !issue.text.is_empty() {
                out.line(&format!("    {}", issue.text))?;
            }
        }
        let total = issues.len() + v.omitted_errors + v.omitted_warnings;
        if total > args.max_report {
            out.line(&format!("… {} more issues not shown (--max-report)", total - args.max_report.min(issues.len())))?;
        }
        out.line(&format!(
            "{} entries, {} keys, {} errors, {} warnings",
            v.entries,
            v.keys,
            v.errors.len() + v.omitted_errors,
            v.warnings.len() + v.omitted_warnings
        ))?;
    }
    out.flush()?;
    let failed = !v.errors.is_empty() || (args.strict && !v.warnings.is_empty());
    Ok(if failed { Exit::Invalid } else { Exit::Success })
}

//! Files (BOOK.md §11.1): inputs read whole (`-` = stdin), outputs written through a temporary file
//! renamed on success (`-` = stdout), books loaded by content.

use std::fs;
use std::io::{self as stdio, Read, Write};
use std::path::Path;

use crate::book::{Book, LoadError};

use super::io::{self, Failure};

/// Reads a whole input (`-` = stdin); unreadable input is an I/O failure (exit 3).
pub(super) fn read_input(path: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let result = if path == "-" {
        stdio::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        fs::read(path).map(|b| bytes = b)
    };
    result.map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?;
    Ok(bytes)
}

/// Reads a text input: invalid UTF-8 is an I/O failure (exit 3).
pub(super) fn read_text(path: &str) -> Result<String, Failure> {
    String::from_utf8(read_input(path)?).map_err(|e| Failure::io(format!("cannot read {path}: invalid UTF-8 ({e})")))
}

/// Writes `bytes` to `path` (`-` = stdout) through a temporary file in the target directory,
/// renamed on success: a failed run leaves no partial file.
pub(super) fn write_output(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    if path == "-" {
        let mut out = stdio::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| Failure::io(format!("cannot write to stdout: {e}")));
    }
    let target = Path::new(path);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = target.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let result = io::while_writing(&temp, || fs::write(&temp, bytes).and_then(|()| fs::rename(&temp, target)));
    if let Err(e) = result {
        let _ = fs::remove_file(&temp);
        return Err(Failure::io(format!("cannot write {path}: {e}")));
    }
    Ok(())
}

/// Writes `lines`, each followed by a newline, with [`write_output`].
pub(super) fn write_lines(path: &str, lines: &[String]) -> Result<(), Failure> {
    let mut text = lines.join("\n");
    text.push('\n');
    write_output(path, text.as_bytes())
}

/// Loads a book detected by content; a book that does not load exits 1 (a TSV book that is not
/// UTF-8 exits 3).
pub(super) fn load_book(path: &str) -> Result<Book, Failure> {
    let bytes = read_input(path)?;
    Book::load(bytes).map_err(|e| match e {
        LoadError::Utf8 => Failure::io(format!("cannot read {path}: invalid UTF-8")),
        LoadError::Tsv(m) => {
            let lines: Vec<String> =
                m.lines.iter().map(|l| format!("{path}:{}: Malformed line: {}", l.number, l.text)).collect();
            Failure::invalid(format!("the book does not load:\n{}", lines.join("\n")))
        }
        LoadError::Binary(e) => Failure::invalid(format!("{path}: not a valid binary book: {} ({e})", e.code())),
    })
}

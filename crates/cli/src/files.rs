//! Files (BOOK.md §11.1): inputs read whole (`-` = stdin), outputs written through a temporary file
//! renamed when the run ends (`-` = stdout; devices and FIFOs written through), books loaded by
//! content.

use std::fmt::Display;
use std::fs::{self, OpenOptions};
use std::io::{self as stdio, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

use dicechess::book::{Book, LoadError};

use crate::io::Failure;
use crate::signals;

/// Reads a whole input (`-` = stdin); unreadable input is an I/O failure (exit 3).
pub fn read_input(path: &str) -> Result<Vec<u8>, Failure> {
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
pub fn read_text(path: &str) -> Result<String, Failure> {
    String::from_utf8(read_input(path)?).map_err(|e| Failure::io(format!("cannot read {path}: invalid UTF-8 ({e})")))
}

/// Writes `bytes` to the output `path`: every file a subcommand writes (`-o`, `--json`, `--stats`,
/// …) comes here (docs/NOTES.md, "CLI output and signals").
///
/// * `-`: stdout.
/// * No file, or a regular file: a temporary file beside it, renamed over it when the run ends
///   ([`signals::commit`]) with the old file's permissions; a failed or interrupted run leaves the
///   old file as it was.
/// * A symbolic link: followed. The link is kept and the regular file it leads to replaced as
///   above (or a device or FIFO written through); a link that leads nowhere is refused.
/// * A regular file with other hard links: refused, since a new file would break the links and
///   writing in place could not be undone if the run failed or were interrupted.
/// * A directory: refused.
/// * Anything else (a device, a FIFO, a socket): written through, in place, at once.
///
/// Every failure is an I/O failure (exit 3), a full device included.
pub fn write_output(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    write_output_with(path, &mut |w| w.write_all(bytes))
}

/// [`write_output`] of what `fill` writes, which need not be in memory at once (`dicechess
/// merge`).
pub fn write_output_with(path: &str, fill: &mut dyn FnMut(&mut dyn Write) -> stdio::Result<()>) -> Result<(), Failure> {
    let fail = |e: &dyn Display| Failure::io(format!("cannot write {path}: {e}"));
    if path == "-" {
        let mut out = stdio::stdout().lock();
        return fill(&mut out)
            .and_then(|()| out.flush())
            .map_err(|e| Failure::io(format!("cannot write to stdout: {e}")));
    }
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == ErrorKind::NotFound => {
            if fs::symlink_metadata(path).is_ok() {
                return Err(fail(&"a symbolic link to a file that does not exist"));
            }
            return replace(Path::new(path), fill, None).map_err(|e| fail(&e));
        }
        Err(e) => return Err(fail(&e)),
    };
    if meta.is_dir() {
        return Err(fail(&"it is a directory"));
    }
    if !meta.is_file() {
        return write_through(path, fill).map_err(|e| fail(&e));
    }
    if let Some(links) = hard_links(&meta) {
        return Err(fail(&format!(
            "it has {links} hard links, which a new file would break (write elsewhere, or remove it first)"
        )));
    }
    let linked = fs::symlink_metadata(path).map_err(|e| fail(&e))?.file_type().is_symlink();
    let target = if linked { fs::canonicalize(path).map_err(|e| fail(&e))? } else { PathBuf::from(path) };
    replace(&target, fill, Some(meta.permissions())).map_err(|e| fail(&e))
}

/// Writes what `fill` writes to a new temporary file beside `target`, to be renamed over it when
/// the run ends.
fn replace(
    target: &Path,
    fill: &mut dyn FnMut(&mut dyn Write) -> stdio::Result<()>,
    permissions: Option<fs::Permissions>,
) -> stdio::Result<()> {
    let (file, temp) = signals::create_temp(target)?;
    let mut out = stdio::BufWriter::new(file);
    let written = fill(&mut out)
        .and_then(|()| out.into_inner().map_err(stdio::IntoInnerError::into_error))
        .and_then(|file| permissions.map_or(Ok(()), |p| file.set_permissions(p)));
    if written.is_err() {
        signals::abandon(&temp);
    }
    written
}

/// Writes what `fill` writes into an existing file that is not a regular one (a device, a FIFO).
fn write_through(path: &str, fill: &mut dyn FnMut(&mut dyn Write) -> stdio::Result<()>) -> stdio::Result<()> {
    let mut file = OpenOptions::new().write(true).open(path)?;
    fill(&mut file)?;
    file.flush()
}

/// The link count of a regular file that has other hard links.
#[cfg(unix)]
fn hard_links(meta: &fs::Metadata) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    (meta.nlink() > 1).then(|| meta.nlink())
}

#[cfg(not(unix))]
fn hard_links(_: &fs::Metadata) -> Option<u64> {
    None
}

/// Writes `lines`, each followed by a newline, with [`write_output`].
pub fn write_lines(path: &str, lines: &[String]) -> Result<(), Failure> {
    let mut text = lines.join("\n");
    text.push('\n');
    write_output(path, text.as_bytes())
}

/// Loads a book detected by content; a book that does not load exits 1 (a TSV book that is not
/// UTF-8 exits 3).
pub fn load_book(path: &str) -> Result<Book, Failure> {
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

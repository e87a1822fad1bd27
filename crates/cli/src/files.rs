//! Files (BOOK.md §11.1): inputs read whole (`-` = stdin) within the cap of their kind
//! ([`Input`]), outputs written through a temporary file renamed when the run ends (`-` = stdout;
//! devices and FIFOs written through), two outputs never on one path ([`distinct_outputs`]),
//! books loaded by content.

use std::fmt::Display;
use std::fs::{self, OpenOptions};
use std::io::{self as stdio, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

use dicechess::book::{Book, LoadError};

use crate::io::Failure;
use crate::signals;

const MIB: u64 = 1 << 20;

/// The kinds of input the CLI reads, each with the one cap on its size (docs/NOTES.md,
/// "Hardening"). A regular file over its cap is refused before it is read (from its metadata);
/// stdin, a FIFO or a device is read up to its cap and refused at the first byte past it. A
/// refusal is invalid content (exit 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// An opening book, TSV or binary, a count file, or a file of keys: 256 MiB (the JavaScript
    /// API's total of registered books, four times its cap per book).
    Book,
    /// Games, as records (JSON Lines) or notation, and the lab's rows made from them (samples,
    /// judgements): 256 MiB.
    Games,
    /// One JSON document: an arena report, a shard manifest, a scenario catalog: 16 MiB.
    Json,
    /// Start positions, one DFEN a line (`arena --openings`): 16 MiB.
    Positions,
    /// A shard's output, streamed (hashed, counted, copied), never held whole: 16 GiB.
    Shard,
}

impl Input {
    /// The most bytes an input of this kind may have.
    pub const fn cap(self) -> u64 {
        match self {
            Input::Book | Input::Games => 256 * MIB,
            Input::Json | Input::Positions => 16 * MIB,
            Input::Shard => 16 << 30,
        }
    }

    /// What the kind is called in messages.
    const fn name(self) -> &'static str {
        match self {
            Input::Book => "a book",
            Input::Games => "a games file",
            Input::Json => "a JSON document",
            Input::Positions => "a file of positions",
            Input::Shard => "a shard",
        }
    }

    /// The refusal of `path`, larger than the cap.
    pub fn too_large(self, path: &str) -> Failure {
        let cap = self.cap();
        let size = if cap >= 1 << 30 { format!("{} GiB", cap >> 30) } else { format!("{} MiB", cap / MIB) };
        Failure::invalid(format!(
            "{path}: larger than {size}, the cap of {} (docs/NOTES.md, \"Hardening\")",
            self.name()
        ))
    }
}

/// A reader that fails with [`TooLarge`] at the first byte past its cap.
struct Capped<R> {
    inner: R,
    left: u64,
}

/// The error of a [`Capped`] reader past its cap.
#[derive(Debug, thiserror::Error)]
#[error("past the size cap")]
struct TooLarge;

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> stdio::Result<usize> {
        if self.left == 0 {
            // One byte more tells a file of exactly the cap from a longer one.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(stdio::Error::other(TooLarge)),
            };
        }
        let room = usize::try_from(self.left).unwrap_or(usize::MAX).min(buf.len());
        let n = self.inner.read(&mut buf[..room])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Reads the input at `path` (`-` = stdin) of `kind` with `read`, which may stream it; a regular
/// file over the cap is refused before it is opened, anything else at the first byte past it.
/// Unreadable input is an I/O failure (exit 3).
pub fn read_input_with(
    path: &str,
    kind: Input,
    read: &mut dyn FnMut(&mut dyn Read) -> stdio::Result<()>,
) -> Result<(), Failure> {
    let fail = |e: stdio::Error| match e.get_ref().is_some_and(|inner| inner.is::<TooLarge>()) {
        true => kind.too_large(path),
        false => Failure::io(format!("cannot read {path}: {e}")),
    };
    if path == "-" {
        return read(&mut Capped { inner: stdio::stdin().lock(), left: kind.cap() }).map_err(fail);
    }
    let meta = fs::metadata(path).map_err(fail)?;
    if meta.is_file() && meta.len() > kind.cap() {
        return Err(kind.too_large(path));
    }
    let file = fs::File::open(path).map_err(fail)?;
    read(&mut Capped { inner: file, left: kind.cap() }).map_err(fail)
}

/// Reads a whole input (`-` = stdin) of `kind` ([`read_input_with`]). Chunk by chunk, so that the
/// memory touched is what was read (`read_to_end` would zero the spare room of each doubling).
pub fn read_input(path: &str, kind: Input) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    read_input_with(path, kind, &mut |r| for_each_chunk(r, &mut |chunk| bytes.extend_from_slice(chunk)))?;
    Ok(bytes)
}

/// Reads `reader` to its end, handing each chunk read to `each`.
pub fn for_each_chunk(reader: &mut dyn Read, each: &mut dyn FnMut(&[u8])) -> stdio::Result<()> {
    let mut chunk = [0u8; 1 << 16];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) => return Ok(()),
            Ok(n) => each(&chunk[..n]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Reads a text input: invalid UTF-8 is an I/O failure (exit 3).
pub fn read_text(path: &str, kind: Input) -> Result<String, Failure> {
    String::from_utf8(read_input(path, kind)?)
        .map_err(|e| Failure::io(format!("cannot read {path}: invalid UTF-8 ({e})")))
}

/// Refuses two outputs of one run on one file (a usage error, exit 2), before any work: `outputs`
/// are the given ones with their flags; `inputs` (with theirs) must not be written either.
/// Paths are compared canonically where the files, or their folders, exist; `-` (stdout) is no
/// file.
pub fn distinct_outputs(outputs: &[(&str, Option<&str>)], inputs: &[(&str, &str)]) -> Result<(), Failure> {
    let given: Vec<(&str, &str, PathBuf)> = outputs
        .iter()
        .filter_map(|&(flag, path)| path.filter(|p| *p != "-").map(|p| (flag, p, canonical(p))))
        .collect();
    for (i, (flag, path, at)) in given.iter().enumerate() {
        if let Some((other, _, _)) = given[..i].iter().find(|(_, _, seen)| seen == at) {
            return Err(Failure::usage(format!("{other} and {flag} name one file, {path}: one output would be lost")));
        }
        if let Some((input, _)) = inputs.iter().find(|&&(_, p)| p != "-" && canonical(p) == *at) {
            return Err(Failure::usage(format!("{flag} {path} is also the input {input}: it would be overwritten")));
        }
    }
    Ok(())
}

/// `path` made absolute with its links resolved, as far as it exists: a file that does not exist
/// yet is its canonical folder and its name.
fn canonical(path: &str) -> PathBuf {
    let path = Path::new(path);
    if let Ok(at) = fs::canonicalize(path) {
        return at;
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match (fs::canonicalize(folder), path.file_name()) {
        (Ok(folder), Some(name)) => folder.join(name),
        _ => path.to_path_buf(),
    }
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
    let bytes = read_input(path, Input::Book)?;
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

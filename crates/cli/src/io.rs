//! Conventions shared by every subcommand (BOOK.md §11.1): exit codes, messages on stderr, buffered
//! stdout, DFEN arguments and the `--stdin` batch mode.

use std::io::{self, BufRead, BufReader, BufWriter, StdoutLock, Write};
use std::process::ExitCode;

use dicechess::dfen::MAX_DFEN_LEN;

use crate::signals;

/// The exit codes of BOOK.md §11.1; 128 + a signal's number, interrupted, is [`signals`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The work was done.
    Success = 0,
    /// Invalid content: an invalid DFEN, or any invalid line of a batch.
    Invalid = 1,
    /// Usage: a bad argument, reported in clap's format by [`usage_exit`].
    Usage = 2,
    /// An input that cannot be read (invalid UTF-8 included) or an output that cannot be written.
    Io = 3,
}

/// Exits on a clap error in clap's format: `--help` / `--version` print to stdout and exit 0; a usage
/// error exits 2 with the offending argument and a usage line (BOOK.md §11.1), which clap's own
/// value errors lack, so `cmd`'s usage is added to them.
pub fn usage_exit(err: clap::Error, cmd: &clap::Command) -> ! {
    if !err.use_stderr() {
        err.exit();
    }
    let text = err.render().to_string();
    if text.contains("Usage:") {
        err.exit();
    }
    let usage = cmd.clone().render_usage().to_string();
    let text = match text.find("\nFor more information") {
        Some(at) => format!("{}\n{}\n{}", &text[..at], usage.trim_end(), &text[at..]),
        None => format!("{}\n\n{}\n", text.trim_end(), usage.trim_end()),
    };
    eprint!("{text}");
    std::process::exit(Exit::Usage as i32);
}

/// A subcommand that stopped early: its exit code and the message for stderr.
#[derive(Debug)]
pub struct Failure {
    pub exit: Exit,
    pub message: String,
}

impl Failure {
    pub fn invalid(message: impl Into<String>) -> Self {
        Failure { exit: Exit::Invalid, message: message.into() }
    }

    pub fn io(message: impl Into<String>) -> Self {
        Failure { exit: Exit::Io, message: message.into() }
    }

    /// This failure of the input's line `n` (from 1): its message prefixed by "line N: ".
    pub fn at_line(self, n: usize) -> Self {
        Failure { message: format!("line {n}: {}", self.message), ..self }
    }

    /// A usage error found past clap: options that contradict each other (two outputs on one file).
    pub fn usage(message: impl Into<String>) -> Self {
        Failure { exit: Exit::Usage, message: message.into() }
    }
}

/// What a subcommand returns: the exit code of completed work (`Invalid` when a batch had invalid
/// lines, already reported), or a failure that stopped it.
pub type Outcome = Result<Exit, Failure>;

/// Puts the run's output files in place ([`signals::commit`], whatever the outcome: an output is
/// complete once written), prints the failure, if any, and converts to the process exit code.
pub fn finish(outcome: Outcome) -> ExitCode {
    let committed = signals::commit().map_err(Failure::io);
    let exit = match (outcome, committed) {
        (Ok(exit), Ok(())) => exit,
        (Err(failure), _) | (Ok(_), Err(failure)) => {
            eprintln!("error: {}", failure.message);
            failure.exit
        }
    };
    ExitCode::from(exit as u8)
}

/// Buffered stdout; every write error becomes an I/O failure (exit 3), a closed pipe included.
pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

impl Output {
    /// Standard output, locked for the run.
    pub fn stdout() -> Self {
        Output { out: BufWriter::new(io::stdout().lock()) }
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.out.write_all(text.as_bytes()).and_then(|()| self.out.write_all(b"\n")).map_err(write_failure)
    }

    pub fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush().map_err(write_failure)
    }
}

fn write_failure(e: io::Error) -> Failure {
    Failure::io(format!("cannot write to stdout: {e}"))
}

/// The DFEN given on the command line: one argument used as is, or several words (a DFEN typed
/// without quotes) re-joined with single spaces.
pub fn joined_dfen(words: &[String]) -> String {
    words.join(" ")
}

/// Reports an invalid DFEN given on the command line (exit 1, the parser's message).
pub fn invalid_dfen(message: impl std::fmt::Display) -> Failure {
    Failure::invalid(format!("invalid DFEN: {message}"))
}

/// The longest batch line read: a DFEN's cap (RULES.md §3), and a CR.
const MAX_LINE: usize = MAX_DFEN_LEN + 1;

/// The batch mode of BOOK.md §11.1: reads stdin line by line (a trailing CR stripped), writes
/// exactly one output line per input line in input order. `each` returns the JSON line for a valid
/// line, or the message for an invalid one, which then prints `neutral` and the message with its line
/// number on stderr. A line longer than a DFEN can be is invalid and not kept: it is read on to its
/// end in bounded memory (issue 18). Exit 1 at the end if any line was invalid; an unreadable stdin
/// (invalid UTF-8 included) stops with exit 3.
pub fn batch(neutral: &str, mut each: impl FnMut(&str) -> Result<String, String>) -> Outcome {
    let mut input = BufReader::new(io::stdin().lock());
    let mut out = Output::stdout();
    let mut buf = Vec::with_capacity(MAX_LINE + 1);
    let mut line_no = 0u64;
    let mut any_invalid = false;
    loop {
        // Flush before a read that may block, so that a driver talking line by line gets its answer;
        // a large batch still writes in big chunks.
        if input.buffer().is_empty() {
            out.flush()?;
        }
        let read =
            read_line(&mut input, &mut buf, MAX_LINE).map_err(|e| Failure::io(format!("cannot read stdin: {e}")))?;
        let Some(whole) = read else { break };
        line_no += 1;
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        let answer = if whole {
            let line = std::str::from_utf8(&buf)
                .map_err(|e| Failure::io(format!("stdin:{line_no}: cannot read: invalid UTF-8 ({e})")))?;
            each(line)
        } else {
            Err(format!("a line longer than {MAX_DFEN_LEN} bytes (no DFEN is longer)"))
        };
        match answer {
            Ok(json) => out.line(&json)?,
            Err(message) => {
                any_invalid = true;
                out.line(neutral)?;
                // Keep the order of stdout and stderr readable when both go to a terminal.
                out.flush()?;
                eprintln!("error: stdin:{line_no}: {message}");
            }
        }
    }
    out.flush()?;
    Ok(if any_invalid { Exit::Invalid } else { Exit::Success })
}

/// `value` as one line of JSON. The reports are plain structs that always serialize; a failure
/// would still be reported, as an output error.
pub fn json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(json_failure)
}

/// `value` as indented JSON with a final newline (the `--json` and `--stats` reports).
pub fn json_pretty<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    let mut text = serde_json::to_string_pretty(value).map_err(json_failure)?;
    text.push('\n');
    Ok(text)
}

fn json_failure(e: serde_json::Error) -> Failure {
    Failure::io(format!("cannot write JSON: {e}"))
}

/// Reads one line into `buf` (cleared first, the newline dropped), keeping at most `max` bytes:
/// `None` at the end of the input, `Some(false)` for a longer line, whose kept bytes are its first
/// `max` and whose rest is read and dropped up to its newline, `Some(true)` otherwise.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut whole) = (false, true);
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(whole));
        }
        any = true;
        let (part, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (&chunk[..at], Some(at + 1)),
            None => (chunk, None),
        };
        let room = max.saturating_sub(buf.len());
        whole &= part.len() <= room;
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = end.unwrap_or(chunk.len());
        input.consume(used);
        if end.is_some() {
            return Ok(Some(whole));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<(String, bool)> {
        let mut input = BufReader::with_capacity(4, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(whole) = read_line(&mut input, &mut buf, max).unwrap() {
            out.push((String::from_utf8(buf.clone()).unwrap(), whole));
        }
        out
    }

    #[test]
    fn read_line_splits_and_bounds_lines() {
        let own = |s: &str, w| (s.to_owned(), w);
        assert_eq!(lines(b"", 5), vec![]);
        assert_eq!(lines(b"ab\n\ncd", 5), vec![own("ab", true), own("", true), own("cd", true)]);
        assert_eq!(lines(b"abcde\nabcdef\nx\n", 5), vec![own("abcde", true), own("abcde", false), own("x", true)]);
        assert_eq!(lines(b"abcdefghijklmnop", 5), vec![own("abcde", false)]);
    }

    #[test]
    fn a_huge_line_is_read_in_bounded_memory() {
        // Issue 18: a 1 GB line took 1 GB; /dev/zero grew without bound. 64 MiB of zeros here.
        let zeros = io::repeat(0).take(64 << 20);
        let mut input = BufReader::new(zeros.chain(&b"\nnext\n"[..]));
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf, MAX_LINE).unwrap(), Some(false));
        assert!(buf.capacity() < 4096, "kept {} bytes", buf.capacity());
        assert_eq!(read_line(&mut input, &mut buf, MAX_LINE).unwrap(), Some(true));
        assert_eq!(buf, b"next");
    }
}

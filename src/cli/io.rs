//! Conventions shared by every subcommand (BOOK.md §11.1): exit codes, messages on stderr, buffered
//! stdout, DFEN arguments and the `--stdin` batch mode.

use std::io::{self, BufRead, BufReader, BufWriter, StdoutLock, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

/// The exit codes of BOOK.md §11.1; 130, interrupted, is [`exit_130_on_interrupt`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Exit {
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
pub(super) fn usage_exit(err: clap::Error, cmd: &clap::Command) -> ! {
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

/// The temporary output files being written, removed on SIGINT.
static WRITING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// SIGINT (BOOK.md §11.1): the temporary output files being written are removed and the process
/// exits 130. Outputs are written only when a run's work is done, so an interrupted run leaves no
/// output behind.
pub(super) fn exit_130_on_interrupt() {
    // Without a handler (one is installed already, or the platform refuses), SIGINT still ends
    // the process with status 130; only a file caught mid-write would remain.
    let _ = ctrlc::set_handler(|| {
        if let Ok(paths) = WRITING.lock() {
            for path in paths.iter() {
                let _ = std::fs::remove_file(path);
            }
        }
        std::process::exit(130);
    });
}

/// Runs `write`, which creates `temp`, with `temp` removed if SIGINT comes meanwhile.
#[cfg(feature = "book")]
pub(super) fn while_writing<T>(temp: &std::path::Path, write: impl FnOnce() -> T) -> T {
    let lock = || WRITING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    lock().push(temp.to_path_buf());
    let result = write();
    lock().retain(|p| p != temp);
    result
}

/// A subcommand that stopped early: its exit code and the message for stderr.
#[derive(Debug)]
pub(super) struct Failure {
    pub exit: Exit,
    pub message: String,
}

impl Failure {
    pub(super) fn invalid(message: impl Into<String>) -> Self {
        Failure { exit: Exit::Invalid, message: message.into() }
    }

    pub(super) fn io(message: impl Into<String>) -> Self {
        Failure { exit: Exit::Io, message: message.into() }
    }
}

/// What a subcommand returns: the exit code of completed work (`Invalid` when a batch had invalid
/// lines, already reported), or a failure that stopped it.
pub(super) type Outcome = Result<Exit, Failure>;

/// Prints the failure, if any, and converts to the process exit code.
pub(super) fn finish(outcome: Outcome) -> ExitCode {
    let exit = match outcome {
        Ok(exit) => exit,
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            failure.exit
        }
    };
    ExitCode::from(exit as u8)
}

/// Buffered stdout; every write error becomes an I/O failure (exit 3), a closed pipe included.
pub(super) struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

impl Output {
    pub(super) fn new() -> Self {
        Output { out: BufWriter::new(io::stdout().lock()) }
    }

    /// Writes `text` and a newline.
    pub(super) fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.out.write_all(text.as_bytes()).and_then(|()| self.out.write_all(b"\n")).map_err(write_failure)
    }

    pub(super) fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush().map_err(write_failure)
    }
}

fn write_failure(e: io::Error) -> Failure {
    Failure::io(format!("cannot write to stdout: {e}"))
}

/// The DFEN given on the command line: one argument used as is, or several words (a DFEN typed
/// without quotes) re-joined with single spaces.
pub(super) fn joined_dfen(words: &[String]) -> String {
    words.join(" ")
}

/// Reports an invalid DFEN given on the command line (exit 1, the parser's message).
pub(super) fn invalid_dfen(message: impl std::fmt::Display) -> Failure {
    Failure::invalid(format!("invalid DFEN: {message}"))
}

/// The batch mode of BOOK.md §11.1: reads stdin line by line (a trailing CR stripped), writes
/// exactly one output line per input line in input order. `each` returns the JSON line for a valid
/// line, or the message for an invalid one, which then prints `neutral` and the message with its line
/// number on stderr. Exit 1 at the end if any line was invalid; an unreadable stdin (invalid UTF-8
/// included) stops with exit 3.
pub(super) fn batch(neutral: &str, mut each: impl FnMut(&str) -> Result<String, String>) -> Outcome {
    let mut input = BufReader::new(io::stdin().lock());
    let mut out = Output::new();
    let mut buf = Vec::new();
    let mut line_no = 0u64;
    let mut any_invalid = false;
    loop {
        // Flush before a read that may block, so that a driver talking line by line gets its answer;
        // a large batch still writes in big chunks.
        if input.buffer().is_empty() {
            out.flush()?;
        }
        buf.clear();
        let n = input.read_until(b'\n', &mut buf).map_err(|e| Failure::io(format!("cannot read stdin: {e}")))?;
        if n == 0 {
            break;
        }
        line_no += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        let line = std::str::from_utf8(&buf)
            .map_err(|e| Failure::io(format!("stdin:{line_no}: cannot read: invalid UTF-8 ({e})")))?;
        match each(line) {
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
#[cfg(feature = "book")]
pub(super) fn json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(json_failure)
}

/// `value` as indented JSON with a final newline (the `--json` and `--stats` reports).
#[cfg(feature = "book")]
pub(super) fn json_pretty<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    let mut text = serde_json::to_string_pretty(value).map_err(json_failure)?;
    text.push('\n');
    Ok(text)
}

#[cfg(feature = "book")]
fn json_failure(e: serde_json::Error) -> Failure {
    Failure::io(format!("cannot write JSON: {e}"))
}

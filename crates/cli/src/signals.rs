//! Signals and the run's output files (BOOK.md §11.1, issue 18).
//!
//! The signals that end a process by default and can be caught — SIGINT, SIGTERM, SIGHUP, SIGUSR1,
//! SIGUSR2 and SIGALRM ([`WATCHED`]) — stop a run: the temporary files of its outputs are removed,
//! none is renamed into place, and the process exits 128 + the signal's number (130, 143, 129,
//! 138, 140, 142). SIGPIPE is ignored (Rust's runtime does so before `main`): a closed pipe is a
//! write error (exit 3), with the same clean-up. SIGKILL cannot be caught: a run killed while
//! writing leaves its temporary file (`.NAME.tmp-PID-N`, never the output itself); a later run
//! never reuses nor removes such a file (it may be another run's), and it is safe to delete once
//! no run is going. Output files
//! are written to temporary names beside their targets as the run goes ([`create_temp`]) and renamed
//! into place together when the run ends ([`commit`]), after its work and its clean-up: an
//! interrupted run leaves no file behind, and an exit 130 never comes with a complete output. A
//! signal after the commit is ignored (the process is exiting with the run's own code). A signal
//! that was ignored when the process started stays ignored (`nohup` ignores SIGHUP, a shell's
//! background job SIGINT).
//!
//! On Unix the signals are blocked in every thread (the mask is set before any thread starts and
//! inherited) and one thread takes them with `sigwait`, so the handling is ordinary code: it takes the
//! same lock as the creation and the commit of outputs, and exits holding it. Elsewhere `ctrlc`
//! handles Ctrl-C the same way.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The run's output files not yet in place, and whether the run has ended.
struct Outputs {
    pending: Vec<Pending>,
    /// Temporary files made so far, for unique names.
    made: u32,
    /// The outputs are committed: signals no longer interrupt.
    ended: bool,
}

/// A complete output under its temporary name, and where it goes.
struct Pending {
    temp: PathBuf,
    target: PathBuf,
}

static OUTPUTS: Mutex<Outputs> = Mutex::new(Outputs { pending: Vec::new(), made: 0, ended: false });

fn outputs() -> MutexGuard<'static, Outputs> {
    OUTPUTS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The signals that stop a run, each with its exit code 128 + its number.
#[cfg(unix)]
pub const WATCHED: [nix::sys::signal::Signal; 6] = {
    use nix::sys::signal::Signal::{SIGALRM, SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2};
    [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM]
};

/// Installs the handling of the [`WATCHED`] signals; called first in `run`, before any thread
/// starts. Where it cannot be installed the signals keep their default action (the process ends;
/// a temporary file being written would remain).
#[cfg(unix)]
pub fn watch() {
    use nix::sys::signal::SigSet;
    let ignored = ignored_at_start();
    let mut set = SigSet::empty();
    for signal in WATCHED {
        if ignored & (1 << (signal as i32 - 1)) == 0 {
            set.add(signal);
        }
    }
    if set.iter().next().is_none() || set.thread_block().is_err() {
        return;
    }
    let waiter = std::thread::Builder::new().name("signals".into()).spawn(move || loop {
        if let Ok(signal) = set.wait() {
            stop(128 + signal as i32);
        }
    });
    if waiter.is_err() {
        let _ = set.thread_unblock();
    }
}

/// Ctrl-C, where there is no `sigwait`.
#[cfg(not(unix))]
pub fn watch() {
    let _ = ctrlc::set_handler(|| stop(130));
}

/// The signals ignored when the process started, bit `n − 1` for signal `n`, from Linux's
/// `/proc/self/status`; none where there is no such file.
#[cfg(unix)]
fn ignored_at_start() -> u64 {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| l.strip_prefix("SigIgn:")).and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        })
        .unwrap_or(0)
}

/// A signal: unless the outputs are committed, removes their temporary files and exits `code`.
fn stop(code: i32) {
    let outputs = outputs();
    if outputs.ended {
        return;
    }
    for p in &outputs.pending {
        let _ = fs::remove_file(&p.temp);
    }
    // Exits holding the lock: no output is created or committed after this point.
    std::process::exit(code)
}

/// How many names a run tries for one temporary file: past a stale file of a killed run
/// that had this run's process id.
const TEMP_NAME_TRIES: u32 = 64;

/// Creates an empty temporary file beside `target` (`.NAME.tmp-PID-N`, never an existing file: a
/// stale one, left by a killed run with the same process id, is passed over, untouched), to be
/// renamed over `target` by [`commit`], or removed by a signal or [`abandon`].
pub fn create_temp(target: &Path) -> io::Result<(File, PathBuf)> {
    let mut outputs = outputs();
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for _ in 0..TEMP_NAME_TRIES {
        let temp = target.with_file_name(format!(".{name}.tmp-{}-{}", std::process::id(), outputs.made));
        outputs.made += 1;
        // Created under the lock, so that a signal sees every temporary file that exists.
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => {
                outputs.pending.push(Pending { temp: temp.clone(), target: target.to_path_buf() });
                return Ok((file, temp));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{TEMP_NAME_TRIES} temporary names beside it are taken (stale .{name}.tmp-* files?)"),
    ))
}

/// Removes a temporary file whose writing failed.
pub fn abandon(temp: &Path) {
    let mut outputs = outputs();
    outputs.pending.retain(|p| p.temp != temp);
    let _ = fs::remove_file(temp);
}

/// Renames every pending output into place, in the order written (a later output to the same path
/// wins); from here on signals are ignored. A rename that fails stops the commit, with its message;
/// the temporary files left are removed.
pub fn commit() -> Result<(), String> {
    let mut outputs = outputs();
    outputs.ended = true;
    let mut result = Ok(());
    for p in std::mem::take(&mut outputs.pending) {
        if result.is_ok() {
            result = fs::rename(&p.temp, &p.target).map_err(|e| format!("cannot write {}: {e}", p.target.display()));
        }
        if result.is_err() {
            let _ = fs::remove_file(&p.temp);
        }
    }
    result
}

/// Removes the pending temporary files when dropped: held by `run`, so that a run that panics
/// leaves none (after the commit there are none).
pub struct Discard;

impl Drop for Discard {
    fn drop(&mut self) {
        for p in std::mem::take(&mut outputs().pending) {
            let _ = fs::remove_file(&p.temp);
        }
    }
}

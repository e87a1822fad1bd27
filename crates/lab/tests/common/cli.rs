//! The `dicechess` binary run as a user runs it (assert_cmd), and the checks of its exit codes
//! (BOOK.md §11.1).

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::assert::OutputAssertExt;
use serde_json::Value;

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    assert_cmd::cargo::cargo_bin_cmd!("dicechess").args(args).output().expect("cannot run dicechess")
}

/// Runs with `input` on stdin.
pub fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    assert_cmd::cargo::cargo_bin_cmd!("dicechess").args(args).write_stdin(input).output().expect("cannot run dicechess")
}

pub fn code(out: &Output) -> i32 {
    out.status.code().expect("killed by a signal")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts success and returns stdout.
pub fn ok(out: Output) -> String {
    stdout(out.assert().success().get_output())
}

/// Asserts the exit code, an empty stdout and a message on stderr, and returns the message.
pub fn fails(out: Output, expected: i32) -> String {
    let err = stderr(out.assert().code(expected).stdout("").get_output());
    assert!(!err.trim().is_empty(), "a message on stderr");
    err
}

/// A fresh scratch directory `<test crate>-<name>` in Cargo's temporary folder, for the tests that
/// keep a fixed path (tests/cli_scenarios.rs); the others use `tempfile::tempdir()`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", env!("CARGO_CRATE_NAME")));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path as a command-line argument.
pub fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

pub fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

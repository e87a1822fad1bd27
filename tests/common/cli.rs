//! The `dicechess` binary run as a user runs it, and the checks of its exit codes (BOOK.md §11.1).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dicechess")).args(args).output().expect("cannot run dicechess")
}

/// Runs with `input` on stdin.
pub fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicechess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run dicechess");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from another thread so that a large output cannot deadlock the pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("dicechess did not finish");
    writer.join().unwrap();
    out
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
    assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
    stdout(&out)
}

/// Asserts the exit code, an empty stdout and a message on stderr, and returns the message.
pub fn fails(out: Output, expected: i32) -> String {
    assert_eq!(code(&out), expected, "stdout: {}\nstderr: {}", stdout(&out), stderr(&out));
    assert_eq!(stdout(&out), "", "nothing on stdout when failing");
    let err = stderr(&out);
    assert!(!err.trim().is_empty(), "a message on stderr");
    err
}

/// A fresh scratch directory for one test, `<test crate>-<name>` in Cargo's temporary folder: the
/// crate name (this module is compiled into each test crate) keeps test binaries that run in
/// parallel apart.
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

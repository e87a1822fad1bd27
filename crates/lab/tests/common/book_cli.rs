//! Helpers of the book-tool CLI tests (tests/cli_book.rs, tests/cli_book_convert.rs): the book
//! vectors, keys and dump lines, and a scratch directory per vector case.

use std::fs;
use std::path::{Path, PathBuf};

use super::cli::{ok, path, run};
use super::conformance::{self, Naming, Suite};
use dicechess::book::fnv1a64;
use serde_json::Value;

pub const SUITE: Suite = Suite("book");
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

// ---------------------------------------------------------------------------------------------------
// Helpers

/// Runs `check` on every case (a panic is that case's failure), then fails listing every failure.
pub fn run_cases(what: &str, cases: &[Value], field: &'static str, check: impl Fn(&Value) -> Result<(), String>) {
    conformance::run_cases(what, cases, Naming { field, unique: false }, check);
}

/// [`run_cases`] with a fresh temporary directory `<prefix>…` for each case.
pub fn run_cases_in_scratch(
    what: &str,
    cases: &[Value],
    field: &'static str,
    prefix: &str,
    check: impl Fn(&Value, &Path) -> Result<(), String>,
) {
    run_cases(what, cases, field, |case| {
        let dir = tempfile::Builder::new().prefix(prefix).tempdir().expect("a temporary directory");
        check(case, dir.path())
    });
}

/// A vector file's path (an input of `book build`).
pub fn vector(file: &str) -> PathBuf {
    SUITE.dir().join(file)
}

pub fn s<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field].as_str().unwrap_or_else(|| panic!("malformed vector: {field:?} is not a string in {v}"))
}

pub fn unhex(text: &str) -> Vec<u8> {
    assert!(text.len() % 2 == 0, "odd hex length");
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex")).collect()
}

pub fn key_hash(key: &str) -> String {
    format!("{:016x}", fnv1a64(key.as_bytes()))
}

/// The DFEN of a five-field key `<placement> <side> <castling> <ep> <dice>` (clocks `0 1`).
pub fn key_dfen(key: &str) -> String {
    let f: Vec<&str> = key.split(' ').collect();
    assert_eq!(f.len(), 5, "a key has five fields: {key}");
    format!("{} {} {} {} 0 1 {}", f[0], f[1], f[2], f[3], f[4])
}

/// Args from owned strings.
pub fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The names in `dir`, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A record of a vector as a dump line (BOOK.md §11.4): six TAB-separated fields.
pub fn dump_line(r: &Value) -> String {
    let moves: Vec<&str> = r["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    format!("{}\t{}\t{}\t{}\t{}\t{}", s(r, "keyHash"), moves.join(","), r["weight"], r["wins"], r["draws"], r["losses"])
}

/// The sorted tokens of a moves text (BOOK.md §2.2: split at `,`, trim, drop empty tokens).
pub fn signature(moves: &str) -> Vec<String> {
    let mut t: Vec<String> = moves.split(',').map(str::trim).filter(|m| !m.is_empty()).map(str::to_owned).collect();
    t.sort();
    t
}

pub fn string_list(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("{v} is not an array"))
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

/// The options of a `build_expected.json` case as flags.
pub fn build_options(case: &Value) -> Vec<String> {
    let o = &case["options"];
    let mut args =
        vec!["--min-games".to_owned(), o["minGames"].to_string(), "--max-ply".to_owned(), o["maxPly"].to_string()];
    if !o["minRating"].is_null() {
        args.extend(["--min-rating".to_owned(), o["minRating"].to_string()]);
    }
    args
}

/// Runs `book build INPUT -o OUT <options> <extra>`; expects success and nothing on stdout.
pub fn build(inputs: &[&Path], out: &Path, options: &[String], extra: &[&str]) {
    let mut args: Vec<&str> = vec!["book", "build"];
    args.extend(inputs.iter().map(|p| path(p)));
    args.extend(["-o", path(out)]);
    args.extend(strs(options));
    args.extend(extra);
    assert_eq!(ok(run(&args)), "", "the book goes to the file, not to stdout");
}

//! The conformance vectors of `../shared/conformance/<suite>/`, read at test time and never copied
//! into this repository: where a suite is (a missing `../shared` fails loudly), how a file loads into
//! typed cases, and the one runner that checks every case and fails once at the end, listing every
//! failure under its case's name.
//!
//! A test deserializes a file into its case structs ([`Suite::cases`], [`Suite::doc`]; the structs
//! use `deny_unknown_fields`, so a field added to a vector file fails until a test reads it), gives
//! each case a name ([`Case`]) and runs them with [`run`]:
//!
//! ```ignore
//! let cases: Vec<EndTurn> = SUITE.cases("end_turn.json");
//! let n = run("end_turn.json", &cases, |case, check| {
//!     check.eq("expected", api::end_turn(&case.dfen), case.expected.clone());
//! });
//! ```
//!
//! [`run`] catches a panic inside a case and reports it as that case's failure, fails when two cases
//! share a name, and returns the number of cases it checked (there must be some).

use std::collections::BTreeSet;
use std::fmt::{self, Debug};
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use serde::de::{self, DeserializeOwned, Deserializer};
use serde::Deserialize;
use serde_json::Value;

/// The repository's root: the workspace folder that holds the package of the running test (the
/// root package, or one under crates/).
pub fn repository_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().find(|dir| dir.join("pkg-template").is_dir()).unwrap_or(manifest).to_path_buf()
}

/// A suite of vectors, named by its folder (`rules`, `book`, `search`).
#[derive(Clone, Copy)]
pub struct Suite(pub &'static str);

impl Suite {
    /// `../shared/conformance/<suite>`, beside the repository.
    pub fn dir(self) -> PathBuf {
        let dir = repository_root().join("../shared/conformance").join(self.0);
        assert!(
            dir.is_dir(),
            "conformance vectors not found at {} — the shared/ folder must sit beside the repository \
             (../shared); these tests never run without it",
            dir.display()
        );
        dir
    }

    /// The path of `file` in the suite.
    pub fn path(self, file: &str) -> PathBuf {
        self.dir().join(file)
    }

    /// The text of `file`.
    pub fn text(self, file: &str) -> String {
        let path = self.path(file);
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    }

    /// The document `file` as its typed struct `T` (a malformed file fails with serde's message).
    pub fn doc<T: DeserializeOwned>(self, file: &str) -> T {
        let text = self.text(file);
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}/{file} does not match its case structs: {e}", self.0))
    }

    /// The cases of `file`, a JSON array.
    pub fn cases<C: DeserializeOwned>(self, file: &str) -> Vec<C> {
        self.doc(file)
    }

    /// The JSON document `file`, untyped (for tests that have not moved to case structs).
    pub fn load(self, file: &str) -> Value {
        self.doc(file)
    }

    /// The names of the files of the folder that `keep` accepts, sorted: what a suite's
    /// `all_files_are_covered` test compares with the files it knows.
    pub fn files(self, keep: impl Fn(&str) -> bool) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.dir())
            .unwrap_or_else(|e| panic!("cannot list the {} conformance folder: {e}", self.0))
            .map(|e| e.expect("cannot read a directory entry").file_name().to_string_lossy().into_owned())
            .filter(|name| keep(name))
            .collect();
        names.sort();
        names
    }
}

/// A vector case: its name is how a failure is reported, and must be unique in its file.
pub trait Case {
    fn name(&self) -> String;
}

/// Implements [`Case`] for case structs named by their `title` field.
macro_rules! titled {
    ($($t:ty),*) => {
        $(impl $crate::common::conformance::Case for $t {
            fn name(&self) -> String {
                self.title.clone()
            }
        })*
    };
}
pub(crate) use titled;

/// The failures of one case: every field compared adds one when it differs, so a case reports all
/// its wrong fields at once.
#[derive(Default)]
pub struct Check(Vec<String>);

impl Check {
    /// A failure unless `got == want`, named by the `field` compared.
    pub fn eq<T: PartialEq + Debug>(&mut self, field: &str, got: T, want: T) {
        if got != want {
            self.0.push(format!("{field}: got {got:?}, want {want:?}"));
        }
    }

    /// A failure, described by `what`, unless `ok`.
    pub fn that(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.0.push(what());
        }
    }

    /// A failure.
    pub fn fail(&mut self, what: impl Into<String>) {
        self.0.push(what.into());
    }

    /// The value of `result`, or `None` with its error as a failure.
    pub fn ok<T>(&mut self, what: &str, result: Result<T, impl fmt::Display>) -> Option<T> {
        result.map_err(|e| self.0.push(format!("{what}: {e}"))).ok()
    }

    /// Whether no failure has been recorded so far.
    pub fn passed(&self) -> bool {
        self.0.is_empty()
    }
}

/// Runs `check` on every case, then fails listing every failing case by name (a panic inside a case
/// is that case's failure; two cases with the same name are a failure). Returns the number of cases
/// checked, which is the number of cases (there must be some).
pub fn run<C: Case>(what: &str, cases: &[C], check: impl Fn(&C, &mut Check)) -> usize {
    run_named(what, cases, |c| Some(c.name()), true, check)
}

fn run_named<C>(
    what: &str,
    cases: &[C],
    name: impl Fn(&C) -> Option<String>,
    unique: bool,
    check: impl Fn(&C, &mut Check),
) -> usize {
    assert!(!cases.is_empty(), "{what}: no cases");
    let mut failures = Vec::new();
    let mut names = BTreeSet::new();
    let mut checked = 0;
    for (i, case) in cases.iter().enumerate() {
        let name = name(case).unwrap_or_else(|| "<unnamed>".to_owned());
        if unique && !names.insert(name.clone()) {
            failures.push(format!("#{i} {name:?}: duplicate case name"));
        }
        let mut c = Check::default();
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(case, &mut c))) {
            c.fail(format!("PANIC: {}", panic_message(&*panic)));
        }
        checked += 1;
        failures.extend(c.0.into_iter().map(|f| format!("#{i} {name:?}: {f}")));
    }
    assert!(failures.is_empty(), "{what}: {} failures in {checked} cases:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(checked, cases.len(), "{what}: a case was not checked");
    checked
}

/// The text of a caught panic.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "<non-string panic>".to_owned())
}

// ---------------------------------------------------------------------------------------------------
// Untyped cases, for the tests that still read `serde_json::Value`s (tests/cli_book.rs)

/// How [`run_cases`] names an untyped case in its failures.
#[derive(Clone, Copy)]
pub struct Naming {
    /// The string field that holds a case's name (`title`, `name`).
    pub field: &'static str,
    /// Whether two cases of a file with the same name is a failure of its own.
    pub unique: bool,
}

/// [`run`] over untyped cases: `check` returns the case's failure, if any.
pub fn run_cases(what: &str, cases: &[Value], naming: Naming, check: impl Fn(&Value) -> Result<(), String>) -> usize {
    run_named(
        what,
        cases,
        |case| case.get(naming.field).and_then(Value::as_str).map(str::to_owned),
        naming.unique,
        |case, c| {
            if let Err(failure) = check(case) {
                c.fail(failure);
            }
        },
    )
}

/// `v` as an array; `what` names it when it is not one.
pub fn array<'a>(v: &'a Value, what: &str) -> &'a [Value] {
    v.as_array().unwrap_or_else(|| panic!("{what} is not an array"))
}

// ---------------------------------------------------------------------------------------------------
// Field types the vector files share

/// A JS number: a JSON number, or one of the strings `"Infinity"`, `"-Infinity"`, `"NaN"` that stand
/// for the numbers JSON cannot hold (conformance/search/README.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(f64),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Number(x) => Ok(Num(x)),
            Raw::Text(s) => match s.as_str() {
                "Infinity" => Ok(Num(f64::INFINITY)),
                "-Infinity" => Ok(Num(f64::NEG_INFINITY)),
                "NaN" => Ok(Num(f64::NAN)),
                other => Err(de::Error::custom(format!("not a number: {other:?}"))),
            },
        }
    }
}

/// An argument of a JS call that a vector may give with any JS type: `Typed` when it has the type the
/// typed Rust API takes, `Other` (the raw JSON) when JS would reject it by type.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum JsArg<T> {
    Typed(T),
    Other(Value),
}

impl<T> JsArg<T> {
    pub fn typed(&self) -> Option<&T> {
        match self {
            JsArg::Typed(t) => Some(t),
            JsArg::Other(_) => None,
        }
    }
}

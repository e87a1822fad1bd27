//! The conformance vectors of `../shared/conformance/<suite>/`, read at test time and never copied
//! into this repository: where a suite is (a missing `../shared` fails loudly), how a file loads, and
//! the collector that runs every case and fails once at the end, listing all the failures.

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use serde_json::Value;

/// A suite of vectors, named by its folder (`rules`, `book`, `search`).
#[derive(Clone, Copy)]
pub struct Suite(pub &'static str);

impl Suite {
    /// `../shared/conformance/<suite>`.
    pub fn dir(self) -> PathBuf {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance").join(self.0);
        assert!(
            dir.is_dir(),
            "conformance vectors not found at {} — the shared/ folder must sit beside the repository \
             (../shared); these tests never run without it",
            dir.display()
        );
        dir
    }

    /// The JSON document `file`.
    pub fn load(self, file: &str) -> Value {
        let path = self.dir().join(file);
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not valid JSON: {e}", path.display()))
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

/// Failures collected over the cases of a file; [`Failures::finish`] fails listing all of them.
#[derive(Default)]
pub struct Failures(Vec<String>);

impl Failures {
    pub fn push(&mut self, failure: String) {
        self.0.push(failure);
    }

    /// A failure, described by `what`, unless `ok`.
    pub fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.0.push(what());
        }
    }

    /// A failure unless `got == want`, named by the case's `title` and the `field` compared.
    pub fn eq<T: PartialEq + Debug>(&mut self, title: &str, field: &str, got: T, want: T) {
        if got != want {
            self.0.push(format!("{title}: {field}: got {got:?}, want {want:?}"));
        }
    }

    /// Fails, listing every failure, if there is any; `what` names the file and `cases` counts them.
    pub fn finish(self, what: &str, cases: usize) {
        assert!(self.0.is_empty(), "{what}: {} failures in {cases} cases:\n{}", self.0.len(), self.0.join("\n"));
    }
}

/// How [`run_cases`] names a case in its failures.
#[derive(Clone, Copy)]
pub struct Naming {
    /// The string field that holds a case's name (`title`, `name`).
    pub field: &'static str,
    /// Whether two cases of a file with the same name is a failure of its own.
    pub unique: bool,
}

/// Runs `check` on every case, a panic inside it being caught and reported as that case's failure,
/// then fails listing every failing case. Returns the number of cases (there must be some).
pub fn run_cases(what: &str, cases: &[Value], naming: Naming, check: impl Fn(&Value) -> Result<(), String>) -> usize {
    assert!(!cases.is_empty(), "{what}: no cases");
    let mut failures = Failures::default();
    let mut names = BTreeSet::new();
    for (i, case) in cases.iter().enumerate() {
        let name = case
            .get(naming.field)
            .and_then(Value::as_str)
            .map_or_else(|| format!("<no {}>", naming.field), str::to_owned);
        if naming.unique && !names.insert(name.clone()) {
            failures.push(format!("#{i} {name:?}: duplicate {}", naming.field));
        }
        match catch_unwind(AssertUnwindSafe(|| check(case))) {
            Ok(Ok(())) => {}
            Ok(Err(msg)) => failures.push(format!("#{i} {name:?}: {msg}")),
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "<non-string panic>".to_owned());
                failures.push(format!("#{i} {name:?}: PANIC: {msg}"));
            }
        }
    }
    failures.finish(what, cases.len());
    cases.len()
}

/// `v` as an array; `what` names it when it is not one.
pub fn array<'a>(v: &'a Value, what: &str) -> &'a [Value] {
    v.as_array().unwrap_or_else(|| panic!("{what} is not an array"))
}

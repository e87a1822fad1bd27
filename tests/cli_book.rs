//! The book tools run as a user runs them: `book build`, `book validate`, `book convert` and
//! `book probe` (BOOK.md §11.1–§11.5), checked against the conformance vectors of
//! `../shared/conformance/book/` (read at test time, never copied) and the exit codes of §11.1.
//! Every expectation comes from a vector or from the spec; only formatting the spec leaves open
//! (the probe's text layout) follows src/cli/book/probe.rs.
#![cfg(all(not(target_arch = "wasm32"), feature = "book"))] // native only: wasm-pack test builds every test target for wasm32
#![cfg(all(feature = "cli", feature = "book"))]

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

use common::cli::{code, fails, ok, path, read_json, run, stderr, stdout};
use common::conformance::{self, array, Naming, Suite};
use dicechess::book::fnv1a64;
use dicechess::search::Rng;
use serde_json::Value;

const SUITE: Suite = Suite("book");
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

// ---------------------------------------------------------------------------------------------------
// Helpers

/// Runs `check` on every case (a panic is that case's failure), then fails listing every failure.
fn run_cases(what: &str, cases: &[Value], field: &'static str, check: impl Fn(&Value) -> Result<(), String>) {
    conformance::run_cases(what, cases, Naming { field, unique: false }, check);
}

/// [`run_cases`] with a fresh temporary directory `<prefix>…` for each case.
fn run_cases_in_scratch(
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
fn vector(file: &str) -> PathBuf {
    SUITE.dir().join(file)
}

fn s<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field].as_str().unwrap_or_else(|| panic!("malformed vector: {field:?} is not a string in {v}"))
}

fn unhex(text: &str) -> Vec<u8> {
    assert!(text.len() % 2 == 0, "odd hex length");
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex")).collect()
}

fn key_hash(key: &str) -> String {
    format!("{:016x}", fnv1a64(key.as_bytes()))
}

/// The DFEN of a five-field key `<placement> <side> <castling> <ep> <dice>` (clocks `0 1`).
fn key_dfen(key: &str) -> String {
    let f: Vec<&str> = key.split(' ').collect();
    assert_eq!(f.len(), 5, "a key has five fields: {key}");
    format!("{} {} {} {} 0 1 {}", f[0], f[1], f[2], f[3], f[4])
}

/// Args from owned strings.
fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A record of a vector as a dump line (BOOK.md §11.4): six TAB-separated fields.
fn dump_line(r: &Value) -> String {
    let moves: Vec<&str> = r["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    format!("{}\t{}\t{}\t{}\t{}\t{}", s(r, "keyHash"), moves.join(","), r["weight"], r["wins"], r["draws"], r["losses"])
}

/// The sorted tokens of a moves text (BOOK.md §2.2: split at `,`, trim, drop empty tokens).
fn signature(moves: &str) -> Vec<String> {
    let mut t: Vec<String> = moves.split(',').map(str::trim).filter(|m| !m.is_empty()).map(str::to_owned).collect();
    t.sort();
    t
}

fn string_list(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("{v} is not an array"))
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

// ---------------------------------------------------------------------------------------------------
// book build

/// The options of a `build_expected.json` case as flags.
fn build_options(case: &Value) -> Vec<String> {
    let o = &case["options"];
    let mut args =
        vec!["--min-games".to_owned(), o["minGames"].to_string(), "--max-ply".to_owned(), o["maxPly"].to_string()];
    if !o["minRating"].is_null() {
        args.extend(["--min-rating".to_owned(), o["minRating"].to_string()]);
    }
    args
}

/// Runs `book build INPUT -o OUT <options> <extra>`; expects success and nothing on stdout.
fn build(inputs: &[&Path], out: &Path, options: &[String], extra: &[&str]) {
    let mut args: Vec<&str> = vec!["book", "build"];
    args.extend(inputs.iter().map(|p| path(p)));
    args.extend(["-o", path(out)]);
    args.extend(strs(options));
    args.extend(extra);
    assert_eq!(ok(run(&args)), "", "the book goes to the file, not to stdout");
}

/// The distinct keys of TSV lines.
fn tsv_keys(text: &str) -> BTreeSet<&str> {
    text.lines().map(|l| l.split('\t').next().unwrap()).collect()
}

#[test]
fn build_matches_the_vectors_in_every_format() {
    let doc = SUITE.load("build_expected.json");
    let cases = array(&doc["cases"], "build_expected.json cases");
    assert_eq!(cases.len(), 5);
    run_cases_in_scratch("build_expected.json", cases, "input", "build", |case, dir| {
        let input = vector(s(case, "input"));
        let options = build_options(case);
        let tsv = s(case, "tsv");
        let weighted = s(case, "weightedTsv");
        let dcb = unhex(s(case, "dcbHex"));
        let records = array(&case["dcbRecords"], "dcbRecords");
        let record_keys: BTreeSet<&str> = records.iter().map(|r| s(r, "key")).collect();
        // (--format, output name chosen to contradict the extension rule, expected bytes,
        // expected entriesWritten and keysWritten of §9.5)
        let formats: [(&str, &str, &[u8], usize, usize); 3] = [
            ("tsv", "best.dcb", tsv.as_bytes(), tsv.lines().count(), tsv_keys(tsv).len()),
            ("weighted", "weighted.dcb", weighted.as_bytes(), weighted.lines().count(), tsv_keys(weighted).len()),
            ("dcb", "book.tsv", &dcb, records.len(), record_keys.len()),
        ];
        for (format, name, expected, entries, keys) in formats {
            let out = dir.join(name);
            let stats = dir.join(format!("{format}.stats.json"));
            let skipped = dir.join(format!("{format}.skipped.jsonl"));
            build(
                &[input.as_path()],
                &out,
                &options,
                &["--format", format, "--stats", path(&stats), "--skipped", path(&skipped), "--quiet"],
            );
            assert!(fs::read(&out).unwrap() == expected, "--format {format}: output differs from the vector");

            let got = read_json(&stats);
            for (field, want) in case["summary"].as_object().unwrap() {
                assert_eq!(&got[field], want, "--format {format}: --stats field {field}");
            }
            assert_eq!(got["entriesWritten"], entries, "--format {format}: entriesWritten");
            assert_eq!(got["keysWritten"], keys, "--format {format}: keysWritten");
            assert!(got["elapsedMs"].is_u64(), "--format {format}: elapsedMs is a number");

            check_skipped(&skipped, &[(input.as_path(), array(&case["skipped"], "skipped"))]);
        }
        // The same bytes for any --threads; the format follows the extension without --format.
        for threads in ["1", "2"] {
            let out = dir.join(format!("t{threads}.dcb"));
            build(&[input.as_path()], &out, &options, &["--threads", threads, "--quiet"]);
            assert!(fs::read(&out).unwrap() == dcb, ".dcb with --threads {threads}: output differs from dcbHex");
        }
        for name in ["plain.tsv", "plain.txt", "no-extension"] {
            let out = dir.join(name);
            build(&[input.as_path()], &out, &options, &[]);
            assert_eq!(fs::read_to_string(&out).unwrap(), tsv, "{name}: the best-line TSV");
        }
        Ok(())
    });
}

/// The skip report lists exactly the expected `(line, reason)` per file, in input order, with the
/// fields of §9.5.
fn check_skipped(report: &Path, expected: &[(&Path, &[Value])]) {
    let text = fs::read_to_string(report).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let want: Vec<(String, u64, String)> = expected
        .iter()
        .flat_map(|(file, skips)| {
            skips.iter().map(move |k| (path(file).to_owned(), k["line"].as_u64().unwrap(), s(k, "reason").to_owned()))
        })
        .collect();
    let got: Vec<(String, u64, String)> = lines
        .iter()
        .map(|l| (s(l, "file").to_owned(), l["line"].as_u64().expect("line is a number"), s(l, "reason").to_owned()))
        .collect();
    assert_eq!(got, want, "--skipped (file, line, reason)");
    for l in &lines {
        let fields: BTreeSet<&str> = l.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(fields, BTreeSet::from(["file", "line", "id", "reason", "detail"]), "fields of {l}");
        assert!(!s(l, "detail").is_empty(), "a detail in {l}");
        // Where the line is a well-formed object, its id is echoed (string or integer), else null.
        if !matches!(s(l, "reason"), "json" | "schema") {
            let source = fs::read_to_string(s(l, "file")).unwrap();
            let game: Value =
                serde_json::from_str(source.lines().nth(l["line"].as_u64().unwrap() as usize - 1).unwrap())
                    .expect("a JSON game");
            let id = game.get("id").cloned().unwrap_or(Value::Null);
            assert_eq!(l["id"], id, "id of {l}");
        }
    }
}

#[test]
fn build_of_two_inputs_equals_their_concatenation() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (a, b) = (vector("games_example.jsonl"), vector("games_skip.jsonl"));
    let both = dir.join("both.jsonl");
    let mut joined = fs::read(&a).unwrap();
    assert_eq!(joined.last(), Some(&b'\n'));
    joined.extend(fs::read(&b).unwrap());
    fs::write(&both, joined).unwrap();
    let options: Vec<String> = ["--min-games", "1", "--min-rating", "1500"].map(str::to_owned).to_vec();
    let (two, one) = (dir.join("two.dcb"), dir.join("one.dcb"));
    let (two_stats, one_stats) = (dir.join("two.json"), dir.join("one.json"));
    build(&[a.as_path(), b.as_path()], &two, &options, &["--stats", path(&two_stats), "--quiet"]);
    build(&[both.as_path()], &one, &options, &["--stats", path(&one_stats), "--quiet"]);
    assert!(fs::read(&two).unwrap() == fs::read(&one).unwrap(), "two inputs and their concatenation differ");
    let (mut x, mut y) = (read_json(&two_stats), read_json(&one_stats));
    x.as_object_mut().unwrap().remove("elapsedMs");
    y.as_object_mut().unwrap().remove("elapsedMs");
    assert_eq!(x, y, "the summaries differ");
    // 5 + 16 games (build_expected.json's gamesRead of each file).
    assert_eq!(x["gamesRead"], 21);

    // The skip report names each file with its own line numbers: games_skip.jsonl with
    // --min-rating 1500 is a vector case; games_example.jsonl is read first.
    let doc = SUITE.load("build_expected.json");
    let skip_case = array(&doc["cases"], "cases").iter().find(|c| c["input"] == "games_skip.jsonl").unwrap().clone();
    assert_eq!(skip_case["options"]["minRating"], 1500);
    let report = dir.join("skipped.jsonl");
    build(&[a.as_path(), b.as_path()], &dir.join("again.tsv"), &options, &["--skipped", path(&report), "--quiet"]);
    let text = fs::read_to_string(&report).unwrap();
    let first: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["file"] == path(&a))
        .map(|l| serde_json::json!({"line": l["line"], "reason": l["reason"]}))
        .collect();
    assert!(!first.is_empty(), "games_example.jsonl has a game without result (line 5)");
    check_skipped(&report, &[(a.as_path(), &first[..]), (b.as_path(), array(&skip_case["skipped"], "skipped"))]);
}

#[test]
fn build_exit_codes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let games = vector("games_example.jsonl");
    let out = dir.join("out.tsv");
    let g = path(&games);
    // Missing input (alone or after a good one): I/O, nothing written.
    let missing = dir.join("missing.jsonl");
    fails(run(&["book", "build", path(&missing), "-o", path(&out)]), 3);
    fails(run(&["book", "build", g, path(&missing), "-o", path(&out), "--min-games", "1"]), 3);
    assert_eq!(listing(dir), Vec::<String>::new(), "no output after a failed build");
    // Usage.
    for bad in [
        &["--frobnicate"][..],
        &["--min-games", "x"],
        &["--max-ply", "-1"],
        &["--min-rating", "high"],
        &["--threads", "0"],
        &["--threads", "two"],
        &["--format", "xml"],
    ] {
        let mut args = vec!["book", "build", g, "-o", path(&out)];
        args.extend(bad);
        fails(run(&args), 2);
    }
    fails(run(&["book", "build", g]), 2); // -o missing
    fails(run(&["book", "build", "-o", path(&out)]), 2); // no input
    assert!(!out.exists());
    // An output in a folder that does not exist: I/O, nothing written.
    let nowhere = dir.join("no-such-dir").join("book.dcb");
    fails(run(&["book", "build", g, "-o", path(&nowhere), "--min-games", "1"]), 3);
    assert!(!dir.join("no-such-dir").exists());
    assert_eq!(listing(dir), Vec::<String>::new());
    // Skipped games are no failure (games_skip.jsonl skips 15 of 16 lines).
    ok(run(&["book", "build", path(&vector("games_skip.jsonl")), "-o", path(&out), "--quiet"]));
    assert!(out.exists());
}

// ---------------------------------------------------------------------------------------------------
// book validate

/// `(line, code)` of a list of issues.
fn issues(list: &Value) -> Vec<(u64, String)> {
    array(list, "issues").iter().map(|i| (i["line"].as_u64().unwrap(), s(i, "code").to_owned())).collect()
}

#[test]
fn validate_matches_the_vectors() {
    let cases = SUITE.load("validate.json");
    run_cases_in_scratch("validate.json", array(&cases, "validate.json"), "name", "validate", |case, dir| {
        let book = dir.join("book.tsv");
        let text = s(case, "text");
        fs::write(&book, text).unwrap();
        let expect = &case["expect"];
        let (errors, warnings) = (issues(&expect["errors"]), issues(&expect["warnings"]));
        let want_code = if errors.is_empty() { 0 } else { 1 };

        let out = run(&["book", "validate", path(&book), "--json"]);
        assert_eq!(code(&out), want_code, "--json exit code; stderr: {}", stderr(&out));
        let v: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
        assert_eq!(v["ok"], expect["ok"], "ok");
        assert_eq!(v["entries"], expect["entries"], "entries");
        assert_eq!(v["keys"], expect["keys"], "keys");
        assert_eq!(issues(&v["errors"]), errors, "errors");
        assert_eq!(issues(&v["warnings"]), warnings, "warnings");
        // `text` is the input line exactly (§5).
        let lines: Vec<&str> = text.split('\n').collect();
        for i in array(&v["errors"], "errors").iter().chain(array(&v["warnings"], "warnings")) {
            assert_eq!(s(i, "text"), lines[i["line"].as_u64().unwrap() as usize - 1], "text of {i}");
            assert!(!s(i, "reason").is_empty(), "a reason in {i}");
        }

        // --strict: warnings fail too.
        let strict = run(&["book", "validate", path(&book), "--json", "--strict"]);
        let strict_code = if errors.is_empty() && warnings.is_empty() { 0 } else { 1 };
        assert_eq!(code(&strict), strict_code, "--strict exit code");

        // The human format (§11.3).
        let out = run(&["book", "validate", path(&book)]);
        assert_eq!(code(&out), want_code, "human exit code");
        let printed = stdout(&out);
        let printed: Vec<&str> = printed.lines().collect();
        let label = path(&book);
        for (kind, list) in [("error", &errors), ("warning", &warnings)] {
            for (line, code) in list.iter() {
                let head = format!("{label}:{line}: {kind}[{code}]: ");
                let at = printed.iter().position(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("no {head:?}"));
                // followed by the indented line text
                let source = lines[*line as usize - 1];
                let next = printed.get(at + 1).copied().unwrap_or_default();
                assert!(
                    next.starts_with([' ', '\t']) && next.ends_with(source) && next.len() > source.len(),
                    "{head:?} is not followed by the indented line {source:?}: {next:?}"
                );
            }
        }
        let heads = printed.iter().filter(|l| l.starts_with(&format!("{label}:"))).count();
        assert_eq!(heads, errors.len() + warnings.len(), "one line per issue");
        let last = format!(
            "{} entries, {} keys, {} errors, {} warnings",
            expect["entries"],
            expect["keys"],
            errors.len(),
            warnings.len()
        );
        assert_eq!(printed.last().copied(), Some(last.as_str()), "the final line");
        Ok(())
    });
}

#[test]
fn validate_binary_books() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let doc = SUITE.load("dcb.json");
    // A binary book made by `book convert` validates: entries = records, keys = key hashes.
    let tsv = dir.join("b.tsv");
    let dcb = dir.join("b.dcb");
    let encode = array(&doc["encode"], "encode");
    let case = encode.iter().find(|c| s(c, "name") == "weighted key, plain key and a Black key").unwrap();
    fs::write(&tsv, s(case, "tsv")).unwrap();
    assert_eq!(ok(run(&["book", "convert", path(&tsv), path(&dcb)])), "");
    let v: Value =
        serde_json::from_str(ok(run(&["book", "validate", path(&dcb), "--json", "--strict"])).trim()).unwrap();
    assert_eq!(v, serde_json::json!({"ok": true, "entries": 3, "keys": 2, "errors": [], "warnings": []}));
    let human = ok(run(&["book", "validate", path(&dcb)]));
    assert_eq!(human.lines().last(), Some("3 entries, 2 keys, 0 errors, 0 warnings"));

    // The decode vectors: a book detected as binary (it starts with DCBK) gets the §7.8 code, line 0.
    run_cases("dcb.json decode", array(&doc["decode"], "decode"), "name", |case| {
        let bytes = unhex(s(case, "hex"));
        if !bytes.starts_with(b"DCBK") {
            return Ok(()); // read as TSV by content (§11.1), not a binary-validation case
        }
        let file = dir.join(format!("{:016x}.dcb", fnv1a64(s(case, "name").as_bytes())));
        fs::write(&file, &bytes).unwrap();
        let out = run(&["book", "validate", path(&file), "--json"]);
        let v: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
        if case["ok"] == true {
            assert_eq!(code(&out), 0);
            let records = array(&case["records"], "records");
            let hashes: BTreeSet<&str> = records.iter().map(|r| s(r, "keyHash")).collect();
            assert_eq!(v["ok"], true);
            assert_eq!(v["entries"], records.len());
            assert_eq!(v["keys"], hashes.len());
            assert_eq!(v["errors"], serde_json::json!([]));
        } else {
            assert_eq!(code(&out), 1, "a structural error fails");
            assert_eq!(v["ok"], false);
            assert_eq!(issues(&v["errors"]), vec![(0, s(case, "error").to_owned())]);
            assert_eq!(v["errors"][0]["text"], "");
        }
        assert_eq!(v["warnings"], serde_json::json!([]));
        Ok(())
    });
}

#[test]
fn validate_exit_codes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fails(run(&["book", "validate", path(&dir.join("missing.tsv"))]), 3);
    let book = dir.join("b.tsv");
    fs::write(&book, "").unwrap();
    fails(run(&["book", "validate", path(&book), "--frobnicate"]), 2);
    fails(run(&["book", "validate", path(&book), "--max-report", "x"]), 2);
    fails(run(&["book", "validate"]), 2);
    fs::write(&book, b"key\t\xff\xfe\n").unwrap(); // not UTF-8: I/O
    fails(run(&["book", "validate", path(&book)]), 3);
}

// ---------------------------------------------------------------------------------------------------
// book convert

#[test]
fn convert_encodes_the_vectors_and_converts_back() {
    let doc = SUITE.load("dcb.json");
    let encode = array(&doc["encode"], "encode");
    assert_eq!(encode.len(), 15);
    run_cases_in_scratch("dcb.json encode", encode, "name", "convert", |case, dir| {
        let tsv = dir.join("book.tsv");
        fs::write(&tsv, s(case, "tsv")).unwrap();
        let dcb = dir.join("book.dcb");
        let out = run(&["book", "convert", path(&tsv), path(&dcb)]);
        if case["ok"] == true {
            assert_eq!(ok(out), "");
            assert!(fs::read(&dcb).unwrap() == unhex(s(case, "hex")), "bytes differ from hex");
            // --to dcb overrides the extension.
            let other = dir.join("other.bin");
            ok(run(&["book", "convert", path(&tsv), path(&other), "--to", "dcb"]));
            assert!(fs::read(&other).unwrap() == unhex(s(case, "hex")), "--to dcb: bytes differ from hex");
            if let Some(back) = case["convertBack"].as_str() {
                let text = dir.join("back.tsv");
                ok(run(&["book", "convert", path(&dcb), path(&text), "--keys", path(&tsv)]));
                assert_eq!(fs::read_to_string(&text).unwrap(), back, "convertBack");
                // To stdout as well.
                assert_eq!(ok(run(&["book", "convert", path(&dcb), "-", "--to", "tsv", "--keys", path(&tsv)])), back);
            }
        } else {
            let msg = fails(out, 1);
            let error = s(case, "error");
            let words = match error {
                "malformed" => "Malformed line",
                "unencodable-moves" => "move",
                "unencodable-weight" => "weight",
                other => panic!("unknown error code {other}"),
            };
            assert!(msg.contains(words), "{error}: the message should say so: {msg}");
            if let Some(line) = case["line"].as_u64() {
                assert!(msg.contains(&format!("{}:{line}", path(&tsv))), "{error}: names the file and line: {msg}");
            }
            assert_eq!(listing(dir), vec!["book.tsv".to_owned()], "nothing written");
        }
        Ok(())
    });
}

#[test]
fn convert_dumps_records() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let doc = SUITE.load("dcb.json");
    // The valid decode vectors (flags 0 and STATS): one line per record, in file order.
    let counter = AtomicUsize::new(0);
    run_cases("dcb.json decode (dump)", array(&doc["decode"], "decode"), "name", |case| {
        let bytes = unhex(s(case, "hex"));
        let file = dir.join(format!("{}.dcb", counter.fetch_add(1, SeqCst)));
        fs::write(&file, &bytes).unwrap();
        let out = run(&["book", "convert", path(&file), "-", "--to", "dump"]);
        if case["ok"] == true {
            let want: String = array(&case["records"], "records").iter().map(|r| dump_line(r) + "\n").collect();
            assert_eq!(ok(out), want, "dump");
        } else if bytes.starts_with(b"DCBK") {
            let msg = fails(out, 1);
            assert!(msg.contains(s(case, "error")), "names the §7.8 error {}: {msg}", s(case, "error"));
        }
        Ok(())
    });
    // A built book with statistics, dumped to a file: dcbRecords (W/D/L included).
    let build_doc = SUITE.load("build_expected.json");
    let case = &array(&build_doc["cases"], "cases")[0];
    let book = dir.join("built.dcb");
    fs::write(&book, unhex(s(case, "dcbHex"))).unwrap();
    let dump = dir.join("built.txt");
    ok(run(&["book", "convert", path(&book), path(&dump), "--to", "dump"]));
    let want: String = array(&case["dcbRecords"], "dcbRecords").iter().map(|r| dump_line(r) + "\n").collect();
    assert_eq!(fs::read_to_string(&dump).unwrap(), want);
    // Each record's keyHash is FNV-1a-64 of its key.
    for r in array(&case["dcbRecords"], "dcbRecords") {
        assert_eq!(key_hash(s(r, "key")), s(r, "keyHash"));
    }
}

#[test]
fn convert_rejects_corrupt_and_unresolved_books() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let doc = SUITE.load("dcb.json");
    let encode = array(&doc["encode"], "encode");
    let case = encode.iter().find(|c| s(c, "name") == "weighted key, plain key and a Black key").unwrap();
    let good = unhex(s(case, "hex"));
    let tsv = dir.join("keys.tsv");
    fs::write(&tsv, s(case, "tsv")).unwrap();

    // A truncated valid book: size-mismatch, exit 1, nothing written.
    let cut = dir.join("cut.dcb");
    fs::write(&cut, &good[..good.len() - 1]).unwrap();
    for to in ["tsv", "dump", "dcb"] {
        let out = dir.join(format!("out.{to}"));
        let msg = fails(run(&["book", "convert", path(&cut), path(&out), "--to", to, "--keys", path(&tsv)]), 1);
        assert!(msg.contains("size-mismatch"), "{msg}");
        assert!(!out.exists());
    }
    // Every corrupt decode vector detected as binary.
    run_cases("dcb.json decode (corrupt)", array(&doc["decode"], "decode"), "name", |case| {
        let bytes = unhex(s(case, "hex"));
        if case["ok"] == true || !bytes.starts_with(b"DCBK") {
            return Ok(());
        }
        let file = dir.join("corrupt.dcb");
        let out = dir.join(format!("{:016x}.tsv", fnv1a64(s(case, "name").as_bytes())));
        fs::write(&file, &bytes).unwrap();
        let msg = fails(run(&["book", "convert", path(&file), path(&out), "--keys", path(&tsv)]), 1);
        assert!(msg.contains(s(case, "error")), "{msg}");
        assert!(!out.exists());
        Ok(())
    });

    // Binary → TSV without any key source: every record is unresolved (§7.10, §11.4).
    let book = dir.join("good.dcb");
    fs::write(&book, &good).unwrap();
    let back = dir.join("back.tsv");
    fails(run(&["book", "convert", path(&book), path(&back)]), 1);
    assert!(!back.exists());
    ok(run(&["book", "convert", path(&book), path(&back), "--drop-unresolved"]));
    assert_eq!(fs::read_to_string(&back).unwrap(), "", "every record dropped");
    // A DFEN without dice as key source: the keys of all 56 rolls of its side to move resolve the
    // White key (BPR) but not the Black one.
    let dfens = dir.join("positions.txt");
    fs::write(&dfens, format!("{START} w KQkq - 0 1\n")).unwrap();
    fails(run(&["book", "convert", path(&book), path(&back), "--keys", path(&dfens)]), 1);
    fs::write(&dfens, format!("{START} w KQkq - 0 1\n\n{START} b KQkq - 0 1\n")).unwrap();
    ok(run(&["book", "convert", path(&book), path(&back), "--keys", path(&dfens)]));
    assert_eq!(fs::read_to_string(&back).unwrap(), s(case, "convertBack"));

    // Usage and I/O.
    fails(run(&["book", "convert", path(&book), path(&back), "--to", "xml"]), 2);
    fails(run(&["book", "convert", path(&book)]), 2);
    fails(run(&["book", "convert", path(&dir.join("missing.dcb")), path(&back)]), 3);
    fails(run(&["book", "convert", path(&tsv), path(&dir.join("no-such-dir").join("b.dcb"))]), 3);
    assert!(!dir.join("no-such-dir").exists());
}

// ---------------------------------------------------------------------------------------------------
// book probe

/// A dcb book built from games_example.jsonl with --min-games 1 (build_expected.json case 0).
fn example_book(dir: &Path) -> (PathBuf, Value) {
    let doc = SUITE.load("build_expected.json");
    let case = array(&doc["cases"], "cases")[0].clone();
    assert_eq!(case["input"], "games_example.jsonl");
    assert_eq!(case["options"]["minGames"], 1);
    assert_eq!(case["options"]["maxPly"], 20);
    let book = dir.join("example.dcb");
    build(&[vector("games_example.jsonl").as_path()], &book, &build_options(&case), &["--quiet"]);
    (book, case)
}

#[test]
fn probe_a_built_book() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (book, case) = example_book(dir);
    let b = path(&book);
    let records = array(&case["dcbRecords"], "dcbRecords");
    assert_eq!(records.len(), 8);
    for r in records {
        let key = s(r, "key");
        let dfen = key_dfen(key);
        let moves = string_list(&r["moves"]).join(",");
        let v: Value = serde_json::from_str(ok(run(&["book", "probe", b, &dfen, "--json"])).trim()).unwrap();
        let fields: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(fields, ["key", "keyHash", "entries", "decision"]);
        assert_eq!(v["key"], key);
        assert_eq!(v["keyHash"], s(r, "keyHash"));
        assert_eq!(v["keyHash"], key_hash(key));
        let entry = serde_json::json!({"moves": moves, "weight": r["weight"], "wins": r["wins"],
            "draws": r["draws"], "losses": r["losses"], "legal": true});
        assert_eq!(v["entries"], serde_json::json!([entry]), "{key}");
        // One legal alternative: the book plays it, in a legal order of its moves.
        assert_eq!(v["decision"]["kind"], "book", "{key}");
        let played = string_list(&v["decision"]["moves"]);
        assert_eq!(signature(&played.join(",")), string_list(&r["moves"]), "{key}: the booked multiset");

        // The text form: key, hash, the entry with its weight, W/D/L and `legal`, the decision.
        let text = ok(run(&["book", "probe", b, &dfen]));
        assert!(text.contains(key) && text.contains(s(r, "keyHash")), "{text}");
        let line = text.lines().find(|l| l.contains(&moves)).unwrap_or_else(|| panic!("no entry line in {text}"));
        let wdl = format!("W/D/L {}/{}/{}", r["wins"], r["draws"], r["losses"]);
        assert!(line.contains(&format!("weight {}", r["weight"])) && line.contains(&wdl), "{line}");
        assert!(line.trim_end().ends_with("legal") && !line.contains("stale"), "{line}");
        assert!(text.contains(&format!("book (seed 0): {}", played.join(" "))), "{text}");
    }

    // Game 1 (§8): Black's knight turn b8c6, c6b4, b4c2 is the only order that plays.
    let game: Value =
        serde_json::from_str(fs::read_to_string(vector("games_example.jsonl")).unwrap().lines().next().unwrap())
            .unwrap();
    let nnn = format!("{START} b KQkq - 0 1 nnn");
    let v: Value = serde_json::from_str(ok(run(&["book", "probe", b, &nnn, "--json"])).trim()).unwrap();
    assert_eq!(v["decision"]["moves"], game["turns"][1]["moves"]);
    // DFEN words as separate arguments, other clocks and upper-case dice: the same probe (§1, §11.5).
    let words: Vec<String> = format!("{START} b KQkq - 9 30 NNN").split(' ').map(str::to_owned).collect();
    let mut args = vec!["book", "probe", b];
    args.extend(strs(&words));
    args.push("--json");
    assert_eq!(serde_json::from_str::<Value>(ok(run(&args)).trim()).unwrap(), v);
    let mut args = vec!["book", "probe", b];
    args.extend(nnn.split(' '));
    assert_eq!(ok(run(&args)), ok(run(&["book", "probe", b, &nnn])));

    // Without dice: the rolls of that position that have entries.
    for side in ["w", "b"] {
        let prefix = format!("{START} {side} KQkq - ");
        let want: BTreeSet<&str> = records.iter().map(|r| s(r, "key")).filter(|k| k.starts_with(&prefix)).collect();
        assert_eq!(want.len(), 1, "games_example.jsonl has one booked roll of the start per side");
        let dfen = format!("{START} {side} KQkq - 0 1");
        let v: Value = serde_json::from_str(ok(run(&["book", "probe", b, &dfen, "--json"])).trim()).unwrap();
        let got: BTreeSet<&str> = array(&v, "rolls").iter().map(|p| s(p, "key")).collect();
        assert_eq!(got, want);
        let text = ok(run(&["book", "probe", b, &dfen]));
        for r in records {
            assert_eq!(text.contains(s(r, "key")), want.contains(s(r, "key")), "{text}");
        }
    }
    // No entry for this roll: no entries, the base bot decides.
    let v: Value =
        serde_json::from_str(ok(run(&["book", "probe", b, &format!("{START} b KQkq - 0 1 ppp"), "--json"])).trim())
            .unwrap();
    assert_eq!(v["entries"], serde_json::json!([]));
    assert_eq!(v["decision"], serde_json::json!({"kind": "fallback", "moves": []}));
}

#[test]
fn probe_exit_codes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let book = dir.join("b.tsv");
    fs::write(&book, format!("{START} w KQkq - BPR\te2e4,f1c4\n")).unwrap();
    let dfen = format!("{START} w KQkq - 0 1 BPR");
    ok(run(&["book", "probe", path(&book), &dfen]));
    fails(run(&["book", "probe", path(&book), "not a dfen"]), 1);
    fails(run(&["book", "probe", path(&book), "not", "a", "dfen"]), 1);
    fails(run(&["book", "probe", path(&book), &format!("{START} x KQkq - 0 1 BPR")]), 1);
    fails(run(&["book", "probe", path(&dir.join("missing.dcb")), &dfen]), 3);
    fails(run(&["book", "probe", path(&book)]), 2); // no DFEN
    fails(run(&["book", "probe", path(&book), &dfen, "--seed", "-1"]), 2);
    fails(run(&["book", "probe", path(&book), &dfen, "--frobnicate"]), 2);
    // A book that does not load: invalid content.
    fs::write(&book, "# not a book\n").unwrap();
    fails(run(&["book", "probe", path(&book), &dfen]), 1);
}

/// The index chosen by §3 step 6 for a draw `u` among `weights`.
fn pick(weights: &[f64], u: f64) -> usize {
    let total: f64 = weights.iter().sum();
    let mut sum = 0.0;
    for (i, w) in weights.iter().enumerate() {
        sum += w;
        if sum > u * total {
            return i;
        }
    }
    weights.len() - 1
}

#[test]
fn probe_matches_the_lookup_vectors() {
    let cases = SUITE.load("lookup.json");
    run_cases_in_scratch("lookup.json", array(&cases, "lookup.json"), "name", "lookup", |case, dir| {
        let Some(key) = case["key"].as_str() else {
            return Ok(()); // no key: a DFEN without dice lists rolls instead (probe_a_built_book)
        };
        let book = dir.join("book.tsv");
        fs::write(&book, s(case, "book")).unwrap();
        let expect = &case["expect"];
        let candidates = expect["candidates"].as_array().cloned().unwrap_or_default();
        // Several seeds where the choice is weighted.
        let seeds: &[u64] = if candidates.len() > 1 { &[0, 1, 2, 3, 4, 5, 6, 7] } else { &[0] };
        for &seed in seeds {
            let seed_text = seed.to_string();
            let out = ok(run(&["book", "probe", path(&book), s(case, "dfen"), "--json", "--seed", &seed_text]));
            let v: Value = serde_json::from_str(out.trim()).unwrap();
            assert_eq!(v["key"], key);
            assert_eq!(v["keyHash"], key_hash(key));
            let entries = array(&v["entries"], "entries");
            let decision = &v["decision"];
            match s(expect, "kind") {
                "fallback" => {
                    assert_eq!(decision, &serde_json::json!({"kind": "fallback", "moves": []}));
                    assert!(entries.iter().all(|e| e["legal"] == false), "a fallback on a key hit: all stale");
                }
                "king-capture" => {
                    assert_eq!(decision["kind"], "king-capture");
                    assert_eq!(decision["moves"], expect["turn"]);
                }
                "book" => {
                    // The legal entries are exactly the candidates, with their weights.
                    let mut legal: Vec<(Vec<String>, f64)> = entries
                        .iter()
                        .filter(|e| e["legal"] == true)
                        .map(|e| (signature(s(e, "moves")), e["weight"].as_f64().unwrap()))
                        .collect();
                    let mut want: Vec<(Vec<String>, f64)> =
                        candidates.iter().map(|c| (string_list(&c["turn"]), c["weight"].as_f64().unwrap())).collect();
                    legal.sort_by(|a, b| a.0.cmp(&b.0));
                    want.sort_by(|a, b| a.0.cmp(&b.0));
                    assert_eq!(legal, want, "legal entries");
                    // The turn of the candidate §3 step 6 picks for u = the seed's first real().
                    let weights: Vec<f64> = candidates.iter().map(|c| c["weight"].as_f64().unwrap()).collect();
                    let u = Rng::from_seed(seed).real();
                    let chosen = &candidates[pick(&weights, u)];
                    assert_eq!(decision["kind"], "book");
                    assert_eq!(decision["moves"], chosen["sequence"], "seed {seed} (u = {u})");
                }
                other => panic!("unknown kind {other}"),
            }
        }
        Ok(())
    });
}

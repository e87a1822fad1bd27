//! The book tools run as a user runs them, part one: `book build` and `book validate` (BOOK.md
//! §11.1–§11.3), checked against the conformance vectors of `../shared/conformance/book/` (read at
//! test time, never copied) and the exit codes of §11.1; `book convert` and `book probe` are in
//! tests/cli_book_convert.rs, the shared helpers in tests/common/book_cli.rs. Every expectation
//! comes from a vector or from the spec.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use common::book_cli::*;
use common::cli::{code, fails, ok, path, read_json, run, stderr, stdout};
use common::conformance::array;
use dicechess::book::fnv1a64;
use serde_json::Value;
// ---------------------------------------------------------------------------------------------------
// book build

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

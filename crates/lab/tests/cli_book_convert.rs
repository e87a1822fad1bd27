//! The book tools run as a user runs them, part two: `book convert` and `book probe` (BOOK.md
//! §11.4, §11.5), checked against the conformance vectors of `../shared/conformance/book/` (read at
//! test time, never copied) and the exit codes of §11.1; `book build` and `book validate` are in
//! tests/cli_book.rs. Only formatting the spec leaves open (the probe's text layout) follows
//! crates/cli/src/book_cmd/probe.rs.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

use common::book_cli::*;
use common::cli::{fails, ok, path, run};
use common::conformance::array;
use dicechess::book::fnv1a64;
use dicechess::Rng;
use serde_json::Value;
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

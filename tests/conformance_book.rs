//! The opening-book conformance vectors (`../shared/conformance/book/`, BOOK.md §13), loaded at test
//! time and checked strictly through `dicechess::book`.
//!
//! One `#[test]` per file. Every case runs, every failure is collected with its name, and the test
//! fails at the end listing all of them; a panic inside the library is caught and reported as a
//! failure of that case. The files are never copied into this repository.
#![cfg(all(not(target_arch = "wasm32"), feature = "book"))] // native only: wasm-pack test builds every test target for wasm32
#![cfg(feature = "book")]

mod common;

use std::collections::{BTreeSet, HashMap};
use std::fs;

use common::conformance::{self, array, Naming, Suite};
use dicechess::book::build::{process_line, Aggregator, BuildOptions};
use dicechess::book::{
    book_key, dcb_to_tsv, encode_tsv, fnv1a64, key_table, lookup, validate_tsv, Book, DcbBook, Decision, Record,
    Signature, TsvBook,
};
use dicechess::Position;
use serde_json::{json, Value};

const SUITE: Suite = Suite("book");

/// Every file this suite knows; `all_files_are_covered` fails when the folder differs.
const FILES: &[&str] = &[
    "README.md",
    "build_expected.json",
    "dcb.json",
    "fnv1a64.json",
    "games_example.jsonl",
    "games_skip.jsonl",
    "key.json",
    "lookup.json",
    "tsv_parse.json",
    "validate.json",
];

/// Runs `check` on every case, named by its `name`, then fails listing every failing case. Returns
/// the number of cases.
fn run_cases(what: &str, cases: &[Value], check: impl Fn(&Value) -> Result<(), String>) -> usize {
    conformance::run_cases(what, cases, Naming { field: "name", unique: false }, check)
}

fn s<'a>(case: &'a Value, name: &str) -> Result<&'a str, String> {
    case.get(name).and_then(Value::as_str).ok_or_else(|| format!("malformed case: {name:?} is not a string"))
}

fn expect_eq<T: PartialEq + std::fmt::Debug>(what: &str, got: T, expected: T) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("{what}: expected {expected:?}, got {got:?}"))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex")).collect()
}

fn record_json(r: &Record) -> Value {
    let sig = Signature::unpack(r.moves).expect("a loaded record has valid moves");
    json!({
        "keyHash": format!("{:016x}", r.key_hash),
        "moves": sig.moves().iter().map(|u| u.to_string()).collect::<Vec<_>>(),
        "weight": r.weight, "wins": r.wins, "draws": r.draws, "losses": r.losses,
    })
}

#[test]
fn all_files_are_covered() {
    let present: BTreeSet<String> = SUITE.files(|_| true).into_iter().collect();
    let known: BTreeSet<String> = FILES.iter().map(|f| (*f).to_owned()).collect();
    assert_eq!(present, known, "conformance/book holds files this suite does not know (or misses some)");
}

#[test]
fn fnv1a64_vectors() {
    let n = run_cases("fnv1a64.json", array(&SUITE.load("fnv1a64.json"), "fnv1a64.json"), |case| {
        let input = s(case, "input")?;
        expect_eq("utf8Hex", hex(input.as_bytes()), s(case, "utf8Hex")?.to_owned())?;
        let h = fnv1a64(input.as_bytes());
        expect_eq("fnv1a64", format!("{h:016x}"), s(case, "fnv1a64")?.to_owned())?;
        expect_eq("littleEndianBytes", hex(&h.to_le_bytes()), s(case, "littleEndianBytes")?.to_owned())
    });
    assert_eq!(n, 8);
}

#[test]
fn key_vectors() {
    let n = run_cases("key.json", array(&SUITE.load("key.json"), "key.json"), |case| {
        let expected = case.get("key").ok_or("no key")?.as_str().map(str::to_owned);
        expect_eq("key", book_key(s(case, "dfen")?), expected)
    });
    assert_eq!(n, 36);
}

/// A parsed book as the vectors write it, alternatives sorted (their order is not significant).
fn book_json(book: &TsvBook) -> Value {
    let mut out = serde_json::Map::new();
    for (key, entry) in book.iter() {
        let mut alts: Vec<(String, f64)> = entry.alternatives.iter().map(|a| (a.moves.clone(), a.weight)).collect();
        alts.sort_by(|a, b| a.0.cmp(&b.0));
        let alts: Vec<Value> = alts.into_iter().map(|(m, w)| json!({"moves": m, "weight": w})).collect();
        out.insert(key.to_owned(), json!({"weighted": entry.weighted, "alternatives": alts}));
    }
    Value::Object(out)
}

fn normalize_book(expected: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for (key, entry) in expected.as_object().expect("book object") {
        let mut alts: Vec<(String, f64)> = array(&entry["alternatives"], "alternatives")
            .iter()
            .map(|a| (a["moves"].as_str().unwrap().to_owned(), a["weight"].as_f64().unwrap()))
            .collect();
        alts.sort_by(|a, b| a.0.cmp(&b.0));
        let alts: Vec<Value> = alts.into_iter().map(|(m, w)| json!({"moves": m, "weight": w})).collect();
        out.insert(key.clone(), json!({"weighted": entry["weighted"], "alternatives": alts}));
    }
    Value::Object(out)
}

#[test]
fn tsv_parse_vectors() {
    let n = run_cases("tsv_parse.json", array(&SUITE.load("tsv_parse.json"), "tsv_parse.json"), |case| {
        let text = s(case, "text")?;
        let ok = case["ok"].as_bool().ok_or("no ok")?;
        match (TsvBook::parse(text), ok) {
            (Ok(book), true) => expect_eq("book", book_json(&book), normalize_book(&case["book"])),
            (Err(e), false) => expect_eq("error", e.to_string(), s(case, "error")?.to_owned()),
            (Ok(book), false) => Err(format!("parsed, expected error {:?}: {:?}", case["error"], book_json(&book))),
            (Err(e), true) => Err(format!("expected a book, got error {e}")),
        }
    });
    assert_eq!(n, 52);
}

/// Checks one lookup case against a loaded book (TSV or its binary encoding).
fn check_lookup(book: &Book, case: &Value) -> Result<(), String> {
    let pos = Position::from_dfen(s(case, "dfen")?).map_err(|e| format!("dfen: {e}"))?;
    let expect = &case["expect"];
    let decision = lookup(book, &pos);
    let ucis = |moves: &[dicechess::Move]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    match (s(expect, "kind")?, &decision) {
        ("fallback", Decision::Miss | Decision::Stale) => Ok(()),
        ("king-capture", Decision::KingCapture(turn)) => {
            let want: Vec<String> =
                array(&expect["turn"], "turn").iter().map(|v| v.as_str().unwrap().to_owned()).collect();
            expect_eq("turn", ucis(turn), want)
        }
        ("book", Decision::Book(candidates)) => {
            let got: Vec<Value> = candidates
                .0
                .iter()
                .map(|c| {
                    json!({
                        "turn": c.signature.moves().iter().map(|u| u.to_string()).collect::<Vec<_>>(),
                        "sequence": ucis(&c.sequence),
                        "weight": c.weight,
                        "packedMoves": format!("{:016x}", c.packed()),
                    })
                })
                .collect();
            let want: Vec<Value> = array(&expect["candidates"], "candidates")
                .iter()
                .map(|c| {
                    json!({"turn": c["turn"], "sequence": c["sequence"], "weight": c["weight"].as_f64().unwrap(),
                           "packedMoves": c["packedMoves"]})
                })
                .collect();
            expect_eq("candidates", got, want)?;
            for d in array(&expect["draws"], "draws") {
                let u = d["u"].as_f64().ok_or("u")?;
                expect_eq(&format!("pick for u = {u}"), candidates.pick(u) as u64, d["pick"].as_u64().ok_or("pick")?)?;
            }
            Ok(())
        }
        (kind, got) => Err(format!("expected {kind}, got {got:?}")),
    }
}

#[test]
fn lookup_vectors() {
    let n = run_cases("lookup.json", array(&SUITE.load("lookup.json"), "lookup.json"), |case| {
        let text = s(case, "book")?;
        expect_eq("key", book_key(s(case, "dfen")?), case["key"].as_str().map(str::to_owned))?;
        let book = Book::from_tsv(text).map_err(|e| format!("book does not parse: {e}"))?;
        check_lookup(&book, case)?;
        // A TSV book and its binary encoding choose identically (BOOK.md §3).
        if let Ok(bytes) = encode_tsv(text) {
            let binary = Book::from_binary(bytes).map_err(|e| format!("encoded book does not load: {e}"))?;
            check_lookup(&binary, case).map_err(|e| format!("binary encoding: {e}"))?;
        }
        Ok(())
    });
    assert_eq!(n, 38);
}

#[test]
fn validate_vectors() {
    let n = run_cases("validate.json", array(&SUITE.load("validate.json"), "validate.json"), |case| {
        let text = s(case, "text")?;
        let expect = &case["expect"];
        let v = validate_tsv(text);
        let lines: Vec<&str> = text.split('\n').collect();
        let issues = |list: &[dicechess::book::Issue]| -> Result<Vec<Value>, String> {
            for i in list {
                // The vectors use LF only: the text of line n is the n-th LF-separated piece.
                expect_eq(&format!("text of line {}", i.line), i.text.as_str(), lines[i.line - 1])?;
                if i.reason.is_empty() {
                    return Err(format!("line {}: empty reason", i.line));
                }
            }
            Ok(list.iter().map(|i| json!({"line": i.line, "code": i.code})).collect())
        };
        let got = json!({
            "ok": v.ok, "entries": v.entries, "keys": v.keys,
            "errors": issues(&v.errors)?, "warnings": issues(&v.warnings)?,
        });
        expect_eq("validation", got, expect.clone())
    });
    assert_eq!(n, 10);
}

#[test]
fn dcb_encode_vectors() {
    let file = SUITE.load("dcb.json");
    let n = run_cases("dcb.json encode", array(&file["encode"], "encode"), |case| {
        let tsv = s(case, "tsv")?;
        let ok = case["ok"].as_bool().ok_or("ok")?;
        match (encode_tsv(tsv), ok) {
            (Ok(bytes), true) => {
                expect_eq("hex", hex(&bytes), s(case, "hex")?.to_owned())?;
                let book = DcbBook::new(&bytes[..]).map_err(|e| format!("does not load: {e}"))?;
                let parsed = TsvBook::parse(tsv).map_err(|e| e.to_string())?;
                let keys = key_table(parsed.iter().map(|(k, _)| k));
                let (text, unresolved) = dcb_to_tsv(&book, &keys);
                expect_eq("unresolved", unresolved, vec![])?;
                expect_eq("convertBack", text.as_str(), s(case, "convertBack")?)
            }
            (Err(e), false) => {
                expect_eq("error", e.code(), s(case, "error")?)?;
                expect_eq("line", e.line().map(|l| l as u64), case.get("line").and_then(Value::as_u64))
            }
            (Ok(bytes), false) => Err(format!("encoded to {}, expected {}", hex(&bytes), case["error"])),
            (Err(e), true) => Err(format!("expected bytes, got {} ({e})", e.code())),
        }
    });
    assert_eq!(n, 15);
}

#[test]
fn dcb_decode_vectors() {
    let file = SUITE.load("dcb.json");
    let n = run_cases("dcb.json decode", array(&file["decode"], "decode"), |case| {
        let bytes = unhex(s(case, "hex")?);
        let ok = case["ok"].as_bool().ok_or("ok")?;
        match (DcbBook::new(&bytes[..]), ok) {
            (Ok(book), true) => {
                expect_eq("flags", u64::from(book.flags()), case["flags"].as_u64().ok_or("flags")?)?;
                let records: Vec<Value> = book.records().map(|r| record_json(&r)).collect();
                expect_eq("records", Value::Array(records), case["records"].clone())
            }
            (Err(e), false) => {
                if e.to_string().is_empty() {
                    return Err("empty reason".into());
                }
                expect_eq("error", e.code(), s(case, "error")?)
            }
            (Ok(_), false) => Err(format!("loaded, expected {}", case["error"])),
            (Err(e), true) => Err(format!("expected a book, got {} ({e})", e.code())),
        }
    });
    assert_eq!(n, 28);
}

#[test]
fn dcb_probe_vectors() {
    let file = SUITE.load("dcb.json");
    let probe = &file["probe"];
    let bytes = unhex(probe["hex"].as_str().expect("probe hex"));
    let book = DcbBook::new(&bytes[..]).expect("the probe book loads");
    run_cases("dcb.json probe", array(&probe["cases"], "cases"), |case| {
        let records: Vec<Value> = book.probe(s(case, "key")?).map(|r| record_json(&r)).collect();
        expect_eq("records", Value::Array(records), case["records"].clone())
    });
}

/// Runs the builder over a vector file line by line, as `book build` does.
fn build(input: &str, options: &BuildOptions) -> (dicechess::book::build::BuiltBook, Vec<Value>) {
    let data = fs::read(SUITE.dir().join(input)).expect("input");
    let mut agg = Aggregator::new();
    let mut skipped = Vec::new();
    for (i, line) in data.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if dicechess::book::build::is_blank(line) {
            continue;
        }
        let outcome = process_line(line, options);
        if let Err(skip) = &outcome {
            skipped.push(json!({"line": i + 1, "reason": skip.reason.code()}));
        }
        agg.add(&outcome);
    }
    (agg.finish(options), skipped)
}

#[test]
fn build_vectors() {
    let file = SUITE.load("build_expected.json");
    let n = run_cases("build_expected.json", array(&file["cases"], "cases"), |case| {
        let o = &case["options"];
        let options = BuildOptions {
            min_games: o["minGames"].as_u64().ok_or("minGames")? as u32,
            max_ply: o["maxPly"].as_u64().ok_or("maxPly")? as u32,
            min_rating: o["minRating"].as_f64(),
            any_start: false,
        };
        let (built, skipped) = build(s(case, "input")?, &options);
        let sm = &built.summary;
        let reasons: serde_json::Map<String, Value> =
            sm.games_skipped.iter().map(|(r, n)| (r.code().to_owned(), json!(n))).collect();
        let summary = json!({
            "gamesRead": sm.games_read, "gamesUsed": sm.games_used, "gamesSkipped": reasons,
            "turnsReplayed": sm.turns_replayed, "observations": sm.observations,
            "distinctPairs": sm.distinct_pairs, "pairsKept": sm.pairs_kept, "keysKept": sm.keys_kept,
        });
        expect_eq("summary", summary, case["summary"].clone())?;
        expect_eq("skipped", Value::Array(skipped), case["skipped"].clone())?;
        expect_eq("tsv", built.best_line_tsv().as_str(), s(case, "tsv")?)?;
        expect_eq("weightedTsv", built.weighted_tsv().as_str(), s(case, "weightedTsv")?)?;
        let keys: HashMap<u64, &str> =
            built.entries.iter().map(|e| (dicechess::book::key_hash(&e.key), e.key.as_str())).collect();
        let records: Vec<Value> = built
            .records()
            .map_err(|e| e.to_string())?
            .iter()
            .map(|r| {
                let mut v = record_json(r);
                let key = keys[&r.key_hash];
                let obj = v.as_object_mut().unwrap();
                let mut with_key = serde_json::Map::new();
                with_key.insert("key".into(), json!(key));
                with_key.extend(std::mem::take(obj));
                Value::Object(with_key)
            })
            .collect();
        expect_eq("dcbRecords", Value::Array(records), case["dcbRecords"].clone())?;
        expect_eq("dcbHex", hex(&built.dcb().map_err(|e| e.to_string())?), s(case, "dcbHex")?.to_owned())
    });
    assert_eq!(n, 5);
}

//! The opening-book conformance vectors (`../shared/conformance/book/`, BOOK.md §13), loaded at test
//! time and checked strictly through `dicechess::book`.
//!
//! One `#[test]` per file (per section of `dcb.json`). Each file is read into the case structs of
//! `common::book_cases` (`deny_unknown_fields`), every case runs through `common::conformance::run`
//! and every failure is listed with the case's name; each test also asserts the case count of the
//! suite's README. The files are never copied into this repository.
#![cfg(all(not(target_arch = "wasm32"), feature = "book"))] // native only: wasm-pack test builds every test target for wasm32

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;

use common::book_cases::{self as v, SUITE};
use common::conformance::{run, Check};
use dicechess::book::DcbRecord;
use dicechess::book::{dcb_to_tsv, encode_tsv, fnv1a64, key_table, validate_tsv};
use dicechess::book::{lookup, Book, DcbBook, Decision, Signature, TsvBook};
use dicechess::book::{process_line, Aggregator, BuildOptions, BuiltBook};
use dicechess::package::book_key;
use dicechess::Position;

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

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex")).collect()
}

fn ucis<T: ToString>(moves: &[T]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

fn record_of(r: &DcbRecord) -> v::Record {
    let sig = Signature::unpack(r.moves).expect("a loaded record has valid moves");
    v::Record {
        key_hash: format!("{:016x}", r.key_hash),
        moves: ucis(sig.moves()),
        weight: r.weight.into(),
        wins: r.wins.into(),
        draws: r.draws.into(),
        losses: r.losses.into(),
    }
}

#[test]
fn all_files_are_covered() {
    let present: BTreeSet<String> = SUITE.files(|_| true).into_iter().collect();
    let known: BTreeSet<String> = FILES.iter().map(|f| (*f).to_owned()).collect();
    assert_eq!(present, known, "conformance/book holds files this suite does not know (or misses some)");
}

#[test]
fn fnv1a64_vectors() {
    let cases: Vec<v::Fnv> = SUITE.cases("fnv1a64.json");
    let n = run("fnv1a64.json", &cases, |case, check| {
        check.eq("utf8Hex", hex(case.input.as_bytes()), case.utf8_hex.clone());
        let h = fnv1a64(case.input.as_bytes());
        check.eq("fnv1a64", format!("{h:016x}"), case.fnv1a64.clone());
        check.eq("littleEndianBytes", hex(&h.to_le_bytes()), case.little_endian_bytes.clone());
    });
    assert_eq!(n, 8);
}

#[test]
fn key_vectors() {
    let cases: Vec<v::Key> = SUITE.cases("key.json");
    let n = run("key.json", &cases, |case, check| check.eq("key", book_key(&case.dfen), case.key.clone()));
    assert_eq!(n, 36);
}

/// A parsed book as the vectors write it, alternatives sorted (their order is not significant).
fn book_entries(book: &TsvBook) -> BTreeMap<String, v::BookEntry> {
    book.iter()
        .map(|(key, entry)| {
            let alternatives = entry
                .alternatives
                .iter()
                .map(|a| v::Alternative { moves: a.moves.clone(), weight: a.weight })
                .collect();
            (key.to_owned(), sorted(v::BookEntry { weighted: entry.weighted, alternatives }))
        })
        .collect()
}

fn sorted(mut entry: v::BookEntry) -> v::BookEntry {
    entry.alternatives.sort_by(|a, b| a.moves.cmp(&b.moves));
    entry
}

#[test]
fn tsv_parse_vectors() {
    let cases: Vec<v::TsvParse> = SUITE.cases("tsv_parse.json");
    let n = run("tsv_parse.json", &cases, |case, check| {
        check.that(case.ok == case.book.is_some() && case.ok != case.error.is_some(), || {
            "malformed case: `book` exactly when ok, `error` exactly when not".into()
        });
        check.that(case.same_as_reference != case.reference_error.is_some(), || {
            "malformed case: `referenceError` exactly when not sameAsReference".into()
        });
        match TsvBook::parse(&case.text) {
            Ok(book) => {
                let want = case.book.as_ref().map(|b| b.iter().map(|(k, e)| (k.clone(), sorted_ref(e))).collect());
                check.eq("book", Some(book_entries(&book)), want);
            }
            Err(e) => check.eq("error", Some(e.to_string()), case.error.clone()),
        }
    });
    assert_eq!(n, 52);
}

fn sorted_ref(entry: &v::BookEntry) -> v::BookEntry {
    let alternatives =
        entry.alternatives.iter().map(|a| v::Alternative { moves: a.moves.clone(), weight: a.weight }).collect();
    sorted(v::BookEntry { weighted: entry.weighted, alternatives })
}

/// Checks one lookup case against a loaded book (TSV or its binary encoding); `format` names it.
fn check_lookup(check: &mut Check, format: &str, book: &Book, case: &v::Lookup) {
    let Some(pos) = check.ok("dfen", Position::from_dfen(&case.dfen)) else { return };
    match (&case.expect, lookup(book, &pos)) {
        (v::LookupExpect::Fallback, Decision::Miss | Decision::Stale) => {}
        (v::LookupExpect::KingCapture { turn }, Decision::KingCapture(got)) => {
            check.eq(&format!("{format} turn"), &ucis(&got), turn);
        }
        (v::LookupExpect::Book { candidates, draws }, Decision::Book(got)) => {
            let list: Vec<v::Candidate> = got
                .0
                .iter()
                .map(|c| v::Candidate {
                    turn: ucis(c.signature.moves()),
                    sequence: ucis(&c.sequence),
                    weight: c.weight,
                    packed_moves: format!("{:016x}", c.packed()),
                })
                .collect();
            check.eq(&format!("{format} candidates"), &list, candidates);
            for d in draws {
                check.eq(&format!("{format} pick for u = {}", d.u), got.pick(d.u), d.pick);
            }
        }
        (_, got) => check.fail(format!("{format}: got {got:?}")),
    }
}

#[test]
fn lookup_vectors() {
    let cases: Vec<v::Lookup> = SUITE.cases("lookup.json");
    let n = run("lookup.json", &cases, |case, check| {
        check.eq("key", book_key(&case.dfen), case.key.clone());
        let Some(book) = check.ok("book", Book::from_tsv(&case.book)) else { return };
        check_lookup(check, "tsv", &book, case);
        // A TSV book and its binary encoding choose identically (BOOK.md §3).
        if let Ok(bytes) = encode_tsv(&case.book) {
            if let Some(binary) = check.ok("encoded book", Book::from_binary(bytes)) {
                check_lookup(check, "dcb", &binary, case);
            }
        }
    });
    assert_eq!(n, 38);
}

#[test]
fn validate_vectors() {
    let cases: Vec<v::Validate> = SUITE.cases("validate.json");
    let n = run("validate.json", &cases, |case, check| {
        let got = validate_tsv(&case.text);
        let lines: Vec<&str> = case.text.split('\n').collect();
        for i in got.errors.iter().chain(&got.warnings) {
            // The vectors use LF only: the text of line n is the n-th LF-separated piece.
            check.eq(&format!("text of line {}", i.line), Some(i.text.as_str()), lines.get(i.line - 1).copied());
            check.that(!i.reason.is_empty(), || format!("line {}: empty reason", i.line));
        }
        let issues = |list: &[dicechess::book::Issue]| -> Vec<v::IssueAt> {
            list.iter().map(|i| v::IssueAt { line: i.line, code: i.code.to_string() }).collect()
        };
        let got = v::Validation {
            ok: got.ok,
            entries: got.entries,
            keys: got.keys,
            errors: issues(&got.errors),
            warnings: issues(&got.warnings),
        };
        check.eq("validation", &got, &case.expect);
    });
    assert_eq!(n, 10);
}

#[test]
fn dcb_encode_vectors() {
    let file: v::Dcb = SUITE.doc("dcb.json");
    let n = run("dcb.json encode", &file.encode, |case, check| {
        check.that(case.ok == case.hex.is_some() && case.ok == case.convert_back.is_some(), || {
            "malformed case: `hex` and `convertBack` exactly when ok".into()
        });
        check.that(case.ok != case.error.is_some(), || "malformed case: `error` exactly when not ok".into());
        match encode_tsv(&case.tsv) {
            Ok(bytes) => {
                check.eq("hex", Some(hex(&bytes)), case.hex.clone());
                let Some(book) = check.ok("load", DcbBook::new(&bytes[..])) else { return };
                let Some(parsed) = check.ok("parse", TsvBook::parse(&case.tsv)) else { return };
                let keys = key_table(parsed.iter().map(|(k, _)| k));
                let (text, unresolved) = dcb_to_tsv(&book, &keys);
                check.eq("unresolved", unresolved, vec![]);
                check.eq("convertBack", Some(text), case.convert_back.clone());
            }
            Err(e) => {
                check.eq("error", Some(e.code()), case.error.as_deref());
                check.eq("line", e.line(), case.line);
            }
        }
    });
    assert_eq!(n, 15);
}

#[test]
fn dcb_decode_vectors() {
    let file: v::Dcb = SUITE.doc("dcb.json");
    let n = run("dcb.json decode", &file.decode, |case, check| {
        check.that(case.ok == case.records.is_some() && case.ok == case.flags.is_some(), || {
            "malformed case: `flags` and `records` exactly when ok".into()
        });
        check.that(case.ok != case.error.is_some(), || "malformed case: `error` exactly when not ok".into());
        match DcbBook::new(&unhex(&case.hex)[..]) {
            Ok(book) => {
                check.eq("flags", Some(u64::from(book.flags())), case.flags);
                check.eq("records", Some(book.records().map(|r| record_of(&r)).collect()), case.records.clone());
            }
            Err(e) => {
                check.that(!e.to_string().is_empty(), || "empty reason".into());
                check.eq("error", Some(e.code()), case.error.as_deref());
            }
        }
    });
    assert_eq!(n, 28);
}

#[test]
fn dcb_probe_vectors() {
    let file: v::Dcb = SUITE.doc("dcb.json");
    let bytes = unhex(&file.probe.hex);
    let book = DcbBook::new(&bytes[..]).expect("the probe book loads");
    let n = run("dcb.json probe", &file.probe.cases, |case, check| {
        let records: Vec<v::Record> = book.probe(&case.key).map(|r| record_of(&r)).collect();
        check.eq("records", records, case.records.clone());
    });
    assert_eq!(n, 3);
}

/// Runs the builder over a vector file line by line, as `book build` does.
fn build(input: &str, options: &BuildOptions) -> (BuiltBook, Vec<v::Skipped>) {
    let data = fs::read(SUITE.path(input)).expect("input");
    let mut agg = Aggregator::new();
    let mut skipped = Vec::new();
    for (i, line) in data.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if dicechess::book::is_blank(line) {
            continue;
        }
        let outcome = process_line(line, options);
        if let Err(skip) = &outcome {
            skipped.push(v::Skipped { line: i + 1, reason: skip.reason.code().to_owned() });
        }
        agg.add(&outcome);
    }
    (agg.finish(options), skipped)
}

#[test]
fn build_vectors() {
    let file: v::BuildExpected = SUITE.doc("build_expected.json");
    let n = run("build_expected.json", &file.cases, |case, check| {
        let o = &case.options;
        let options =
            BuildOptions { min_games: o.min_games, max_ply: o.max_ply, min_rating: o.min_rating, any_start: false };
        let (built, skipped) = build(&case.input, &options);
        let sm = &built.summary;
        let summary = v::Summary {
            games_read: sm.games_read,
            games_used: sm.games_used,
            games_skipped: sm.games_skipped.iter().map(|(r, n)| (r.code().to_owned(), *n)).collect(),
            turns_replayed: sm.turns_replayed,
            observations: sm.observations,
            distinct_pairs: sm.distinct_pairs,
            pairs_kept: sm.pairs_kept,
            keys_kept: sm.keys_kept,
        };
        check.eq("summary", &summary, &case.summary);
        check.eq("skipped", &skipped, &case.skipped);
        check.eq("tsv", built.best_line_tsv(), case.tsv.clone());
        check.eq("weightedTsv", built.weighted_tsv(), case.weighted_tsv.clone());
        let keys: HashMap<u64, &str> =
            built.entries.iter().map(|e| (dicechess::book::key_hash(&e.key), e.key.as_str())).collect();
        if let Some(records) = check.ok("records", built.records()) {
            let records: Vec<v::KeyedRecord> = records
                .iter()
                .map(|r| {
                    let v::Record { key_hash, moves, weight, wins, draws, losses } = record_of(r);
                    let key = keys[&r.key_hash].to_owned();
                    v::KeyedRecord { key, key_hash, moves, weight, wins, draws, losses }
                })
                .collect();
            check.eq("dcbRecords", &records, &case.dcb_records);
        }
        if let Some(bytes) = check.ok("dcb", built.dcb()) {
            check.eq("dcbHex", hex(&bytes), case.dcb_hex.clone());
        }
    });
    assert_eq!(n, 5);
}

//! The rules conformance vectors (`../shared/conformance/rules/`, RULES.md §19), loaded at test time
//! and checked through `dicechess::package` (and the DFEN parser/serializer for `dfen.json`).
//!
//! One `#[test]` per file. Each file is read into its typed case struct (the schemas of
//! conformance/README.md, `deny_unknown_fields`), every case runs through `common::conformance::run`
//! and every failure is listed with the case's title. The files are never copied into this
//! repository: a missing `../shared` fails every test loudly.
//!
//! The vectors are written for the JavaScript API, which accepts any JS value. `dicechess::package` is
//! typed (`&str`, `Option<&[&str]>`, `i64`), so arguments that JS would reject by type cannot even be
//! expressed in Rust: a non-string square or promotion (`apply_move.json`), a non-array `moves` or a
//! non-string element (`playable_dice.json`, `apply_turn.json`), a fractional perft depth
//! (`perft.json`). The JS binding maps each of them to the neutral result, so for those cases this test
//! asserts that the vector indeed expects the neutral result and does not call the Rust API.

mod common;

use std::collections::BTreeSet;

use common::conformance::{run, Case, Check, JsArg, Suite};
use dicechess::package as api;
use serde::Deserialize;
use serde_json::Value;

const SUITE: Suite = Suite("rules");

/// Every file this suite knows. `all_files_are_covered` fails when the folder holds a file that is not
/// listed here (a new vector file must get its own test) or misses one of them.
const FILES: &[&str] = &[
    "apply_move.json",
    "apply_turn.json",
    "canonical_key.json",
    "dfen.json",
    "end_turn.json",
    "game_status.json",
    "generate_moves.json",
    "legal_moves.json",
    "movegen_1_dice.json",
    "movegen_2_dice.json",
    "movegen_3_dice.json",
    "normalized_fen.json",
    "perft.json",
    "playable_dice.json",
    "turn_tree.json",
];

// ---------------------------------------------------------------------------------------------------
// The case structs (conformance/README.md, "rules/")

/// A case `{title, dfen, expected}`, the shape most files share; `E` is the type of `expected`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DfenCase<E> {
    title: String,
    dfen: String,
    expected: E,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Dfen {
    title: String,
    input: String,
    valid: bool,
    canonical: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApplyMove {
    title: String,
    dfen: String,
    from: JsArg<String>,
    to: JsArg<String>,
    promotion: JsArg<Option<String>>,
    expected: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Movegen {
    title: String,
    fen: String,
    expected_moves: Vec<String>,
}

/// `playable_dice.json` (`moves` may be null, an array of strings or a non-array) and
/// `apply_turn.json` (an array of strings or a non-array).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithMoves {
    title: String,
    dfen: String,
    moves: JsArg<Option<Vec<String>>>,
    expected: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Perft {
    title: String,
    dfen: String,
    depth: f64,
    expected: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NormalizedFen {
    title: String,
    dfen: String,
    normalized_fen: Option<String>,
    book_key: Option<String>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Status {
    over: bool,
    winner: Option<String>,
}

use common::conformance::titled;
titled!(Dfen, ApplyMove, Movegen, WithMoves, Perft, NormalizedFen);

impl<E> Case for DfenCase<E> {
    fn name(&self) -> String {
        self.title.clone()
    }
}

/// For an argument the typed Rust API cannot express (see the module docs): the vector must expect
/// the neutral result.
fn expect_neutral(check: &mut Check, why: &str, expected: Option<&str>) {
    check.that(expected.is_none(), || {
        format!("{why}: only a neutral result is expressible in Rust, but the vector expects {expected:?}")
    });
}

// ---------------------------------------------------------------------------------------------------
// The files

#[test]
fn all_files_are_covered() {
    let on_disk = SUITE.files(|name| name.ends_with(".json"));
    let known: Vec<String> = FILES.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(on_disk, known, "the conformance folder and this suite's file list differ");
}

#[test]
fn dfen() {
    let cases: Vec<Dfen> = SUITE.cases("dfen.json");
    run("dfen.json", &cases, |case, check| match dicechess::Position::from_dfen(&case.input) {
        Ok(pos) => {
            let out = pos.to_dfen();
            check.that(case.valid, || format!("expected a parse error, got Ok serializing to {out:?}"));
            check.eq("canonical", Some(&out), case.canonical.as_ref());
            // The round trip of RULES.md §3.5.
            match dicechess::Position::from_dfen(&out) {
                Ok(again) => check.eq("re-serialized", again.to_dfen(), out),
                Err(e) => check.fail(format!("canonical {out:?} does not re-parse: {e}")),
            }
        }
        Err(e) => {
            check.that(!case.valid, || format!("expected Ok serializing to {:?}, got error: {e}", case.canonical));
            check.eq("canonical", None, case.canonical.as_ref());
        }
    });
}

#[test]
fn apply_move() {
    let cases: Vec<ApplyMove> = SUITE.cases("apply_move.json");
    run("apply_move.json", &cases, |case, check| {
        let expected = case.expected.as_deref();
        let (Some(from), Some(to)) = (case.from.typed(), case.to.typed()) else {
            return expect_neutral(check, "a non-string square", expected);
        };
        let Some(promotion) = case.promotion.typed() else {
            return expect_neutral(check, "a non-string promotion", expected);
        };
        check.eq("expected", api::apply_move(&case.dfen, from, to, promotion.as_deref()).as_deref(), expected);
    });
}

#[test]
fn end_turn() {
    let cases: Vec<DfenCase<Option<String>>> = SUITE.cases("end_turn.json");
    run("end_turn.json", &cases, |case, check| {
        check.eq("expected", api::end_turn(&case.dfen), case.expected.clone());
    });
}

#[test]
fn turn_tree() {
    let cases: Vec<DfenCase<Value>> = SUITE.cases("turn_tree.json");
    run("turn_tree.json", &cases, |case, check| {
        // serde_json's `preserve_order` (enabled in dev-dependencies) keeps the file's key order, so
        // this is the exact text of JSON.stringify(expected), key order included.
        let expected = serde_json::to_string(&case.expected).expect("a JSON value serializes");
        let got = api::legal_turn_tree_json(&case.dfen);
        if got == expected {
            return;
        }
        let detail = match serde_json::from_str::<Value>(&got) {
            Err(e) => format!("output is not JSON ({e})"),
            Ok(v) if v == case.expected => "same tree, different key order".to_owned(),
            Ok(v) => tree_diff(&case.expected, &v),
        };
        check.fail(format!("{detail}\n    expected {}\n    got      {}", clip(&expected), clip(&got)));
    });
}

/// The leaves (turns) only in the expected tree and only in the actual one.
fn tree_diff(expected: &Value, got: &Value) -> String {
    fn leaves(v: &Value, prefix: &mut Vec<String>, out: &mut BTreeSet<String>) {
        match v.as_object() {
            Some(map) if !map.is_empty() => {
                for (k, child) in map {
                    prefix.push(k.clone());
                    leaves(child, prefix, out);
                    prefix.pop();
                }
            }
            _ if !prefix.is_empty() => {
                out.insert(prefix.join(","));
            }
            _ => {}
        }
    }
    let (mut e, mut g) = (BTreeSet::new(), BTreeSet::new());
    leaves(expected, &mut Vec::new(), &mut e);
    leaves(got, &mut Vec::new(), &mut g);
    let missing: Vec<_> = e.difference(&g).take(10).cloned().collect();
    let extra: Vec<_> = g.difference(&e).take(10).cloned().collect();
    format!("{} turns expected, {} got; missing (first 10) {missing:?}; extra (first 10) {extra:?}", e.len(), g.len())
}

fn clip(s: &str) -> String {
    const MAX: usize = 600;
    if s.len() <= MAX {
        s.to_owned()
    } else {
        format!("{}… ({} bytes)", &s[..MAX], s.len())
    }
}

#[test]
fn legal_moves() {
    let cases: Vec<DfenCase<Vec<String>>> = SUITE.cases("legal_moves.json");
    run("legal_moves.json", &cases, |case, check| {
        check.eq("expected", api::legal_uci_moves(&case.dfen), case.expected.clone());
    });
}

fn movegen(file: &str) {
    let cases: Vec<Movegen> = SUITE.cases(file);
    run(file, &cases, |case, check| {
        let mut expected = case.expected_moves.clone();
        expected.sort();
        // Compared as sets; not deduplicated, since getLegalUciMoves lists each UCI once.
        let mut got = api::legal_uci_moves(&case.fen);
        got.sort();
        if got == expected {
            return;
        }
        let e: BTreeSet<_> = expected.iter().collect();
        let g: BTreeSet<_> = got.iter().collect();
        check.fail(format!(
            "missing {:?}, extra {:?}{}",
            e.difference(&g).collect::<Vec<_>>(),
            g.difference(&e).collect::<Vec<_>>(),
            if g.len() != got.len() { " (duplicates in the output)" } else { "" }
        ));
    });
}

#[test]
fn movegen_1_dice() {
    movegen("movegen_1_dice.json");
}

#[test]
fn movegen_2_dice() {
    movegen("movegen_2_dice.json");
}

#[test]
fn movegen_3_dice() {
    movegen("movegen_3_dice.json");
}

#[test]
fn generate_moves() {
    let cases: Vec<DfenCase<Vec<String>>> = SUITE.cases("generate_moves.json");
    run("generate_moves.json", &cases, |case, check| {
        check.eq("expected", api::generate_moves(&case.dfen), case.expected.clone());
    });
}

#[test]
fn playable_dice() {
    let cases: Vec<WithMoves> = SUITE.cases("playable_dice.json");
    run("playable_dice.json", &cases, |case, check| {
        let Some(moves) = case.moves.typed() else {
            return expect_neutral(check, "moves not an array of strings", case.expected.as_deref());
        };
        let moves: Option<Vec<&str>> = moves.as_ref().map(|list| list.iter().map(String::as_str).collect());
        check.eq("expected", api::playable_dice(&case.dfen, moves.as_deref()), case.expected.clone());
    });
}

#[test]
fn perft() {
    let cases: Vec<Perft> = SUITE.cases("perft.json");
    run("perft.json", &cases, |case, check| {
        if case.depth.fract() != 0.0 || case.depth.abs() >= 1e15 {
            // A fractional depth: the JS binding answers 0, the typed Rust API takes an integer.
            return check.eq("expected (fractional depth)", case.expected, 0);
        }
        let depth = case.depth as i64;
        // Every case holds under both caps (conformance/README.md): check the Rust/CLI cap and the JS one.
        for cap in [api::PERFT_MAX_DEPTH, api::PERFT_MAX_DEPTH_JS] {
            check.eq(&format!("expected (cap {cap})"), api::perft(&case.dfen, depth, cap), case.expected);
        }
    });
}

#[test]
fn normalized_fen() {
    let cases: Vec<NormalizedFen> = SUITE.cases("normalized_fen.json");
    run("normalized_fen.json", &cases, |case, check| {
        check.eq("normalizedFen", api::normalized_fen(&case.dfen), case.normalized_fen.clone());
        check.eq("bookKey", api::book_key(&case.dfen), case.book_key.clone());
    });
}

#[test]
fn canonical_key() {
    let cases: Vec<DfenCase<Option<String>>> = SUITE.cases("canonical_key.json");
    run("canonical_key.json", &cases, |case, check| {
        check.eq("expected", api::canonical_key(&case.dfen), case.expected.clone());
    });
}

#[test]
fn game_status() {
    let cases: Vec<DfenCase<Option<Status>>> = SUITE.cases("game_status.json");
    run("game_status.json", &cases, |case, check| {
        let got = api::game_status(&case.dfen)
            .map(|s| Status { over: s.over, winner: s.winner.map(|c| c.name().to_owned()) });
        check.eq("expected", got.as_ref(), case.expected.as_ref());
    });
}

#[test]
fn apply_turn() {
    let cases: Vec<WithMoves> = SUITE.cases("apply_turn.json");
    run("apply_turn.json", &cases, |case, check| {
        // `moves` is required here: null is as much a type error as a string.
        let Some(Some(moves)) = case.moves.typed() else {
            return expect_neutral(check, "moves not an array of strings", case.expected.as_deref());
        };
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        check.eq("expected", api::apply_turn(&case.dfen, &moves), case.expected.clone());
    });
}

/// The turn-tree check relies on serde_json keeping the file's key order (`preserve_order` in
/// dev-dependencies); without it keys would be sorted and a wrong order could pass unnoticed.
#[test]
fn serde_json_preserves_key_order() {
    let v: Value = serde_json::from_str(r#"{"b":{},"a":{}}"#).unwrap();
    assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"b":{},"a":{}}"#, "enable serde_json/preserve_order");
}

//! The rules conformance vectors (`../shared/conformance/rules/`, RULES.md §19), loaded at test time
//! and checked through `dicechess::api` (and the DFEN parser/serializer for `dfen.json`).
//!
//! One `#[test]` per file. Every case of a file runs, every failure is collected with its title, and
//! the test fails at the end listing all of them; a panic inside the library is caught and reported as
//! a failure of that case. The files are never copied into this repository: a missing `../shared`
//! fails every test loudly.
//!
//! The vectors are written for the JavaScript API, which accepts any JS value. `dicechess::api` is
//! typed (`&str`, `Option<&[&str]>`, `i64`), so arguments that JS would reject by type cannot even be
//! expressed in Rust: a non-string square or promotion (`apply_move.json`), a non-array `moves` or a
//! non-string element (`playable_dice.json`, `apply_turn.json`), a fractional perft depth
//! (`perft.json`). The JS binding maps each of them to the neutral result, so for those cases this test
//! asserts that the vector indeed expects the neutral result and does not call the Rust API.

mod common;

use std::collections::BTreeSet;

use common::conformance::{self, Naming, Suite};
use dicechess::api;
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

/// Runs `check` on every case of `file` (a JSON array), then fails listing every failing case; two
/// cases with the same title are a failure too.
fn run_file(file: &str, check: impl Fn(&Value) -> Result<(), String>) {
    let cases = SUITE.load(file);
    conformance::run_cases(file, conformance::array(&cases, file), Naming { field: "title", unique: true }, check);
}

// ---------------------------------------------------------------------------------------------------
// Field access

fn field<'a>(case: &'a Value, name: &str) -> Result<&'a Value, String> {
    case.get(name).ok_or_else(|| format!("malformed case: no field {name:?}"))
}

fn str_field<'a>(case: &'a Value, name: &str) -> Result<&'a str, String> {
    field(case, name)?.as_str().ok_or_else(|| format!("malformed case: {name:?} is not a string"))
}

/// A field that is a string or `null` (the neutral "no value").
fn opt_str_field<'a>(case: &'a Value, name: &str) -> Result<Option<&'a str>, String> {
    match field(case, name)? {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s)),
        other => Err(format!("malformed case: {name:?} is neither a string nor null: {other}")),
    }
}

fn str_list(value: &Value, name: &str) -> Result<Vec<String>, String> {
    value
        .as_array()
        .ok_or_else(|| format!("malformed case: {name:?} is not an array"))?
        .iter()
        .map(|v| v.as_str().map(str::to_owned).ok_or_else(|| format!("malformed case: {name:?} holds a non-string")))
        .collect()
}

/// `moves` of `playable_dice.json` / `apply_turn.json`: `Some(list)` for an array of strings, `None`
/// for anything JS would reject by type (a non-array, or an array with a non-string element).
fn string_array(value: &Value) -> Option<Vec<&str>> {
    value.as_array()?.iter().map(Value::as_str).collect()
}

fn expect_eq<T: PartialEq + std::fmt::Debug>(got: T, expected: T) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("expected {expected:?}, got {got:?}"))
    }
}

/// For an argument the typed Rust API cannot express (see the module docs): the vector must expect
/// the neutral result.
fn expect_neutral(case: &Value, name: &str, why: &str) -> Result<(), String> {
    let expected = field(case, name)?;
    if expected.is_null() || expected == &Value::from(0) {
        Ok(())
    } else {
        Err(format!("{why}: only a neutral result is expressible in Rust, but the vector expects {expected}"))
    }
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
    run_file("dfen.json", |case| {
        let input = str_field(case, "input")?;
        let valid = field(case, "valid")?.as_bool().ok_or("malformed case: valid is not a bool")?;
        let canonical = opt_str_field(case, "canonical")?;
        match dicechess::Position::from_dfen(input) {
            Ok(pos) => {
                if !valid {
                    return Err(format!("expected a parse error, got Ok serializing to {:?}", pos.to_dfen()));
                }
                let out = pos.to_dfen();
                expect_eq(Some(out.as_str()), canonical)?;
                // The round trip of RULES.md §3.5.
                let again = dicechess::Position::from_dfen(&out)
                    .map_err(|e| format!("canonical {out:?} does not re-parse: {e}"))?;
                expect_eq(again.to_dfen(), out)
            }
            Err(e) => {
                if valid {
                    Err(format!("expected Ok serializing to {canonical:?}, got error: {e}"))
                } else {
                    Ok(())
                }
            }
        }
    });
}

#[test]
fn apply_move() {
    run_file("apply_move.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = opt_str_field(case, "expected")?;
        let (Some(from), Some(to)) = (field(case, "from")?.as_str(), field(case, "to")?.as_str()) else {
            return expect_neutral(case, "expected", "a non-string square");
        };
        let promotion = match field(case, "promotion")? {
            Value::Null => None,
            Value::String(s) => Some(s.as_str()),
            _ => return expect_neutral(case, "expected", "a non-string promotion"),
        };
        expect_eq(api::apply_move(dfen, from, to, promotion).as_deref(), expected)
    });
}

#[test]
fn end_turn() {
    run_file("end_turn.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = opt_str_field(case, "expected")?;
        expect_eq(api::end_turn(dfen).as_deref(), expected)
    });
}

#[test]
fn turn_tree() {
    run_file("turn_tree.json", |case| {
        let dfen = str_field(case, "dfen")?;
        // serde_json's `preserve_order` (enabled in dev-dependencies) keeps the file's key order, so
        // this is the exact text of JSON.stringify(expected), key order included.
        let expected = serde_json::to_string(field(case, "expected")?).map_err(|e| e.to_string())?;
        let got = api::legal_turn_tree_json(dfen);
        if got == expected {
            return Ok(());
        }
        let detail = match serde_json::from_str::<Value>(&got) {
            Err(e) => format!("output is not JSON ({e})"),
            Ok(v) if &v == field(case, "expected")? => "same tree, different key order".to_owned(),
            Ok(v) => tree_diff(field(case, "expected")?, &v),
        };
        Err(format!("{detail}\n    expected {}\n    got      {}", clip(&expected), clip(&got)))
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
    run_file("legal_moves.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = str_list(field(case, "expected")?, "expected")?;
        expect_eq(api::legal_uci_moves(dfen), expected)
    });
}

fn movegen(file: &str) {
    run_file(file, |case| {
        let fen = str_field(case, "fen")?;
        let mut expected = str_list(field(case, "expectedMoves")?, "expectedMoves")?;
        expected.sort();
        // Compared as sets; not deduplicated, since getLegalUciMoves lists each UCI once.
        let mut got = api::legal_uci_moves(fen);
        got.sort();
        if got == expected {
            return Ok(());
        }
        let e: BTreeSet<_> = expected.iter().collect();
        let g: BTreeSet<_> = got.iter().collect();
        Err(format!(
            "missing {:?}, extra {:?}{}",
            e.difference(&g).collect::<Vec<_>>(),
            g.difference(&e).collect::<Vec<_>>(),
            if g.len() != got.len() { " (duplicates in the output)" } else { "" }
        ))
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
    run_file("generate_moves.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = str_list(field(case, "expected")?, "expected")?;
        expect_eq(api::generate_moves(dfen), expected)
    });
}

#[test]
fn playable_dice() {
    run_file("playable_dice.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = opt_str_field(case, "expected")?;
        let moves = match field(case, "moves")? {
            Value::Null => None,
            other => match string_array(other) {
                Some(list) => Some(list),
                None => return expect_neutral(case, "expected", "moves not an array of strings"),
            },
        };
        expect_eq(api::playable_dice(dfen, moves.as_deref()).as_deref(), expected)
    });
}

#[test]
fn perft() {
    run_file("perft.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = field(case, "expected")?.as_u64().ok_or("malformed case: expected is not an integer")?;
        let depth = field(case, "depth")?;
        let depth = match depth.as_i64() {
            Some(d) => d,
            None => match depth.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => f as i64,
                Some(_) => return expect_neutral(case, "expected", "a fractional depth"),
                None => return Err("malformed case: depth is not a number".to_owned()),
            },
        };
        // Every case holds under both caps (conformance/README.md): check the Rust/CLI cap and the JS one.
        expect_eq(api::perft(dfen, depth, api::PERFT_MAX_DEPTH), expected)
            .map_err(|e| format!("cap {}: {e}", api::PERFT_MAX_DEPTH))?;
        expect_eq(api::perft(dfen, depth, api::PERFT_MAX_DEPTH_JS), expected)
            .map_err(|e| format!("cap {}: {e}", api::PERFT_MAX_DEPTH_JS))
    });
}

#[test]
fn normalized_fen() {
    run_file("normalized_fen.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let normalized = opt_str_field(case, "normalizedFen")?;
        let book_key = opt_str_field(case, "bookKey")?;
        expect_eq(api::normalized_fen(dfen).as_deref(), normalized).map_err(|e| format!("normalizedFen: {e}"))?;
        expect_eq(api::book_key(dfen).as_deref(), book_key).map_err(|e| format!("bookKey: {e}"))
    });
}

#[test]
fn canonical_key() {
    run_file("canonical_key.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = opt_str_field(case, "expected")?;
        expect_eq(api::canonical_key(dfen).as_deref(), expected)
    });
}

#[test]
fn game_status() {
    run_file("game_status.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = match field(case, "expected")? {
            Value::Null => None,
            Value::Object(o) => {
                let over = o.get("over").and_then(Value::as_bool).ok_or("malformed case: over")?;
                let winner = match o.get("winner") {
                    Some(Value::Null) => None,
                    Some(Value::String(w)) => Some(w.clone()),
                    _ => return Err("malformed case: winner".to_owned()),
                };
                Some((over, winner))
            }
            other => return Err(format!("malformed case: expected {other}")),
        };
        let got = api::game_status(dfen).map(|s| (s.over, s.winner.map(|c| c.name().to_owned())));
        expect_eq(got, expected)
    });
}

#[test]
fn apply_turn() {
    run_file("apply_turn.json", |case| {
        let dfen = str_field(case, "dfen")?;
        let expected = opt_str_field(case, "expected")?;
        let Some(moves) = string_array(field(case, "moves")?) else {
            return expect_neutral(case, "expected", "moves not an array of strings");
        };
        expect_eq(api::apply_turn(dfen, &moves).as_deref(), expected)
    });
}

/// The turn-tree check relies on serde_json keeping the file's key order (`preserve_order` in
/// dev-dependencies); without it keys would be sorted and a wrong order could pass unnoticed.
#[test]
fn serde_json_preserves_key_order() {
    let v: Value = serde_json::from_str(r#"{"b":{},"a":{}}"#).unwrap();
    assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"b":{},"a":{}}"#, "enable serde_json/preserve_order");
}

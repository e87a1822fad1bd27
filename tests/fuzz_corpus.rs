//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/*`) through the same check the
//! cargo-fuzz target runs (`fuzz/checks.rs`), so inputs found by fuzzing — crashes included, once
//! fixed and committed — stay regression tests under a plain `cargo test`.
#![cfg(all(not(target_arch = "wasm32"), feature = "book"))] // native only: wasm-pack test builds every test target for wasm32

#[path = "../fuzz/checks.rs"]
mod checks;
mod common;

use std::collections::BTreeMap;
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use common::conformance::panic_message;
use dicechess_lab::scenarios::{core_search_v1, parse_catalog};

/// Every fuzz target has a committed corpus of at least one input, and every input passes the
/// target's check. A missing `fuzz/corpus`, a target without a corpus or an empty corpus fails: the
/// replay never passes by replaying nothing.
#[test]
fn committed_corpora_pass_their_checks() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let dirs = fs::read_dir(&root).unwrap_or_else(|e| panic!("no fuzz corpus at {}: {e}", root.display()));
    let mut failures = Vec::new();
    let mut replayed: BTreeMap<String, usize> = BTreeMap::new();
    for dir in dirs {
        let dir = dir.expect("cannot read fuzz/corpus").path();
        if !dir.is_dir() {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let Some(&(_, check)) = checks::TARGETS.iter().find(|(t, _)| *t == name) else {
            failures.push(format!("fuzz/corpus/{name}: no such fuzz target"));
            continue;
        };
        let mut files: Vec<PathBuf> = fs::read_dir(&dir)
            .expect("cannot list a corpus")
            .map(|e| e.expect("cannot read an entry").path())
            .filter(|f| f.is_file())
            .collect();
        files.sort();
        replayed.insert(name.clone(), files.len());
        for file in files {
            let data = fs::read(&file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
                let msg = panic_message(&*panic);
                failures.push(format!("{}: {msg}\n    input: {:?}", file.display(), String::from_utf8_lossy(&data)));
            }
        }
    }
    for (target, _) in checks::TARGETS {
        match replayed.get(*target) {
            None => failures.push(format!("fuzz target {target}: no corpus at fuzz/corpus/{target}")),
            Some(0) => failures.push(format!("fuzz target {target}: empty corpus")),
            Some(_) => {}
        }
    }
    eprintln!("replayed {} corpus files", replayed.values().sum::<usize>());
    assert!(failures.is_empty(), "{} corpus failures:\n{}", failures.len(), failures.join("\n"));
}

/// Every check also runs on a few fixed inputs, so that the checks themselves are exercised even
/// without a corpus.
#[test]
fn checks_hold_on_fixed_inputs() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let inputs: Vec<String> = vec![
        String::new(),
        "not a dfen".into(),
        START.into(),
        format!("{START} PNB"),
        format!("{START} QRN"),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 RQK".into(),
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 kr".into(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 K".into(),
        "8/8/8/2k5/8/1N6/2P5/K7 w - - 0 1 NPP".into(),
        "8/P7/2k5/8/8/8/8/B6K w - - 0 1 PBQ".into(),
        "4k3/8/8/8/2PpP3/8/8/4K3 b - c3e3 0 1 ppp".into(),
        "8/8/8/3q4/8/8/8/8 w - - 0 1 QQQ".into(),
        "8/8/8/2k5/8/1N6/2P5/K7 w - - 0 1 NPP\nc2c4".into(),
        "8/8/8/2k5/8/1N6/2P5/K7 w - - 0 1 NPP\nc2c4\nb3c5".into(),
        format!("{START} PPN\ne2\ne4"),
        "7k/4P3/8/8/8/8/8/4K3 w - - 0 1 PQ\ne7\ne8\nn".into(),
        format!("{START}\n3"),
        format!("{START}\n-1"),
        format!("{START}\n9"),
        "\u{ff}\u{fe}".into(),
        // A valid scenario catalog (BOTS.md §11), and the same with one scenario broken.
        checks::catalog_json(&core_search_v1()),
        checks::catalog_json(&core_search_v1()).replacen("PPR", "RPP", 1),
    ];
    let mut failures = Vec::new();
    for &(name, check) in checks::TARGETS {
        for input in &inputs {
            if catch_unwind(AssertUnwindSafe(|| check(input.as_bytes()))).is_err() {
                failures.push(format!("{name}: {input:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "checks fail on:\n{}", failures.join("\n"));
}

/// The catalog writer of the `scenarios_catalog` check reads back as the catalog it wrote, so that
/// the valid catalog above takes the check past the parser.
#[test]
fn catalog_writer_round_trips() {
    let text = checks::catalog_json(&core_search_v1());
    assert_eq!(parse_catalog(&text), Ok(core_search_v1()));
}

//! wasm-bindgen-test suite of the binding layer (`src/wasm/`), run in Node by
//! `wasm-pack test --node --no-default-features --features wasm --test wasm` (scripts/test).
//!
//! The exports are called as the wrappers call them, and with the edge primitives of API.md §5.1
//! that reach them (empty, 256/257 characters, non-ASCII, lone surrogates replaced by U+FFFD on the
//! way in, NaN, ±Infinity, ±0, 2^53): every call returns a value and none traps.
#![cfg(target_arch = "wasm32")]

use dicechess::wasm;
use wasm_bindgen_test::wasm_bindgen_test;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const ROLL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN";

fn edge_strings() -> Vec<String> {
    vec![
        String::new(),
        " ".into(),
        "a".repeat(256),
        "a".repeat(257),
        format!("{ROLL}{}", " ".repeat(256 - ROLL.len())),
        format!("{ROLL}{}", " ".repeat(257 - ROLL.len())),
        format!("{ROLL}\u{a0}"),
        "\u{fffd}".into(),
        "é".repeat(200),
        "\0".into(),
        "8/8/8/8/8/8/8/8 w - - 0 1 PPPP".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1".into(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2147483647 K".into(),
        START.into(),
        ROLL.into(),
    ]
}

const EDGE_NUMBERS: [f64; 12] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    0.0,
    -0.0,
    9_007_199_254_740_992.0,
    -9_007_199_254_740_992.0,
    1e300,
    -1.0,
    7.0,
    6.0,
    1.0,
];

#[wasm_bindgen_test]
fn build_id_names_the_feature_set() {
    let id = wasm::build_id();
    assert!(id.starts_with(env!("CARGO_PKG_VERSION")));
    let set = if cfg!(feature = "search") { "/full" } else { "/rules" };
    assert!(id.ends_with(set), "{id}");
}

#[wasm_bindgen_test]
fn seed_example_through_the_exports() {
    assert_eq!(wasm::legal_uci_moves(ROLL), "b1a3 b1c3 g1f3 g1h3");
    assert_eq!(wasm::playable_dice(ROLL, "").as_deref(), Some("NR"));
    assert_eq!(wasm::playable_dice(ROLL, "b1a3").as_deref(), Some("R"));
    assert_eq!(wasm::playable_dice(ROLL, "b1a3 a1b1").as_deref(), Some(""));
    assert!(wasm::legal_turn_tree(ROLL).starts_with("{\"b1a3\":{"));
    assert_eq!(wasm::legal_turn_tree(START), "{}");
    assert_eq!(wasm::perft(START, 1.0), 20.0);
    assert_eq!(wasm::perft(START, 0.0), 1.0);
    assert_eq!(wasm::perft(START, 7.0), 0.0);
    assert_eq!(wasm::game_status(START), 1);
    assert_eq!(wasm::game_status("8/8/8/8/8/8/8/K7 w - - 0 1"), 2);
    assert_eq!(wasm::game_status("k7/8/8/8/8/8/8/8 w - - 0 1"), 3);
    assert_eq!(wasm::game_status("8/8/8/8/8/8/8/8 w - - 0 1"), 4);
    assert_eq!(wasm::game_status("garbage"), 0);
    assert_eq!(
        wasm::apply_move(START, "e2", "e4", None).as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1")
    );
    let after = wasm::apply_turn(ROLL, "b1a3 a1b1");
    assert!(after.is_some());
    assert_eq!(wasm::end_turn(START).as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"));
    for (face, letter) in [(1.0, "p"), (2.0, "n"), (3.0, "b"), (4.0, "r"), (5.0, "q"), (6.0, "k")] {
        assert_eq!(wasm::piece_from_dice(face).as_deref(), Some(letter));
    }
}

#[wasm_bindgen_test]
fn edge_primitives_never_trap() {
    for s in edge_strings() {
        let _ = wasm::legal_uci_moves(&s);
        let _ = wasm::legal_turn_tree(&s);
        let _ = wasm::generate_moves(&s);
        let _ = wasm::end_turn(&s);
        let _ = wasm::canonical_key(&s);
        let _ = wasm::game_status(&s);
        for moves in ["", "e2e4", "e2e4 e7e5 g1f3", "e2e4 e7e5 g1f3 b1c3", "zz", &s] {
            let _ = wasm::playable_dice(&s, moves);
            let _ = wasm::playable_dice(ROLL, moves);
            let _ = wasm::apply_turn(&s, moves);
            let _ = wasm::apply_turn(ROLL, moves);
        }
        for promo in [None, Some("q".to_string()), Some("x".to_string()), Some(s.clone())] {
            let _ = wasm::apply_move(&s, "e2", "e4", promo.clone());
            let _ = wasm::apply_move(START, &s, "e4", promo.clone());
            let _ = wasm::apply_move(ROLL, "e2", &s, promo);
        }
        for n in EDGE_NUMBERS {
            let _ = wasm::perft(&s, n);
        }
    }
    for n in EDGE_NUMBERS {
        let _ = wasm::piece_from_dice(n);
        let depth = wasm::perft("8/8/8/8/8/8/k7/K7 w - - 0 1 K", n);
        assert!(depth >= 0.0);
    }
    assert_eq!(wasm::piece_from_dice(f64::NAN), None);
    assert_eq!(wasm::piece_from_dice(9_007_199_254_740_992.0), None);
    assert_eq!(wasm::perft(START, f64::INFINITY), 0.0);
    assert_eq!(wasm::perft(START, -0.0), 1.0);
}

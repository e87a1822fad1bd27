//! wasm-bindgen-test suite of the binding layer (`src/wasm/`), run in Node by
//! `wasm-pack test --node --no-default-features --features wasm --test wasm` (scripts/test).
//!
//! The exports are called as the wrappers call them, and with the edge primitives of API.md §5.1
//! that reach them (empty, 256/257 characters, non-ASCII, lone surrogates replaced by U+FFFD on the
//! way in, NaN, ±Infinity, ±0, 2^53): every call returns a value and none traps.
#![cfg(target_arch = "wasm32")]

use dicechess_wasm::wasm;
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
    // The tree's codes (js::turn_subtree_codes): b1a3 (b1 = 1, a3 = 16) first, with children.
    assert_eq!(wasm::legal_turn_tree(ROLL).unwrap_or_default().first(), Some(&(0x8000 | 16 << 6 | 1)));
    assert_eq!(wasm::legal_turn_tree(START), Some(vec![]));
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

/// The Game exports: a seeded game plays through its handle, hostile strings and numbers never
/// trap, and a freed handle answers with neutral values.
#[wasm_bindgen_test]
fn game_exports_play_and_never_trap() {
    let h = wasm::game_new(None, Some(3.0), true, 5000.0);
    assert!(h > 0);
    let state = wasm::game_state(h).unwrap();
    assert!(state.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB\n"), "{state}");
    let first = state.split('\n').nth(7).unwrap().split(' ').next().unwrap().to_owned();
    assert!(wasm::game_play(h, &first));
    assert!(wasm::game_step(h, 0) && wasm::game_step(h, 1));
    for s in edge_strings() {
        let _ = wasm::game_play(h, &s);
        let _ = wasm::game_play_turn(h, &s);
        let _ = wasm::game_roll(h, &s);
        let _ = wasm::game_resign(h, &s);
        let _ = wasm::game_play_recorded(h, &s, &s);
        let _ = wasm::game_end_recorded(h, &s, Some(s.clone()));
        let _ = wasm::board(&s);
        assert_eq!(wasm::game_new(Some(s.clone()), None, false, 0.0) == 0, dicechess::Position::from_dfen(&s).is_err());
    }
    for n in EDGE_NUMBERS {
        let _ = wasm::game_step(h, n as u32);
        let g = wasm::game_new(None, Some(n), false, n);
        wasm::game_free(g);
    }
    assert!(wasm::game_state(h).is_some() && !wasm::game_tree(h).unwrap_or_default().is_empty());
    wasm::game_free(h);
    assert_eq!(wasm::game_state(h), None);
    assert!(!wasm::game_play(h, &first));
    assert_eq!(wasm::game_tree(h), Some(vec![]));
}

// ---- the full build's exports (features search and book: `wasm-pack test --node --no-default-features
// ---- --features wasm,search,book --test wasm`) ----

#[cfg(feature = "search")]
mod full {
    use super::{edge_strings, EDGE_NUMBERS, ROLL, START};
    use dicechess::package::seed_from_number;
    use dicechess::Rng;
    use dicechess_wasm::wasm;
    use wasm_bindgen_test::wasm_bindgen_test;

    const NO_DICE: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    const PNB: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB";
    const BOTS: [&str; 7] =
        ["random", "checkmate-aware", "greedy", "greedy-v2", "aggressive", "monte-carlo", "expectimax"];

    /// `performance.now()`, as the wrappers pass it: the deadline's anchor.
    fn now() -> f64 {
        use dicechess::search::Clock;
        wasm::PerformanceClock.now().0 as f64 / 1000.0
    }

    fn best(dfen: &str, algorithm: Option<&str>, budget: Option<f64>, seed: Option<f64>) -> Option<String> {
        wasm::best_move(dfen, algorithm.map(String::from), None, None, None, None, None, budget, seed, None, now())
            .as_deref()
            .map(summary)
    }

    /// A best move's JSON text as `"<score> <budgetMs> <stop> <uci>…"`, the compact form of these
    /// assertions.
    pub(super) fn summary(json: &str) -> String {
        let v: serde_json::Value = serde_json::from_str(json).expect("the best move is JSON");
        let mut out = format!("{} {} {}", v["score"], v["budgetMs"], v["stop"].as_str().expect("a stop"));
        for m in v["moves"].as_array().expect("moves") {
            let text = |key: &str| m[key].as_str().unwrap_or_default().to_owned();
            out = format!("{out} {}{}{}", text("from"), text("to"), text("promotion"));
        }
        out
    }

    /// An equity's JSON text as its six numbers, in the order of the API's fields (`null`, a
    /// non-finite number, as `Infinity`, as the wrapper reads it).
    fn equity(dfen: &str, rollouts: Option<f64>, max_plies: Option<f64>, seed: Option<f64>) -> [f64; 6] {
        let v: serde_json::Value =
            serde_json::from_str(&wasm::equity(dfen, rollouts, max_plies, seed, None, now())).expect("JSON");
        ["whiteWin", "blackWin", "undecided", "rollouts", "standardError", "varianceReductionVsVanilla"]
            .map(|k| v[k].as_f64().unwrap_or(f64::INFINITY))
    }

    #[wasm_bindgen_test]
    fn best_move_results() {
        assert_eq!(best("garbage", None, None, None), None);
        assert_eq!(best("", Some("monte-carlo"), Some(25.0), None), None);
        assert_eq!(best(START, None, None, None).as_deref(), Some("0 0 complete"));
        assert_eq!(best(NO_DICE, Some("monte-carlo"), Some(25.0), None).as_deref(), Some("0 25 complete"));
        assert_eq!(best(NO_DICE, Some("MONTE-CARLO"), Some(25.9), None).as_deref(), Some("0 25 complete"));
        assert_eq!(best(NO_DICE, Some("monte-carlo"), None, None).as_deref(), Some("0 1000 complete"));
        assert_eq!(best(NO_DICE, Some("monte-carlo"), Some(f64::INFINITY), None).as_deref(), Some("0 600000 complete"));
        assert_eq!(best(NO_DICE, Some("expectimax"), None, None).as_deref(), Some("0 0 complete"));
        assert_eq!(best(NO_DICE, Some("expectimax-v2"), None, None).as_deref(), Some("0 1000 complete"));
        assert_eq!(best(NO_DICE, Some("greedy"), Some(25.0), None).as_deref(), Some("0 0 complete"));
        // The seeded choices of the api cases (canonical turn order, BOTS.md 2.6).
        assert_eq!(best(PNB, None, None, Some(7.0)).as_deref(), Some("0 0 complete b2b4 g1h3 c1b2"));
        assert_eq!(best(PNB, Some("random"), None, Some(-12345.0)).as_deref(), Some("0 0 complete d2d4 c1h6 b1d2"));
        assert_eq!(
            best("8/8/8/2k5/8/1N6/2P5/K7 w - - 0 1 NPP", None, None, None).as_deref(),
            Some("2147483647 0 complete b3c5")
        );
        assert_eq!(
            best("k7/4P3/8/8/8/8/8/4K3 w - - 0 1 P", Some("greedy"), None, None).as_deref(),
            Some("900 0 complete e7e8q")
        );
        // The clock: the 20 ms minimum near the flag, beating timeBudgetMs.
        let clocked = wasm::best_move(
            NO_DICE,
            Some("monte-carlo".into()),
            Some(400.0),
            Some(0.0),
            Some(40.0),
            None,
            None,
            Some(9999.0),
            None,
            None,
            now(),
        );
        assert_eq!(clocked.as_deref().map(summary).as_deref(), Some("0 20 complete"));
        let policy = wasm::best_move(
            NO_DICE,
            Some("monte-carlo".into()),
            Some(60000.0),
            Some(0.0),
            Some(1.0),
            None,
            Some("LEGACY-LINEAR-V1".into()),
            None,
            None,
            None,
            now(),
        );
        assert_eq!(policy.as_deref().map(summary).as_deref(), Some("0 1815 complete"));
    }

    #[wasm_bindgen_test]
    fn best_move_edge_primitives_never_trap() {
        for s in edge_strings() {
            for bot in BOTS {
                // Budgeted bots get 5 ms; the others ignore it.
                let _ = best(&s, Some(bot), Some(5.0), Some(1.0));
            }
        }
        for n in EDGE_NUMBERS {
            let _ = wasm::best_move(
                ROLL,
                Some("greedy".into()),
                Some(n),
                Some(n),
                Some(n),
                Some(n),
                Some("x".into()),
                Some(n),
                Some(n),
                None,
                n,
            );
            let _ = wasm::best_move(
                NO_DICE,
                Some("monte-carlo".into()),
                Some(n),
                Some(n),
                Some(n),
                Some(n),
                None,
                Some(n),
                Some(n),
                None,
                n,
            );
            let _ = wasm::best_move(
                ROLL,
                Some("monte-carlo".into()),
                None,
                None,
                None,
                None,
                None,
                Some(3.0),
                Some(n),
                None,
                now(),
            );
            let _ = wasm::best_move(
                ROLL,
                Some("expectimax".into()),
                Some(150.0),
                Some(0.0),
                Some(n),
                Some(n),
                None,
                None,
                Some(n),
                None,
                now(),
            );
        }
        // An entry instant far in the past: the deadline has passed, a legal turn is still played.
        let r = wasm::best_move(
            ROLL,
            Some("monte-carlo".into()),
            None,
            None,
            None,
            None,
            None,
            Some(5.0),
            None,
            None,
            f64::NEG_INFINITY,
        );
        assert!(
            r.as_deref().map(summary).is_some_and(|t| t.split(' ').count() == 5),
            "the turn's two moves after score, budget and stop"
        );
    }

    #[wasm_bindgen_test]
    fn decisions_and_equity() {
        assert!(wasm::should_bot(START, 1, None, None));
        assert!(!wasm::should_bot(START, 0, None, None));
        assert!(!wasm::should_bot("garbage", 1, None, None));
        assert!(!wasm::should_bot(START, 4, None, None));
        assert!(!wasm::should_bot(START, u32::MAX, None, None));
        assert!(wasm::should_bot("k7/q7/r7/8/8/8/8/4K3 w - - 0 1", 3, Some("GREEDY-V2".into()), None));
        assert!(!wasm::should_bot("8/8/8/2N5/8/8/2P5/K7 w - - 0 1", 1, None, None), "finished game");
        for s in edge_strings() {
            for q in 0..4 {
                for bot in BOTS {
                    let _ = wasm::should_bot(&s, q, Some(bot.into()), Some(3.0));
                }
            }
            // Not one of the four questions: false, whatever the bot.
            for bot in BOTS {
                assert!(!wasm::should_bot(&s, 4, Some(bot.into()), Some(3.0)), "{bot} {s:?}");
            }
        }
        // `random` answers with one real() of the call's stream below the question's threshold
        // (BOTS.md 7.1); a finite seed seeds that stream, NaN and ±Infinity mean no seed.
        for n in EDGE_NUMBERS {
            for (q, threshold) in [(0, 0.15), (1, 0.50), (2, 0.05), (3, 0.20)] {
                let got = wasm::should_bot(START, q, Some("random".into()), Some(n));
                if let Some(seed) = seed_from_number(n) {
                    assert_eq!(got, Rng::from_seed(seed).real() < threshold, "question {q}, seed {n}");
                } else {
                    assert!(!n.is_finite(), "seed {n}");
                }
            }
        }
        let neutral = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0];
        assert_eq!(equity("garbage", None, None, None), neutral);
        let won = equity("Q7/7B/8/8/3Kk2R/2NP4/8/8 w - - 0 1", Some(8.0), None, Some(1.0));
        assert_eq!(won[..5], [1.0, 0.0, 0.0, 8.0, 0.0]);
        assert!(won[5].is_infinite());
        assert_eq!(equity(START, Some(1e9), Some(0.0), None)[3], 100_000.0);
        assert_eq!(equity(START, Some(f64::NAN), None, None)[3], 0.0);
        assert_eq!(equity("Q7/7B/8/8/3Kk2R/2NP4/8/8 w - - 0 1", Some(100_000.0), Some(10_000.0), Some(1.0))[3], 1000.0);
        let a = equity(START, Some(8.0), Some(6.0), Some(1.0));
        assert_eq!(a, equity(START, Some(8.0), Some(6.0), Some(1.0)), "same seed, same result");
        assert!((a[0] + a[1] + a[2] - 1.0).abs() <= 1e-9);
        for s in edge_strings() {
            for n in EDGE_NUMBERS {
                // maxPlies 0 or a small rollout count keeps every call cheap.
                let _ = wasm::equity(&s, Some(n), Some(0.0), Some(n), None, 0.0);
                let _ = wasm::equity(&s, Some(2.0), Some(n), Some(n), None, 0.0);
                // Any budget and entry instant: bounded, never a trap.
                let _ = wasm::equity(&s, Some(2.0), Some(4.0), Some(1.0), Some(n), n);
            }
        }
    }

    #[wasm_bindgen_test]
    fn registry_listings() {
        let bots: serde_json::Value = serde_json::from_str(&wasm::available_bots()).expect("JSON");
        let ids: Vec<&str> = bots.as_array().expect("array").iter().filter_map(|b| b["id"].as_str()).collect();
        assert_eq!(
            ids,
            [
                "random",
                "checkmate-aware",
                "greedy",
                "greedy-v2",
                "aggressive",
                "monte-carlo",
                "expectimax",
                "expectimax-v2",
                "expectimax-nnue"
            ]
        );
        // The export's rows carry `takesBudget` (getBotDetails); getAvailableBots drops it in JS.
        let keys: Vec<&String> = bots[0].as_object().expect("object").keys().collect();
        assert_eq!(keys, ["id", "name", "description", "difficulty", "isExperimental", "takesBudget"]);
        let budgeted: Vec<&str> = bots
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["takesBudget"] == true)
            .filter_map(|b| b["id"].as_str())
            .collect();
        assert_eq!(budgeted, ["monte-carlo", "expectimax", "expectimax-v2", "expectimax-nnue"]);
        assert_eq!(wasm::available_time_policies(), "empirical-v1 legacy-linear-v1");
    }
}

#[cfg(feature = "book")]
mod books {
    use super::full::summary;
    use super::{edge_strings, START};
    use dicechess_wasm::wasm;
    use wasm_bindgen_test::wasm_bindgen_test;

    const BOOK: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\te2e4,f1c4\n";
    const ENCODED: &str = "4443424b010020000000000001000000c7370b308bcd13c800000000000000002c90946a69f430540c0785060000020001000000000000000000000000000000";

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn report(json: &str) -> serde_json::Value {
        serde_json::from_str(json).expect("the report is JSON")
    }

    #[wasm_bindgen_test]
    fn validate_and_encode() {
        assert_eq!(wasm::validate_book_text(BOOK), r#"{"ok":true,"entries":1,"keys":1,"errors":[],"warnings":[]}"#);
        assert_eq!(wasm::validate_book_text(""), r#"{"ok":true,"entries":0,"keys":0,"errors":[],"warnings":[]}"#);
        // Issue texts round-trip through the JSON escaping (quotes, backslashes, control characters).
        let text = "a\"b\\c\u{1}\u{1f}\u{7f}é\u{fffd}";
        let r = report(&wasm::validate_book_text(text));
        assert_eq!(r["ok"], false);
        assert_eq!(r["errors"][0]["text"], text);
        assert_eq!(r["errors"][0]["code"], "no-tab");
        let keys: Vec<&String> = r["errors"][0].as_object().expect("issue").keys().collect();
        assert_eq!(keys, ["line", "text", "code", "reason"]);
        let bytes = wasm::encode_book(BOOK).expect("encodes");
        assert_eq!(hex(&bytes), ENCODED);
        assert_eq!(wasm::validate_book_bytes(&bytes), r#"{"ok":true,"entries":1,"keys":1,"errors":[],"warnings":[]}"#);
        assert_eq!(report(&wasm::validate_book_bytes(&[0, 1, 2]))["errors"][0]["code"], "too-short");
        assert_eq!(report(&wasm::validate_book_bytes(BOOK.as_bytes()))["errors"][0]["code"], "bad-magic");
        for cut in 0..bytes.len() {
            let r = report(&wasm::validate_book_bytes(&bytes[..cut]));
            assert_eq!(r["ok"], false, "truncated at {cut}");
        }
        assert_eq!(wasm::encode_book("not tsv\tformat\textra"), None);
        assert_eq!(wasm::encode_book("k\tm"), None);
        assert!(wasm::encode_book("").is_some_and(|b| b.len() == 32));
        for s in edge_strings() {
            let _ = report(&wasm::validate_book_text(&s));
            let _ = report(&wasm::validate_book_bytes(s.as_bytes()));
            let _ = wasm::encode_book(&s);
        }
        // A 1 MB line without a tab.
        assert_eq!(report(&wasm::validate_book_text(&"k".repeat(1 << 20)))["errors"][0]["code"], "no-tab");
    }

    #[wasm_bindgen_test]
    fn register_and_unregister() {
        assert!(wasm::register_book_bot_text(BOOK, "greedy", "w-book", "W"));
        let listed = wasm::available_bots();
        assert!(listed.contains(r#""id":"w-book","name":"W""#), "{listed}");
        let turn = wasm::best_move(
            &format!("{START} RPB"),
            Some("W-BOOK".into()),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            0.0,
        );
        // (greedy is not budgeted: the entry instant is not read)
        assert_eq!(turn.as_deref().map(summary).as_deref(), Some("0 0 complete e2e4 f1c4"));
        let bytes = wasm::encode_book(BOOK).expect("encodes");
        assert!(wasm::register_book_bot_bytes(&bytes, "monte-carlo", "w-bin", "B"));
        assert!(!wasm::register_book_bot_bytes(BOOK.as_bytes(), "greedy", "w-x", "X"), "bytes are never TSV");
        assert!(!wasm::register_book_bot_bytes(&[], "greedy", "w-x", "X"));
        assert!(!wasm::register_book_bot_text(BOOK, "no-such-bot", "w-x", "X"));
        assert!(!wasm::register_book_bot_text(BOOK, "greedy", "Greedy", "X"));
        assert!(!wasm::register_book_bot_text(BOOK, "greedy", "", "X"));
        assert!(!wasm::register_book_bot_text(BOOK, "greedy", &"b".repeat(65), "X"));
        assert!(!wasm::register_book_bot_text(BOOK, "greedy", "w-x", &"n".repeat(257)));
        assert!(!wasm::register_book_bot_text("k: 5", "greedy", "w-x", "X"));
        assert!(wasm::register_book_bot_text("", "greedy", &"b".repeat(64), &"é".repeat(256)));
        assert!(wasm::unregister_bot(&"B".repeat(64)));
        for s in edge_strings() {
            let _ = wasm::register_book_bot_text(&s, &s, &s, &s);
            let _ = wasm::register_book_bot_bytes(s.as_bytes(), "greedy", &s, "X");
            let _ = wasm::unregister_bot(&s);
        }
        assert!(wasm::unregister_bot("w-book"));
        assert!(!wasm::unregister_bot("w-book"));
        assert!(wasm::unregister_bot("W-BIN"));
        assert!(!wasm::unregister_bot("greedy"));
        assert!(!wasm::unregister_bot(""));
        // At most 256 custom bots; replacing one is still allowed at the cap.
        for i in 0..256 {
            assert!(wasm::register_book_bot_text("", "greedy", &format!("cap-{i}"), "C"), "{i}");
        }
        assert!(!wasm::register_book_bot_text("", "greedy", "cap-256", "C"));
        assert!(wasm::register_book_bot_text("", "aggressive", "CAP-7", "C"));
        for i in 0..256 {
            assert!(wasm::unregister_bot(&format!("cap-{i}")), "{i}");
        }
        assert_eq!(wasm::available_bots().matches("\"id\"").count(), 9, "the nine built-ins");
    }
}

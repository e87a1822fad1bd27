//! The `dicechess` binary's rules tools (RULES.md §16) and their exit codes and batch mode
//! (BOOK.md §11.1), run as a user runs them.

mod common;

use common::cli::{code, fails, ok, run, run_stdin, stderr, stdout};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn start(dice: &str) -> String {
    format!("{START} {dice}")
}

// ---------------------------------------------------------------------------------------------------
// moves

#[test]
fn moves_prints_the_legal_first_moves_as_json() {
    // RULES.md §8.4 P1: getLegalUciMoves in generation order.
    let out = ok(run(&["moves", "8/8/8/2k5/8/1N6/2P5/K7 w - - 0 1 NPP"]));
    assert_eq!(out, "[\"c2c3\",\"c2c4\",\"b3c1\",\"b3d2\",\"b3d4\",\"b3a5\",\"b3c5\"]\n");
}

#[test]
fn moves_matches_the_api() {
    for dfen in [start("PN"), start("QRN"), START.to_owned(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 R".to_owned()] {
        let out = ok(run(&["moves", &dfen]));
        let expected = serde_json::to_string(&dicechess::package::legal_uci_moves(&dfen)).unwrap();
        assert_eq!(out, format!("{expected}\n"), "{dfen}");
    }
}

#[test]
fn moves_without_dice_or_on_a_pass_is_an_empty_array() {
    assert_eq!(ok(run(&["moves", START])), "[]\n");
    assert_eq!(ok(run(&["moves", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 R"])), "[]\n");
}

#[test]
fn dfen_fields_may_be_separate_words() {
    let quoted = ok(run(&["moves", &start("PN")]));
    let mut args = vec!["moves"];
    args.extend(START.split(' '));
    args.push("PN");
    assert_eq!(ok(run(&args)), quoted);
}

#[test]
fn invalid_dfen_exits_1_with_the_parser_message() {
    for sub in ["board", "moves", "tree"] {
        let err = fails(run(&[sub, "not a dfen"]), 1);
        assert!(err.contains("DFEN"), "{sub}: {err}");
    }
    fails(run(&["perft", "not a dfen", "1"]), 1);
    fails(run(&["perft", "--divide", "not a dfen", "1"]), 1);
    // A trailing newline is not accepted (RULES.md §3.2).
    fails(run(&["moves", &format!("{START}\n")]), 1);
}

// ---------------------------------------------------------------------------------------------------
// tree

#[test]
fn tree_is_json_stringify_of_the_turn_tree() {
    // RULES.md §8.3.
    assert_eq!(
        ok(run(&["tree", &start("QRN")])),
        "{\"b1a3\":{\"a1b1\":{}},\"b1c3\":{\"a1b1\":{}},\"g1f3\":{\"h1g1\":{}},\"g1h3\":{\"h1g1\":{}}}\n"
    );
    assert_eq!(
        ok(run(&["tree", "4k3/8/8/8/8/8/3PPPPP/3QK2R w K - 0 1 RK"])),
        "{\"e1f1\":{\"h1g1\":{}},\"e1g1\":{},\"h1g1\":{\"e1f1\":{}}}\n"
    );
    assert_eq!(ok(run(&["tree", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 R"])), "{}\n");
    assert_eq!(ok(run(&["tree", START])), "{}\n");
}

#[test]
fn tree_matches_the_api() {
    let dfen = "8/P7/2k5/8/8/8/8/B6K w - - 0 1 PBQ";
    assert_eq!(ok(run(&["tree", dfen])), format!("{}\n", dicechess::package::legal_turn_tree_json(dfen)));
}

// ---------------------------------------------------------------------------------------------------
// perft

#[test]
fn perft_counts_nodes() {
    // RULES.md §12.1.
    assert_eq!(ok(run(&["perft", START, "0"])), "1\n");
    assert_eq!(ok(run(&["perft", START, "3"])), "8902\n");
    assert_eq!(ok(run(&["perft", &start("PN"), "3"])), "7686\n");
    assert_eq!(ok(run(&["perft", "8/8/8/8/8/8/k7/K7 w - - 0 1 K", "3"])), "52\n");
}

#[test]
fn perft_dfen_fields_may_be_separate_words() {
    let mut args = vec!["perft"];
    args.extend(START.split(' '));
    args.push("2");
    assert_eq!(ok(run(&args)), "400\n");
}

#[test]
fn perft_depth_outside_0_to_8_is_a_usage_error() {
    for depth in ["9", "100", "-1", "x", "1.5", ""] {
        let err = fails(run(&["perft", START, depth]), 2);
        assert!(err.to_lowercase().contains("usage"), "depth {depth:?}: a usage line: {err}");
    }
    // Depth 8 is accepted (checked on a board without moves, so it is instant).
    assert_eq!(ok(run(&["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "8"])), "0\n");
}

#[test]
fn perft_divide_lists_every_root_move() {
    let out = ok(run(&["perft", START, "2", "--divide"]));
    let (rows, total) = out.split_once("\n\n").expect("a blank line before the total");
    assert_eq!(total, "Nodes searched: 400\n");
    let rows: Vec<(&str, u64)> = rows
        .lines()
        .map(|l| {
            let (m, n) = l.split_once(": ").expect("move: count");
            (m, n.parse().expect("a count"))
        })
        .collect();
    // Generation order (RULES.md §12.2): the 16 pawn moves, then the knights.
    let moves: Vec<&str> = rows.iter().map(|(m, _)| *m).collect();
    assert_eq!(moves, dicechess::package::generate_moves(START));
    assert!(rows.iter().all(|&(_, n)| n == 20), "{rows:?}");
}

#[test]
fn perft_divide_sums_to_perft() {
    let dfen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 PNB";
    let out = ok(run(&["perft", "--divide", dfen, "2"]));
    let (rows, _) = out.split_once("\n\n").expect("a blank line before the total");
    let total: u64 = rows.lines().map(|l| l.split_once(": ").unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(total, 765);
    assert!(out.ends_with("\nNodes searched: 765\n"), "{out}");
}

#[test]
fn perft_divide_at_depth_0_is_the_root() {
    assert_eq!(ok(run(&["perft", "--divide", START, "0"])), "\nNodes searched: 1\n");
}

// ---------------------------------------------------------------------------------------------------
// board

#[test]
fn board_draws_the_position_and_its_fields() {
    let out = ok(run(&["board", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 PNB"]));
    assert!(out.contains("8 | r n b q k b n r |"), "{out}");
    assert!(out.contains("4 | . . . . P . . . |"), "{out}");
    assert!(out.contains("1 | R N B Q K B N R |"), "{out}");
    assert!(out.contains("a b c d e f g h"), "{out}");
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 pnb"), "canonical DFEN: {out}");
    for field in ["black", "KQkq", "e3", "pnb", "pawn, knight, bishop", "in play"] {
        assert!(out.contains(field), "{field}: {out}");
    }
}

#[test]
fn board_reports_game_over() {
    let out = ok(run(&["board", "8/8/8/8/8/8/8/4K3 b - - 0 1"]));
    assert!(out.contains("white wins"), "{out}");
}

#[test]
fn board_json() {
    let out = ok(run(&["board", "--json", "4k3/8/8/8/8/8/8/4K3 w - e3h6 9 5 PNB"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dfen"], "4k3/8/8/8/8/8/8/4K3 w - e3h6 9 5 PNB");
    assert_eq!(v["board"][0], "....k...");
    assert_eq!(v["board"][7], "....K...");
    assert_eq!(v["side"], "white");
    assert_eq!(v["castling"], "-");
    assert_eq!(v["enPassant"], serde_json::json!(["e3", "h6"]));
    assert_eq!(v["halfmove"], 9);
    assert_eq!(v["fullmove"], 5);
    assert_eq!(v["dice"], "PNB");
    assert_eq!(v["over"], false);
    assert_eq!(v["winner"], serde_json::Value::Null);
}

// ---------------------------------------------------------------------------------------------------
// Batch mode

#[test]
fn batch_writes_one_line_per_input_line() {
    let qrn = start("QRN");
    let input = format!("{qrn}\nnot a dfen\n\n{qrn}\r\n{START}");
    let out = run_stdin(&["moves", "--stdin"], input.as_bytes());
    assert_eq!(code(&out), 1, "an invalid line makes the exit code 1");
    let moves = serde_json::to_string(&dicechess::package::legal_uci_moves(&qrn)).unwrap();
    assert_eq!(stdout(&out), format!("{moves}\n[]\n[]\n{moves}\n[]\n"));
    let err = stderr(&out);
    assert!(err.contains(":2:") && err.contains(":3:"), "line numbers of the invalid lines: {err}");
    assert!(!err.contains(":1:") && !err.contains(":4:") && !err.contains(":5:"), "{err}");

    let out = run_stdin(&["tree", "--stdin"], format!("x\n{qrn}\n").as_bytes());
    assert_eq!(code(&out), 1);
    assert_eq!(stdout(&out), format!("{{}}\n{}\n", dicechess::package::legal_turn_tree_json(&qrn)));

    let out = run_stdin(&["board", "--stdin"], format!("x\n{qrn}\n").as_bytes());
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "{}");
    assert!(lines[1].starts_with("{\"dfen\":"), "{}", lines[1]);
}

#[test]
fn batch_of_valid_lines_exits_0() {
    let input = format!("{}\n{}\n", start("PN"), start("QRN"));
    let out = run_stdin(&["tree", "--stdin"], input.as_bytes());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 2);
    assert_eq!(stderr(&out), "");
}

#[test]
fn batch_of_nothing_is_nothing() {
    let out = run_stdin(&["moves", "--stdin"], b"");
    assert_eq!(code(&out), 0);
    assert_eq!(stdout(&out), "");
}

#[test]
fn batch_perft() {
    let input = format!("{START}\nnope\n{}\n", start("PN"));
    let out = run_stdin(&["perft", "--stdin", "3"], input.as_bytes());
    assert_eq!(code(&out), 1);
    assert_eq!(stdout(&out), "8902\n0\n7686\n");

    let out = run_stdin(&["perft", "--stdin", "--divide", "1"], format!("{START}\nnope\n").as_bytes());
    assert_eq!(code(&out), 1);
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1], "{}");
    let divide: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    let keys: Vec<&String> = divide.as_object().unwrap().keys().collect();
    assert_eq!(keys, dicechess::package::generate_moves(START).iter().collect::<Vec<_>>(), "generation order");
    assert!(divide.as_object().unwrap().values().all(|v| v == 1));
}

#[test]
fn batch_invalid_utf8_is_an_io_error() {
    let out = run_stdin(&["moves", "--stdin"], b"\xff\xfe\n");
    assert_eq!(code(&out), 3, "{}", stderr(&out));
}

#[test]
fn batch_handles_many_lines() {
    let input = format!("{}\n", start("PNB")).repeat(2000);
    let out = run_stdin(&["moves", "--stdin"], input.as_bytes());
    assert_eq!(code(&out), 0);
    assert_eq!(stdout(&out).lines().count(), 2000);
}

// ---------------------------------------------------------------------------------------------------
// Usage

#[test]
fn usage_errors_exit_2() {
    fails(run(&[]), 2);
    fails(run(&["frobnicate"]), 2);
    fails(run(&["moves"]), 2);
    fails(run(&["moves", "--bogus", START]), 2);
    fails(run(&["perft", START]), 2);
    // A DFEN and --stdin together.
    fails(run(&["moves", "--stdin", START]), 2);
}

#[test]
fn help_and_version_exit_0() {
    for args in [&["--help"][..], &["--version"], &["perft", "--help"], &["board", "--help"]] {
        let out = ok(run(args));
        assert!(!out.is_empty(), "{args:?}");
    }
}

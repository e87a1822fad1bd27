//! `dicechess game convert`, `show` and `validate` (issue 14), run as a user runs them.

mod common;

use common::cli::{fails, ok, run, run_stdin, scratch};

fn selfplay(games: &str) -> String {
    ok(run(&[
        "selfplay",
        "-o",
        "-",
        "--white",
        "greedy",
        "--black",
        "random",
        "--games",
        games,
        "--seed",
        "31",
        "--move-time",
        "0",
        "--quiet",
    ]))
}

#[test]
fn convert_goes_to_the_notation_and_back_byte_for_byte() {
    let records = selfplay("6");
    let dir = scratch("cli_game_convert");
    let (jsonl, text) = (dir.join("g.jsonl"), dir.join("g.txt"));
    std::fs::write(&jsonl, &records).unwrap();
    ok(run(&["game", "convert", jsonl.to_str().unwrap(), "-o", text.to_str().unwrap()]));
    let notation = std::fs::read_to_string(&text).unwrap();
    assert_eq!(notation.matches("[Result ").count(), 6, "{notation}");
    assert!(notation.contains("[White \"greedy\"]") && notation.contains("1. "), "{notation}");
    let back = ok(run(&["game", "convert", text.to_str().unwrap(), "-o", "-"]));
    assert_eq!(back, records);
    // --to names the form; records to records is a canonical copy.
    assert_eq!(ok(run_stdin(&["game", "convert", "-", "-o", "-", "--to", "records"], records.as_bytes())), records);
}

#[test]
fn show_prints_the_board_after_a_turn() {
    let records = selfplay("2");
    let out = ok(run_stdin(&["game", "show", "-", "--game", "2", "--turn", "0"], records.as_bytes()));
    assert!(out.starts_with("game 2: Id 31-1"), "{out}");
    assert!(out.contains("start\n") && out.contains("8 | r n b q k b n r |"), "{out}");
    assert!(!out.contains("turn 1:"), "only the start: {out}");
    let all = ok(run_stdin(&["game", "show", "-"], records.as_bytes()));
    assert!(all.contains("turn 1:") && all.contains("over: "), "{all}");
}

#[test]
fn validate_counts_valid_games_and_names_the_first_invalid_one() {
    let records = selfplay("3");
    assert_eq!(ok(run_stdin(&["game", "validate", "-"], records.as_bytes())), "3 games valid (records)\n");
    let bad = format!("{records}{}\n", r#"{"result":"*","turns":[{"dice":"PNB","moves":["e2e5"]}]}"#);
    let err = fails(run_stdin(&["game", "validate", "-"], bad.as_bytes()), 1);
    assert!(err.contains("-:4:") && err.contains("turn 1"), "{err}");
    let err = fails(run_stdin(&["game", "validate", "-"], b"1. PNB e4 Nf3 Bb7 *\n"), 1);
    assert!(err.contains("line 1, column"), "{err}");
    let err = fails(run(&["game", "validate", "/nonexistent/games.txt"]), 3);
    assert!(err.contains("games.txt"), "{err}");
}

#[test]
fn selfplay_writes_the_notation() {
    let args =
        ["--white", "greedy", "--black", "random", "--games", "4", "--seed", "31", "--move-time", "0", "--quiet"];
    let text = ok(run(&[&["selfplay", "-o", "-", "--notation"][..], &args].concat()));
    assert_eq!(text.matches("[Result ").count(), 4, "{text}");
    let records = ok(run_stdin(&["game", "convert", "-", "-o", "-"], text.as_bytes()));
    assert_eq!(records, ok(run(&[&["selfplay", "-o", "-"][..], &args].concat())));
}

#[test]
fn arena_writes_its_games_as_records_or_notation() {
    let dir = scratch("cli_game_arena");
    let (jsonl, text) = (dir.join("games.jsonl"), dir.join("games.txt"));
    let args = ["arena", "--bot", "greedy", "--baseline", "random", "--pairs", "3", "--move-time", "0", "--quiet"];
    ok(run(&[&args[..], &["--games", jsonl.to_str().unwrap()]].concat()));
    ok(run(&[&args[..], &["--games", text.to_str().unwrap(), "--notation"]].concat()));
    let records = std::fs::read_to_string(&jsonl).unwrap();
    assert_eq!(records.lines().count(), 6, "two games a pair: {records}");
    assert!(records.lines().next().unwrap().starts_with(r#"{"id":"42-0-0","white":"greedy","black":"random","#));
    assert!(records.lines().nth(1).unwrap().starts_with(r#"{"id":"42-0-1","white":"random","black":"greedy","#));
    assert_eq!(ok(run(&["game", "validate", jsonl.to_str().unwrap()])), "6 games valid (records)\n");
    // The notation holds the same games.
    assert_eq!(ok(run(&["game", "convert", text.to_str().unwrap(), "-o", "-"])), records);
    let err = fails(run(&[&args[..], &["--notation"]].concat()), 2);
    assert!(err.contains("--games"), "{err}");
}

//! `dicechess review` run as a user runs it (docs/ANALYSIS.md): the table and summaries, the JSON
//! Lines report, and the exit codes of BOOK.md §11.1 for invalid records, missing files and bad
//! flags.

mod common;

use common::cli::{fails, ok, path, run};
use serde_json::Value;

/// The example of BOOK.md §8: a pass, a knight's raid and a king capture.
const GAME: &str = r#"{"id": "g-0001", "result": "0-1", "turns": [{"dice": "RQK", "moves": []}, {"dice": "nnn", "moves": ["b8c6", "c6b4", "b4c2"]}, {"dice": "NKK", "moves": ["b1a3"]}, {"dice": "nkk", "moves": ["c2e1"]}]}"#;

#[test]
fn reviews_every_game_as_a_table_and_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.jsonl");
    std::fs::write(&games, format!("{GAME}\n\n{}\n", GAME.replace("g-0001", "g-0002"))).unwrap();
    let report = dir.path().join("review.jsonl");
    let out = ok(run(&["review", path(&games), "--time", "20", "--json", path(&report), "--quiet"]));
    assert!(out.contains("game g-0001 (line 1): 0-1, 4 turns"), "{out}");
    assert!(out.contains("game g-0002 (line 3)"), "{out}");
    assert!(out.lines().any(|l| l.contains("(pass)") && l.ends_with("forced")), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("white: error rate")).count(), 2, "{out}");
    let lines: Vec<Value> =
        std::fs::read_to_string(&report).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], "g-0001");
    let turns = lines[0]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 4);
    assert_eq!(turns[3]["played"][0], "c2e1");
    assert_eq!(turns[3]["afterPlayed"], 1.0);
    assert!(turns.iter().all(|t| t["error"].as_f64().unwrap() >= 0.0));
    assert!(lines[0]["black"]["luckAdjustedResult"].is_f64());
}

#[test]
fn an_invalid_record_stops_the_review_and_names_its_line_and_turn() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.jsonl");
    std::fs::write(&games, format!("{GAME}\n{}\n", GAME.replace("b4c2", "b4c3"))).unwrap();
    let report = dir.path().join("review.jsonl");
    let err = fails(run(&["review", path(&games), "--json", path(&report), "--quiet"]), 1);
    assert!(err.contains(":2:") && err.contains("turn 2"), "{err}");
    assert!(!report.exists(), "no partial report");
    fails(run(&["review", path(&dir.path().join("missing.jsonl"))]), 3);
    fails(run(&["review", path(&games), "--time", "soon"]), 2);
}

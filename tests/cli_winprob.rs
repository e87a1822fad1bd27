//! `dicechess winprob`: the models' training tools, run as the trainers run them
//! (scripts/train/): `describe`, `features`, `rolls` and `calibrate` on `datagen`-style lines.
#![cfg(feature = "cli")]

mod common;

use common::cli::{fails, ok, run, run_stdin};
use dicechess::internals::{DENSE_NAMES, INPUTS, ROLL_INPUTS, ROLL_NAMES};

const POSITIONS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tW\tg1\n\
                         k7/8/8/8/8/8/8/R3K3 b - - 0 1\tL\tg2\n";

#[test]
fn describe_names_both_models_inputs() {
    let d: serde_json::Value = serde_json::from_str(&ok(run(&["winprob", "describe"]))).unwrap();
    assert_eq!(d["inputs"].as_u64(), Some(INPUTS as u64));
    assert_eq!(d["denseNames"].as_array().unwrap().len(), DENSE_NAMES.len());
    let names: Vec<&str> = d["rollNames"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
    assert_eq!(names, ROLL_NAMES);
}

#[test]
fn features_writes_one_svmlight_row_per_position() {
    let out = ok(run_stdin(&["winprob", "features", "-i", "-", "-o", "-"], POSITIONS.as_bytes()));
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 2);
    // Labels 0 loss, 1 draw, 2 win; the start has 32 piece-square inputs.
    assert!(rows[0].starts_with("2 ") && rows[1].starts_with("0 "), "{out}");
    assert!(rows[0].split(' ').filter(|t| t.ends_with(":1")).count() >= 32);
}

#[test]
fn rolls_writes_every_roll_and_a_partial_turn_with_their_searched_values() {
    let out = ok(run_stdin(&["winprob", "rolls", "-i", "-", "-o", "-", "--seed", "5"], POSITIONS.as_bytes()));
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    for (position, board) in [(0, "rnbqkbnr/pppppppp/"), (1, "k7/8/")] {
        let mine: Vec<&Vec<&str>> = rows.iter().filter(|r| r[0].starts_with(board)).collect();
        let full: Vec<&&Vec<&str>> =
            mine.iter().filter(|r| r[0].split(' ').nth(6).is_some_and(|d| d.len() == 3)).collect();
        assert_eq!(full.len(), 56, "position {position}");
        let weight: f64 = full.iter().map(|r| r[1].parse::<f64>().unwrap()).sum();
        assert!((weight - 1.0).abs() < 1e-9, "position {position}: weights sum to {weight}");
        for r in &mine {
            let label: f64 = r[2].parse().unwrap();
            assert!((0.0..=1.0).contains(&label), "{r:?}");
            assert_eq!(r[3], ["W", "L"][position]);
            match r[5] {
                "O" => assert_eq!(r.len(), 7 + ROLL_INPUTS, "{r:?}"),
                "D" => assert_eq!(r.len(), 7, "{r:?}"),
                other => panic!("kind {other}"),
            }
        }
    }
    // A decided row is a king capture: worth 1.
    assert!(rows.iter().filter(|r| r[5] == "D").all(|r| r[6] == "1"), "{out}");
    // The same seed gives the same rows.
    let again = ok(run_stdin(&["winprob", "rolls", "-i", "-", "-o", "-", "--seed", "5"], POSITIONS.as_bytes()));
    assert_eq!(out, again);
}

#[test]
fn a_malformed_line_names_its_number() {
    let err = fails(run_stdin(&["winprob", "rolls", "-i", "-", "-o", "-"], b"not a line\n"), 1);
    assert!(err.contains("line 1") || err.contains("DFEN"), "{err}");
    let err = fails(run_stdin(&["winprob", "calibrate", "-i", "-"], b""), 1);
    assert!(err.contains("no positions"), "{err}");
}

#[test]
fn calibrate_reports_the_measures() {
    let out = ok(run_stdin(&["winprob", "calibrate", "-i", "-"], POSITIONS.as_bytes()));
    assert!(out.contains("positions: 2 (wins 1, losses 1, draws 0)"), "{out}");
    for measure in ["log loss (3 outcomes)", "Brier score of the score", "ECE (10 bins)"] {
        assert!(out.contains(measure), "{measure}: {out}");
    }
}

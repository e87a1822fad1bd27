//! `dicechess winprob`: the models' training tools, run as the trainers run them
//! (scripts/train/): `describe`, `features`, `head-rows`, `rolls` and `calibrate` on
//! `datagen`-style lines.

mod common;

use common::cli::{fails, ok, run, run_stdin};
use dicechess::search::nnue::{Accumulator, Logits, LOGIT_SCALE, SHIPPED};
use dicechess::search::winprob::{head_names, DENSE_NAMES, HEAD_INPUTS, INPUTS, ROLL_INPUTS, ROLL_NAMES};
use dicechess::Position;

const POSITIONS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tW\tg1\n\
                         k7/8/8/8/8/8/8/R3K3 b - - 0 1\tL\tg2\n";

#[test]
fn describe_names_both_models_inputs() {
    let d: serde_json::Value = serde_json::from_str(&ok(run(&["winprob", "describe"]))).unwrap();
    assert_eq!(d["inputs"].as_u64(), Some(INPUTS as u64));
    assert_eq!(d["denseNames"].as_array().unwrap().len(), DENSE_NAMES.len());
    let names: Vec<&str> = d["rollNames"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
    assert_eq!(names, ROLL_NAMES);
    let names: Vec<&str> = d["headNames"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
    assert_eq!(names, head_names());
}

#[test]
fn head_rows_carry_the_label_the_capture_probability_and_the_inputs() {
    let out = ok(run_stdin(&["winprob", "head-rows", "-i", "-", "-o", "-"], POSITIONS.as_bytes()));
    let rows: Vec<Vec<f64>> = out.lines().map(|l| l.split('\t').map(|x| x.parse().unwrap()).collect()).collect();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.len() == 2 + HEAD_INPUTS), "{out}");
    assert_eq!((rows[0][0], rows[1][0]), (2.0, 0.0));
    // Nothing takes a king at the start. Black to move cannot take White's king, whose rook takes
    // Black's with every roll holding an R: 1 − (5/6)³ = 91/216 (`them_kcp`, the fourth input).
    assert_eq!((rows[0][1], rows[0][4], rows[0][5]), (0.0, 0.0, 0.0));
    assert_eq!((rows[1][1], rows[1][4]), (0.0, 0.0));
    assert!((rows[1][5] - 91.0 / 216.0).abs() < 1e-6, "{out}");
}

#[test]
fn head_rows_over_the_net_replace_the_models_logits_with_the_nets() {
    let parse = |out: &str| -> Vec<Vec<f64>> {
        out.lines().map(|l| l.split('\t').map(|x| x.parse().unwrap()).collect()).collect()
    };
    let model = parse(&ok(run_stdin(&["winprob", "head-rows", "-i", "-", "-o", "-"], POSITIONS.as_bytes())));
    let net = parse(&ok(run_stdin(&["winprob", "head-rows", "--net", "-i", "-", "-o", "-"], POSITIONS.as_bytes())));
    assert_eq!(net.len(), model.len());
    for ((net, model), line) in net.iter().zip(&model).zip(POSITIONS.lines()) {
        let pos = Position::from_dfen(line.split('\t').next().unwrap()).unwrap();
        let Logits([win, draw, loss]) = Accumulator::refresh(&SHIPPED, &pos).logits(&SHIPPED, &pos);
        let expected = [win - loss, draw - loss].map(|z| f64::from(z as f32 / LOGIT_SCALE as f32));
        // Label and capture probability, then the two logits, then the rest as the model's rows.
        assert_eq!(net[..2], model[..2], "{line}");
        assert!(net[2..4].iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-6), "{line}: {net:?} {expected:?}");
        assert_ne!(net[2..4], model[2..4], "{line}: the net's logits are not the model's");
        assert_eq!(net[4..], model[4..], "{line}");
    }
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
    for measure in ["log loss (3 outcomes)", "Brier score of the score", "ECE (10 bins)", "the model alone"] {
        assert!(out.contains(measure), "{measure}: {out}");
    }
}

#[test]
fn calibrate_dumps_the_compared_positions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dump.tsv");
    let path = path.to_str().unwrap();
    let args = ["winprob", "calibrate", "-i", "-", "--equity", "2", "--rollouts", "4", "--dump", path];
    assert!(ok(run_stdin(&args, POSITIONS.as_bytes())).contains("subset of 2 positions"));
    let dump = std::fs::read_to_string(path).unwrap();
    let rows: Vec<Vec<&str>> = dump.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 2, "{dump}");
    assert_eq!((rows[0][0], rows[0][1], rows[1][0], rows[1][1]), ("1", "W", "2", "L"));
    for r in &rows {
        let p: Vec<f64> = r[2..].iter().map(|x| x.parse().unwrap()).collect();
        assert_eq!(p.len(), 6);
        assert!((p[0] + p[1] + p[2] - 1.0).abs() < 1e-5 && (p[3] + p[4] + p[5] - 1.0).abs() < 1e-5, "{r:?}");
    }
}

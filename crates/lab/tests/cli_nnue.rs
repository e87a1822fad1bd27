//! `dicechess nnue`: the NNUE trainer's tools, run as scripts/train/nnue/train.py runs them:
//! `describe`, `features` and `values` on `datagen`-style lines.

mod common;

use common::cli::{fails, ok, run, run_stdin};
use dicechess::search::deepening::{Config, DeepeningBot, Neural};
use dicechess::search::nnue::inputs::{piece_input, CASTLING_BASE, EP_BASE};
use dicechess::search::nnue::{network, scan_inputs, INPUTS, LOGIT_SCALE, SCAN_INPUTS};
use dicechess::{Color, Position, Role, Square};

const POSITIONS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tW\tg1\n\
                         k7/8/8/8/8/8/8/R3K3 b Q - 0 1\tD\tg2\n";

#[test]
fn describe_gives_the_layout_and_the_scales() {
    let d: serde_json::Value = serde_json::from_str(&ok(run(&["nnue", "describe"]))).unwrap();
    assert_eq!(d["inputs"].as_u64(), Some(INPUTS as u64));
    assert_eq!(d["castlingBase"].as_u64(), Some(CASTLING_BASE as u64));
    assert_eq!(d["epBase"].as_u64(), Some(EP_BASE as u64));
    assert_eq!(d["scanInputs"].as_u64(), Some(SCAN_INPUTS as u64));
    assert_eq!(d["qa"].as_i64(), Some(i64::from(network::QA)));
    assert_eq!(d["logitScale"].as_i64(), Some(i64::from(LOGIT_SCALE)));
}

#[test]
fn features_writes_the_label_the_movers_inputs_its_scan_inputs_and_the_dfen() {
    let out = ok(run_stdin(&["nnue", "features", "-i", "-", "-o", "-"], POSITIONS.as_bytes()));
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 2, "{out}");
    let inputs = |r: &Vec<&str>| -> Vec<usize> { r[1].split(',').map(|i| i.parse().unwrap()).collect() };
    // The start: 32 pieces and 4 castling rights, for a win.
    assert_eq!((rows[0][0], inputs(&rows[0]).len()), ("2", 36));
    let scan = |r: &Vec<&str>| -> Vec<i32> { r[2].split(',').map(|x| x.parse().unwrap()).collect() };
    let start = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert_eq!(scan(&rows[0]), scan_inputs(&start).to_vec());
    assert!(scan(&rows[0]).iter().any(|&x| x != 0), "the start has mobility");
    assert!(rows[0][3].starts_with("rnbqkbnr/pppppppp/"));
    // Black to move, a draw: its king (its own piece, on its back rank a1 in its frame), White's
    // king and rook, and White's queen-side right as the other side's.
    let black = inputs(&rows[1]);
    assert_eq!(rows[1][0], "1");
    let a8 = Square::new(56).unwrap();
    assert_eq!(black[0], piece_input(Color::Black, Color::Black, Role::King, a8));
    assert_eq!(piece_input(Color::Black, Color::Black, Role::King, a8), Role::King.index() * 64);
    assert_eq!(black.len(), 4);
    assert!(black.contains(&(CASTLING_BASE + 3)), "{black:?}");
}

/// `datagen --values` of a few cheap games, on `threads` workers.
fn datagen_with_values(threads: &str) -> String {
    let args = ["datagen", "-o", "-", "--games", "6", "--seed", "5", "--pairs", "greedy:aggressive", "--samples", "2"];
    ok(run(&[&args[..], &["--values", "--threads", threads, "--quiet"]].concat()))
}

#[test]
fn datagen_values_add_a_seventh_column_and_change_nothing_else() {
    let with = datagen_with_values("1");
    let args = ["datagen", "-o", "-", "--games", "6", "--seed", "5", "--pairs", "greedy:aggressive", "--samples", "2"];
    let without = ok(run(&[&args[..], &["--quiet"]].concat()));
    assert_eq!(with.lines().count(), 12, "{with}");
    for (w, plain) in with.lines().zip(without.lines()) {
        let (six, value) = w.rsplit_once('\t').unwrap();
        assert_eq!(six, plain, "the first six columns are the plain run's");
        // The mover's expected score, four decimals, within [0, 1].
        let (whole, decimals) = value.split_once('.').unwrap();
        assert!(whole == "0" || value == "1.0000", "{value}");
        assert_eq!(decimals.len(), 4, "{value}");
    }
    // Seeded and ordered by game: the same run, whatever the workers.
    assert_eq!(datagen_with_values("2"), with);
}

#[test]
fn values_give_generated_positions_the_values_of_datagen() {
    let with = datagen_with_values("1");
    let plain: String = with.lines().map(|l| format!("{}\n", l.rsplit_once('\t').unwrap().0)).collect();
    assert_eq!(ok(run_stdin(&["nnue", "values", "-i", "-", "-o", "-", "--quiet"], plain.as_bytes())), with);
    // A value already there is replaced, not added to.
    let stale: String = plain.lines().map(|l| format!("{l}\t0.0001\n")).collect();
    assert_eq!(ok(run_stdin(&["nnue", "values", "-i", "-", "-o", "-", "--quiet"], stale.as_bytes())), with);
    let short = format!("{}k7/8/8/8/8/8/8/R3K3 b - - 0 1\tD\n", plain);
    let err = fails(run_stdin(&["nnue", "values", "-i", "-", "-o", "-"], short.as_bytes()), 1);
    assert!(err.contains("line 13"), "{err}");
    // Lines are numbered as in the input, empty ones included.
    let err = fails(run_stdin(&["nnue", "values", "-i", "-", "-o", "-"], format!("\n{short}").as_bytes()), 1);
    assert!(err.contains("line 14"), "{err}");
    // A line of whitespace is blank; a bad DFEN is named by its line.
    let spaced = format!("{plain} \t\nk7/8/8/8/8/8/8/R3K9 b - - 0 1\tD\tg2\t4\tgreedy\tgreedy\n");
    let err = fails(run_stdin(&["nnue", "values", "-i", "-", "-o", "-"], spaced.as_bytes()), 1);
    assert!(err.contains("line 14: invalid DFEN"), "{err}");
}

#[test]
fn values_with_net_are_the_depth_one_chance_nodes_of_expectimax_nnue() {
    let plain: String =
        datagen_with_values("1").lines().map(|l| format!("{}\n", l.rsplit_once('\t').unwrap().0)).collect();
    let out = ok(run_stdin(&["nnue", "values", "--net", "-i", "-", "-o", "-", "--quiet"], plain.as_bytes()));
    let bot = DeepeningBot::with_config(Config::default(), Neural);
    let mut differ = 0;
    for ((line, input), linear) in out.lines().zip(plain.lines()).zip(datagen_with_values("1").lines()) {
        let (six, value) = line.rsplit_once('\t').unwrap();
        assert_eq!(six, input, "the first six columns are the input's");
        let pos = Position::from_dfen(input.split('\t').next().unwrap()).unwrap();
        assert_eq!(value, format!("{:.4}", bot.expected_score(&pos)), "{input}");
        differ += usize::from(line != linear);
    }
    assert_eq!(out.lines().count(), 12, "{out}");
    assert!(differ > 0, "the net's values are not the linear model's");
}

#[test]
fn features_carry_the_search_value() {
    let positions = "k7/8/8/8/8/8/8/R3K3 b - - 0 1\tD\tg2\t4\tgreedy\tgreedy\t0.2500\n\
                     k7/8/8/8/8/8/8/R3K3 w - - 0 1\tW\tg2\t5\tgreedy\tgreedy\n";
    let out = ok(run_stdin(&["nnue", "features", "-i", "-", "-o", "-"], positions.as_bytes()));
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows[0][4..], ["0.25"]);
    assert_eq!(rows[1].len(), 4, "no value, no column");
    let bad = "k7/8/8/8/8/8/8/R3K3 b - - 0 1\tD\tg2\t4\tgreedy\tgreedy\t1.5\n";
    let err = fails(run_stdin(&["nnue", "features", "-i", "-", "-o", "-"], bad.as_bytes()), 1);
    assert!(err.contains("line 1"), "{err}");
}

#[test]
fn datagen_plays_the_searching_bots_at_a_fixed_depth_reproducibly() {
    let args =
        ["datagen", "-o", "-", "--games", "2", "--seed", "4", "--pairs", "expectimax-nnue:greedy", "--depth", "1"];
    let one = ok(run(&[&args[..], &["--threads", "1", "--quiet"]].concat()));
    // Four samples a game, fewer in a short one.
    assert!((2..=8).contains(&one.lines().count()), "{one}");
    assert!(one.lines().all(|l| l.contains("expectimax-nnue\tgreedy") || l.contains("greedy\texpectimax-nnue")));
    assert_eq!(ok(run(&[&args[..], &["--threads", "2", "--quiet"]].concat())), one);
    let out_of_range = ["datagen", "-o", "-", "--games", "1", "--pairs", "expectimax-nnue:greedy", "--depth", "9"];
    fails(run(&out_of_range), 2);
}

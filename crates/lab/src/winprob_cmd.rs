//! `dicechess winprob`: the win-probability model's tools. `describe` prints its inputs (JSON),
//! `features` turns `datagen` positions into the trainer's sparse input rows (svmlight), and
//! `calibrate` measures the model on held-out positions: log loss, Brier score, expected
//! calibration error, a reliability table, and a comparison with `estimate_equity` on a subset;
//! `rolls` writes the roll model's training rows (`scripts/train/train_roll.py`).
//!
//! Input lines are those of `datagen`: `dfen \t result ...`, `result` one of `W`, `L`, `D` for
//! the side to move.

use std::fmt::Write as _;
use std::time::Instant;

use clap::{Args, Subcommand};
use serde::Serialize;

use dicechess::analysis::RollValue;
use dicechess::search::winprob::{
    features, head_names, linear_win_chances, model_chances, net_chances, net_logits, roll_inputs, win_chances,
    HeadInputs, Judge, RollInputs, WinChances, DENSE_NAMES, INPUTS, PSQ_INPUTS, ROLL_NAMES,
};
use dicechess::search::{candidate_turns, rolls56};
use dicechess::search::{estimate_equity, Rng, DEFAULT_MAX_PLIES, DEFAULT_ROLLOUTS};
use dicechess::Turns;
use dicechess::{Color, Position};

use dicechess_cli::args::{parse_seed, pool, Workers};
use dicechess_cli::files::{read_text, write_output, Input};
use dicechess_cli::io::{self, Exit, Failure, Outcome};
use dicechess_cli::shard::numbered_lines;

#[derive(Debug, Args)]
pub struct WinprobArgs {
    #[command(subcommand)]
    command: WinprobCommand,
}

#[derive(Debug, Subcommand)]
enum WinprobCommand {
    /// Print the model's inputs as JSON (counts and dense names).
    Describe,
    /// Write the sparse input rows (svmlight: `label index:value ...`; 0 loss, 1 draw, 2 win).
    Features(FeaturesArgs),
    /// Write the second stage's rows (TSV: label, the mover's exact king-capture probability, then
    /// the head's inputs; label 0 loss, 1 draw, 2 win).
    HeadRows(HeadRowsArgs),
    /// Measure the model (and optionally estimate_equity) on labelled positions.
    Calibrate(CalibrateArgs),
    /// Write the roll model's training rows: every roll of each position, and partial turns,
    /// with their searched values.
    Rolls(RollsArgs),
}

#[derive(Debug, Args)]
struct RollsArgs {
    /// The positions (`datagen` output; `-` = stdin).
    #[arg(short, long, value_name = "IN")]
    input: String,
    /// Where to write the rows (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// Seed of the partial turns (one roll and one turn drawn per position).
    #[arg(long, value_name = "S", default_value = "1", value_parser = parse_seed)]
    seed: u64,
    #[command(flatten)]
    workers: Workers,
}

/// A positions file in, one row per position out (`winprob features`/`head-rows`, `nnue features`).
#[derive(Debug, Args)]
pub(crate) struct FeaturesArgs {
    /// The positions (`datagen` output; `-` = stdin).
    #[arg(short, long, value_name = "IN")]
    pub(crate) input: String,
    /// Where to write the rows (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    pub(crate) output: String,
}

#[derive(Debug, Args)]
struct HeadRowsArgs {
    #[command(flatten)]
    files: FeaturesArgs,
    /// The model's two logits from the NNUE evaluator compiled into this CLI (`expectimax-nnue`'s
    /// net) instead of the linear model: the rows of a head over the net.
    #[arg(long)]
    net: bool,
}

#[derive(Debug, Args)]
struct CalibrateArgs {
    /// The held-out positions (`datagen` output; `-` = stdin).
    #[arg(short, long, value_name = "IN")]
    input: String,
    /// Also compare with estimate_equity on this many positions, evenly spaced (0 = no comparison).
    #[arg(long, value_name = "N", default_value = "0")]
    equity: usize,
    /// Rollouts per estimate_equity call.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ROLLOUTS)]
    rollouts: i64,
    /// Seed of the rollouts.
    #[arg(long, value_name = "S", default_value = "1", value_parser = parse_seed)]
    seed: u64,
    /// Also write the compared positions as TSV (`-` = stdout): their number in IN (from 1), result,
    /// then the model's and estimate_equity's chances (mover, opponent, draw).
    #[arg(long, value_name = "FILE", requires = "equity")]
    dump: Option<String>,
}

/// The results of `datagen` lines, indexed by label (0 loss, 1 draw, 2 win).
const RESULTS: [&str; 3] = ["L", "D", "W"];

/// One labelled position.
pub(crate) struct Sample {
    pub(crate) pos: Position,
    /// 0 loss, 1 draw, 2 win, for the side to move.
    pub(crate) label: usize,
    /// The search value of `datagen --values` (its seventh column): the mover's expected score.
    pub(crate) value: Option<f32>,
}

/// Parses `datagen` lines; a malformed line stops with its number.
pub(crate) fn samples(text: &str) -> Result<Vec<Sample>, Failure> {
    let mut out = Vec::new();
    for (n, line) in numbered_lines(text) {
        let mut fields = line.split('\t');
        let bad = || {
            Failure::invalid(format!("expected DFEN \\t W|L|D (and a value in 0..=1 in column 7): {line}")).at_line(n)
        };
        let dfen = fields.next().ok_or_else(bad)?;
        let pos = Position::from_dfen(dfen).map_err(|e| io::invalid_dfen(e).at_line(n))?;
        let label = fields.next().and_then(|r| RESULTS.iter().position(|&x| x == r)).ok_or_else(bad)?;
        // Past the game, turn, white and black columns.
        let value =
            fields.nth(4).map(|v| v.parse().ok().filter(|v| (0.0..=1.0).contains(v)).ok_or_else(bad)).transpose()?;
        out.push(Sample { pos, label, value });
    }
    Ok(out)
}

/// `dicechess winprob`.
pub fn winprob(args: WinprobArgs) -> Outcome {
    match args.command {
        WinprobCommand::Describe => describe(),
        WinprobCommand::Features(a) => write_features(&a),
        WinprobCommand::HeadRows(a) => write_head_rows(&a),
        WinprobCommand::Calibrate(a) => calibrate(&a),
        WinprobCommand::Rolls(a) => write_rolls(&a),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Description {
    inputs: usize,
    psq_inputs: usize,
    dense_names: Vec<&'static str>,
    head_names: Vec<String>,
    roll_names: Vec<&'static str>,
}

fn describe() -> Outcome {
    let d = Description {
        inputs: INPUTS,
        psq_inputs: PSQ_INPUTS,
        dense_names: DENSE_NAMES.to_vec(),
        head_names: head_names(),
        roll_names: ROLL_NAMES.to_vec(),
    };
    println!("{}", io::json(&d)?);
    Ok(Exit::Success)
}

fn write_features(args: &FeaturesArgs) -> Outcome {
    let text = read_text(&args.input, Input::Games)?;
    let mut out = String::with_capacity(text.len() * 2);
    for s in samples(&text)? {
        let f = features(&s.pos);
        out.push_str(["0", "1", "2"][s.label]);
        for &i in f.psq() {
            let _ = write!(out, " {}:1", u32::from(i) + 1);
        }
        for (i, &x) in f.dense.iter().enumerate() {
            if x != 0.0 {
                let _ = write!(out, " {}:{x}", PSQ_INPUTS + i + 1);
            }
        }
        out.push('\n');
    }
    write_output(&args.output, out.as_bytes())?;
    Ok(Exit::Success)
}

fn write_head_rows(args: &HeadRowsArgs) -> Outcome {
    let text = read_text(&args.files.input, Input::Games)?;
    let mut out = String::with_capacity(text.len() * 4);
    for s in samples(&text)? {
        let f = features(&s.pos);
        let h = if args.net {
            HeadInputs::with_logits(&s.pos, &f, net_logits(&s.pos, &f))
        } else {
            HeadInputs::linear(&s.pos, &f)
        };
        let _ = write!(out, "{}\t{}", s.label, h.us_kcp);
        for x in h.inputs {
            let _ = write!(out, "\t{x}");
        }
        out.push('\n');
    }
    write_output(&args.files.output, out.as_bytes())?;
    Ok(Exit::Success)
}

/// The probability clamp of the log loss.
const EPS: f64 = 1e-7;

/// The metrics of a set of predictions.
#[derive(Default)]
struct Metrics {
    n: usize,
    /// Sum of `-ln p(outcome)` over the three outcomes.
    log_loss: f64,
    /// Sum of the binary log loss of the score (`mover + draw/2` against 1, ½, 0).
    score_log_loss: f64,
    /// Sum of `(score − result)²`.
    brier: f64,
    /// Per tenth of the score: count, predicted sum, result sum.
    bins: [(usize, f64, f64); 10],
}

impl Metrics {
    /// Adds a prediction; returns its 3-outcome log loss.
    fn push(&mut self, w: WinChances, label: usize) -> f64 {
        let p = [f64::from(w.opponent), f64::from(w.draw), f64::from(w.mover)];
        let s = (p[2] + p[1] / 2.0).clamp(0.0, 1.0);
        let y = label as f64 / 2.0;
        self.n += 1;
        let log_loss = -p[label].clamp(EPS, 1.0).ln();
        self.log_loss += log_loss;
        let sc = s.clamp(EPS, 1.0 - EPS);
        self.score_log_loss -= y * sc.ln() + (1.0 - y) * (1.0 - sc).ln();
        self.brier += (s - y).powi(2);
        let bin = &mut self.bins[((s * 10.0) as usize).min(9)];
        bin.0 += 1;
        bin.1 += s;
        bin.2 += y;
        log_loss
    }

    fn mean(&self, sum: f64) -> f64 {
        sum / self.n.max(1) as f64
    }

    /// Expected calibration error over the ten bins.
    fn ece(&self) -> f64 {
        self.bins.iter().map(|&(_, p, y)| (p - y).abs()).sum::<f64>() / self.n.max(1) as f64
    }
}

/// The mover's chances from an `estimate_equity` result (the undecided mass as a draw).
fn equity_chances(pos: &Position, rollouts: i64, rng: &mut Rng) -> WinChances {
    let e = estimate_equity(pos, rollouts, DEFAULT_MAX_PLIES, rng);
    let (mover, opponent) = match pos.turn() {
        Color::White => (e.white_win, e.black_win),
        Color::Black => (e.black_win, e.white_win),
    };
    WinChances { mover: mover as f32, opponent: opponent as f32, draw: e.undecided as f32 }
}

/// What `calibrate` measures, the package's win probability first: a name, the evaluator and
/// about how many calls time it.
const EVALUATORS: [(&str, Judge, usize); 4] = [
    ("calibrated: the net and its head (win_chances)", win_chances, 200_000),
    ("the net alone (net_chances, expectimax-nnue's evaluation)", net_chances, 1_000_000),
    ("the linear model and its head (linear_win_chances)", linear_win_chances, 200_000),
    ("the model alone (model_chances, expectimax-v2's evaluation)", model_chances, 2_000_000),
];

fn calibrate(args: &CalibrateArgs) -> Outcome {
    let data = samples(&read_text(&args.input, Input::Games)?)?;
    if data.is_empty() {
        return Err(Failure::invalid("no positions"));
    }
    let outcomes = data.iter().fold([0usize; 3], |mut n, s| {
        n[s.label] += 1;
        n
    });
    let positions: Vec<Position> = data.iter().map(|s| s.pos).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "positions: {} (wins {}, losses {}, draws {})\n",
        data.len(),
        outcomes[2],
        outcomes[0],
        outcomes[1]
    );
    out.push_str(
        "| evaluator | log loss (3 outcomes) | log loss of the score | Brier score of the score | ECE (10 bins) | \
         time per position (native, from scratch) |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    let mut calibrated = None;
    for (name, f, calls) in EVALUATORS {
        let mut m = Metrics::default();
        for s in &data {
            m.push(f(&s.pos), s.label);
        }
        let ns = nanos_per_position(&positions, calls, f);
        let _ = writeln!(
            out,
            "| {name} | {:.4} | {:.4} | {:.4} | {:.4} | {ns:.0} ns |",
            m.mean(m.log_loss),
            m.mean(m.score_log_loss),
            m.mean(m.brier),
            m.ece()
        );
        calibrated.get_or_insert(m);
    }
    let model = calibrated.unwrap_or_default();
    out.push_str("\nthe calibrated win probability's reliability:\n\n");
    out.push_str("| score bin | positions | mean predicted | mean result |\n| --- | --- | --- | --- |\n");
    for (i, &(c, p, y)) in model.bins.iter().enumerate() {
        let (mp, my) = if c > 0 { (p / c as f64, y / c as f64) } else { (f64::NAN, f64::NAN) };
        let _ = writeln!(out, "| {:.1}-{:.1} | {c} | {mp:.3} | {my:.3} |", i as f64 / 10.0, (i + 1) as f64 / 10.0);
    }
    if args.equity > 0 {
        out.push('\n');
        out.push_str(&compare_with_equity(&data, args)?);
    }
    print!("{out}");
    Ok(Exit::Success)
}

/// The time `f` takes per position of `positions`, in nanoseconds, over about `calls` calls.
fn nanos_per_position(positions: &[Position], calls: usize, f: Judge) -> f64 {
    let reps = (calls / positions.len()).max(1);
    let started = Instant::now();
    let mut sink = 0.0f32;
    for _ in 0..reps {
        for pos in positions {
            sink += std::hint::black_box(f(std::hint::black_box(pos))).mover;
        }
    }
    std::hint::black_box(sink);
    started.elapsed().as_nanos() as f64 / (reps * positions.len()) as f64
}

/// The calibrated win probability against `estimate_equity` on `args.equity` evenly spaced positions.
fn compare_with_equity(data: &[Sample], args: &CalibrateArgs) -> Result<String, Failure> {
    let n = args.equity.min(data.len());
    let step = data.len() as f64 / n as f64;
    let lines: Vec<usize> = (0..n).map(|i| ((i as f64 * step) as usize).min(data.len() - 1)).collect();
    let subset: Vec<&Sample> = lines.iter().map(|&i| &data[i]).collect();
    let (mut model, mut equity) = (Metrics::default(), Metrics::default());
    let mut rng = Rng::from_seed(args.seed);
    let started = Instant::now();
    let chances: Vec<WinChances> = subset.iter().map(|s| equity_chances(&s.pos, args.rollouts, &mut rng)).collect();
    let predicted: Vec<WinChances> = subset.iter().map(|s| win_chances(&s.pos)).collect();
    let equity_us = started.elapsed().as_secs_f64() * 1e6 / n as f64;
    let positions: Vec<Position> = subset.iter().map(|s| s.pos).collect();
    let model_us = nanos_per_position(&positions, 100_000, win_chances) / 1e3;
    // The per-position difference of the 3-outcome log loss (model − equity), for a paired interval.
    let mut diffs = Vec::with_capacity(n);
    for ((s, m), c) in subset.iter().zip(&predicted).zip(&chances) {
        diffs.push(model.push(*m, s.label) - equity.push(*c, s.label));
    }
    let mean_diff = diffs.iter().sum::<f64>() / n as f64;
    let var = diffs.iter().map(|d| (d - mean_diff).powi(2)).sum::<f64>() / (n as f64 - 1.0).max(1.0);
    let half = 1.96 * (var / n as f64).sqrt();
    let mut out =
        format!("subset of {n} positions, estimate_equity at {} rollouts (seed {})\n\n", args.rollouts, args.seed);
    out.push_str("| measure | calibrated (win_chances) | estimate_equity |\n| --- | --- | --- |\n");
    let row = |name: &str, a: f64, b: f64| format!("| {name} | {a:.4} | {b:.4} |\n");
    out.push_str(&row("log loss (3 outcomes)", model.mean(model.log_loss), equity.mean(equity.log_loss)));
    out.push_str(&row("log loss of the score", model.mean(model.score_log_loss), equity.mean(equity.score_log_loss)));
    out.push_str(&row("Brier score of the score", model.mean(model.brier), equity.mean(equity.brier)));
    out.push_str(&row("ECE (10 bins)", model.ece(), equity.ece()));
    let _ = writeln!(
        out,
        "| time per position | {:.3} µs | {:.0} µs |\n\nspeed ratio: {:.0}x",
        model_us,
        equity_us,
        equity_us / model_us
    );
    let _ =
        writeln!(out, "log loss difference (calibrated − estimate_equity), paired: {mean_diff:+.4} ± {half:.4} (95%)");
    if let Some(path) = &args.dump {
        let mut tsv = String::new();
        for (((&i, s), m), e) in lines.iter().zip(&subset).zip(&predicted).zip(&chances) {
            let _ = writeln!(
                tsv,
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                i + 1,
                RESULTS[s.label],
                m.mover,
                m.opponent,
                m.draw,
                e.mover,
                e.opponent,
                e.draw
            );
        }
        write_output(path, tsv.as_bytes())?;
    }
    Ok(out)
}

/// `winprob rolls`: for each position, one row per roll (all 56, weight `w/216`) and up to two
/// rows of a partial turn (a random roll and legal turn, after its first one or two micro-moves;
/// weight 1/2 each). A row: `dfen \t weight \t label \t result \t before \t kind \t ...`,
/// `label` the searched value ([`RollValue::after`]), `before` the model's value before the roll,
/// `kind` `O` (open: then the base logit and the centred inputs) or `D` (decided: then the roll
/// model's score).
fn write_rolls(args: &RollsArgs) -> Outcome {
    use rayon::prelude::*;
    let data = samples(&read_text(&args.input, Input::Games)?)?;
    let pool = pool(args.workers.count())?;
    let rows: Vec<String> = pool
        .install(|| data.par_iter().enumerate().map(|(i, s)| roll_rows(s, args.seed.wrapping_add(i as u64))).collect());
    write_output(&args.output, rows.concat().as_bytes())?;
    Ok(Exit::Success)
}

/// The rows of one position (see [`write_rolls`]).
fn roll_rows(s: &Sample, seed: u64) -> String {
    let result = RESULTS[s.label];
    let mut out = String::new();
    let mut row = |pos: &Position, weight: f64, label: f64| {
        let before = f64::from(win_chances(&pos.with_dice(dicechess::Dice::EMPTY)).score());
        let _ = write!(out, "{}\t{weight}\t{label}\t{result}\t{before}", pos.to_dfen());
        match roll_inputs(pos) {
            RollInputs::Decided(c) => {
                let _ = write!(out, "\tD\t{}", c.score());
            }
            RollInputs::Open { base, centred, .. } => {
                let _ = write!(out, "\tO\t{base}");
                for x in centred {
                    let _ = write!(out, "\t{x}");
                }
            }
        }
        out.push('\n');
    };
    for (dice, v) in RollValue::each(&s.pos) {
        let mut rolled = s.pos;
        rolled.set_dice(dice);
        let weight = f64::from(rolls56().iter().find(|r| r.dice == dice).map_or(0, |r| r.weight)) / 216.0;
        row(&rolled, weight, v.after);
    }
    // A partial turn: a random roll, a random legal turn, its first one and two micro-moves.
    let mut rng = Rng::from_seed(seed);
    let mut rolled = s.pos;
    rolled.set_dice(rng.three_dice());
    let Some(turns) = Turns::of_position(&rolled) else { return out };
    let list = candidate_turns(&turns);
    if list.is_empty() {
        return out;
    }
    let turn = &list[rng.index(list.len())];
    let (mut node, mut spent) = (rolled, 0);
    for &m in &turn.moves()[..turn.len().saturating_sub(1).min(2)] {
        let Some(step) = turns.step(&node, spent, m) else { break };
        if step.captures_king {
            break;
        }
        (node, spent) = (step.position, step.spent);
        row(&node, 0.5, RollValue::of(&node).after);
    }
    out
}

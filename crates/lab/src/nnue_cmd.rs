//! `dicechess nnue`: the NNUE evaluator's training rows. `describe` prints the input layout
//! (JSON), `features` turns `datagen` positions into rows of the side to move's active inputs, so
//! that the trainer (`scripts/train/nnue/`) never computes an input itself; `values` gives positions
//! already generated the search values that `datagen --values` gives new ones.

use std::fmt::Write as _;

use clap::{Args, Subcommand};
use rayon::prelude::*;
use serde::Serialize;

use dicechess::search::deepening::{Config, DeepeningBot, Neural};
use dicechess::search::nnue::inputs::{for_each_input, CASTLING_BASE, EP_BASE, INPUTS, PIECE_INPUTS};
use dicechess::search::nnue::network::{LOGIT_SCALE, QA, QB};
use dicechess::search::nnue::{scan_inputs, SCAN_INPUTS};

use dicechess::Position;
use dicechess_cli::args::{pool, Workers};
use dicechess_cli::files::{read_text, write_lines, write_output, Input};
use dicechess_cli::io::{self, Exit, Failure, Outcome};
use dicechess_cli::progress::{Progress, Unit};
use dicechess_cli::shard::{lines_text, numbered_lines, parse_shard, sha256_hex, Shard, ShardRun};

use crate::bots::net_sha256;
use crate::datagen::chance_value;
use crate::winprob_cmd::{samples, FeaturesArgs};

#[derive(Debug, Args)]
pub struct NnueArgs {
    #[command(subcommand)]
    command: NnueCommand,
}

#[derive(Debug, Subcommand)]
enum NnueCommand {
    /// Print the input layout and the quantisation scales as JSON.
    Describe,
    /// Write one row per position: `label \t inputs \t scan \t dfen [\t value]`, the label 0 loss,
    /// 1 draw, 2 win for the side to move, the inputs its view's active ones, comma-separated, its
    /// scan inputs (quantised, comma-separated), and the search value where the position has one
    /// (`datagen --values`).
    Features(FeaturesArgs),
    /// Write each `datagen` line with its search value as the seventh column (replacing one it
    /// has): what `datagen --values` writes, for positions already generated (a few milliseconds
    /// a position).
    Values(ValuesArgs),
}

#[derive(Debug, Args)]
struct ValuesArgs {
    /// The positions (`datagen` output; `-` = stdin).
    #[arg(short, long, value_name = "IN")]
    input: String,
    /// Where to write them with their values (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// Only the lines of shard K of N (from 0), with a manifest beside the output for
    /// `dicechess merge` (docs/SCALE.md).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// The values of `expectimax-nnue`'s search instead: its depth-1 chance node, the mean over
    /// the 56 rolls of the best of its replies by the crate's net (to train the next net on the
    /// current one's search).
    #[arg(long)]
    net: bool,
    #[command(flatten)]
    workers: Workers,
}

/// `dicechess nnue`.
pub fn nnue(args: NnueArgs) -> Outcome {
    match args.command {
        NnueCommand::Describe => describe(),
        NnueCommand::Features(a) => write_features(&a),
        NnueCommand::Values(a) => write_values(&a),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Description {
    inputs: usize,
    piece_inputs: usize,
    castling_base: usize,
    ep_base: usize,
    scan_inputs: usize,
    qa: i16,
    qb: i32,
    logit_scale: i32,
}

fn describe() -> Outcome {
    let d = Description {
        inputs: INPUTS,
        piece_inputs: PIECE_INPUTS,
        castling_base: CASTLING_BASE,
        ep_base: EP_BASE,
        scan_inputs: SCAN_INPUTS,
        qa: QA,
        qb: QB,
        logit_scale: LOGIT_SCALE,
    };
    println!("{}", io::json(&d)?);
    Ok(Exit::Success)
}

fn write_features(args: &FeaturesArgs) -> Outcome {
    let text = read_text(&args.input, Input::Games)?;
    let mut out = String::with_capacity(text.len() * 2);
    for s in samples(&text)? {
        let _ = write!(out, "{}\t", s.label);
        let mut first = true;
        for_each_input(&s.pos, s.pos.turn(), |i| {
            let _ = write!(out, "{}{i}", if first { "" } else { "," });
            first = false;
        });
        for (k, x) in scan_inputs(&s.pos).iter().enumerate() {
            let _ = write!(out, "{}{x}", if k == 0 { "\t" } else { "," });
        }
        let _ = write!(out, "\t{}", s.pos.to_dfen());
        if let Some(value) = s.value {
            let _ = write!(out, "\t{value}");
        }
        out.push('\n');
    }
    write_output(&args.output, out.as_bytes())?;
    Ok(Exit::Success)
}

fn write_values(args: &ValuesArgs) -> Outcome {
    let text = read_text(&args.input, Input::Games)?;
    let lines = numbered_lines(&text);
    let positions = args
        .shard
        .unwrap_or(Shard::WHOLE)
        .slice(&lines)
        .iter()
        .map(|&(at, line)| {
            let fields: Vec<&str> = line.split('\t').take(6).collect();
            if fields.len() < 6 {
                return Err(Failure::invalid(format!("expected the six columns of datagen: {line}")).at_line(at));
            }
            let pos = Position::from_dfen(fields[0]).map_err(|e| io::invalid_dfen(e).at_line(at))?;
            Ok((pos, fields.join("\t")))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let progress = Progress::new(Some("values"), Unit::Items, positions.len() as u64, args.workers.quiet);
    let net = DeepeningBot::with_config(Config::default(), Neural);
    let value = |pos: &Position| if args.net { f64::from(net.expected_score(pos)) } else { chance_value(pos) };
    let valued: Vec<String> = pool(args.workers.count())?.install(|| {
        positions
            .par_iter()
            .map(|(pos, columns)| {
                let line = format!("{columns}\t{:.4}", value(pos));
                progress.tick("positions");
                line
            })
            .collect()
    });
    progress.finish();
    match args.shard {
        Some(shard) => {
            let net = args.net.then(net_sha256);
            let options = serde_json::json!({ "input": sha256_hex(text.as_bytes()), "net": net });
            let run = ShardRun { command: "nnue values", options, shard, unit: "positions", total: lines.len() as u64 };
            run.write(&args.output, lines_text(&valued).as_bytes())?;
        }
        None => write_lines(&args.output, &valued)?,
    }
    Ok(Exit::Success)
}

//! `dicechess nnue`: the NNUE evaluator's training rows. `describe` prints the input layout
//! (JSON), `features` turns `datagen` positions into rows of the side to move's active inputs, so
//! that the trainer (`scripts/train/nnue/`) never computes an input itself.

use std::fmt::Write as _;

use clap::{Args, Subcommand};
use serde::Serialize;

use dicechess::search::nnue::inputs::{for_each_input, CASTLING_BASE, EP_BASE, INPUTS, PIECE_INPUTS};
use dicechess::search::nnue::network::{LOGIT_SCALE, QA, QB};
use dicechess::search::nnue::{scan_inputs, SCAN_INPUTS};

use dicechess_cli::files::{read_text, write_output, Input};
use dicechess_cli::io::{self, Exit, Outcome};

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
}

/// `dicechess nnue`.
pub fn nnue(args: NnueArgs) -> Outcome {
    match args.command {
        NnueCommand::Describe => describe(),
        NnueCommand::Features(a) => write_features(&a),
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

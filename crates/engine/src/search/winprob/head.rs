//! The calibrated win probability: the model of `mod.rs` (what a search evaluates at its leaves)
//! finished by a small second stage with the exact king-capture probabilities of both sides.
//!
//! The mover captures the opponent's king this turn with probability `k_us` (BOTS.md §8, over the
//! 216 rolls); otherwise the game goes on, and a multinomial logistic layer `q` over the model's
//! two logits, `k_us`, `k_them` (the opponent's, were it to move now), their `−ln(1 − k)` and the
//! model's dense inputs gives its outcomes:
//! `P(win) = k_us + (1 − k_us)·q_win`, `P(draw) = (1 − k_us)·q_draw`, `P(loss) = (1 − k_us)·q_loss`.
//! The exact probabilities cost two king-capture walks (microseconds), which is why the search
//! keeps the model alone: it finds king captures itself, one turn at a time.
//! Trained by `scripts/train/train_head.py` (`head_weights.rs`, generated; its manifest and
//! vectors beside it).

use super::features::{Features, DENSE_LEN, DENSE_NAMES};
use super::{chances_of_logits, logits, WinChances};
use crate::search::kcp_numerator;
use crate::{Position, Role};

/// The generated weights (`scripts/train/train_head.py`).
#[allow(unreachable_pub)] // generated as `pub const`; private to this module
mod weights {
    include!("head_weights.rs");
}

/// The bytes of the head's weights file, for its manifest's checksum.
pub const HEAD_WEIGHTS_SOURCE: &str = include_str!("head_weights.rs");
/// The head trainer's manifest (JSON).
pub const HEAD_MANIFEST: &str = include_str!("head_manifest.json");
/// The head trainer's test vectors: `dfen \t mover \t opponent \t draw` lines.
pub const HEAD_VECTORS: &str = include_str!("head_vectors.tsv");
/// The version of the head's weights format this code reads.
pub const HEAD_FORMAT_VERSION: u32 = 1;

/// The head's inputs before the model's dense ones.
const OWN_INPUTS: usize = 6;
/// The number of the head's inputs.
pub const HEAD_INPUTS: usize = OWN_INPUTS + DENSE_LEN;
/// The largest king-capture probability the `−ln(1 − k)` inputs take (a certain capture is
/// settled by the mixture, not by them).
const LOG_CAP: f32 = 0.995;

const _: () = assert!(weights::FORMAT_VERSION == HEAD_FORMAT_VERSION);
const _: [[f32; 2]; HEAD_INPUTS] = weights::HEAD;

/// The names of the head's inputs, in order (the model's dense inputs keep theirs).
pub fn head_names() -> Vec<String> {
    let own = ["model_win_logit", "model_draw_logit", "us_kcp", "them_kcp", "us_kcp_log", "them_kcp_log"];
    own.iter().map(|s| s.to_string()).chain(DENSE_NAMES.iter().map(|n| format!("model_{n}"))).collect()
}

/// The head's view of a position whose both kings stand: its inputs and the mover's exact
/// king-capture probability.
#[derive(Clone, Copy, Debug)]
pub struct HeadInputs {
    pub inputs: [f32; HEAD_INPUTS],
    pub us_kcp: f32,
}

impl HeadInputs {
    /// The inputs of `pos` given its model inputs `f`.
    pub fn of(pos: &Position, f: &Features) -> HeadInputs {
        HeadInputs::with_logits(pos, f, logits(f))
    }

    /// The inputs of `pos` with another evaluator's win and draw logits `z` (relative to the
    /// loss's) in the model's place: the lab fits a head over the NNUE evaluator with them.
    pub fn with_logits(pos: &Position, f: &Features, z: [f32; 2]) -> HeadInputs {
        let mover = pos.turn();
        let us_kcp = kcp_numerator(pos, mover.opponent(), Role::King) as f32 / 216.0;
        let them_kcp = kcp_numerator(pos, mover, Role::King) as f32 / 216.0;
        let log = |k: f32| -(1.0 - k.min(LOG_CAP)).ln();
        let mut inputs = [0.0; HEAD_INPUTS];
        inputs[..OWN_INPUTS].copy_from_slice(&[z[0], z[1], us_kcp, them_kcp, log(us_kcp), log(them_kcp)]);
        inputs[OWN_INPUTS..].copy_from_slice(&f.dense);
        HeadInputs { inputs, us_kcp }
    }

    /// The calibrated chances.
    pub fn chances(&self) -> WinChances {
        let mut z = weights::BIAS;
        for (x, row) in self.inputs.iter().zip(weights::HEAD.iter()) {
            z[0] += x * row[0];
            z[1] += x * row[1];
        }
        let q = chances_of_logits(z);
        let k = self.us_kcp;
        WinChances { mover: k + (1.0 - k) * q.mover, opponent: (1.0 - k) * q.opponent, draw: (1.0 - k) * q.draw }
    }
}

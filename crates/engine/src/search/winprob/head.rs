//! The calibrated win probability: an evaluator's logits (the NNUE net's for the package, the
//! linear model's for comparison) finished by a small second stage with the exact king-capture
//! probabilities of both sides.
//!
//! The mover captures the opponent's king this turn with probability `k_us` (BOTS.md §8, over the
//! 216 rolls); otherwise the game goes on, and a multinomial logistic layer `q` over the
//! evaluator's two logits, `k_us`, `k_them` (the opponent's, were it to move now), their
//! `−ln(1 − k)` and the linear model's dense inputs gives its outcomes:
//! `P(win) = k_us + (1 − k_us)·q_win`, `P(draw) = (1 − k_us)·q_draw`, `P(loss) = (1 − k_us)·q_loss`.
//! The exact probabilities cost two king-capture walks (microseconds), which is why a search
//! keeps its evaluator alone: it finds king captures itself, one turn at a time.
//! Each [`Head`] is trained by `scripts/train/train_head.py` over its evaluator (generated weights,
//! their manifest and vectors beside this file): [`NET_HEAD`] by `scripts/train/nnue/run head`,
//! [`LINEAR_HEAD`] by `scripts/train/run-head`.

use super::features::{features, Features, DENSE_LEN, DENSE_NAMES};
use super::net::net_logits;
use super::{chances_of_logits, decided, logits, WinChances};
use crate::search::kcp_numerator;
use crate::{Position, Role};

/// The linear model's head (`scripts/train/run-head`).
#[allow(unreachable_pub)] // generated as `pub const`; private to this module
mod linear {
    include!("head_weights.rs");
}

/// The net's head (`scripts/train/nnue/run head`).
#[allow(unreachable_pub)] // generated as `pub const`; private to this module
mod net {
    include!("net_head_weights.rs");
}

/// The bytes of the linear head's weights file, for its manifest's checksum.
pub const HEAD_WEIGHTS_SOURCE: &str = include_str!("head_weights.rs");
/// The linear head's manifest (JSON).
pub const HEAD_MANIFEST: &str = include_str!("head_manifest.json");
/// The linear head's test vectors: `dfen \t mover \t opponent \t draw` lines.
pub const HEAD_VECTORS: &str = include_str!("head_vectors.tsv");
/// The bytes of the net's head's weights file, for its manifest's checksum.
pub const NET_HEAD_WEIGHTS_SOURCE: &str = include_str!("net_head_weights.rs");
/// The net's head's manifest (JSON).
pub const NET_HEAD_MANIFEST: &str = include_str!("net_head_manifest.json");
/// The net's head's test vectors, as [`HEAD_VECTORS`].
pub const NET_HEAD_VECTORS: &str = include_str!("net_head_vectors.tsv");
/// The version of the heads' weights format this code reads.
pub const HEAD_FORMAT_VERSION: u32 = 1;

/// The head's inputs before the model's dense ones.
const OWN_INPUTS: usize = 6;
/// The number of the head's inputs.
pub const HEAD_INPUTS: usize = OWN_INPUTS + DENSE_LEN;
/// The largest king-capture probability the `−ln(1 − k)` inputs take (a certain capture is
/// settled by the mixture, not by them).
const LOG_CAP: f32 = 0.995;

const _: () = assert!(linear::FORMAT_VERSION == HEAD_FORMAT_VERSION && net::FORMAT_VERSION == HEAD_FORMAT_VERSION);

/// A second stage's weights: the win and draw logits' biases and one row per input.
#[derive(Debug)]
pub struct Head {
    bias: [f32; 2],
    rows: [[f32; 2]; HEAD_INPUTS],
}

/// The head over the linear model's logits.
pub static LINEAR_HEAD: Head = Head { bias: linear::BIAS, rows: linear::HEAD };
/// The head over the net's logits: the package's win probability.
pub static NET_HEAD: Head = Head { bias: net::BIAS, rows: net::HEAD };

/// The calibrated outcome probabilities of `pos` for its side to move, at the start of its turn
/// (its dice, if any, are ignored): the net under [`NET_HEAD`], the package's win probability.
/// A finished game is decided: the side without a king has lost; [`WinChances::NEUTRAL`]
/// without any king.
pub fn win_chances(pos: &Position) -> WinChances {
    decided(pos).unwrap_or_else(|| calibrated(pos, &features(pos)))
}

/// [`win_chances`] of `pos`, whose both kings stand, given its model inputs `f`.
#[inline]
pub(crate) fn calibrated(pos: &Position, f: &Features) -> WinChances {
    HeadInputs::with_logits(pos, f, net_logits(pos, f)).chances(&NET_HEAD)
}

/// The linear model under [`LINEAR_HEAD`], for comparison (`dicechess winprob calibrate`).
pub fn linear_win_chances(pos: &Position) -> WinChances {
    decided(pos).unwrap_or_else(|| HeadInputs::linear(pos, &features(pos)).chances(&LINEAR_HEAD))
}

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
    /// The inputs of `pos` under the linear model, given its model inputs `f`.
    pub fn linear(pos: &Position, f: &Features) -> HeadInputs {
        HeadInputs::with_logits(pos, f, logits(f))
    }

    /// The inputs of `pos` under an evaluator's win and draw logits `z` (relative to the loss's).
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

    /// The chances calibrated by `head` (the head of the evaluator whose logits these are).
    pub fn chances(&self, head: &Head) -> WinChances {
        let mut z = head.bias;
        for (x, row) in self.inputs.iter().zip(head.rows.iter()) {
            z[0] += x * row[0];
            z[1] += x * row[1];
        }
        let q = chances_of_logits(z);
        let k = self.us_kcp;
        WinChances { mover: k + (1.0 - k) * q.mover, opponent: (1.0 - k) * q.opponent, draw: (1.0 - k) * q.draw }
    }
}

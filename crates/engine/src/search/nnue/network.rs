//! The network's shape, its integer weights and its dense part: from an accumulator to three
//! logits.
//!
//! Quantisation (a float `x` is stored as `round(x · scale)`):
//!
//! | what | type | scale |
//! | --- | --- | --- |
//! | input weights and biases, the accumulator | i16 | `QA` = 127 |
//! | the clipped ReLU of the accumulator | i16 in `0..=QA` | `QA` (1.0 = 127) |
//! | dense weights (both layers) | i16 within i8's range | `QB` = 64 |
//! | dense biases, dense sums, the logits, the piece-square logits | i32 | `QA · QB` = 8128 |
//! | the scan inputs | i32 | `QA` |
//! | the scan weights | i32 | `QB` |
//! | the hidden layer: `clamp(sum >> 6, 0, QA)` | i16 | `QA` |
//!
//! `>> 6` divides by `QB` (flooring), so the hidden layer is back at scale `QA`. The logits are
//! the output layer's plus the piece-square path's: three logits per input, summed over the
//! active inputs in the first layer ([`FirstLayer`]) — a linear model inside the net, as
//! Stockfish's PSQT accumulators, which the dense part corrects — and the scan path's: the scan
//! inputs ([`super::scan`]) times their weights, three logits each. The trainer
//! (`scripts/train/nnue/train.py`) clamps weights to what these types hold and computes the same
//! integers for its test vectors.

use super::inputs::{INPUTS, SCAN_INPUTS};
use super::kernels;
use crate::search::WinChances;

/// The activation ceiling and the input layer's scale (1.0 = 127).
pub const QA: i16 = 127;
/// The dense weights' scale.
pub const QB: i32 = 64;
/// `log2(QB)`: the shift from a dense sum to an activation.
pub const QB_SHIFT: u32 = 6;
/// The logits' scale: a logit of 1.0 is `LOGIT_SCALE`.
pub const LOGIT_SCALE: i32 = QA as i32 * QB;

const _: () = assert!(1 << QB_SHIFT == QB);

/// A network of hidden width `H` (the accumulator) and dense width `D`, its weights borrowed
/// (compile-time consts for the shipped net, buffers for tests and benches).
#[derive(Clone, Copy, Debug)]
pub struct Network<'a, const H: usize, const D: usize> {
    /// One row of `H` per input (scale `QA`, i8: the trainer keeps them within ±1.0).
    pub input_weights: &'a [[i8; H]; INPUTS],
    /// The accumulator's start (scale `QA`).
    pub input_bias: &'a [i16; H],
    /// The hidden layer: one row of `H` per unit (scale `QB`, within i8's range).
    pub hidden_weights: &'a [[i16; H]; D],
    /// The hidden layer's biases (scale `QA · QB`).
    pub hidden_bias: &'a [i32; D],
    /// The output: one row of `D` per logit (win, draw, loss; scale `QB`, within i8's range).
    pub output_weights: &'a [[i16; D]; 3],
    /// The logits' biases (scale `QA · QB`).
    pub output_bias: &'a [i32; 3],
    /// The piece-square path: three logits per input (win, draw, loss; scale `QA · QB`).
    pub psqt_weights: &'a [[i32; 3]; INPUTS],
    /// The scan path: three logits per scan input (scale `QB`).
    pub scan_weights: &'a [[i32; 3]; SCAN_INPUTS],
}

/// One view's first layer: sums over the view's active inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstLayer<const H: usize> {
    /// The input bias plus the active inputs' rows (scale `QA`): the accumulator's lanes.
    pub lanes: [i16; H],
    /// The active inputs' piece-square logits (win, draw, loss; scale `LOGIT_SCALE`).
    pub psqt: [i32; 3],
}

impl<const H: usize> FirstLayer<H> {
    /// Adds input `i`'s row and logits.
    #[inline]
    pub(super) fn add<const D: usize>(&mut self, net: &Network<'_, H, D>, i: usize) {
        kernels::add(&mut self.lanes, &net.input_weights[i]);
        for (z, w) in self.psqt.iter_mut().zip(net.psqt_weights[i]) {
            *z = z.wrapping_add(w);
        }
    }

    /// Removes input `i`'s row and logits.
    #[inline]
    pub(super) fn sub<const D: usize>(&mut self, net: &Network<'_, H, D>, i: usize) {
        kernels::sub(&mut self.lanes, &net.input_weights[i]);
        for (z, w) in self.psqt.iter_mut().zip(net.psqt_weights[i]) {
            *z = z.wrapping_sub(w);
        }
    }
}

/// The network's three logits for the side to move: win, draw, loss (scale [`LOGIT_SCALE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Logits(pub [i32; 3]);

impl Logits {
    /// The softmax of the logits: the chances of the side to move.
    pub fn chances(self) -> WinChances {
        let top = self.0.iter().copied().max().unwrap_or(0);
        let [win, draw, loss] = self.0.map(|z| ((i64::from(z) - i64::from(top)) as f32 / LOGIT_SCALE as f32).exp());
        let total = win + draw + loss;
        WinChances { mover: win / total, opponent: loss / total, draw: draw / total }
    }
}

impl<const H: usize, const D: usize> Network<'_, H, D> {
    /// The logits of one view's first layer (the view of the side to move) and the scan inputs of
    /// the same position.
    #[inline]
    pub fn logits(&self, first: &FirstLayer<H>, scan: &[i32; SCAN_INPUTS]) -> Logits {
        let mut active = [0i16; H];
        kernels::clipped_relu(&first.lanes, QA, &mut active);
        let mut hidden = [0i16; D];
        for ((h, row), &bias) in hidden.iter_mut().zip(self.hidden_weights).zip(self.hidden_bias) {
            let sum = bias.wrapping_add(kernels::dot(&active, row));
            *h = (sum >> QB_SHIFT).clamp(0, i32::from(QA)) as i16;
        }
        let mut logits = [0i32; 3];
        for (((z, row), &bias), &psqt) in
            logits.iter_mut().zip(self.output_weights).zip(self.output_bias).zip(&first.psqt)
        {
            *z = bias.wrapping_add(psqt).wrapping_add(kernels::dot(&hidden, row));
        }
        for (&x, w) in scan.iter().zip(self.scan_weights) {
            for (z, &w) in logits.iter_mut().zip(w) {
                *z = z.wrapping_add(x.wrapping_mul(w));
            }
        }
        Logits(logits)
    }
}

//! The shipped NNUE net (`crate::search::nnue`) as a win probability of its own, its inputs
//! computed afresh for each position: what the analysis judges a roll's turns by and what the
//! net's second stage (`head.rs`) reads. `expectimax-nnue`'s search evaluates the same net
//! incrementally.

use super::{decided, Features, WinChances};
use crate::search::nnue::{refresh_view, scan_inputs, scan_of_dense, Logits, LOGIT_SCALE, SCAN_INPUTS, SHIPPED};
use crate::Position;

/// The net's logits of `pos` for its side to move, given its scan inputs.
#[inline]
fn logits(pos: &Position, scan: &[i32; SCAN_INPUTS]) -> Logits {
    SHIPPED.logits(&refresh_view(&SHIPPED, pos.turn(), pos), scan)
}

/// The net's win and draw logits of `pos` for its side to move, relative to its loss logit, in
/// units; `f` is the position's model inputs, whose dense part the net reads as its scan (so a
/// caller that has them does not scan the board twice).
pub fn net_logits(pos: &Position, f: &Features) -> [f32; 2] {
    let Logits([win, draw, loss]) = logits(pos, &scan_of_dense(&f.dense));
    [win - loss, draw - loss].map(|z| z as f32 / LOGIT_SCALE as f32)
}

/// The net alone (about half a microsecond natively): what `expectimax-nnue` evaluates, here
/// from scratch. A finished game is decided, as in [`super::win_chances`].
pub fn net_chances(pos: &Position) -> WinChances {
    decided(pos).unwrap_or_else(|| logits(pos, &scan_inputs(pos)).chances())
}

//! The shipped NNUE net (`crate::search::nnue`) as a win probability of its own, its inputs
//! computed afresh for each position: what the analysis judges a roll's turns by and what the
//! net's second stage (`head.rs`) reads. `expectimax-nnue`'s search evaluates the same net
//! incrementally.

use super::{decided, WinChances};
use crate::search::nnue::{refresh_view, scan_inputs, Logits, LOGIT_SCALE, SHIPPED};
use crate::Position;

/// The net's logits of `pos` for its side to move.
#[inline]
fn logits(pos: &Position) -> Logits {
    SHIPPED.logits(&refresh_view(&SHIPPED, pos.turn(), pos), &scan_inputs(pos))
}

/// The net's win and draw logits of `pos` for its side to move, relative to its loss logit, in
/// units.
pub fn net_logits(pos: &Position) -> [f32; 2] {
    let Logits([win, draw, loss]) = logits(pos);
    [win - loss, draw - loss].map(|z| z as f32 / LOGIT_SCALE as f32)
}

/// The net alone (about half a microsecond natively). A finished game is decided, as in
/// [`super::win_chances`].
pub fn net_chances(pos: &Position) -> WinChances {
    decided(pos).unwrap_or_else(|| logits(pos).chances())
}

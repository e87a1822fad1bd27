//! The network's scan inputs: the linear model's dense inputs (king-capture threats as dice
//! probabilities, x-rays, mobility, king rings, shelter, hanging pieces, the half-move clock, phase,
//! material: `winprob`'s, for the side to move), which a scan of attack sets computes for each
//! position, not incrementally. Quantised at `QA`, they reach the logits through a linear path
//! (`Network::scan_weights`): what the piece-square inputs cannot show a small net, the threats,
//! comes in as the linear model has it.

use super::inputs::SCAN_INPUTS;
use super::network::QA;
use crate::search::winprob::dense;
use crate::Position;

/// The scan inputs of `pos` for its side to move: `round(x · QA)` of each dense input `x`.
#[inline]
pub fn scan_inputs(pos: &Position) -> [i32; SCAN_INPUTS] {
    // The dense inputs lie within a few units, so the product fits an i32 exactly.
    #[allow(clippy::cast_possible_truncation)]
    dense(pos).map(|x| (x * f32::from(QA)).round() as i32)
}

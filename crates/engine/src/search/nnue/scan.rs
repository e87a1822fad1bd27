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
    scan_of_dense(&dense(pos))
}

/// The scan inputs of dense inputs already computed (a position's `Features::dense`).
#[inline]
pub fn scan_of_dense(dense: &[f32; SCAN_INPUTS]) -> [i32; SCAN_INPUTS] {
    dense.map(|x| round(x * f32::from(QA)))
}

/// `y` rounded half away from zero, as `f32::round` (the trainer's rounding), without its library
/// call: for `|y| < 2²³` the fraction `y − trunc(y)` is exact. The dense inputs lie within a few
/// units, so `x · QA` is far inside that range.
#[inline]
#[allow(clippy::cast_possible_truncation)] // the truncation is the point
fn round(y: f32) -> i32 {
    let whole = y as i32;
    let fraction = y - whole as f32;
    whole + i32::from(fraction >= 0.5) - i32::from(fraction <= -0.5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn halves_round_away_from_zero() {
        for (y, r) in [(0.5, 1), (-0.5, -1), (1.5, 2), (-2.5, -3), (0.49999997, 0), (126.99, 127), (0.0, 0)] {
            assert_eq!(round(y), r, "{y}");
        }
    }

    proptest! {
        #[test]
        fn rounds_as_f32_round(y in -4_000_000f32..4_000_000f32) {
            prop_assert_eq!(round(y), y.round() as i32);
        }

        #[test]
        fn rounds_small_values_as_f32_round(y in -400f32..400f32) {
            prop_assert_eq!(round(y), y.round() as i32);
        }
    }
}

//! What `expectimax-v2` evaluates with: a win probability of a position at the start of a turn
//! (empty dice pool) for its side to move, and the cheap score that filters replies before they
//! are evaluated.

use crate::search::eval::{attackers, material};
use crate::{Color, Position, Role};

/// A win probability for the side to move of `pos` (a position at the start of a turn, dice
/// ignored): `P(win) + P(draw) / 2`, in `[0, 1]`. Implementations are pure and shareable.
pub trait Evaluator: Send + Sync {
    fn score(&self, pos: &Position) -> f32;
}

/// The evaluator the built-in bot uses: the learned win probability.
pub type DefaultEvaluator = Learned;

/// The learned win probability of `crate::search::winprob` (issue 12): the model alone
/// (`model_score`), the search finding king captures itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Learned;

impl Evaluator for Learned {
    #[inline]
    fn score(&self, pos: &Position) -> f32 {
        crate::search::winprob::model_score(pos)
    }
}

/// A cheap stand-in, for tests and comparisons: a material logistic plus the chance of a
/// one-move king capture (`quick_score`).
#[derive(Clone, Copy, Debug, Default)]
pub struct StandIn;

impl Evaluator for StandIn {
    #[inline]
    fn score(&self, pos: &Position) -> f32 {
        quick_score(pos)
    }
}

/// Centipawns per unit of the material logistic.
pub(crate) const MATERIAL_SCALE: f32 = 400.0;

/// `P(at least one die shows one of n faces)` for three dice, in 216ths, by `n`.
const HIT_216: [u32; 7] = [0, 91, 152, 189, 208, 215, 216];

/// The probability that `by`, rolling next, has a die whose piece type takes a king of `victim`
/// in one move (exact for one-move captures: a king capture is always a legal turn).
#[inline]
pub(crate) fn direct_hit(pos: &Position, by: Color, victim: Color) -> f32 {
    let mut faces = 0u8;
    for king in pos.pieces(victim, Role::King) {
        for sq in attackers(pos, king, by) {
            if let Some(role) = pos.role_at(sq) {
                faces |= 1 << role.index();
            }
        }
    }
    HIT_216[faces.count_ones() as usize] as f32 / 216.0
}

/// The cheap win probability of the side to move: 0 without a king, 1 when the opponent has
/// none; else the chance `h` of taking a king at once (`direct_hit`) plus `(1 − h)` times the
/// logistic of material, `1 / (1 + exp(−material / MATERIAL_SCALE))`.
#[inline]
pub(crate) fn quick_score(pos: &Position) -> f32 {
    let me = pos.turn();
    let them = me.opponent();
    if let Some(outcome) = pos.outcome() {
        return if outcome.winner() == Some(me) { 1.0 } else { 0.0 };
    }
    let hit = direct_hit(pos, me, them);
    let m = 1.0 / (1.0 + (-(material(pos, me) as f32) / MATERIAL_SCALE).exp());
    hit + (1.0 - hit) * m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(dfen: &str) -> Position {
        Position::from_dfen(dfen).expect("valid DFEN")
    }

    #[test]
    fn kings_decide_and_material_orders() {
        // Black's king missing: White (to move) has won; White's missing: lost.
        assert_eq!(quick_score(&pos("8/8/8/8/8/8/8/4K3 w - - 0 1")), 1.0);
        assert_eq!(quick_score(&pos("8/8/8/8/8/8/8/4K3 b - - 0 1")), 0.0);
        let even = quick_score(&pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!((even - 0.5).abs() < 1e-6);
        let up = quick_score(&pos("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"));
        assert!(up > 0.85 && up < 1.0);
    }

    #[test]
    fn a_king_in_reach_counts_its_faces() {
        // The rook on a1 and the king... the rook alone attacks a8: one face, 91/216.
        let p = pos("k7/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(direct_hit(&p, Color::White, Color::Black), 91.0 / 216.0);
        assert_eq!(direct_hit(&p, Color::Black, Color::White), 0.0);
        // Rook and bishop both hit: two faces.
        let p = pos("k7/8/8/8/8/8/6B1/R3K3 w - - 0 1");
        assert_eq!(direct_hit(&p, Color::White, Color::Black), 152.0 / 216.0);
    }
}

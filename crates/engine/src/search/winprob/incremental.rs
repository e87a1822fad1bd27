//! The model's piece-square part kept incrementally, as NNUE keeps its first layer: one sum per
//! board view (White to move, Black to move), updated by the pieces a micro-move changes, so that
//! an evaluation recomputes only the dense inputs. BENCHMARKS.md ("The win-probability model")
//! measures it against evaluations from scratch.

use super::features::{dense, psq_index};
use super::{chances_of_logits, weights, with_dense, WinChances};
use crate::{Color, Position, Role};

/// The piece-square sums of a position from both views.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PsqAccumulator {
    /// Per view (0: White moves, 1: Black moves), the win and draw logits' piece-square sums.
    sums: [[f32; 2]; 2],
}

impl PsqAccumulator {
    /// The sums of `pos`, from scratch.
    pub fn of(pos: &Position) -> PsqAccumulator {
        let mut acc = PsqAccumulator { sums: [[0.0; 2]; 2] };
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    acc.add(color, role, sq, 1.0);
                }
            }
        }
        acc
    }

    /// Follows the change of the board from `before` to `after` (a micro-move, a whole turn, or
    /// any change: the sums follow the pieces that differ).
    #[inline]
    pub fn update(&mut self, before: &Position, after: &Position) {
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let (was, is) = (before.pieces(color, role), after.pieces(color, role));
                for sq in was & !is {
                    self.add(color, role, sq, -1.0);
                }
                for sq in is & !was {
                    self.add(color, role, sq, 1.0);
                }
            }
        }
    }

    /// The chances of `pos` for its side to move, as [`super::model_chances`] gives them, with
    /// the piece-square part read from the sums (`self` must follow `pos`'s board).
    pub fn chances(&self, pos: &Position) -> WinChances {
        super::decided(pos).unwrap_or_else(|| chances_of_logits(with_dense(self.sums[pos.turn().index()], &dense(pos))))
    }

    /// Adds `sign` times the rows of a `color` `role` on `sq` to both views' sums.
    #[inline]
    fn add(&mut self, color: Color, role: Role, sq: crate::Square, sign: f32) {
        for view in [Color::White, Color::Black] {
            let side = usize::from(color != view);
            let sq = if view == Color::Black { sq.flip_vertical() } else { sq };
            let row = weights::PSQ[psq_index(side, role, sq)];
            let sums = &mut self.sums[view.index()];
            sums[0] += sign * row[0];
            sums[1] += sign * row[1];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::model_chances;
    use super::*;
    use crate::search::{legal_turns, Rng};
    use crate::Turns;

    /// Seeded random games: after every micro-move and every turn, the accumulator updated from
    /// the previous position gives the chances an evaluation from scratch gives.
    #[test]
    fn the_updated_sums_evaluate_like_a_scratch_evaluation() {
        let mut rng = Rng::from_seed(7);
        let mut checked = 0;
        for _ in 0..12 {
            let mut pos = Position::initial();
            let mut acc = PsqAccumulator::of(&pos);
            for _ in 0..60 {
                if pos.is_finished() {
                    break;
                }
                let mut rolled = pos;
                rolled.set_dice(rng.three_dice());
                let mut node = rolled;
                if let Some(turns) = Turns::of_position(&rolled) {
                    let list = legal_turns(&turns);
                    let turn = &list[rng.index(list.len())];
                    let mut spent = 0;
                    for &m in turn.moves() {
                        let step = turns.step(&node, spent, m).expect("a legal micro-move");
                        acc.update(&node, &step.position);
                        (node, spent) = (step.position, step.spent);
                        let (a, b) = (acc.chances(&node), model_chances(&node));
                        assert!((a.score() - b.score()).abs() < 1e-4, "{}: {a:?} {b:?}", node.to_dfen());
                        checked += 1;
                    }
                }
                node.end_turn();
                let (a, b) = (acc.chances(&node), model_chances(&node));
                assert!((a.score() - b.score()).abs() < 1e-4, "{}: {a:?} {b:?}", node.to_dfen());
                // Drift stays small: the sums match a fresh accumulation.
                let fresh = PsqAccumulator::of(&node);
                for v in 0..2 {
                    for k in 0..2 {
                        assert!((acc.sums[v][k] - fresh.sums[v][k]).abs() < 1e-3);
                    }
                }
                pos = node;
            }
        }
        assert!(checked > 1000, "{checked} micro-moves");
    }
}

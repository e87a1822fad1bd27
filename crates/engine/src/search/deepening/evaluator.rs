//! What `expectimax-v2` evaluates with: a win probability of a position at the start of a turn
//! (empty dice pool) for its side to move, and the cheap score that filters replies before they
//! are evaluated.

use crate::search::bot::{BotInfo, Builtin};
use crate::search::eval::{attackers, material};
use crate::search::nnue;
use crate::search::winprob::{decided, net_chances};
use crate::{Color, Position, Role};

/// A win probability for the side to move of `pos` (a position at the start of a turn, dice
/// ignored): `P(win) + P(draw) / 2`, in `[0, 1]`. Implementations are pure and shareable.
pub trait Evaluator: Send + Sync {
    /// What one search keeps for this evaluator between its calls (`()` for nothing).
    type Scratch: Default;

    /// The row a [`super::DeepeningBot`] over this evaluator lists: `expectimax-v2`'s by default.
    fn bot_info() -> BotInfo {
        Builtin::ExpectimaxV2.info()
    }

    fn score(&self, pos: &Position) -> f32;

    /// [`score`](Evaluator::score), exactly, with what `scratch` kept from the search's earlier
    /// calls (an incremental evaluator follows the change from the last position it scored).
    #[inline]
    fn score_with(&self, _scratch: &mut Self::Scratch, pos: &Position) -> f32 {
        self.score(pos)
    }
}

/// The evaluator the built-in bot uses: the learned win probability.
pub type DefaultEvaluator = Learned;

/// The learned win probability of `crate::search::winprob` (issue 12): the model alone
/// (`model_score`), the search finding king captures itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Learned;

impl Evaluator for Learned {
    type Scratch = ();

    #[inline]
    fn score(&self, pos: &Position) -> f32 {
        crate::search::winprob::model_score(pos)
    }
}

/// The NNUE evaluator of issue 32 ([`crate::search::nnue`]) with the shipped net:
/// `expectimax-nnue`'s. Its scratch keeps, per side to move, the last position it scored and the
/// accumulator of that side's view, and follows the next position from it (siblings in a search
/// differ by a turn or two: a handful of inputs), or refreshes when that would cost more.
#[derive(Clone, Copy, Debug, Default)]
pub struct Neural;

/// [`Neural`]'s incremental state: per side to move (`Color::index`), the last position scored
/// with that side to move and that side's view of the first layer.
#[derive(Clone, Debug, Default)]
pub struct NeuralScratch {
    last: [Option<(Position, nnue::FirstLayer<{ nnue::HIDDEN }>)>; 2],
}

/// Piece-square changes past which a refresh is cheaper than following them (a refresh adds
/// one row per piece, at most 32, and a change costs a row).
const REFRESH_ABOVE: u32 = 24;

/// The piece-square inputs that differ between `a` and `b` (as many rows to add or remove).
#[inline]
fn piece_changes(a: &Position, b: &Position) -> u32 {
    let mut n = 0;
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            n += (a.pieces(color, role) ^ b.pieces(color, role)).count();
        }
    }
    n
}

/// The score of the shipped net's logits for `pos` from `first`, its side to move's view.
#[inline]
fn neural_score(first: &nnue::FirstLayer<{ nnue::HIDDEN }>, pos: &Position) -> f32 {
    nnue::SHIPPED.logits(first, &nnue::scan_inputs(pos)).chances().score()
}

impl Evaluator for Neural {
    type Scratch = NeuralScratch;

    /// `expectimax-nnue`, the ladder's top rung (issue 32).
    fn bot_info() -> BotInfo {
        Builtin::ExpectimaxNnue.info()
    }

    /// The net from scratch ([`net_chances`]).
    #[inline]
    fn score(&self, pos: &Position) -> f32 {
        net_chances(pos).score()
    }

    #[inline]
    fn score_with(&self, scratch: &mut NeuralScratch, pos: &Position) -> f32 {
        if let Some(chances) = decided(pos) {
            return chances.score();
        }
        let view = pos.turn();
        let slot = &mut scratch.last[view.index()];
        let first = match slot {
            Some((last, first)) if piece_changes(last, pos) <= REFRESH_ABOVE => {
                nnue::update_view(first, &nnue::SHIPPED, view, last, pos);
                *last = *pos;
                first
            }
            _ => &mut slot.insert((*pos, nnue::refresh_view(&nnue::SHIPPED, view, pos))).1,
        };
        neural_score(first, pos)
    }
}

/// A cheap stand-in, for tests and comparisons: a material logistic plus the chance of a
/// one-move king capture (`quick_score`).
#[derive(Clone, Copy, Debug, Default)]
pub struct StandIn;

impl Evaluator for StandIn {
    type Scratch = ();

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

    /// Seeded random games: the incremental score (following the previous position of the same
    /// side to move, or refreshing after a jump) equals the refreshed one, bit for bit.
    #[test]
    fn the_neural_score_with_a_scratch_equals_the_refreshed_one() {
        use crate::search::{legal_turns, Rng};
        let mut rng = Rng::from_seed(7);
        let mut scratch = NeuralScratch::default();
        let (mut checked, mut distinct) = (0, std::collections::HashSet::new());
        for game in 0..12 {
            let mut node = if game % 3 == 2 { pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1") } else { Position::initial() };
            for _ in 0..60 {
                if node.is_finished() {
                    break;
                }
                node.set_dice(rng.three_dice());
                if let Some(turns) = crate::Turns::of_position(&node) {
                    let list = legal_turns(&turns);
                    // Score a few siblings, then play one of them.
                    for _ in 0..3 {
                        let post = list[rng.index(list.len())].post_turn();
                        let (fresh, kept) = (Neural.score(&post), Neural.score_with(&mut scratch, &post));
                        assert_eq!(fresh.to_bits(), kept.to_bits(), "{}", post.to_dfen());
                        distinct.insert(fresh.to_bits());
                        checked += 1;
                    }
                    node = list[rng.index(list.len())].post_turn();
                } else {
                    node.end_turn();
                }
            }
        }
        assert!(checked > 1000, "{checked} positions");
        assert!(distinct.len() > 50, "the scores vary: {}", distinct.len());
        assert_eq!(Neural.score(&pos("8/8/8/8/8/8/8/4K3 w - - 0 1")), 1.0, "a won game scores 1");
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

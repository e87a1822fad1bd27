//! The inputs of the win-probability model, from the side to move's view: sparse piece-square
//! one-hots (NNUE-like, updatable incrementally) and a few dense terms that are cheap to compute
//! from attack sets (king threats as dice probabilities, mobility, king rings, hanging pieces).
//!
//! The view is normalised so that the mover plays "up": with Black to move the board is read
//! colour-flipped, so a position and its colour flip have the same inputs by construction.

use super::threats::{king_threats, reach, KingThreats};
use crate::rules::attacks;
use crate::search::eval::value;
use crate::{Bitboard, Color, Position, Role, Square};

/// Piece-square inputs: `side · 384 + role · 64 + square`, side 0 the mover, squares as seen by
/// the mover (rank 1 its own back rank).
pub const PSQ_INPUTS: usize = 2 * 6 * 64;

/// The dense inputs, in order (their index is `PSQ_INPUTS + i`).
pub const DENSE_NAMES: [&str; DENSE_LEN] = [
    "us_threat_p",
    "them_threat_p",
    "us_threat_pawn",
    "us_threat_knight",
    "us_threat_bishop",
    "us_threat_rook",
    "us_threat_queen",
    "us_threat_king",
    "them_threat_pawn",
    "them_threat_knight",
    "them_threat_bishop",
    "them_threat_rook",
    "them_threat_queen",
    "them_threat_king",
    "us_xray_p",
    "them_xray_p",
    "us_mobility",
    "them_mobility",
    "us_ring_attacks",
    "them_ring_attacks",
    "us_shelter",
    "them_shelter",
    "us_best_victim",
    "them_best_victim",
    "halfmove",
    "phase",
    "material",
    "us_capture_estimate",
    "them_capture_estimate",
];

/// The number of dense inputs.
pub(crate) const DENSE_LEN: usize = 29;

/// All inputs.
pub const INPUTS: usize = PSQ_INPUTS + DENSE_LEN;

/// The most pieces a position can hold (one per square).
const MAX_PIECES: usize = 64;

/// A position's inputs: the active piece-square indices (value 1) and the dense values.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    psq: [u16; MAX_PIECES],
    len: u8,
    pub dense: [f32; DENSE_LEN],
}

impl Features {
    /// The active piece-square inputs, in (side, role, square) order.
    #[inline]
    pub fn psq(&self) -> &[u16] {
        &self.psq[..usize::from(self.len)]
    }
}

/// The piece-square input of a `side` (0 mover, 1 opponent) piece of type `role` on `sq`, the
/// square already in the mover's frame.
#[inline]
pub(crate) const fn psq_index(side: usize, role: Role, sq: Square) -> usize {
    side * 384 + role.index() * 64 + sq.index()
}

/// The probability that a roll of three dice shows at least one of `k` distinct faces.
#[inline]
pub(crate) fn any_face_probability(k: u32) -> f32 {
    const P: [f32; 7] = [0.0, 91.0 / 216.0, 152.0 / 216.0, 189.0 / 216.0, 208.0 / 216.0, 215.0 / 216.0, 1.0];
    P[k.min(6) as usize]
}

/// The largest value (kings excluded) of `victim`'s pieces attacked by `by`, in queens.
#[inline]
pub(super) fn best_victim(pos: &Position, reach: Bitboard, victim: Color) -> f32 {
    let hit = reach & pos.by_color(victim);
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
        .into_iter()
        .find(|&r| (hit & pos.pieces(victim, r)).any())
        .map_or(0.0, |r| value(r) as f32 / 900.0)
}

/// The squares around `color`'s first king (empty without one).
#[inline]
fn ring(pos: &Position, color: Color) -> Bitboard {
    pos.pieces(color, Role::King).first().map_or(Bitboard::EMPTY, attacks::king)
}

/// What the inputs were computed from, for the roll model (`roll.rs`): the board from the mover's
/// view (the mover is White), where each side's pieces can move, and the mover's king threats.
pub(super) struct Scan {
    pub view: Position,
    /// The mover's destinations per role, and their union.
    pub us_roles: [Bitboard; 6],
    /// The union of the opponent's destinations.
    pub them_reach: Bitboard,
    /// The mover's threats against the opponent's king.
    pub us_threats: KingThreats,
}

/// The inputs of `pos` for its side to move (dice ignored).
pub fn features(pos: &Position) -> Features {
    features_and_scan(pos).0
}

/// [`features`] and what they were computed from.
pub(super) fn features_and_scan(pos: &Position) -> (Features, Scan) {
    let view = if pos.turn() == Color::Black { pos.color_flip() } else { *pos };
    let mut f = Features { psq: [0; MAX_PIECES], len: 0, dense: [0.0; DENSE_LEN] };
    let mut n = 0;
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for role in Role::ALL {
            for sq in view.pieces(color, role) {
                if n < MAX_PIECES {
                    f.psq[n] = psq_index(side, role, sq) as u16;
                    n += 1;
                }
            }
        }
    }
    f.len = n as u8;
    let scan = dense_of_view(view, &mut f.dense);
    (f, scan)
}

/// The dense inputs of `pos` for its side to move (what an incremental evaluation recomputes, and
/// the NNUE evaluator's scan inputs).
pub(crate) fn dense(pos: &Position) -> [f32; DENSE_LEN] {
    let view = if pos.turn() == Color::Black { pos.color_flip() } else { *pos };
    let mut d = [0.0; DENSE_LEN];
    dense_of_view(view, &mut d);
    d
}

/// Writes the dense inputs of `view` (the mover is White) into `d`.
#[inline(never)] // one copy for both callers
fn dense_of_view(view: Position, d: &mut [f32; DENSE_LEN]) -> Scan {
    let (us, them) = (Color::White, Color::Black);
    let (ours, theirs) = (reach(&view, us), reach(&view, them));
    let (us_roles, us_reach, them_reach) = (ours.by_role, ours.all(), theirs.all());
    let threats = [king_threats(&view, us, &us_roles), king_threats(&view, them, &theirs.by_role)];
    for (s, t) in threats.iter().enumerate() {
        let roles = t.direct_roles();
        d[s] = any_face_probability(roles.count_ones());
        for i in 0..6 {
            d[2 + 6 * s + i] = f32::from(u8::from(roles & (1 << i) != 0));
        }
        d[14 + s] = any_face_probability(t.xray_roles);
        d[27 + s] = t.capture_probability();
    }
    d[16] = ours.moves as f32 / 64.0;
    d[17] = theirs.moves as f32 / 64.0;
    let (us_ring, them_ring) = (ring(&view, us), ring(&view, them));
    d[18] = (us_reach & them_ring).count() as f32 / 8.0;
    d[19] = (them_reach & us_ring).count() as f32 / 8.0;
    d[20] = (view.by_color(us) & us_ring).count() as f32 / 8.0;
    d[21] = (view.by_color(them) & them_ring).count() as f32 / 8.0;
    d[22] = best_victim(&view, us_reach, them);
    d[23] = best_victim(&view, them_reach, us);
    d[24] = f32::from(view.halfmove_clock()) / 100.0;
    let side_material = |c: Color| -> i32 {
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .map(|r| value(r) * view.pieces(c, r).count() as i32)
            .sum()
    };
    let (mu, mt) = (side_material(us), side_material(them));
    d[25] = (mu + mt) as f32 / 7800.0;
    d[26] = (mu - mt) as f32 / 1000.0;
    Scan { view, us_roles, them_reach, us_threats: threats[0] }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_any_face_table_is_one_minus_the_miss_probability() {
        for k in 0..=6u32 {
            let miss = f64::from(6 - k) / 6.0;
            assert!((f64::from(any_face_probability(k)) - (1.0 - miss.powi(3))).abs() < 1e-6, "{k}");
        }
    }

    #[test]
    fn the_mover_reads_the_board_upwards() {
        let white = Position::from_dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let black = white.color_flip();
        let (fw, fb) = (features(&white), features(&black));
        assert_eq!(fw.psq(), fb.psq());
        assert_eq!(fw.dense, fb.dense);
        // The mover's pawn on e2, its king on e1, the opponent's king on e8.
        let e2 = Square::parse("e2").unwrap();
        assert!(fw.psq().contains(&(psq_index(0, Role::Pawn, e2) as u16)));
        assert!(fw.psq().contains(&(psq_index(1, Role::King, Square::E8) as u16)));
    }

    #[test]
    fn threats_name_the_attacking_roles() {
        // White's rook and knight attack Black's king; nothing attacks White's.
        let pos = Position::from_dfen("4k3/8/3N4/8/8/8/8/K3R3 w - - 0 1").unwrap();
        let f = features(&pos);
        assert_eq!(f.dense[0], any_face_probability(2));
        assert_eq!(f.dense[1], 0.0);
        assert_eq!(&f.dense[2..8], &[0.0, 1.0, 0.0, 1.0, 0.0, 0.0]);
        // From Black's side of the same board, the threats are the opponent's.
        let mut black = pos;
        black.set_turn(Color::Black);
        let g = features(&black);
        assert_eq!(g.dense[1], any_face_probability(2));
        assert_eq!(g.dense[0], 0.0);
    }
}

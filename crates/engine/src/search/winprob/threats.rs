//! A cheap estimate of the probability that a side captures the enemy king in its coming turn:
//! a much cheaper stand-in for the exact king-capture probability (`kcp`, 7–11 µs).
//!
//! A roll is counted as a capture when it shows the face of a piece that attacks the king now,
//! or two faces `a, b` such that moving an `a` piece lets a `b` piece take the king: the same
//! role twice when an `a` piece reaches a square from which it attacks the king, or a blocker of
//! role `a` standing between the king and a `b` slider. Occupancy changes, three-move paths and
//! the maximum-dice rule are ignored. The 56 rolls are summed with one mask test each.

use crate::rules::attacks;
use crate::search::kcp::ROLLS56;
use crate::{Bitboard, Color, Dice, Position, Role};

/// Each roll's mask ([`dice_mask`]), derived from [`ROLLS56`].
const fn roll_masks() -> [u64; 56] {
    let mut out = [0u64; 56];
    let mut n = 0;
    while n < 56 {
        out[n] = dice_mask(ROLLS56[n].dice);
        n += 1;
    }
    out
}

/// The 56 rolls' masks, in the order of [`crate::search::rolls56`].
pub(super) static ROLLS: [u64; 56] = roll_masks();

/// The bits a threat mask can hold: 36 pairs of dice and 6 faces.
const MASK_BITS: usize = 42;

/// For each bit of a threat mask, the rolls whose mask holds it (bit `n` is roll `n`).
static ROLLS_WITH_BIT: [u64; MASK_BITS] = {
    let mut out = [0u64; MASK_BITS];
    let mut n = 0;
    while n < 56 {
        let mut bit = 0;
        while bit < MASK_BITS {
            if ROLLS[n] >> bit & 1 == 1 {
                out[bit] |= 1 << n;
            }
            bit += 1;
        }
        n += 1;
    }
    out
};

/// The rolls of each weight out of 216 (1, 3 and 6), as sets of roll bits.
static ROLLS_BY_WEIGHT: [(u64, u32); 3] = {
    let mut out = [(0u64, 1u32), (0, 3), (0, 6)];
    let mut n = 0;
    while n < 56 {
        let w = ROLLS56[n].weight;
        let i = if w == 1 {
            0
        } else if w == 3 {
            1
        } else {
            2
        };
        out[i].0 |= 1 << n;
        n += 1;
    }
    out
};

/// The mask of the first `n` faces (indices) of `faces`: bit `36 + face` for each face, bit
/// `6a + b` for each ordered pair of distinct dice.
const fn faces_mask(faces: [usize; 3], n: usize) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < n {
        mask |= 1 << (36 + faces[i]);
        let mut j = 0;
        while j < n {
            if i != j {
                mask |= 1 << (6 * faces[i] + faces[j]);
            }
            j += 1;
        }
        i += 1;
    }
    mask
}

/// The mask of a pool of at most three dice (a roll, or a partial turn's dice): bit `36 + face`
/// for each face shown, bit `6a + b` for each pair of dice `(a, b)` it holds (`a = b` when the face
/// shows twice).
pub(super) const fn dice_mask(dice: Dice) -> u64 {
    let (mut faces, mut n, mut left) = ([0usize; 3], 0, dice);
    while n < 3 {
        let Some(role) = left.first() else { break };
        faces[n] = role.index();
        n += 1;
        left = match left.without(role) {
            Some(rest) => rest,
            None => break,
        };
    }
    faces_mask(faces, n)
}

/// Where a side's pieces can move (captures of own pieces excluded; pawns: pushes and captures,
/// promotions and en passant ignored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reach {
    /// The number of moves (piece, destination).
    pub moves: u32,
    /// The destinations of each role's pieces.
    pub by_role: [Bitboard; 6],
}

impl Reach {
    /// The destinations of all the side's pieces.
    #[inline]
    pub(super) fn all(&self) -> Bitboard {
        self.by_role.iter().fold(Bitboard::EMPTY, |acc, &b| acc | b)
    }
}

/// Where `by`'s pieces can move: pawns set-wise (each shift moves every pawn one way, so the
/// counts add up per pawn), the other pieces one by one.
#[inline]
pub(super) fn reach(pos: &Position, by: Color) -> Reach {
    let (occupied, own) = (pos.occupied(), pos.by_color(by));
    let (empty, enemy) = (!occupied.0, pos.by_color(by.opponent()).0);
    let pawns = pos.pieces(by, Role::Pawn).0;
    let (pawns_h, pawns_a) = (pawns & !Bitboard::file(7).0, pawns & !Bitboard::file(0).0);
    let [single, double, toward_h, toward_a] = match by {
        Color::White => {
            let single = (pawns << 8) & empty;
            [single, ((single & Bitboard::rank(2).0) << 8) & empty, (pawns_h << 9) & enemy, (pawns_a << 7) & enemy]
        }
        Color::Black => {
            let single = (pawns >> 8) & empty;
            [single, ((single & Bitboard::rank(5).0) >> 8) & empty, (pawns_h >> 7) & enemy, (pawns_a >> 9) & enemy]
        }
    };
    let mut out = Reach {
        moves: single.count_ones() + double.count_ones() + toward_h.count_ones() + toward_a.count_ones(),
        by_role: [Bitboard::EMPTY; 6],
    };
    out.by_role[Role::Pawn.index()] = Bitboard(single | double | toward_h | toward_a);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        for sq in pos.pieces(by, role) {
            let a = attacks::attacks(role, by, sq, occupied) & !own;
            out.moves += a.count();
            out.by_role[role.index()] |= a;
        }
    }
    out
}

/// What `by` threatens against its opponent's king(s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct KingThreats {
    /// The bit layout of the roll masks: bit `36 + role` for a role attacking a king now, bit
    /// `6a + b` for a pair of dice that captures.
    pub mask: u64,
    /// The slider roles (B, R, Q) that attack a king once `by`'s own pieces are lifted.
    pub xray_roles: u32,
}

impl KingThreats {
    /// The roles attacking a king now, as a bit per role index.
    #[inline]
    pub(crate) fn direct_roles(&self) -> u32 {
        (self.mask >> 36) as u32 & 63
    }

    /// The estimated probability that the roll captures a king: the weight of the rolls whose
    /// mask meets the threats.
    #[inline]
    pub(crate) fn capture_probability(&self) -> f32 {
        if self.mask == 0 {
            return 0.0;
        }
        // The rolls meeting the mask: the union of each of its bits' rolls, weighed by popcounts.
        let (mut rolls, mut bits) = (0u64, self.mask);
        while bits != 0 {
            rolls |= ROLLS_WITH_BIT[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        let hits: u32 = ROLLS_BY_WEIGHT.iter().map(|&(set, w)| (rolls & set).count_ones() * w).sum();
        hits as f32 / 216.0
    }
}

/// The threats of `by` against its opponent's king(s), given where `by`'s pieces can move, per
/// role ([`Reach::by_role`]).
pub(super) fn king_threats(pos: &Position, by: Color, reach: &[Bitboard; 6]) -> KingThreats {
    let victim = by.opponent();
    let occupied = pos.occupied();
    let own = pos.by_color(by);
    let lifted = occupied & !own;
    let mut out = KingThreats::default();
    let mut xray = [false; 3];
    for king in pos.pieces(victim, Role::King) {
        let (diagonal, straight) = (attacks::bishop(king, occupied), attacks::rook(king, occupied));
        // Squares from which a piece of each role attacks the king (a pawn: by its geometry seen
        // from the king).
        let from = [
            attacks::pawn(victim, king),
            attacks::knight(king),
            diagonal,
            straight,
            diagonal | straight,
            attacks::king(king),
        ];
        for role in Role::ALL {
            let r = role.index();
            if (from[r] & pos.pieces(by, role)).any() {
                out.mask |= 1 << (36 + r);
            }
            if (reach[r] & from[r]).any() {
                out.mask |= 1 << (6 * r + r);
            }
        }
        // Discovered attacks: an own blocker between the king and a slider.
        let lines = [
            (attacks::bishop(king, lifted), diagonal, Role::Bishop),
            (attacks::rook(king, lifted), straight, Role::Rook),
        ];
        for (rays, seen, line_role) in lines {
            xray[line_role.index() - 2] |= (rays & pos.pieces(by, line_role)).any();
            xray[2] |= (rays & pos.pieces(by, Role::Queen)).any();
            for slider_role in [line_role, Role::Queen] {
                for slider in rays & !seen & pos.pieces(by, slider_role) {
                    let slider_seen = attacks::attacks(line_role, by, slider, occupied);
                    for blocker in seen & slider_seen & own {
                        if let Some(b) = pos.role_at(blocker) {
                            out.mask |= 1 << (6 * b.index() + slider_role.index());
                        }
                    }
                }
            }
        }
    }
    out.xray_roles = xray.iter().filter(|&&x| x).count() as u32;
    out
}

/// The estimated probability that `by`, moving next, captures a king of its opponent (the
/// features compute it from their own attack scan; this one is for the tests).
#[cfg(test)]
fn capture_estimate(pos: &Position, by: Color) -> f32 {
    king_threats(pos, by, &reach(pos, by).by_role).capture_probability()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::kcp_numerator;
    use proptest::prelude::*;

    fn estimate(dfen: &str) -> (f32, f32) {
        let pos = Position::from_dfen(dfen).unwrap();
        let exact = kcp_numerator(&pos, pos.turn().opponent(), Role::King) as f32 / 216.0;
        (capture_estimate(&pos, pos.turn()), exact)
    }

    #[test]
    fn the_roll_masks_follow_the_56_rolls() {
        for (r, &mask) in crate::search::rolls56().iter().zip(ROLLS.iter()) {
            assert_eq!(dice_mask(r.dice), mask);
        }
    }

    #[test]
    fn the_rolls_by_weight_partition_the_56_rolls_weighing_216() {
        let sets = ROLLS_BY_WEIGHT.map(|(set, _)| set);
        assert_eq!(sets.iter().fold(0, |a, s| a | s), (1 << 56) - 1);
        assert_eq!(sets.iter().map(|s| s.count_ones()).sum::<u32>(), 56, "disjoint");
        assert_eq!(ROLLS_BY_WEIGHT.iter().map(|&(s, w)| s.count_ones() * w).sum::<u32>(), 216);
    }

    proptest! {
        /// The capture probability is the weight of the rolls whose mask meets the threats, as a
        /// scan of the 56 rolls counts it.
        #[test]
        fn the_capture_probability_weighs_the_rolls_meeting_the_mask(mask in 0u64..1 << MASK_BITS) {
            let scanned: u32 = crate::search::rolls56()
                .iter()
                .map(|r| if dice_mask(r.dice) & mask != 0 { r.weight } else { 0 })
                .sum();
            let threats = KingThreats { mask, xray_roles: 0 };
            prop_assert_eq!(threats.capture_probability(), scanned as f32 / 216.0);
        }
    }

    #[test]
    fn simple_threats_are_exact() {
        // A rook on the open file: any R.
        assert_eq!(estimate("4k3/8/8/8/8/8/8/K3R3 w - - 0 1"), (91.0 / 216.0, 91.0 / 216.0));
        // No threat at all.
        assert_eq!(estimate("4k3/8/8/8/8/8/8/K7 w - - 0 1"), (0.0, 0.0));
        // A knight two hops away: NN (weight 16 of 216), as kcp finds.
        let (est, exact) = estimate("4k3/8/8/8/4N3/8/8/K7 w - - 0 1");
        assert_eq!(est, exact);
        // A knight in front of the rook: the knight steps aside, then the rook takes (N and R,
        // 30 of 216); kcp also finds the three-move RRR around the knight.
        assert_eq!(estimate("4k3/8/8/8/8/8/4N3/K3R3 w - - 0 1"), (30.0 / 216.0, 31.0 / 216.0));
    }

    /// One piece's destinations, piece by piece: the rule [`reach`] computes set-wise.
    fn destinations(pos: &Position, role: Role, by: Color, from: crate::Square) -> Bitboard {
        let (occupied, own) = (pos.occupied(), pos.by_color(by));
        if role != Role::Pawn {
            return attacks::attacks(role, by, from, occupied) & !own;
        }
        let captures = attacks::pawn(by, from) & pos.by_color(by.opponent());
        let (step, start_rank) = if by == Color::White { (8, 1) } else { (-8, 6) };
        let mut pushes = Bitboard::EMPTY;
        if let Some(one) = from.offset(step).filter(|&s| !occupied.contains(s)) {
            pushes.add(one);
            if let Some(two) = one.offset(step).filter(|&s| !occupied.contains(s) && from.rank() == start_rank) {
                pushes.add(two);
            }
        }
        captures | pushes
    }

    /// Pieces on random squares (most empty), both sides' pawns anywhere but the last ranks;
    /// kings are not required.
    fn board() -> impl Strategy<Value = Position> {
        prop::collection::vec(0usize..36, 64).prop_map(|cells| {
            let mut pos = Position::empty();
            for (sq, &c) in (0u8..).zip(&cells).filter(|&(_, &c)| c < 12) {
                let (color, role) = ([Color::White, Color::Black][c / 6], Role::ALL[c % 6]);
                let sq = crate::Square::new(sq).expect("a square index");
                if role != Role::Pawn || (1..7).contains(&sq.rank()) {
                    pos.put(sq, crate::Piece { color, role });
                }
            }
            pos
        })
    }

    proptest! {
        #[test]
        fn reach_is_the_union_and_count_of_each_pieces_destinations(pos in board()) {
            for by in [Color::White, Color::Black] {
                let mut expected = Reach { moves: 0, by_role: [Bitboard::EMPTY; 6] };
                for role in Role::ALL {
                    for sq in pos.pieces(by, role) {
                        let a = destinations(&pos, role, by, sq);
                        expected.moves += a.count();
                        expected.by_role[role.index()] |= a;
                    }
                }
                prop_assert_eq!(reach(&pos, by), expected, "{} {:?}", pos.to_dfen(), by);
            }
        }
    }
}

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

/// Each roll's mask ([`dice_mask`]) and weight out of 216, derived from [`ROLLS56`].
const fn roll_masks() -> [(u64, u32); 56] {
    let mut out = [(0u64, 0u32); 56];
    let mut n = 0;
    while n < 56 {
        out[n] = (dice_mask(ROLLS56[n].dice), ROLLS56[n].weight);
        n += 1;
    }
    out
}

/// The 56 rolls' masks and weights, in the order of [`crate::search::rolls56`].
pub(super) static ROLLS: [(u64, u32); 56] = roll_masks();

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

/// The squares a `by` piece of type `role` on `from` can move to (captures of own pieces
/// excluded; pawns: pushes and captures, promotions and en passant ignored).
#[inline]
pub(super) fn destinations(pos: &Position, role: Role, by: Color, from: crate::Square) -> Bitboard {
    let (occupied, own) = (pos.occupied(), pos.by_color(by));
    if role != Role::Pawn {
        return attacks::attacks(role, by, from, occupied) & !own;
    }
    let captures = attacks::pawn(by, from) & pos.by_color(by.opponent());
    let step: i8 = if by == Color::White { 8 } else { -8 };
    let mut pushes = Bitboard::EMPTY;
    if let Some(one) = from.offset(step).filter(|&s| !occupied.contains(s)) {
        pushes.add(one);
        let start_rank = if by == Color::White { 1 } else { 6 };
        if from.rank() == start_rank {
            if let Some(two) = one.offset(step).filter(|&s| !occupied.contains(s)) {
                pushes.add(two);
            }
        }
    }
    captures | pushes
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
        let hits: u32 = ROLLS.iter().map(|&(roll, w)| if roll & self.mask != 0 { w } else { 0 }).sum();
        hits as f32 / 216.0
    }
}

/// The threats of `by` against its opponent's king(s), given the [`destinations`] of `by`'s
/// pieces united per role.
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
    let mut reach = [Bitboard::EMPTY; 6];
    for role in Role::ALL {
        for sq in pos.pieces(by, role) {
            reach[role.index()] |= destinations(pos, role, by, sq);
        }
    }
    king_threats(pos, by, &reach).capture_probability()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::kcp_numerator;

    fn estimate(dfen: &str) -> (f32, f32) {
        let pos = Position::from_dfen(dfen).unwrap();
        let exact = kcp_numerator(&pos, pos.turn().opponent(), Role::King) as f32 / 216.0;
        (capture_estimate(&pos, pos.turn()), exact)
    }

    #[test]
    fn the_roll_masks_follow_the_56_rolls() {
        for (r, &(mask, weight)) in crate::search::rolls56().iter().zip(ROLLS.iter()) {
            assert_eq!((dice_mask(r.dice), weight), (mask, r.weight));
        }
    }

    #[test]
    fn the_rolls_weigh_216() {
        assert_eq!(ROLLS.iter().map(|r| r.1).sum::<u32>(), 216);
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
}

//! Material and the evaluators of BOTS.md §2.3, all from one side's point of view.

use crate::rules::attacks;
use crate::{Bitboard, Color, Position, Role, Square};

/// The score of a turn that captures the king (`i32::MAX`).
pub const WIN: i32 = i32::MAX;

/// Piece values in centipawns, in role order P N B R Q K.
pub(crate) const PIECE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 10_000];

/// The value of a role in centipawns.
#[inline]
pub(crate) const fn value(role: Role) -> i32 {
    PIECE_VALUES[role.index()]
}

/// The total value of `color`'s pieces.
#[inline]
fn side_material(pos: &Position, color: Color) -> i32 {
    Role::ALL.iter().map(|&r| value(r) * pos.pieces(color, r).count() as i32).sum()
}

/// `material(P, c)`: `c`'s piece values minus the opponent's, kings included.
#[inline]
pub fn material(pos: &Position, color: Color) -> i32 {
    side_material(pos, color) - side_material(pos, color.opponent())
}

/// `attackers(P, s, c)`: `c`'s pieces attacking `sq` geometrically (side to move, dice and en
/// passant ignored; sliders stop at the first occupied square).
#[inline]
pub(crate) fn attackers(pos: &Position, sq: Square, color: Color) -> Bitboard {
    let occupied = pos.occupied();
    let queens = pos.pieces(color, Role::Queen);
    (attacks::pawn(color.opponent(), sq) & pos.pieces(color, Role::Pawn))
        | (attacks::knight(sq) & pos.pieces(color, Role::Knight))
        | (attacks::king(sq) & pos.pieces(color, Role::King))
        | (attacks::bishop(sq, occupied) & (pos.pieces(color, Role::Bishop) | queens))
        | (attacks::rook(sq, occupied) & (pos.pieces(color, Role::Rook) | queens))
}

/// `true` if any square of `targets` is attacked by a piece of `by`.
#[inline]
fn any_attacked(pos: &Position, targets: Bitboard, by: Color) -> bool {
    let mut squares = targets;
    Iterator::any(&mut squares, |sq| attackers(pos, sq, by).any())
}

/// `kingSafety(P, c)`: −2000 if any king of `c` is attacked, else 0.
#[inline]
pub(crate) fn king_safety(pos: &Position, color: Color) -> i32 {
    if any_attacked(pos, pos.pieces(color, Role::King), color.opponent()) {
        -2000
    } else {
        0
    }
}

/// `evaluate(P, c) = material + kingSafety`.
#[inline]
pub(crate) fn evaluate(pos: &Position, color: Color) -> i32 {
    material(pos, color) + king_safety(pos, color)
}

/// Chebyshev distance between two squares.
#[inline]
fn chebyshev(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

/// `aggressive(P, c)`: `evaluate` plus pawn storm, piece proximity to the enemy king (the one on
/// the lowest square) and attacks on its ring; just `evaluate` when the enemy has no king.
pub(crate) fn aggressive(pos: &Position, color: Color) -> i32 {
    let base = evaluate(pos, color);
    let Some(king) = pos.pieces(color.opponent(), Role::King).first() else {
        return base;
    };
    let storm: i32 = pos
        .pieces(color, Role::Pawn)
        .map(|sq| {
            let rank = i32::from(sq.rank()) + 1;
            15 * if color == Color::White { rank - 2 } else { 7 - rank }
        })
        .sum();
    let mut proximity = 0;
    for (role, weight) in [(Role::Queen, 40), (Role::Rook, 25), (Role::Knight, 15), (Role::Bishop, 15)] {
        proximity += pos.pieces(color, role).map(|sq| (8 - chebyshev(sq, king)) * weight).sum::<i32>();
    }
    let ring: i32 = attacks::king(king).map(|sq| 25 * attackers(pos, sq, color).count() as i32).sum();
    base + storm + proximity + ring
}

/// The insufficient-material test of the draw offer (BOTS.md §7.2).
pub(crate) fn insufficient_material(pos: &Position) -> bool {
    let heavy =
        pos.by_role(Role::Pawn) | pos.by_role(Role::Knight) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    if heavy.any() {
        return false;
    }
    let color_of = |sq: Square| (u32::from(sq.file()) + u32::from(sq.rank()) + 1) % 2;
    let mut kings = [Square::A1; 2];
    for color in [Color::White, Color::Black] {
        if pos.pieces(color, Role::Bishop).count() > 1 {
            return false;
        }
        match pos.pieces(color, Role::King).first() {
            Some(k) => kings[color.index()] = k,
            None => return false,
        }
    }
    let (w, b) = (kings[0], kings[1]);
    let adjacent = (i32::from(w.file()) - i32::from(b.file())).abs() <= 1
        && (i32::from(w.rank()) - i32::from(b.rank())).abs() <= 1;
    if adjacent {
        return false;
    }
    for color in [Color::White, Color::Black] {
        if let Some(bishop) = pos.pieces(color, Role::Bishop).first() {
            if color_of(bishop) == color_of(kings[color.opponent().index()]) {
                return false;
            }
        }
    }
    true
}

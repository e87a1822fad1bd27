//! Attack sets from compile-time tables: leaper tables and one ray per direction and square,
//! sliders by the classical first-blocker method (6 KiB of tables in total, API.md §2.7).

use super::bitboard::Bitboard;
use super::types::{Color, Role, Square};

const fn leaper_table(steps: [(i8, i8); 8]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < 8 {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table(forward: i8) -> [u64; 64] {
    let steps = [
        (-1, forward),
        (1, forward),
        (-1, forward),
        (1, forward),
        (-1, forward),
        (1, forward),
        (-1, forward),
        (1, forward),
    ];
    leaper_table(steps)
}

static KNIGHT: [u64; 64] = leaper_table([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [u64; 64] = leaper_table([(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN: [[u64; 64]; 2] = [pawn_table(1), pawn_table(-1)];

/// Ray directions as (file, rank) steps. Indexes 0..4 increase the square index, 4..8 decrease it.
const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];

const fn ray_table() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                table[d][sq] |= 1 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

static RAYS: [[u64; 64]; 8] = ray_table();

/// Attacks along one ray up to and including the first occupied square.
#[inline(always)]
fn ray_attacks(dir: usize, sq: Square, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if dir < 4 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
    ray ^ RAYS[dir][first as usize]
}

/// Squares a knight on `sq` attacks.
#[inline]
pub(crate) fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub(crate) fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
pub(crate) fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares a rook on `sq` attacks given the occupied squares.
#[inline]
pub(crate) fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let o = occupied.0;
    Bitboard(ray_attacks(0, sq, o) | ray_attacks(1, sq, o) | ray_attacks(4, sq, o) | ray_attacks(5, sq, o))
}

/// Squares a bishop on `sq` attacks given the occupied squares.
#[inline]
pub(crate) fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let o = occupied.0;
    Bitboard(ray_attacks(2, sq, o) | ray_attacks(3, sq, o) | ray_attacks(6, sq, o) | ray_attacks(7, sq, o))
}

/// Squares a queen on `sq` attacks given the occupied squares.
#[inline]
pub(crate) fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares a piece of type `role` and colour `color` on `sq` attacks given the occupied squares
/// (a pawn: diagonally forward; own pieces are not excluded).
#[inline(always)]
pub(crate) fn attacks(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn(color, sq),
        Role::Knight => knight(sq),
        Role::Bishop => bishop(sq, occupied),
        Role::Rook => rook(sq, occupied),
        Role::Queen => queen(sq, occupied),
        Role::King => king(sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_stay_small() {
        let bytes = std::mem::size_of_val(&KNIGHT)
            + std::mem::size_of_val(&KING)
            + std::mem::size_of_val(&PAWN)
            + std::mem::size_of_val(&RAYS);
        assert!(bytes <= 16 * 1024, "{bytes} bytes of tables");
    }

    #[test]
    fn sliders_stop_at_first_blocker() {
        let d4 = Square::from_coords(3, 3);
        let occ = Bitboard::from_square(Square::from_coords(3, 5)) | Bitboard::from_square(Square::from_coords(1, 1));
        let r = rook(d4, occ);
        assert!(r.contains(Square::from_coords(3, 5)));
        assert!(!r.contains(Square::from_coords(3, 6)));
        assert_eq!(r.count(), 7 + 2 + 3); // the rank, d5 d6 up, d3 d2 d1 down
        let b = bishop(d4, occ);
        assert!(b.contains(Square::from_coords(1, 1)));
        assert!(!b.contains(Square::A1));
        assert_eq!(knight(Square::A1).count(), 2);
        assert_eq!(king(Square::E1).count(), 5);
        assert_eq!(pawn(Color::White, Square::A1).count(), 1);
        assert_eq!(pawn(Color::Black, Square::A1).count(), 0);
    }
}

//! A set of squares as a 64-bit word (bit *i* = square *i*).

use super::types::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);

    /// The set holding one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// All squares of rank `rank` 0..8.
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * (rank & 7)))
    }

    /// All squares of file `file` 0..8.
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << (file & 7))
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros()))
        }
    }

    /// Vertical flip: rank r ↦ 9 − r.
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Horizontal mirror: file a ↔ h.
    #[inline]
    pub const fn flip_horizontal(self) -> Bitboard {
        const K1: u64 = 0x5555_5555_5555_5555;
        const K2: u64 = 0x3333_3333_3333_3333;
        const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let mut x = self.0;
        x = ((x >> 1) & K1) | ((x & K1) << 1);
        x = ((x >> 2) & K2) | ((x & K2) << 2);
        x = ((x >> 4) & K4) | ((x & K4) << 4);
        Bitboard(x)
    }
}

/// Iterates the squares in ascending index order.
impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

//! The transposition table of `expectimax-v2`: chance-node values by position and depth, shared
//! across candidates and iterations of one search.

use crate::Position;
use std::hash::{Hash, Hasher};

/// A 64-bit key of a position: every field (placement, side, castling, en passant, clocks,
/// dice) through a multiply-rotate hasher.
#[inline]
pub(crate) fn position_key(pos: &Position) -> u64 {
    let mut h = FoldHasher(0x243F_6A88_85A3_08D3);
    pos.hash(&mut h);
    h.finish()
}

/// A small non-cryptographic hasher (the fields are few and fixed).
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    #[inline]
    fn finish(&self) -> u64 {
        // SplitMix64's finaliser spreads the last words into every bit.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

/// What a stored value is: exact, or a bound from a cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: f32,
    depth: u8,
    bound: Bound,
}

const EMPTY: Entry = Entry { key: 0, value: 0.0, depth: 0, bound: Bound::Exact };

/// A direct-mapped table, always replacing.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    pub hits: u64,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub(crate) fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table { entries: vec![EMPTY; n], mask: n - 1, hits: 0 }
    }

    /// The value of `key` searched to `depth` or deeper, if it settles the window
    /// `[alpha, beta]`: exact, a lower bound at or above `beta`, an upper bound at or below
    /// `alpha`.
    #[inline]
    pub(crate) fn probe(&mut self, key: u64, depth: u8, alpha: f32, beta: f32) -> Option<f32> {
        let e = self.entries[key as usize & self.mask];
        // Depth 0 is never stored, so an empty slot (depth 0) never matches.
        if e.key != key || e.depth < depth || e.depth == 0 {
            return None;
        }
        let settles = match e.bound {
            Bound::Exact => true,
            Bound::Lower => e.value >= beta,
            Bound::Upper => e.value <= alpha,
        };
        if settles {
            self.hits += 1;
        }
        settles.then_some(e.value)
    }

    /// Stores a value.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, depth: u8, value: f32, bound: Bound) {
        self.entries[key as usize & self.mask] = Entry { key, value, depth, bound };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_positions_apart_and_bounds_settle_windows() {
        let a = Position::from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
        let b = Position::from_dfen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").expect("valid");
        assert_eq!(position_key(&a), position_key(&a.clone()));
        assert_ne!(position_key(&a), position_key(&b));
        let mut t = Table::new(4);
        let k = position_key(&a);
        t.store(k, 2, 0.6, Bound::Lower);
        assert_eq!(t.probe(k, 2, 0.0, 0.5), Some(0.6));
        assert_eq!(t.probe(k, 2, 0.0, 0.7), None);
        assert_eq!(t.probe(k, 3, 0.0, 0.5), None);
        t.store(k, 2, 0.3, Bound::Upper);
        assert_eq!(t.probe(k, 1, 0.4, 1.0), Some(0.3));
        t.store(k, 2, 0.45, Bound::Exact);
        assert_eq!(t.probe(k, 2, 0.0, 1.0), Some(0.45));
    }
}

//! The seedable random stream of BOTS.md §2.6: xoshiro256++ seeded through SplitMix64, with the
//! exact reductions `uniform`, `real` and die rolls the conformance vectors pin, and the streams
//! of a game. In every build: a [`crate::Game`] draws its dice from it. Entropy-seeded streams
//! (feature `search`) are in `search/prng.rs`.

use rand_xoshiro::rand_core::{Rng as _, SeedableRng as _};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{Dice, Role};

/// SplitMix64's increment.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// One random stream (BOTS.md §2.6). Every API call builds its own.
#[derive(Clone, Debug)]
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    /// The stream of a 64-bit seed: four SplitMix64 outputs starting at `seed` fill the state.
    pub fn from_seed(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// The next raw 64-bit output.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` by rejection: draw until `x < 2^64 − (2^64 mod n)`, return
    /// `x mod n`. `n = 0` is treated as 1 (returns 0 after one draw).
    #[inline]
    pub fn uniform(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        // 2^64 mod n, computed without 128-bit arithmetic.
        let rem = (u64::MAX % n + 1) % n;
        loop {
            let x = self.next_u64();
            if rem == 0 || x < rem.wrapping_neg() {
                return x % n;
            }
        }
    }

    /// A uniform index into a list of `len` items (`len ≥ 1`).
    #[cfg(feature = "search")]
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.uniform(len as u64) as usize
    }

    /// A real in `[0, 1)`: `(next >> 11) × 2^−53`.
    #[cfg(feature = "search")]
    #[inline]
    pub fn real(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A die roll `1 + uniform(6)`.
    #[inline]
    pub fn die(&mut self) -> u8 {
        1 + self.uniform(6) as u8
    }

    /// Three dice (three [`die`](Rng::die) draws) as a pool, cased later by the side it is
    /// given to: what a player rolls.
    #[inline]
    pub fn three_dice(&mut self) -> Dice {
        let mut dice = Dice::EMPTY;
        for _ in 0..3 {
            let face = self.die();
            dice = Role::from_face(face).and_then(|r| dice.with(r)).unwrap_or(dice);
        }
        dice
    }
}

/// The SplitMix64 output for state `z`: add the increment, then mix.
#[inline]
pub(crate) const fn mix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of sub-stream `n` of the master seed `s`: `mix64(s xor mix64(n))` (arena streams).
#[inline]
pub const fn derive(s: u64, n: u64) -> u64 {
    mix64(s ^ mix64(n))
}

/// The three streams of a game (BOTS.md §2.6): dice, White's and Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSeeds {
    pub dice: u64,
    pub white: u64,
    pub black: u64,
}

impl GameSeeds {
    /// Game `g` of the master seed `seed` (BOOK.md §10.1; the first game of arena pair `g`):
    /// dice `derive(seed, 8g)`, White `derive(seed, 8g+1)`, Black `derive(seed, 8g+2)`.
    pub fn of_game(seed: u64, g: u64) -> GameSeeds {
        let n = 8 * g;
        GameSeeds { dice: derive(seed, n), white: derive(seed, n + 1), black: derive(seed, n + 2) }
    }
}

//! Streams seeded from system entropy, for unseeded calls (BOTS.md §2.6); the seeded stream
//! itself is [`crate::random`]'s, in every build.

pub use crate::random::{derive, Rng};

impl Rng {
    /// A stream seeded from system entropy (OS randomness natively, `crypto.getRandomValues` in
    /// wasm). If the entropy source fails, the seed is built from the address of a local and a
    /// counter, which is still different from call to call.
    pub fn from_entropy() -> Rng {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_ok() {
            return Rng::from_seed(u64::from_le_bytes(bytes));
        }
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let local = 0u8;
        let addr = std::ptr::addr_of!(local) as usize as u64;
        Rng::from_seed(crate::random::mix64(addr ^ crate::random::mix64(COUNTER.fetch_add(1, Ordering::Relaxed))))
    }

    /// A seeded stream when `seed` is given, else one from entropy.
    #[inline]
    pub fn from_option(seed: Option<u64>) -> Rng {
        seed.map_or_else(Rng::from_entropy, Rng::from_seed)
    }
}

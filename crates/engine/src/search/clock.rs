//! Wall-clock time for deadlines (BOTS.md §4.8). Searches read the time through [`Clock`], so
//! native builds use `std::time::Instant`, the wasm binding `performance.now()`, and tests a
//! manual clock.

use super::turnlist::CHECK_EVERY;

/// A point in time: microseconds since the clock's own origin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Moment(pub u64);

impl Moment {
    /// This moment plus `ms` milliseconds (saturating).
    #[inline]
    pub fn plus_ms(self, ms: u64) -> Moment {
        Moment(self.0.saturating_add(ms.saturating_mul(1000)))
    }

    /// Whole milliseconds from `earlier` to `self` (0 if `earlier` is later), truncated.
    #[inline]
    pub fn ms_since(self, earlier: Moment) -> u64 {
        self.0.saturating_sub(earlier.0) / 1000
    }
}

/// A monotonic clock.
pub trait Clock {
    /// The current moment.
    fn now(&self) -> Moment;
}

/// The native clock: `std::time::Instant`, origin at construction.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock { origin: std::time::Instant::now() }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    #[inline]
    fn now(&self) -> Moment {
        Moment(u64::try_from(self.origin.elapsed().as_micros()).unwrap_or(u64::MAX))
    }
}

/// A clock that only moves when told to, optionally advancing by a fixed step on every read
/// (tests of deadline behaviour).
#[derive(Debug, Default)]
pub struct ManualClock {
    now: std::sync::atomic::AtomicU64,
    step: u64,
}

impl ManualClock {
    /// A clock at `start` µs that advances `step` µs after every read.
    pub fn new(start: u64, step: u64) -> ManualClock {
        ManualClock { now: std::sync::atomic::AtomicU64::new(start), step }
    }

    /// Moves the clock forward by `micros`.
    pub fn advance(&self, micros: u64) {
        self.now.fetch_add(micros, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Moment {
        Moment(self.now.fetch_add(self.step, std::sync::atomic::Ordering::Relaxed))
    }
}

/// A deadline on a clock.
#[derive(Clone, Copy)]
pub struct Deadline<'a> {
    pub clock: &'a dyn Clock,
    pub at: Moment,
}

impl<'a> Deadline<'a> {
    /// `true` once the clock has reached the deadline.
    #[inline]
    pub fn passed(&self) -> bool {
        self.clock.now() >= self.at
    }

    /// The current moment on the deadline's clock.
    #[inline]
    pub fn now(&self) -> Moment {
        self.clock.now()
    }
}

/// Whether a timed scan of the root turns (their scores, their positions merged) stops before
/// the turn of index `i`: the clock is read once every `CHECK_EVERY` (1024) turns, as the listing
/// reads it (BOTS.md §4.8), and never before the first block, so that a scan that stops has turns
/// to fall back on.
#[inline]
pub(crate) fn scan_interrupted(deadline: Option<&Deadline<'_>>, i: usize) -> bool {
    i > 0 && i % CHECK_EVERY == 0 && deadline.is_some_and(Deadline::passed)
}

impl std::fmt::Debug for Deadline<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deadline").field("at", &self.at).finish()
    }
}

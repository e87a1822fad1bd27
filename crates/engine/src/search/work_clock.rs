//! Searches that end on any clock (issue 30, docs/NOTES.md): the clock a budgeted search reads, so
//! that it stops by its deadline when the clock runs and by its work when the clock stands still
//! (Cloudflare Workers do not advance `performance.now()` or `Date.now()` during CPU work), and the
//! `effort` option, the same search on work alone, exact for a seed on every runtime.
//!
//! The one work rule: a real clock that returns the same moment for more than
//! [`FROZEN_AFTER_READS`] reads is frozen, and from then on each read since it last moved counts
//! [`STEP_US`]. Searches read the clock at least once per rollout ply, chance-node roll, 256
//! `expectimax-v2` nodes and 1024 root turns (BOTS.md §4.8), so a budget of `b` ms on a frozen
//! clock ends after `max(b × 1000 / STEP_US, FROZEN_AFTER_READS + 1)` reads; an effort of `b`,
//! whose clock is known never to move, after `b × 1000 / STEP_US`.

use std::cell::Cell;

use super::bot::{Bot, Choice};
use super::clock::{Clock, Deadline, Moment};
use super::prng::Rng;
use crate::Roll;

/// The work rule: the microseconds each read of a frozen clock counts (see
/// [`FROZEN_AFTER_READS`]), and so the time one unit of work counts for (one read comes after at most one rollout
/// ply, one chance-node roll, 256 search nodes or 1024 root turns). Set so that a frozen budget
/// takes about its length in CPU in wasm on the usual rolls (BENCHMARKS.md).
pub const STEP_US: u64 = 20;

/// The reads of an unmoved real clock after which it counts as frozen: 20 ms of work at
/// [`STEP_US`], and more than one tick of the coarsest clocks that run (a browser's 1 ms) even at a
/// microsecond a read, so that where the clock runs the deadline is read as it is.
pub const FROZEN_AFTER_READS: u64 = 1000;

/// The most effort a search takes, as the cap on budgets (BOTS.md §13.3).
pub const MAX_EFFORT: u64 = super::time::MAX_BUDGET_MS as u64;

/// Why a search stopped: `"complete"` (nothing cut it short: an instant bot, an untimed search,
/// a forced turn), `"deadline"` (its budget passed on the clock), `"effort"` (its `effort` ran out)
/// or `"frozenClock"` (the clock stood still, as on Cloudflare Workers, and the work reached the
/// budget).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SearchStop"))]
pub enum Stop {
    /// No limit cut it short: an instant bot, an untimed search, a forced turn, or a search that
    /// had nothing left to do before its limit.
    #[default]
    Complete,
    /// Its deadline passed on the running clock.
    Deadline,
    /// Its `effort` ran out.
    Effort,
    /// The clock stood still and its work reached the budget (`FROZEN_AFTER_READS` reads).
    FrozenClock,
}

impl Stop {
    /// The name in `getBestMove`'s result: `complete`, `deadline`, `effort` or `frozenClock`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Stop::Complete => "complete",
            Stop::Deadline => "deadline",
            Stop::Effort => "effort",
            Stop::FrozenClock => "frozenClock",
        }
    }

    /// The stop of this name.
    pub fn from_name(name: &str) -> Option<Stop> {
        [Stop::Complete, Stop::Deadline, Stop::Effort, Stop::FrozenClock].into_iter().find(|s| s.as_str() == name)
    }
}

/// What bounds a budgeted bot's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// No limit: the bot's untimed search (and every instant bot).
    Untimed,
    /// A deadline `ms` milliseconds after the call was entered, on the real clock, or on the work
    /// done while that clock stands still.
    Budget { ms: u64 },
    /// `units × 1000 / STEP_US` reads of work, as a budget of `units` ms on a frozen clock,
    /// whatever the clock does.
    Effort { units: u64 },
}

/// A clock that never moves: the real clock of an `effort` search.
#[derive(Clone, Copy, Debug, Default)]
struct Still;

impl Clock for Still {
    fn now(&self) -> Moment {
        Moment(0)
    }
}

/// The real clock while it moves; once it has stood still for more than `frozen_after` reads, the
/// last moment it gave plus [`STEP_US`] per read since. It never goes back.
pub struct WorkClock<'a> {
    real: &'a dyn Clock,
    /// [`FROZEN_AFTER_READS`], or 0 for a clock known never to move (an effort).
    frozen_after: u64,
    /// The last moment read on `real`.
    real_last: Cell<Moment>,
    /// Reads since `real` last moved.
    still_reads: Cell<u64>,
    /// The last moment returned.
    last: Cell<Moment>,
}

impl<'a> WorkClock<'a> {
    /// A work clock over `real`, starting at `start` (a moment of `real`).
    pub fn new(real: &'a dyn Clock, start: Moment) -> WorkClock<'a> {
        WorkClock::with_grace(real, start, FROZEN_AFTER_READS)
    }

    fn with_grace(real: &'a dyn Clock, start: Moment, frozen_after: u64) -> WorkClock<'a> {
        WorkClock { real, frozen_after, real_last: Cell::new(start), still_reads: Cell::new(0), last: Cell::new(start) }
    }

    /// Why a search with a deadline `at` on this clock stopped, from what it read.
    fn stop(&self, at: Moment, effort: bool) -> Stop {
        match () {
            _ if self.last.get() < at => Stop::Complete,
            _ if effort => Stop::Effort,
            _ if self.real_last.get() >= at => Stop::Deadline,
            _ => Stop::FrozenClock,
        }
    }
}

impl Clock for WorkClock<'_> {
    #[inline]
    fn now(&self) -> Moment {
        let real = self.real.now();
        if real == self.real_last.get() {
            self.still_reads.set(self.still_reads.get() + 1);
        } else {
            self.real_last.set(real);
            self.still_reads.set(0);
        }
        let still = self.still_reads.get();
        let work = if still > self.frozen_after { still.saturating_mul(STEP_US) } else { 0 };
        let at = Moment(real.0.saturating_add(work)).max(self.last.get());
        self.last.set(at);
        at
    }
}

/// Runs `bot` on `roll` like [`choose_turn`](super::choose_turn), within `limit`: a budget counts
/// from `entered` on `clock` and ends on the work done while `clock` stands still; an effort
/// ignores `clock`. Returns the turn and why the search stopped.
pub fn choose_within(
    bot: &dyn Bot,
    roll: Roll<'_>,
    rng: &mut Rng,
    limit: Limit,
    clock: &dyn Clock,
    entered: Moment,
) -> (Choice, Stop) {
    let (work, at, effort) = match limit {
        Limit::Untimed => return (super::choose_turn(bot, roll, rng, None), Stop::Complete),
        Limit::Budget { ms } => (WorkClock::new(clock, entered), entered.plus_ms(ms), false),
        Limit::Effort { units } => (WorkClock::with_grace(&Still, Moment(0), 0), Moment(0).plus_ms(units), true),
    };
    let choice = super::choose_turn(bot, roll, rng, Some(Deadline { clock: &work, at }));
    (choice, work.stop(at, effort))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ManualClock;

    #[test]
    fn a_frozen_clock_counts_the_step_per_read_and_a_running_one_is_read_as_is() {
        let frozen = ManualClock::new(5, 0);
        let work = WorkClock::new(&frozen, Moment(5));
        for _ in 0..FROZEN_AFTER_READS {
            assert_eq!(work.now(), Moment(5));
        }
        let counted = (FROZEN_AFTER_READS + 1) * STEP_US;
        assert_eq!([work.now(), work.now()], [Moment(5 + counted), Moment(5 + counted + STEP_US)]);
        let effort = WorkClock::with_grace(&Still, Moment(0), 0);
        assert_eq!([effort.now(), effort.now()], [Moment(STEP_US), Moment(2 * STEP_US)]);
        // A clock of 1 ms ticks that moves every 500 reads is read as it is.
        let coarse = Coarse(Cell::new(0));
        let work = WorkClock::new(&coarse, Moment(0));
        for i in 0..3000 {
            assert_eq!(work.now(), Moment(i / 500 * 1000), "{i}");
        }
    }

    /// A clock of 1 ms ticks that moves every 500 reads.
    struct Coarse(Cell<u64>);

    impl Clock for Coarse {
        fn now(&self) -> Moment {
            let reads = self.0.get();
            self.0.set(reads + 1);
            Moment(reads / 500 * 1000)
        }
    }

    #[test]
    fn the_stop_says_which_limit_ended_the_search() {
        let frozen = ManualClock::new(0, 0);
        let work = WorkClock::with_grace(&frozen, Moment(0), 0);
        assert_eq!(work.stop(Moment(100), false), Stop::Complete);
        while work.now() < Moment(100) {}
        assert_eq!(work.stop(Moment(100), false), Stop::FrozenClock);
        assert_eq!(work.stop(Moment(100), true), Stop::Effort);
        let running = ManualClock::new(0, 60);
        let work = WorkClock::new(&running, Moment(0));
        while work.now() < Moment(100) {}
        assert_eq!(work.stop(Moment(100), false), Stop::Deadline);
        for stop in [Stop::Complete, Stop::Deadline, Stop::Effort, Stop::FrozenClock] {
            assert_eq!(Stop::from_name(stop.as_str()), Some(stop));
        }
    }
}

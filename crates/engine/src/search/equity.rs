//! `estimateEquity` (BOTS.md §9): Rao-Blackwellized rollouts that follow the probability that the
//! game is still undecided, with KCP as the per-ply capture probability.

use super::clock::Deadline;
use super::kcp::kcp_numerator;
use super::prng::Rng;
use super::turnlist::{legal_turns, TurnSampler};
use crate::{Color, Dice, Position, Role, Turns};

/// The alive mass at or below which a rollout ends.
pub(super) const ALIVE_EPSILON: f64 = 1e-5;
/// Attempts to find a roll with a non-capturing turn before advance fails.
pub(super) const ADVANCE_ATTEMPTS: u32 = 64;
/// Default rollouts and plies of the JS API.
pub const DEFAULT_ROLLOUTS: i64 = 200;
pub const DEFAULT_MAX_PLIES: i64 = 60;
/// Caps of the JS API.
pub const MAX_ROLLOUTS: i64 = 100_000;
pub const MAX_PLIES: i64 = 10_000;
/// At most this many simulated plies per call.
pub(crate) const MAX_WORK_PLIES: i64 = 10_000_000;
/// The deadline of a JS API call without `timeBudgetMs`, in milliseconds: the work cap alone let
/// a call run for a minute (issue 31 item 6), so every call is bounded like `getBestMove`'s.
pub const DEFAULT_EQUITY_BUDGET_MS: u64 = 1000;

/// The three masses of one rollout.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Masses {
    pub white: f64,
    pub black: f64,
    pub undecided: f64,
}

impl Masses {
    /// The mass of `color`.
    pub(crate) fn of(&self, color: Color) -> f64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// The probability that the side to move of `pos` captures the enemy king in its coming turn.
#[inline]
pub(crate) fn capture_probability(pos: &Position) -> f64 {
    f64::from(kcp_numerator(pos, pos.turn().opponent(), Role::King)) / 216.0
}

/// One rollout from `start` (BOTS.md §9.2). `first_q` is the capture probability of `start`;
/// `abort` is asked once per ply and a `true` abandons the rollout (`None`).
pub(crate) fn rollout(
    start: &Position,
    max_plies: i64,
    first_q: f64,
    rng: &mut Rng,
    abort: &mut dyn FnMut() -> bool,
) -> Option<Masses> {
    let mut masses = Masses { white: 0.0, black: 0.0, undecided: 1.0 };
    let mut pos = *start;
    let mut sampler = TurnSampler::default();
    let mut ply: i64 = 0;
    while ply < max_plies && masses.undecided > ALIVE_EPSILON {
        if abort() {
            return None;
        }
        let q = if ply == 0 { first_q } else { capture_probability(&pos) };
        let gain = masses.undecided * q;
        match pos.turn() {
            Color::White => masses.white += gain,
            Color::Black => masses.black += gain,
        }
        masses.undecided *= 1.0 - q;
        if masses.undecided <= ALIVE_EPSILON {
            break;
        }
        if !advance_with(&mut pos, rng, &mut sampler) {
            break;
        }
        ply += 1;
    }
    Some(masses)
}

/// Plays one random non-capturing turn for the side to move (BOTS.md §9.2): up to 64 rolls;
/// `false` if none of them leaves a turn.
pub fn advance(pos: &mut Position, rng: &mut Rng) -> bool {
    advance_with(pos, rng, &mut TurnSampler::default())
}

/// [`advance`] with reusable buffers. The turns are counted and the drawn one is found by its
/// index in canonical order, without listing them.
pub(super) fn advance_with(pos: &mut Position, rng: &mut Rng, sampler: &mut TurnSampler) -> bool {
    for _ in 0..ADVANCE_ATTEMPTS {
        let dice = rng.three_dice();
        let mut rolled = *pos;
        rolled.set_dice(dice);
        let count = sampler.count(&rolled, false);
        if count == 0 {
            continue;
        }
        let k = rng.uniform(count);
        let chosen = match sampler.nth(k) {
            Some(t) => t,
            // Unreachable (the count and the walk agree); listing is the definition.
            None => match Turns::of_position(&rolled)
                .and_then(|turns| legal_turns(&turns).into_iter().filter(|t| !t.captures_king).nth(k as usize))
            {
                Some(t) => t,
                None => continue,
            },
        };
        *pos = chosen.post_turn();
        return true;
    }
    false
}

/// Running statistics over rollouts (BOTS.md §9.2, Welford on White's mass).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EquityStats {
    n: u64,
    white: f64,
    black: f64,
    undecided: f64,
    m2: f64,
}

impl EquityStats {
    /// Adds one rollout.
    pub(crate) fn push(&mut self, x: Masses) {
        self.n += 1;
        let n = self.n as f64;
        let before = self.white;
        self.white += (x.white - self.white) / n;
        self.m2 += (x.white - before) * (x.white - self.white);
        self.black += (x.black - self.black) / n;
        self.undecided += (x.undecided - self.undecided) / n;
    }

    /// The rollouts counted.
    pub(crate) fn count(&self) -> u64 {
        self.n
    }

    /// The mean masses.
    pub(crate) fn means(&self) -> Masses {
        Masses { white: self.white, black: self.black, undecided: self.undecided }
    }

    /// The sample variance of White's mass (0 for fewer than two rollouts).
    pub(crate) fn variance(&self) -> f64 {
        if self.n > 1 {
            self.m2 / (self.n - 1) as f64
        } else {
            0.0
        }
    }

    /// `√(v / n)`, 0 when `n = 0`.
    pub(crate) fn standard_error(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            (self.variance() / self.n as f64).sqrt()
        }
    }

    /// The result of BOTS.md §9.1.
    pub(crate) fn result(&self) -> Equity {
        let v = self.variance();
        let vr = if v > 1e-12 { self.white * (1.0 - self.white) / v } else { f64::INFINITY };
        Equity {
            white_win: self.white,
            black_win: self.black,
            undecided: self.undecided,
            rollouts: self.n,
            standard_error: self.standard_error(),
            variance_reduction_vs_vanilla: vr,
        }
    }
}

/// An `estimateEquity` result: the mass of each side's wins and of the rollouts left undecided,
/// the rollouts run, the standard error, and the variance reduction against plain rollouts.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EquityResult"))]
pub struct Equity {
    pub white_win: f64,
    pub black_win: f64,
    pub undecided: f64,
    pub rollouts: u64,
    pub standard_error: f64,
    /// `Infinity` whenever the sample variance is (near) zero.
    // JSON has no `Infinity`: serde_json writes `null`, which the wrapper reads back as `Infinity`
    // (full.js, `estimateEquity`).
    pub variance_reduction_vs_vanilla: f64,
}

impl Equity {
    /// The result for invalid input.
    pub const NEUTRAL: Equity = Equity {
        white_win: 0.0,
        black_win: 0.0,
        undecided: 1.0,
        rollouts: 0,
        standard_error: 0.0,
        variance_reduction_vs_vanilla: 0.0,
    };
}

/// The number of rollouts a call runs: `rollouts` limited by the work cap when `maxPlies > 0`.
pub(crate) fn rollout_count(rollouts: i64, max_plies: i64) -> i64 {
    if max_plies > 0 {
        rollouts.min(MAX_WORK_PLIES / max_plies)
    } else {
        rollouts
    }
}

/// `estimateEquity` of a valid position with rollouts and plies already defaulted and capped
/// (BOTS.md §9.1, §5.6). The position's dice are ignored.
#[inline]
pub fn estimate_equity(pos: &Position, rollouts: i64, max_plies: i64, rng: &mut Rng) -> Equity {
    estimate_equity_within(pos, rollouts, max_plies, rng, None)
}

/// [`estimate_equity`] stopping at `deadline`: the rollouts completed by then make the estimate
/// (`rollouts` says how many; none completed gives [`Equity::NEUTRAL`]). The clock is read once
/// per rollout ply (BOTS.md §4.8).
pub fn estimate_equity_within(
    pos: &Position,
    rollouts: i64,
    max_plies: i64,
    rng: &mut Rng,
    deadline: Option<Deadline<'_>>,
) -> Equity {
    if rollouts <= 0 {
        return Equity { variance_reduction_vs_vanilla: f64::INFINITY, undecided: 0.0, ..Equity::NEUTRAL };
    }
    let n = rollout_count(rollouts, max_plies).max(0) as u64;
    if let Some(outcome) = pos.outcome() {
        // Both kings gone: over without a winner, counted as undecided.
        let masses = match outcome.winner() {
            Some(Color::White) => Masses { white: 1.0, ..Masses::default() },
            Some(Color::Black) => Masses { black: 1.0, ..Masses::default() },
            None => Masses { undecided: 1.0, ..Masses::default() },
        };
        return Equity {
            white_win: masses.white,
            black_win: masses.black,
            undecided: masses.undecided,
            rollouts: n,
            standard_error: 0.0,
            variance_reduction_vs_vanilla: f64::INFINITY,
        };
    }
    let mut start = *pos;
    start.set_dice(Dice::EMPTY);
    let stats = match deadline {
        None => run_rollouts(&start, n, max_plies, rng, &mut || false),
        Some(d) => run_rollouts(&start, n, max_plies, rng, &mut || d.passed()),
    };
    if stats.n == 0 {
        return Equity::NEUTRAL;
    }
    stats.result()
}

/// Runs up to `n` rollouts from `start` and returns the statistics of those completed; stops
/// at the first abandoned one.
pub(crate) fn run_rollouts(
    start: &Position,
    n: u64,
    max_plies: i64,
    rng: &mut Rng,
    abort: &mut dyn FnMut() -> bool,
) -> EquityStats {
    let mut stats = EquityStats::default();
    let q = if max_plies > 0 { capture_probability(start) } else { 0.0 };
    for _ in 0..n {
        match rollout(start, max_plies, q, rng, abort) {
            Some(m) => stats.push(m),
            None => break,
        }
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::Equity;

    #[test]
    fn an_equity_is_the_json_object_of_estimate_equity() {
        let e = Equity { variance_reduction_vs_vanilla: f64::INFINITY, ..Equity::NEUTRAL };
        let json = serde_json::to_string(&e).unwrap_or_default();
        // The wrapper reads the `null` of a non-finite number back as `Infinity`.
        assert_eq!(
            json,
            r#"{"whiteWin":0.0,"blackWin":0.0,"undecided":1.0,"rollouts":0,"standardError":0.0,"varianceReductionVsVanilla":null}"#
        );
    }
}

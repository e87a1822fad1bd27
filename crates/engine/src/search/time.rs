//! Time management (BOTS.md §6): moves-to-go policies and the per-turn budget.

use super::bot::Budgeting;

/// Smallest target and smallest budget (`t_min`).
pub const MIN_THINK_MS: i64 = 20;
/// Smallest reserve left on the clock (`r_min`).
pub(super) const RESERVE_FLOOR_MS: i64 = 300;
/// Reserve as a share of the remaining time (`ρ`).
pub(super) const RESERVE_FRACTION: f64 = 0.05;
/// Ceiling as a share of the remaining time (`κ`).
pub(super) const MAX_FRACTION: f64 = 0.20;
/// Usable time at or below which the low-time rule applies (`u_low`).
pub(super) const PANIC_THRESHOLD_MS: i64 = 2000;
/// Largest target under the low-time rule (`t_low`).
pub(super) const PANIC_BUDGET_MS: i64 = 200;
/// Overhead of a JavaScript call.
pub const JS_OVERHEAD_MS: i64 = 150;
/// Overhead of an arena turn.
pub const ARENA_OVERHEAD_MS: i64 = 50;
/// The cap on every effective budget.
pub const MAX_BUDGET_MS: i64 = 600_000;
/// `legacy-linear-v1`: moves to go at move 0 and its floor.
pub(super) const BASE_MOVES_TO_GO: i64 = 30;
pub(super) const MIN_MOVES_TO_GO: i64 = 12;

/// A player's clock (BOTS.md §6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Remaining time, ≥ 0.
    pub remaining_ms: i64,
    /// Increment per turn, ≥ 0.
    pub increment_ms: i64,
    /// The DFEN full-move number: the player's own turn ordinal.
    pub move_number: i32,
    /// An explicit number of own turns to go, which overrides the policy.
    pub moves_to_go: Option<i32>,
}

/// A moves-to-go estimate as a function of the clock.
pub trait TimePolicy: Send + Sync {
    /// The policy id (`empirical-v1`, …).
    fn id(&self) -> &str;
    /// The expected number of own turns to go; need not be finite or ≥ 1 (the manager clamps).
    fn moves_to_go_estimate(&self, clock: &ClockState) -> f64;
}

/// `empirical-v1` (the default): a piecewise-linear curve over the move number.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EmpiricalV1;

/// The knots of `empirical-v1`: move number → expected own turns to go.
pub const EMPIRICAL_KNOTS: [(i32, f64); 9] =
    [(1, 7.517), (3, 6.017), (5, 5.471), (8, 5.176), (10, 5.136), (15, 5.431), (20, 6.185), (30, 8.830), (40, 12.050)];

impl TimePolicy for EmpiricalV1 {
    fn id(&self) -> &str {
        "empirical-v1"
    }

    fn moves_to_go_estimate(&self, clock: &ClockState) -> f64 {
        let t = clock.move_number.max(1);
        let (first, last) = (EMPIRICAL_KNOTS[0], EMPIRICAL_KNOTS[EMPIRICAL_KNOTS.len() - 1]);
        if t <= first.0 {
            return first.1;
        }
        if t >= last.0 {
            return last.1;
        }
        for pair in EMPIRICAL_KNOTS.windows(2) {
            let ((tl, el), (tr, er)) = (pair[0], pair[1]);
            if t <= tr {
                return el + ((f64::from(t) - f64::from(tl)) / (f64::from(tr) - f64::from(tl))) * (er - el);
            }
        }
        last.1
    }
}

/// `legacy-linear-v1`: `max(12, 30 − moveNumber)`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LegacyLinearV1;

impl TimePolicy for LegacyLinearV1 {
    fn id(&self) -> &str {
        "legacy-linear-v1"
    }

    fn moves_to_go_estimate(&self, clock: &ClockState) -> f64 {
        (BASE_MOVES_TO_GO - i64::from(clock.move_number)).max(MIN_MOVES_TO_GO) as f64
    }
}

/// The built-in policies, default first (`getAvailableTimePolicies`).
pub const POLICY_IDS: [&str; 2] = ["empirical-v1", "legacy-linear-v1"];

/// The default policy.
pub(super) static DEFAULT_POLICY: EmpiricalV1 = EmpiricalV1;

/// The built-in policy with this id (ASCII-case-insensitive); `None` for anything else,
/// including ids longer than 64 characters.
pub fn policy_by_id(id: &str) -> Option<&'static dyn TimePolicy> {
    static EMPIRICAL: EmpiricalV1 = EmpiricalV1;
    static LEGACY: LegacyLinearV1 = LegacyLinearV1;
    if id.eq_ignore_ascii_case(POLICY_IDS[0]) {
        Some(&EMPIRICAL)
    } else if id.eq_ignore_ascii_case(POLICY_IDS[1]) {
        Some(&LEGACY)
    } else {
        None
    }
}

/// The policy named by an option string, or the default.
#[inline]
pub fn policy_or_default(id: Option<&str>) -> &'static dyn TimePolicy {
    id.and_then(policy_by_id).unwrap_or(&DEFAULT_POLICY)
}

/// The moves-to-go value `g ≥ 1` (BOTS.md §6.3).
pub fn moves_to_go(policy: &dyn TimePolicy, clock: &ClockState) -> f64 {
    if let Some(mtg) = clock.moves_to_go {
        return f64::from(mtg).max(1.0);
    }
    let e = policy.moves_to_go_estimate(clock);
    if e.is_finite() {
        e.max(1.0)
    } else {
        1.0
    }
}

/// The target and ceiling of one turn (BOTS.md §6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// `T`.
    pub target_ms: i64,
    /// `H`.
    pub hard_cap_ms: i64,
}

/// `budget(clock)`: the target `T` and the ceiling `H`.
pub fn budget(policy: &dyn TimePolicy, clock: &ClockState) -> Budget {
    let r = clock.remaining_ms.max(0);
    let i = clock.increment_ms.max(0);
    let g = moves_to_go(policy, clock);
    let hard_cap = MIN_THINK_MS.max((MAX_FRACTION * r as f64) as i64);
    let reserve = RESERVE_FLOOR_MS.max((RESERVE_FRACTION * r as f64) as i64);
    let usable = r - r.min(reserve);
    let share = (i as f64 + usable as f64 / g) as i64;
    let clamped = hard_cap.min(MIN_THINK_MS.max(share));
    let target = if usable > PANIC_THRESHOLD_MS { clamped } else { clamped.min(PANIC_BUDGET_MS) };
    Budget { target_ms: target, hard_cap_ms: hard_cap }
}

/// `budgetMs(clock, o) = max(t_min, T − o)`.
pub fn budget_ms(policy: &dyn TimePolicy, clock: &ClockState, overhead_ms: i64) -> i64 {
    MIN_THINK_MS.max(budget(policy, clock).target_ms - overhead_ms)
}

/// The effective budget of a turn (BOTS.md §5.4, §10.3–10.4) for a bot with `budgeting`: from the
/// `clock` under its policy (`budgetMs` with `overhead_ms`), else `fixed_ms`, else the bot's
/// default, capped at [`MAX_BUDGET_MS`]. `None`: no deadline (the bot takes no budget, or nothing
/// gives one).
#[inline]
pub fn effective_budget_ms(
    budgeting: Budgeting,
    clock: Option<(&dyn TimePolicy, &ClockState)>,
    overhead_ms: i64,
    fixed_ms: Option<i64>,
) -> Option<u64> {
    let Budgeting::Budgeted { default_ms } = budgeting else { return None };
    let from_clock = clock.map(|(policy, clock)| budget_ms(policy, clock, overhead_ms));
    let default = default_ms.map(|ms| i64::try_from(ms).unwrap_or(i64::MAX));
    let budget = from_clock.or(fixed_ms).or(default)?;
    Some(budget.clamp(0, MAX_BUDGET_MS) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_effective_budget_takes_the_clock_then_the_fixed_budget_then_the_default_and_is_capped() {
        let policy = policy_or_default(None);
        let clock = ClockState { remaining_ms: 400, increment_ms: 0, move_number: 1, moves_to_go: Some(40) };
        let budgeted = Budgeting::Budgeted { default_ms: Some(300) };
        let from_clock = budget_ms(policy, &clock, JS_OVERHEAD_MS) as u64;
        assert_eq!(effective_budget_ms(budgeted, Some((policy, &clock)), JS_OVERHEAD_MS, Some(999)), Some(from_clock));
        assert_eq!(effective_budget_ms(budgeted, None, JS_OVERHEAD_MS, Some(999)), Some(999));
        assert_eq!(effective_budget_ms(budgeted, None, JS_OVERHEAD_MS, None), Some(300));
        assert_eq!(effective_budget_ms(budgeted, None, 0, Some(i64::MAX)), Some(MAX_BUDGET_MS as u64));
        let untimed = Budgeting::Budgeted { default_ms: None };
        assert_eq!(effective_budget_ms(untimed, None, 0, None), None);
        assert_eq!(effective_budget_ms(Budgeting::Instant, None, 0, Some(999)), None);
    }
}

//! The bot functions of BOTS.md as text in, plain values out: the one implementation behind the
//! JavaScript exports and the CLI. Option values arrive as JavaScript numbers (`f64`) after the
//! binding's `typeof` filtering, and every conversion, default and cap of BOTS.md §5.3 happens
//! here. Nothing panics on input.

use crate::search::{
    choose_within, decide, effective_budget_ms, estimate_equity, estimate_equity_within, policy_or_default, BotInfo,
    Budgeting, Clock, ClockState, Deadline, Equity, Limit, Moment, Question, Registry, Rng, Stop,
    DEFAULT_EQUITY_BUDGET_MS, DEFAULT_MAX_PLIES, DEFAULT_ROLLOUTS, JS_OVERHEAD_MS, MAX_BUDGET_MS, MAX_EFFORT,
    MAX_PLIES, MAX_ROLLOUTS, POLICY_IDS,
};
use crate::{Move, Position, Roll};

/// The `clock` option: the bot's clock, from which its time policy makes the budget.
// Present when the option is a non-null object; each field is `Some` when it is a JavaScript
// number (possibly NaN or infinite; validated here).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(rename = "ClockStateOptions", rename_all = "camelCase", optional_fields)
)]
pub struct ClockOptions {
    #[cfg_attr(feature = "ts", ts(optional = false, type = "number"))]
    pub remaining_ms: Option<f64>,
    pub increment_ms: Option<f64>,
    pub move_number: Option<f64>,
    pub moves_to_go: Option<f64>,
}

/// The options of `getBestMove` (BOTS.md §5.3).
// `seed` is already converted (see [`seed_from_number`](crate::package::seed_from_number) for the
// JavaScript conversion).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "camelCase", optional_fields))]
pub struct BestMoveOptions {
    pub algorithm: Option<String>,
    pub clock: Option<ClockOptions>,
    #[cfg_attr(feature = "ts", ts(optional, type = "TimePolicyId | (string & {})"))]
    pub time_policy: Option<String>,
    pub time_budget_ms: Option<f64>,
    pub seed: Option<u64>,
    /// The work a budgeted bot's search takes instead of a deadline, whatever the clock does: the
    /// work of a budget of that many ms on a clock that stands still (about that many ms of CPU; at
    /// most 600000). With a `seed`, the same turn on every runtime; `budgetMs` is then 0. Instant
    /// bots ignore it.
    pub effort: Option<f64>,
}

/// One micro-move of a result: its squares (`"e2"`) and its promotion piece.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MicroMove {
    pub from: String,
    pub to: String,
    /// `"q"`, `"r"`, `"b"` or `"n"` on a promotion, else `undefined` (the key is always there).
    // JSON writes `None` as `null`; the wrapper makes it `undefined` (protocol.js, `decodeMoves`).
    #[cfg_attr(feature = "ts", ts(type = "PromotionPiece | undefined"))]
    pub promotion: Option<char>,
}

impl From<Move> for MicroMove {
    fn from(m: Move) -> MicroMove {
        MicroMove { from: m.from.to_string(), to: m.to.to_string(), promotion: m.promotion.map(crate::Role::char) }
    }
}

/// The result of `getBestMove` (BOTS.md §5.1): the turn, its score for the bot, the time taken
/// and the budget the bot had (0 for an instant bot or an `effort`), and why its search stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BestMove {
    /// The turn's micro-moves in play order; `[]` for a pass.
    pub moves: Vec<MicroMove>,
    pub score: i64,
    pub time_taken_ms: u64,
    pub budget_ms: u64,
    /// Why the search stopped.
    pub stop: Stop,
}

impl BestMove {
    /// The UCI strings of the moves.
    pub fn uci(&self) -> Vec<String> {
        self.moves
            .iter()
            .map(|m| format!("{}{}{}", m.from, m.to, m.promotion.map(String::from).unwrap_or_default()))
            .collect()
    }
}

/// JavaScript integer conversion: truncate, saturate to the signed 32-bit range, NaN → 0.
#[inline]
pub fn js_int(x: f64) -> i32 {
    x as i32
}

/// The clock of a `clock` option, if valid (a finite `remainingMs`); `full_move` is the DFEN's.
pub fn clock_state(clock: &ClockOptions, full_move: u32) -> Option<ClockState> {
    let finite = |x: Option<f64>| x.filter(|v| v.is_finite());
    let remaining = finite(clock.remaining_ms)?;
    Some(ClockState {
        remaining_ms: (remaining as i64).max(0),
        increment_ms: finite(clock.increment_ms).map_or(0, |v| (v as i64).max(0)),
        move_number: finite(clock.move_number).map_or(i32::try_from(full_move).unwrap_or(i32::MAX), js_int),
        moves_to_go: finite(clock.moves_to_go).map(js_int),
    })
}

/// A `timeBudgetMs` option: a positive number of milliseconds, truncated and capped at
/// [`MAX_BUDGET_MS`]; `None` otherwise.
pub(crate) fn budget_option(option: Option<f64>) -> Option<u64> {
    let ms = option.map(js_int).filter(|&ms| ms > 0)?;
    Some(i64::from(ms).min(MAX_BUDGET_MS) as u64)
}

/// An `effort` option: a positive number, truncated and capped at [`MAX_EFFORT`]; `None`
/// otherwise.
pub(crate) fn effort_option(option: Option<f64>) -> Option<u64> {
    let units = option.map(js_int).filter(|&units| units > 0)?;
    Some(u64::from(units.unsigned_abs()).min(MAX_EFFORT))
}

/// The effective budget of BOTS.md §5.4 for a bot with `budgeting` (0 = untimed / not budgeted).
pub fn resolve_budget_ms(budgeting: Budgeting, options: &BestMoveOptions, full_move: u32) -> u64 {
    let clock = options.clock.as_ref().and_then(|c| clock_state(c, full_move));
    let policy = policy_or_default(options.time_policy.as_deref());
    let explicit = budget_option(options.time_budget_ms).map(|ms| ms as i64);
    effective_budget_ms(budgeting, clock.as_ref().map(|c| (policy, c)), JS_OVERHEAD_MS, explicit).unwrap_or(0)
}

/// `getBestMove(dfen, options)`; `entered` is the moment the call was entered on `clock` (the
/// deadline's anchor).
pub fn get_best_move(
    registry: &Registry,
    dfen: &str,
    options: &BestMoveOptions,
    clock: &dyn Clock,
    entered: Moment,
) -> BestMove {
    let Ok(pos) = Position::from_dfen(dfen) else { return BestMove::default() };
    let bot = registry.resolve(options.algorithm.as_deref());
    let budgeting = bot.budgeting();
    // An effort replaces the deadline of a budgeted bot: it then runs on no clock (budget 0).
    let effort = effort_option(options.effort).filter(|_| budgeting != Budgeting::Instant);
    let budget = if effort.is_some() { 0 } else { resolve_budget_ms(budgeting, options, pos.fullmove_number()) };
    let limit = match effort {
        Some(units) => Limit::Effort { units },
        None if budget > 0 => Limit::Budget { ms: budget },
        None => Limit::Untimed,
    };
    let (choice, stop) = match Roll::new(&pos) {
        Ok(roll) => choose_within(bot.as_ref(), roll, &mut Rng::from_option(options.seed), limit, clock, entered),
        Err(_) => (crate::search::Choice::pass(), Stop::Complete),
    };
    BestMove {
        moves: choice.moves.iter().map(|&m| MicroMove::from(m)).collect(),
        score: choice.score,
        time_taken_ms: clock.now().ms_since(entered),
        budget_ms: budget,
        stop,
    }
}

/// The options of the four decision functions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct DecisionOptions {
    pub algorithm: Option<String>,
    pub seed: Option<u64>,
}

/// `shouldBotOfferDouble` & co. (BOTS.md §7); `false` for invalid DFEN and finished games.
pub fn should_bot(registry: &Registry, dfen: &str, question: Question, options: &DecisionOptions) -> bool {
    let Ok(pos) = Position::from_dfen(dfen) else { return false };
    if pos.is_finished() {
        return false;
    }
    let bot = registry.resolve(options.algorithm.as_deref());
    let mut rng = Rng::from_option(options.seed);
    decide(bot.as_ref(), question, &pos, &mut rng)
}

/// The options of `estimateEquity`.
// Numbers as given by JavaScript, seed converted.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "camelCase", optional_fields))]
pub struct EquityOptions {
    pub rollouts: Option<f64>,
    pub max_plies: Option<f64>,
    pub seed: Option<u64>,
    /// Stop this many milliseconds after the call with the rollouts done so far (`rollouts` says how
    /// many; none: the neutral result). Default (absent, 0 or less): 1000 ms; at most 600,000.
    // Read by [`equity_timed`] only; the default is `DEFAULT_EQUITY_BUDGET_MS`.
    pub time_budget_ms: Option<f64>,
}

/// `estimateEquity(dfen, options)` (BOTS.md §9) without a deadline (the native API's; the
/// package's calls are [`equity_timed`]).
pub fn equity(dfen: &str, options: &EquityOptions) -> Equity {
    equity_with(dfen, options, None)
}

/// `estimateEquity(dfen, options)` with its `timeBudgetMs`, [`DEFAULT_EQUITY_BUDGET_MS`] without
/// one: the deadline counts from `entered` on `clock`, as `getBestMove`'s does.
pub fn equity_timed(dfen: &str, options: &EquityOptions, clock: &dyn Clock, entered: Moment) -> Equity {
    let budget = budget_option(options.time_budget_ms).unwrap_or(DEFAULT_EQUITY_BUDGET_MS);
    equity_with(dfen, options, Some(Deadline { clock, at: entered.plus_ms(budget) }))
}

fn equity_with(dfen: &str, options: &EquityOptions, deadline: Option<Deadline<'_>>) -> Equity {
    let Ok(pos) = Position::from_dfen(dfen) else { return Equity::NEUTRAL };
    let rollouts = options.rollouts.map_or(DEFAULT_ROLLOUTS, |x| i64::from(js_int(x))).min(MAX_ROLLOUTS);
    let max_plies = options.max_plies.map_or(DEFAULT_MAX_PLIES, |x| i64::from(js_int(x))).min(MAX_PLIES);
    if rollouts <= 0 || pos.is_finished() {
        // No rollout runs, so no stream is needed.
        return estimate_equity(&pos, rollouts, max_plies, &mut Rng::from_seed(0));
    }
    let mut rng = Rng::from_option(options.seed);
    estimate_equity_within(&pos, rollouts, max_plies, &mut rng, deadline)
}

/// `getAvailableBots()`.
pub fn available_bots(registry: &Registry) -> Vec<BotInfo> {
    registry.bots()
}

/// `getAvailableTimePolicies()`.
pub fn available_time_policies() -> Vec<&'static str> {
    POLICY_IDS.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_effort_is_a_positive_integer_capped_like_a_budget() {
        assert_eq!(effort_option(None), None);
        for x in [0.0, 0.9, -1.0, f64::NAN, f64::NEG_INFINITY] {
            assert_eq!(effort_option(Some(x)), None, "{x}");
        }
        assert_eq!(effort_option(Some(50.7)), Some(50));
        assert_eq!(effort_option(Some(f64::INFINITY)), Some(MAX_EFFORT));
        assert_eq!(effort_option(Some(1e300)), Some(MAX_EFFORT));
    }
}

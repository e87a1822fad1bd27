//! The full entry's bot, decision, equity and registry exports (feature `search`; API.md §3.4,
//! §3.5): thin wrappers over [`dicechess::package`], sharing one registry per instance.
//!
//! As for the rules exports, the wrappers have checked every argument's class; option fields
//! arrive as JavaScript numbers (`undefined` when absent or not a number) or strings, and every
//! conversion, default and cap of BOTS.md §5.3 happens in `js` (integers) or in
//! [`seed_from_number`] (seeds), exactly once. Results cross in the forms of the boundary (module
//! `protocol`, src/wasm/protocol.rs): the best move, the equity and the bots as JSON text of their
//! Rust types, the time policies as a list; the question arrives as a code ([`should_bot`]).

use std::cell::RefCell;

use wasm_bindgen::prelude::wasm_bindgen;

use super::clock_exports::{moment_from_ms, PerformanceClock};
use super::protocol::json;
use dicechess::package::seed_from_number;
use dicechess::package::{self, BestMoveOptions, ClockOptions, DecisionOptions, EquityOptions};
use dicechess::search::{Question, Registry};

thread_local! {
    /// The instance's bot registry (API.md §5.3: one per instance). The wrappers read every
    /// JavaScript value before calling an export, so no user code runs while it is borrowed and
    /// re-entrancy cannot happen; the `try_` accessors below turn the impossible case into a
    /// neutral value instead of a panic anyway.
    static REGISTRY: RefCell<Registry> = RefCell::new(Registry::new());
}

/// Runs `f` with the registry borrowed; `None` if it cannot be borrowed.
pub(super) fn with_registry<R>(f: impl FnOnce(&Registry) -> R) -> Option<R> {
    REGISTRY.try_with(|cell| cell.try_borrow().ok().map(|r| f(&r))).ok().flatten()
}

/// Runs `f` with the registry borrowed mutably; `None` if it cannot be borrowed.
#[cfg(feature = "book")]
pub(super) fn with_registry_mut<R>(f: impl FnOnce(&mut Registry) -> R) -> Option<R> {
    REGISTRY.try_with(|cell| cell.try_borrow_mut().ok().map(|mut r| f(&mut r))).ok().flatten()
}

/// `getBestMove(dfen, options)`. `entered` is the wrapper's `performance.now()` at the call's
/// entry (the deadline's anchor, API.md §2.6); the clock fields are `undefined` unless `clock` is
/// a non-null object and the field a number. Returns the JSON text of [`package::BestMove`], or
/// `undefined` for an invalid DFEN.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn best_move(
    dfen: &str,
    algorithm: Option<String>,
    remaining_ms: Option<f64>,
    increment_ms: Option<f64>,
    move_number: Option<f64>,
    moves_to_go: Option<f64>,
    time_policy: Option<String>,
    time_budget_ms: Option<f64>,
    seed: Option<f64>,
    effort: Option<f64>,
    entered: f64,
) -> Option<String> {
    // An invalid DFEN gives the neutral value; the core checks it too, but the wrapper needs to
    // tell it apart from a pass (whose timeTakenMs and budgetMs are real).
    dicechess::Position::from_dfen(dfen).ok()?;
    let clock_fields = ClockOptions { remaining_ms, increment_ms, move_number, moves_to_go };
    let options = best_move_options(algorithm, clock_fields, time_policy, time_budget_ms, seed, effort);
    let clock = PerformanceClock;
    let result =
        with_registry(|registry| package::get_best_move(registry, dfen, &options, &clock, moment_from_ms(entered)))?;
    Some(json(&result))
}

/// getBestMove's options from the export's arguments: the clock only when one of its fields is
/// given, the seed converted (the one assembly, which the boundary benchmark times too).
pub(super) fn best_move_options(
    algorithm: Option<String>,
    clock: ClockOptions,
    time_policy: Option<String>,
    time_budget_ms: Option<f64>,
    seed: Option<f64>,
    effort: Option<f64>,
) -> BestMoveOptions {
    let ClockOptions { remaining_ms, increment_ms, move_number, moves_to_go } = clock;
    let any_clock = remaining_ms.is_some() || increment_ms.is_some() || move_number.is_some() || moves_to_go.is_some();
    BestMoveOptions {
        algorithm,
        clock: any_clock.then_some(clock),
        time_policy,
        time_budget_ms,
        seed: seed.and_then(seed_from_number),
        effort,
    }
}

/// The four decision functions: `question` 0 offer double, 1 accept double, 2 offer draw,
/// 3 accept draw (anything else: `false`).
#[wasm_bindgen]
pub fn should_bot(dfen: &str, question: u32, algorithm: Option<String>, seed: Option<f64>) -> bool {
    let question = match question {
        0 => Question::OfferDouble,
        1 => Question::AcceptDouble,
        2 => Question::OfferDraw,
        3 => Question::AcceptDraw,
        _ => return false,
    };
    let options = DecisionOptions { algorithm, seed: seed.and_then(seed_from_number) };
    with_registry(|registry| package::should_bot(registry, dfen, question, &options)).unwrap_or(false)
}

/// `estimateEquity(dfen, options)`: the JSON text of [`dicechess::search::Equity`] (the neutral
/// result for an invalid DFEN); `entered` is the `performance.now()` of the call's entry, which
/// `time_budget_ms` counts from.
#[wasm_bindgen]
pub fn equity(
    dfen: &str,
    rollouts: Option<f64>,
    max_plies: Option<f64>,
    seed: Option<f64>,
    time_budget_ms: Option<f64>,
    entered: f64,
) -> String {
    let options = EquityOptions { rollouts, max_plies, seed: seed.and_then(seed_from_number), time_budget_ms };
    json(&package::equity_timed(dfen, &options, &PerformanceClock, moment_from_ms(entered)))
}

/// `getBotDetails()`: the JSON text of the registry's [`dicechess::BotInfo`] rows, in its order
/// (`"[]"` if the registry cannot be read).
#[wasm_bindgen]
pub fn available_bots() -> String {
    with_registry(|registry| json(&package::available_bots(registry))).unwrap_or_else(|| String::from("[]"))
}

/// `getAvailableTimePolicies()`: the ids, space-separated.
#[wasm_bindgen]
pub fn available_time_policies() -> String {
    package::available_time_policies().join(" ")
}

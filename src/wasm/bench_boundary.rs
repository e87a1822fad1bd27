//! Benchmark-only exports of the boundary (features `bench-boundary` and `bench-serde`, issue 15;
//! never in a published build): the values that cross between the exports and the wrappers,
//! converted in the package's forms (module `protocol`: JSON text of the Rust types) and, with
//! `bench-serde`, as plain JavaScript objects built by `serde-wasm-bindgen`, so that
//! `scripts/bench-boundary.mjs` can time both ways on the same values and weigh the bytes each adds.
//!
//! Results out: [`boundary_prepare`] computes getBestMove's result, an equity result and a book
//! report once and keeps them; each `*_text` export then converts its value as the package's
//! export does ([`json`]), and each `*_serde` export with `serde_wasm_bindgen::to_value`, so that
//! only the conversion is timed. The bot list is
//! listed from the registry by each side (the package's side is the shipped `available_bots`), the turn
//! tree walked from the roll by each (the walk is part of each form). Options in:
//! [`options_text`] takes getBestMove's options as the package passes them (each field read by the
//! wrapper), [`options_serde`] takes the options object and reads it with
//! `serde_wasm_bindgen::from_value`; both build the same [`BestMoveOptions`].

use std::cell::RefCell;

use wasm_bindgen::prelude::wasm_bindgen;
#[cfg(feature = "bench-serde")]
use wasm_bindgen::JsValue;

use super::clock_exports::{moment_from_ms, PerformanceClock};
use super::protocol::json;
use super::search_exports::{best_move_options, with_registry};
use dicechess::book::Validation;
use dicechess::package::{self, BestMove, BestMoveOptions, BookInput, ClockOptions, EquityOptions};
use dicechess::search::Equity;

/// The values of [`boundary_prepare`].
struct Prepared {
    best: BestMove,
    equity: Equity,
    report: Validation,
}

thread_local! {
    static PREPARED: RefCell<Option<Prepared>> = const { RefCell::new(None) };
}

/// Runs `f` on the prepared values; `None` before [`boundary_prepare`].
fn with_prepared<R>(f: impl FnOnce(&Prepared) -> R) -> Option<R> {
    PREPARED.try_with(|p| p.try_borrow().ok().and_then(|p| p.as_ref().map(f))).ok().flatten()
}

/// Computes the values converted by the `*_text` and `*_serde` exports: `algorithm`'s best move
/// on `roll` (seed 1, untimed), the bots, the equity of `roll` (100 rollouts, seed 1) and the
/// report of `book` (TSV text). Returns `true` once they are kept.
#[wasm_bindgen]
pub fn boundary_prepare(roll: &str, algorithm: &str, book: &str) -> bool {
    let options =
        BestMoveOptions { algorithm: Some(algorithm.to_owned()), seed: Some(1), ..BestMoveOptions::default() };
    let Some(best) = with_registry(|registry| {
        package::get_best_move(registry, roll, &options, &PerformanceClock, moment_from_ms(0.0))
    }) else {
        return false;
    };
    let equity_options = EquityOptions { rollouts: Some(100.0), max_plies: None, seed: Some(1), time_budget_ms: None };
    let equity = package::equity_timed(roll, &equity_options, &PerformanceClock, moment_from_ms(0.0));
    let report = package::validate_opening_book(BookInput::Text(book));
    PREPARED
        .try_with(|p| p.try_borrow_mut().map(|mut p| *p = Some(Prepared { best, equity, report })).is_ok())
        .unwrap_or(false)
}

/// getBestMove's options as `best_move` receives them, made into [`BestMoveOptions`] as it makes
/// them; returns a number that depends on every field (so that nothing is left out).
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn options_text(
    algorithm: Option<String>,
    remaining_ms: Option<f64>,
    increment_ms: Option<f64>,
    move_number: Option<f64>,
    moves_to_go: Option<f64>,
    time_policy: Option<String>,
    time_budget_ms: Option<f64>,
    seed: Option<f64>,
) -> f64 {
    let clock = ClockOptions { remaining_ms, increment_ms, move_number, moves_to_go };
    digest(&best_move_options(algorithm, clock, time_policy, time_budget_ms, seed, None))
}

/// A number that depends on every field of `options`.
fn digest(o: &BestMoveOptions) -> f64 {
    let len = |s: &Option<String>| s.as_ref().map_or(0.0, |s| s.len() as f64);
    let clock = o.clock.map_or(0.0, |c| {
        c.remaining_ms.unwrap_or(0.0)
            + c.increment_ms.unwrap_or(0.0)
            + c.move_number.unwrap_or(0.0)
            + c.moves_to_go.unwrap_or(0.0)
    });
    #[allow(clippy::cast_precision_loss)]
    let seed = o.seed.unwrap_or(0) as f64;
    len(&o.algorithm) + len(&o.time_policy) + clock + o.time_budget_ms.unwrap_or(0.0) + seed
}

/// getBestMove's result as the JSON text of `best_move`.
#[wasm_bindgen]
pub fn best_move_text() -> Option<String> {
    with_prepared(|p| json(&p.best))
}

/// The equity result as the JSON text of `equity`.
#[wasm_bindgen]
pub fn equity_text() -> Option<String> {
    with_prepared(|p| json(&p.equity))
}

/// The book report as the JSON text of `validate_book_text`.
#[wasm_bindgen]
pub fn report_text() -> Option<String> {
    with_prepared(|p| json(&p.report))
}

/// The turn tree of `roll` as the JSON text the package's export returned before issue 15.
#[wasm_bindgen]
pub fn tree_text(roll: &str) -> String {
    package::legal_turn_tree_json(roll)
}

#[cfg(feature = "bench-serde")]
pub use serde_side::*;

/// The serde-wasm-bindgen side: the same values as plain objects, property order and `undefined`
/// for an absent promotion as the package's results have them.
#[cfg(feature = "bench-serde")]
mod serde_side {
    use serde::ser::SerializeMap;
    use serde::{Deserialize, Serialize, Serializer};
    use std::cell::Cell;

    use super::*;
    use dicechess::book::Issue;
    use dicechess::package::seed_from_number;

    /// Objects for maps (the turn tree), `undefined` for `None`: the package's plain values.
    fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
        let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
        value.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct ClockIn {
        remaining_ms: Option<f64>,
        increment_ms: Option<f64>,
        move_number: Option<f64>,
        moves_to_go: Option<f64>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct OptionsIn {
        algorithm: Option<String>,
        clock: Option<ClockIn>,
        time_policy: Option<String>,
        time_budget_ms: Option<f64>,
        seed: Option<f64>,
    }

    /// getBestMove's options object read by `serde_wasm_bindgen::from_value` into the same
    /// [`BestMoveOptions`] as [`options_text`]; `NaN` when it does not deserialize (a field of
    /// another type: the package instead ignores that field alone).
    #[wasm_bindgen]
    pub fn options_serde(options: JsValue) -> f64 {
        let Ok(o) = serde_wasm_bindgen::from_value::<Option<OptionsIn>>(options) else { return f64::NAN };
        let o = o.unwrap_or(OptionsIn {
            algorithm: None,
            clock: None,
            time_policy: None,
            time_budget_ms: None,
            seed: None,
        });
        let options = BestMoveOptions {
            algorithm: o.algorithm,
            clock: o.clock.map(|c| ClockOptions {
                remaining_ms: c.remaining_ms,
                increment_ms: c.increment_ms,
                move_number: c.move_number,
                moves_to_go: c.moves_to_go,
            }),
            time_policy: o.time_policy,
            time_budget_ms: o.time_budget_ms,
            seed: o.seed.and_then(seed_from_number),
            effort: None,
        };
        digest(&options)
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct BestMoveOut<'a> {
        moves: &'a [package::MicroMove],
        score: i64,
        /// Set by the wrapper after the call (here so that the property order is the result's).
        time_taken_ms: u32,
        budget_ms: u64,
        stop: &'static str,
    }

    /// getBestMove's result as an object (`timeTakenMs` 0, for the wrapper to set).
    #[wasm_bindgen]
    pub fn best_move_serde() -> JsValue {
        with_prepared(|p| {
            to_js(&BestMoveOut {
                moves: &p.best.moves,
                score: p.best.score,
                time_taken_ms: 0,
                budget_ms: p.best.budget_ms,
                stop: p.best.stop.as_str(),
            })
        })
        .unwrap_or(JsValue::UNDEFINED)
    }

    /// The bot list (getBotDetails's rows) as an array of objects, listed from the registry as
    /// `available_bots` lists it (the package's side of this value is that export itself).
    #[wasm_bindgen]
    pub fn bots_serde() -> JsValue {
        with_registry(|registry| to_js(&package::available_bots(registry))).unwrap_or(JsValue::UNDEFINED)
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct EquityOut {
        white_win: f64,
        black_win: f64,
        undecided: f64,
        rollouts: u64,
        standard_error: f64,
        variance_reduction_vs_vanilla: f64,
    }

    /// The equity result as an object.
    #[wasm_bindgen]
    pub fn equity_serde() -> JsValue {
        with_prepared(|p| {
            let e = &p.equity;
            to_js(&EquityOut {
                white_win: e.white_win,
                black_win: e.black_win,
                undecided: e.undecided,
                rollouts: e.rollouts,
                standard_error: e.standard_error,
                variance_reduction_vs_vanilla: e.variance_reduction_vs_vanilla,
            })
        })
        .unwrap_or(JsValue::UNDEFINED)
    }

    #[derive(Serialize)]
    struct IssueOut<'a> {
        line: u64,
        text: &'a str,
        code: &'a str,
        reason: &'a str,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct ReportOut<'a> {
        ok: bool,
        entries: u64,
        keys: u64,
        errors: Vec<IssueOut<'a>>,
        warnings: Vec<IssueOut<'a>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        omitted_errors: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        omitted_warnings: Option<u64>,
    }

    fn issues(list: &[Issue]) -> Vec<IssueOut<'_>> {
        list.iter().map(|i| IssueOut { line: i.line as u64, text: &i.text, code: i.code, reason: &i.reason }).collect()
    }

    /// The book report as an object.
    #[wasm_bindgen]
    pub fn report_serde() -> JsValue {
        with_prepared(|p| {
            let v = &p.report;
            let cut = v.omitted_errors > 0 || v.omitted_warnings > 0;
            to_js(&ReportOut {
                ok: v.ok,
                entries: v.entries as u64,
                keys: v.keys as u64,
                errors: issues(&v.errors),
                warnings: issues(&v.warnings),
                omitted_errors: cut.then_some(v.omitted_errors as u64),
                omitted_warnings: cut.then_some(v.omitted_warnings as u64),
            })
        })
        .unwrap_or(JsValue::UNDEFINED)
    }

    /// A subtree of the codes of `package::turn_subtree_codes`, serialised as nested maps: the codes
    /// from `at` on, its end moved past the subtree's closing 0.
    struct Subtree<'a> {
        codes: &'a [u16],
        at: &'a Cell<usize>,
    }

    impl Serialize for Subtree<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            while let Some(&c) = self.codes.get(self.at.get()) {
                self.at.set(self.at.get().saturating_add(1));
                if c == 0 {
                    break;
                }
                let uci = dicechess::Uci {
                    from: dicechess::Square::from_index_masked(u32::from(c & 63)),
                    to: dicechess::Square::from_index_masked(u32::from((c >> 6) & 63)),
                    promotion: dicechess::Role::from_face(((c >> 12) & 7) as u8),
                };
                map.serialize_key(&uci.to_string())?;
                if c & 0x8000 == 0 {
                    map.serialize_value(&Empty)?;
                } else {
                    map.serialize_value(&Subtree { codes: self.codes, at: self.at })?;
                }
            }
            map.end()
        }
    }

    /// A leaf: `{}`.
    struct Empty;

    impl Serialize for Empty {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_map(Some(0))?.end()
        }
    }

    /// The turn tree of `roll` as nested objects built by serde-wasm-bindgen (from the codes, so
    /// that both forms share the walk); `null` past the cap.
    #[wasm_bindgen]
    pub fn tree_serde(roll: &str) -> JsValue {
        match package::legal_turn_tree_codes(roll) {
            None => JsValue::NULL,
            Some(codes) => {
                let at = Cell::new(0);
                let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
                Subtree { codes: &codes, at: &at }.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
            }
        }
    }
}

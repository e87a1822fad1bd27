//! The analysis functions of the full entry (docs/ANALYSIS.md) as text in, plain values out:
//! `getWinProbability`, `analyzeTurn`, `reviewTurn` and `reviewGame`, with their defaults, caps
//! and neutral values. Option values arrive as JavaScript numbers (`f64`).

use serde::Serialize;

use super::search_text::{budget_option, js_int, MicroMove};
use crate::analysis::{
    analyze_turn as analyze, review_game as review_record, review_turn as review_one, win_probability as chances,
    GameReview, ReviewBudget, ReviewError, TurnReview, WinProbability, DEFAULT_ANALYSIS_BUDGET_MS, DEFAULT_TOP_N,
    MAX_TOP_N,
};
use crate::search::{Clock, Deadline, Moment, WorkClock};
use crate::{Position, Roll, Uci};

/// The per-turn search budget of `reviewTurn` and `reviewGame` when the caller gives none, in
/// milliseconds.
pub const DEFAULT_REVIEW_BUDGET_MS: u64 = 250;

/// `getWinProbability(dfen)`: `None` for an invalid DFEN.
pub fn win_probability(dfen: &str) -> Option<WinProbability> {
    Position::from_dfen(dfen).ok().map(|pos| chances(&pos))
}

/// The options of `analyzeTurn`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "camelCase", optional_fields))]
pub struct AnalyzeOptions {
    pub time_budget_ms: Option<f64>,
    pub top_n: Option<f64>,
    /// Accepted for symmetry with `getBestMove`; the analysis is deterministic.
    pub seed: Option<u64>,
}

/// A candidate turn: its chances after it and how much win probability it gives up against the first.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnCandidate {
    pub moves: Vec<MicroMove>,
    pub white_win: f64,
    pub black_win: f64,
    pub loss: f64,
}

/// The result of `analyzeTurn`: the candidates, best first, the time taken and the budget.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "TurnAnalysis"))]
pub struct AnalyzeTurnResult {
    pub candidates: Vec<TurnCandidate>,
    pub time_taken_ms: u64,
    pub budget_ms: u64,
}

/// A budget option ([`budget_option`]), else `default`.
fn budget(option: Option<f64>, default: u64) -> u64 {
    budget_option(option).unwrap_or(default)
}

/// `analyzeTurn(dfen, options)`; `entered` anchors the deadline. `None` for an invalid DFEN; a
/// pass or a finished game gives no candidates.
pub fn analyze_turn(
    dfen: &str,
    options: &AnalyzeOptions,
    clock: &dyn Clock,
    entered: Moment,
) -> Option<AnalyzeTurnResult> {
    let pos = Position::from_dfen(dfen).ok()?;
    let budget_ms = budget(options.time_budget_ms, DEFAULT_ANALYSIS_BUDGET_MS);
    let top_n = match options.top_n.map(js_int) {
        Some(n) if n > 0 => (n as usize).min(MAX_TOP_N),
        _ => DEFAULT_TOP_N,
    };
    let candidates = match Roll::new(&pos) {
        Ok(roll) => {
            // A work clock, so that the search also ends where the clock stands still (issue 30).
            let work = WorkClock::new(clock, entered);
            let deadline = Deadline { clock: &work, at: entered.plus_ms(budget_ms) };
            analyze(roll, Some(deadline), top_n)
                .hints
                .into_iter()
                .map(|h| TurnCandidate {
                    moves: h.moves.into_iter().map(MicroMove::from).collect(),
                    white_win: h.chances.white_win,
                    black_win: h.chances.black_win,
                    loss: h.loss,
                })
                .collect()
        }
        Err(_) => Vec::new(),
    };
    Some(AnalyzeTurnResult { candidates, time_taken_ms: clock.now().ms_since(entered), budget_ms })
}

/// The search budget of each reviewed turn (default 250, cap 600000).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename_all = "camelCase", optional_fields))]
pub struct ReviewOptions {
    pub time_budget_ms: Option<f64>,
}

/// `reviewTurn(roll, moves, options)`: the review of one turn, or why there is none (an invalid
/// DFEN, a position that is not a roll, moves that are not one of its legal turns).
pub fn review_turn(
    dfen: &str,
    moves: &[&str],
    options: &ReviewOptions,
    clock: &dyn Clock,
) -> Result<TurnReview, ReviewError> {
    let pos = Position::from_dfen(dfen)?;
    let played = moves
        .iter()
        .map(|m| m.parse::<Uci>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| ReviewError::IllegalTurn(moves.iter().map(|m| (*m).to_owned()).collect()))?;
    let ms = budget(options.time_budget_ms, DEFAULT_REVIEW_BUDGET_MS);
    let work = WorkClock::new(clock, clock.now());
    review_one(&pos, &played, ReviewBudget::PerTurn { clock: &work, ms })
}

/// `reviewGame(game, options)` on the record's JSON text.
pub fn review_game(record: &str, options: &ReviewOptions, clock: &dyn Clock) -> Result<GameReview, ReviewError> {
    let ms = budget(options.time_budget_ms, DEFAULT_REVIEW_BUDGET_MS);
    let work = WorkClock::new(clock, clock.now());
    review_record(record, ReviewBudget::PerTurn { clock: &work, ms }, |_, _| {})
}

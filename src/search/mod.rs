//! Bots, search, time management, king-capture probability and equity (BOTS.md).
//!
//! ```
//! use dicechess::search::{choose_turn, Registry, Rng};
//! use dicechess::Position;
//!
//! let registry = Registry::new();
//! let roll = Position::from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR").unwrap();
//! let mut rng = Rng::from_seed(7);
//! let choice = choose_turn(registry.resolve(Some("greedy")).as_ref(), &roll, &mut rng, None);
//! assert_eq!(choice.moves[0].to_string(), "a1a8"); // the rook takes the king
//! ```

pub mod api;
mod bot;
mod clock;
mod equity;
mod eval;
mod expectimax;
mod game;
mod kcp;
mod montecarlo;
mod prng;
mod registry;
pub mod scenarios;
pub mod stats;
mod time;
mod turnlist;
pub mod winprob;

pub use bot::{
    key, path_score, pick_by_key, win_probability, Bot, BotInfo, Budgeting, Builtin, BuiltinRow, CheckmateAwareBot,
    Choice, EvalBot, Question, RandomBot, SearchContext,
};
#[cfg(not(target_arch = "wasm32"))]
pub use clock::SystemClock;
pub use clock::{Clock, Deadline, ManualClock, Moment};
pub use equity::{
    advance, capture_probability, estimate_equity, rollout, rollout_count, run_rollouts, Equity, EquityStats, Masses,
    DEFAULT_MAX_PLIES, DEFAULT_ROLLOUTS, MAX_PLIES, MAX_ROLLOUTS, MAX_WORK_PLIES,
};
pub use eval::{
    aggressive, attackers, evaluate, insufficient_material, king_safety, material, value, PIECE_VALUES, WIN,
};
pub use expectimax::{chance_node, ExpectimaxBot, ExpectimaxStats, CANDIDATE_LIMIT, LOSS};
pub use game::{play_untimed, GameSeeds, HALFMOVE_DRAW, TURN_CAP};
pub use kcp::{kcp, kcp_numerator, rolls56, WeightedDice};
pub use montecarlo::{probability_score, MonteCarloBot, DEFAULT_BUDGET_MS as MONTE_CARLO_DEFAULT_BUDGET_MS};
pub use prng::{derive, mix64, seed_from_number, Rng};
pub use registry::{RegisterError, Registry, MAX_CUSTOM_BOTS, MAX_ID_LEN, MAX_NAME_LEN};
pub use time::{
    budget, budget_ms, moves_to_go, policy_by_id, policy_or_default, Budget, ClockState, EmpiricalV1, LegacyLinearV1,
    TimePolicy, ARENA_OVERHEAD_MS, EMPIRICAL_KNOTS, JS_OVERHEAD_MS, MAX_BUDGET_MS, MIN_THINK_MS, POLICY_IDS,
};
pub use turnlist::{first_shortest_king_capture, legal_turns, legal_turns_until, Turn};

use crate::{Color, Position, Turns};

/// `true` when a king of either colour is missing (RULES.md §15): bots pass and decline.
#[inline]
pub fn is_finished(pos: &Position) -> bool {
    !(pos.has_king(Color::White) && pos.has_king(Color::Black))
}

/// Runs `bot` on the roll `pos` (BOTS.md §4, §4.8): a pass for a finished game, no dice or no
/// legal turn (no draw is made); then [`Bot::preempt`] (a book hit, decided before the clock is
/// consulted); with a deadline, the root turns are enumerated with a clock check every 1024 turns
/// and, if the deadline passes first, the material fallback is played.
/// Always returns a legal turn when one exists.
pub fn choose_turn(bot: &dyn Bot, pos: &Position, rng: &mut Rng, deadline: Option<Deadline<'_>>) -> Choice {
    if is_finished(pos) {
        return Choice::pass();
    }
    let Some(turns) = Turns::new(pos) else { return Choice::pass() };
    let mut ctx = SearchContext { rng, deadline };
    // A decision that needs no search (a book hit) comes before the clock-checked listing.
    if let Some(choice) = bot.preempt(pos, &turns, &mut ctx) {
        return choice;
    }
    // King captures are settled before the clock is consulted: enumerate them all.
    let (list, complete) = match deadline {
        Some(d) if !turns.has_king_capture() => legal_turns_until(&turns, || d.passed()),
        _ => (legal_turns(&turns), true),
    };
    if list.is_empty() {
        return Choice::pass();
    }
    if !complete {
        return material_fallback(pos, &list);
    }
    bot.choose(pos, &list, &mut ctx)
}

/// The material fallback (BOTS.md §4.8): the highest `material` score, first in canonical order
/// among equals, with that score.
pub fn material_fallback(pos: &Position, list: &[Turn]) -> Choice {
    let mover = pos.turn();
    let mut best = 0;
    let mut best_score = i32::MIN;
    for (i, t) in list.iter().enumerate() {
        let s = path_score(t, mover, material);
        if s > best_score {
            (best, best_score) = (i, s);
        }
    }
    Choice::play(&list[best], i64::from(best_score))
}

/// Asks `bot` a doubling or draw question (BOTS.md §7): `false` without a draw for a finished game.
pub fn decide(bot: &dyn Bot, question: Question, pos: &Position, rng: &mut Rng) -> bool {
    !is_finished(pos) && bot.decide(question, pos, rng)
}

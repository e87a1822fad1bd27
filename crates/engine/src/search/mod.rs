//! Bots and what they are built from (BOTS.md): the [`Bot`] trait, the [`Registry`] of built-in
//! and custom bots, [`choose_turn`] with its clocks and deadlines, the time policies and the one
//! budget rule, equity by rollouts, the evaluation, the 56 weighted rolls and the king-capture
//! probability, the seeded stream, and the built-in searchers. The bot vocabulary ([`Bot`],
//! [`Registry`], [`Choice`], [`Rng`], …) is also at the crate root.

mod bot;
mod clock;
pub mod deepening;
mod equity;
mod eval;
mod expectimax;
mod kcp;
mod montecarlo;
pub mod nnue;
mod prng;
mod registry;
mod time;
mod turnlist;
mod untimed;
pub mod winprob;
mod work_clock;

pub use crate::rules::MAX_CANDIDATE_TURNS;
pub use bot::{Bot, BotInfo, Budgeting, Builtin, Choice, Question, SearchContext};
#[cfg(not(target_arch = "wasm32"))]
pub use clock::SystemClock;
pub use clock::{Clock, Deadline, ManualClock, Moment};
pub use equity::{estimate_equity, estimate_equity_within, Equity};
pub use registry::{RegisterError, Registry};
pub use turnlist::{candidate_turns, legal_turns, Turn};
pub(crate) use winprob::{net_chances, roll_chances, roll_chances_of, roll_estimate, win_chances, WinChances};

pub use bot::decision_odds;
pub use equity::advance;
pub use equity::{DEFAULT_EQUITY_BUDGET_MS, DEFAULT_MAX_PLIES, DEFAULT_ROLLOUTS, MAX_PLIES, MAX_ROLLOUTS};
pub use eval::{material, WIN};
pub use expectimax::{chance_node, ExpectimaxBot};
pub use kcp::{kcp_numerator, rolls56};
pub use montecarlo::{MonteCarloBot, DEFAULT_BUDGET_MS as MONTE_CARLO_DEFAULT_BUDGET_MS};
pub use prng::{derive, Rng};
pub use registry::{MAX_CUSTOM_BOTS, MAX_ID_LEN, MAX_NAME_LEN};
pub use time::effective_budget_ms;
pub use time::policy_or_default;
pub use time::{
    budget, budget_ms, moves_to_go, policy_by_id, ClockState, TimePolicy, ARENA_OVERHEAD_MS, EMPIRICAL_KNOTS,
    JS_OVERHEAD_MS, MAX_BUDGET_MS, MIN_THINK_MS, POLICY_IDS,
};
pub(crate) use turnlist::{candidate_turns_until, shortest_king_captures};
pub use untimed::untimed_turn;
pub use untimed::{play_untimed, GameSeeds};
pub use work_clock::{choose_within, Limit, Stop, WorkClock, FROZEN_AFTER_READS, MAX_EFFORT, STEP_US};

use crate::{Color, Position, Roll, Turns};

/// Runs `bot` on `roll` (BOTS.md §4, §4.8): a pass when it has no legal turn (no draw is made;
/// a position that is not a [`Roll`] — no dice, or a finished game — is a pass for the caller);
/// then [`Bot::preempt`] (a book hit, decided before the clock is consulted); on a roll with a
/// king capture, the shortest king captures alone for a bot that plays one of them
/// ([`Bot::plays_a_shortest_king_capture`]); else, with a deadline, the root turns are
/// enumerated with a clock check every 1024 turns and, if the deadline passes first, the
/// material fallback is played. Always returns a legal turn when one exists.
pub fn choose_turn(bot: &dyn Bot, roll: Roll<'_>, rng: &mut Rng, deadline: Option<Deadline<'_>>) -> Choice {
    let Some(turns) = Turns::new(roll) else { return Choice::pass() };
    let mut ctx = SearchContext { rng, deadline };
    // A decision that needs no search (a book hit) comes before the clock-checked listing.
    if let Some(choice) = bot.preempt(roll, &turns, &mut ctx) {
        return choice;
    }
    // King captures are settled before the clock is consulted: only the shortest are listed
    // for a bot that plays one of them, else all the turns.
    let (list, complete) = match turns.has_king_capture() {
        true if bot.plays_a_shortest_king_capture(deadline.is_some()) => (shortest_king_captures(&turns), true),
        true => (candidate_turns(&turns), true),
        false => candidates_within(&turns, deadline),
    };
    if list.is_empty() {
        return Choice::pass();
    }
    if !complete {
        return material_fallback(&roll, &list);
    }
    bot.choose(roll, &list, &mut ctx)
}

/// The candidate turns of `turns` listed under `deadline` (BOTS.md §4.8: the clock read every
/// 1024 turns), and whether the list is complete; every one without a deadline.
pub(crate) fn candidates_within(turns: &Turns, deadline: Option<Deadline<'_>>) -> (Vec<Turn>, bool) {
    match deadline {
        Some(d) => candidate_turns_until(turns, || d.passed()),
        None => (candidate_turns(turns), true),
    }
}

/// The material fallback (BOTS.md §4.8) over the listed turns `list` of `pos`.
pub fn material_fallback(pos: &Position, list: &[Turn]) -> Choice {
    material_choice(pos.turn(), list.iter().map(|t| (t, t.post_turn()))).unwrap_or_else(Choice::pass)
}

/// The material fallback (BOTS.md §4.8): among `candidates` (a turn of `mover` and its post-turn
/// position, in canonical order), the highest `score(t, material)`, the first among equals, with
/// that score; `None` without a candidate.
pub(crate) fn material_choice<'a>(
    mover: Color,
    candidates: impl IntoIterator<Item = (&'a Turn, Position)>,
) -> Option<Choice> {
    let mut best: Option<(&Turn, i32)> = None;
    for (turn, post) in candidates {
        let score = if turn.captures_king { WIN } else { material(&post, mover) };
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((turn, score));
        }
    }
    best.map(|(turn, score)| Choice::play(turn, i64::from(score)))
}

/// Asks `bot` a doubling or draw question (BOTS.md §7): `false` without a draw for a finished game.
#[inline]
pub fn decide(bot: &dyn Bot, question: Question, pos: &Position, rng: &mut Rng) -> bool {
    !pos.is_finished() && bot.decide(question, pos, rng)
}

//! `expectimax` (BOTS.md §4.7): my turn, the opponent's roll over `R56`, the opponent's best reply
//! by material; exact integer expectations, root transpositions merged, iterative widening under
//! a deadline.

use super::bot::{builtin_info, decide_greedy_v2, Bot, BotInfo, Budgeting, Choice, Question, SearchContext};
use super::clock::Deadline;
use super::eval::{material, WIN};
use super::kcp::rolls56;
use super::prng::Rng;
use super::turnlist::{first_shortest_king_capture, Turn};
use crate::{Color, Position, Turns};
use std::collections::HashMap;

/// Candidates expanded untimed.
pub const CANDIDATE_LIMIT: usize = 8;
/// The value of a roll on which the opponent can capture my king.
pub const LOSS: i64 = -1_000_000_000;

/// What one search did (Rust API and CLI statistics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExpectimaxStats {
    pub legal_turns: usize,
    pub candidates: usize,
    pub expanded: usize,
    pub completed: usize,
    pub abandoned: usize,
    pub fell_back: bool,
}

/// A distinct post-turn position at the root.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// The first turn (canonical order) reaching it.
    turn: usize,
    post: Position,
    pre_score: i32,
}

/// The `expectimax` bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExpectimaxBot;

/// The weighted sum `S = Σ weight(r) × v(r)` of the chance node at `x` (opponent to move) from
/// `me`'s side; `None` if the deadline abandons it.
pub fn chance_node(x: &Position, me: Color, deadline: Option<&Deadline<'_>>) -> Option<i64> {
    let mut sum: i64 = 0;
    for roll in rolls56() {
        if deadline.is_some_and(Deadline::passed) {
            return None;
        }
        let mut y = *x;
        y.set_dice(roll.dice);
        let v = match Turns::new(&y) {
            None => i64::from(material(x, me)),
            Some(replies) if replies.has_king_capture() => LOSS,
            Some(replies) => {
                let mut worst = i32::MAX;
                replies.for_each_turn_unordered(|_, step| worst = worst.min(material(&step.position, me)));
                i64::from(worst)
            }
        };
        sum += i64::from(roll.weight) * v;
    }
    Some(sum)
}

impl ExpectimaxBot {
    /// The search with its statistics.
    pub fn search(
        pos: &Position,
        turns: &[Turn],
        rng: &mut Rng,
        deadline: Option<Deadline<'_>>,
    ) -> (Choice, ExpectimaxStats) {
        let mut stats = ExpectimaxStats { legal_turns: turns.len(), ..Default::default() };
        if let Some(i) = first_shortest_king_capture(turns) {
            return (Choice::play(&turns[i], i64::from(WIN)), stats);
        }
        let me = pos.turn();
        let mut seen: HashMap<Position, usize> = HashMap::with_capacity(turns.len());
        let mut candidates: Vec<Candidate> = Vec::new();
        for (i, t) in turns.iter().enumerate() {
            let post = t.post_turn();
            seen.entry(post).or_insert_with(|| {
                candidates.push(Candidate { turn: i, post, pre_score: material(&post, me) });
                candidates.len() - 1
            });
        }
        stats.candidates = candidates.len();
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        order.sort_by_key(|&c| std::cmp::Reverse(candidates[c].pre_score));
        let width = if deadline.is_some() { order.len() } else { order.len().min(CANDIDATE_LIMIT) };
        let mut completed: Vec<(usize, i64)> = Vec::new();
        for &c in &order[..width] {
            if deadline.as_ref().is_some_and(Deadline::passed) {
                break;
            }
            stats.expanded += 1;
            match chance_node(&candidates[c].post, me, deadline.as_ref()) {
                Some(s) => completed.push((c, s)),
                None => {
                    stats.abandoned += 1;
                    break;
                }
            }
        }
        stats.completed = completed.len();
        let Some(best) = completed.iter().map(|&(_, s)| s).max() else {
            stats.fell_back = true;
            let first = &candidates[order[0]];
            return (Choice::play(&turns[first.turn], i64::from(first.pre_score)), stats);
        };
        // Tied candidates in the canonical order of their representing turns (candidate indices
        // are already in that order).
        let mut tied: Vec<usize> = completed.iter().filter(|&&(_, s)| s == best).map(|&(c, _)| c).collect();
        tied.sort_unstable();
        let c = tied[rng.index(tied.len())];
        (Choice::play(&turns[candidates[c].turn], best / 216), stats)
    }
}

impl Bot for ExpectimaxBot {
    fn info(&self) -> BotInfo {
        builtin_info(6)
    }

    fn budgeting(&self) -> Budgeting {
        Budgeting::Budgeted { default_ms: None }
    }

    fn choose(&self, pos: &Position, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        Self::search(pos, turns, ctx.rng, ctx.deadline).0
    }

    fn decide(&self, question: Question, pos: &Position, _: &mut Rng) -> bool {
        decide_greedy_v2(question, pos)
    }
}

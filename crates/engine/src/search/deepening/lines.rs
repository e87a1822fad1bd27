//! The analysis of a roll (issue 13): the bot's own search, then the exact values of its best few
//! candidates and of one more turn on demand (the turn a player played).
//!
//! Phase 1 is [`DeepeningBot::search`]'s search, unchanged (with three quarters of the time
//! when there is a deadline), so the first line is the bot's choice and a bot reviewing its own
//! untimed choice finds no error. Its final iteration leaves the choice's value exact and the
//! other candidates it completed with upper bounds (Star1 cuts). Phase 2 searches those again at
//! the same depth, best bound first, the first `top_n − 1` with a full window and each later one
//! against the `top_n`-th best exact value so far (skipped when its bound is already no better),
//! and the asked turn with a full window. What phase 2 has no time for is left out.

use super::searcher::{Abort, Searcher};
use super::{DeepeningBot, Evaluator, Run, Searched};
use crate::search::clock::{Deadline, Moment};
use crate::search::turnlist::Turn;
use crate::Position;

/// The share of an analysis's time that the bot's search takes (numerator, denominator).
const SEARCH_SHARE: (u64, u64) = (3, 4);

/// One analysed turn and its value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Index of the turn in the canonical list (the first turn reaching its after-turn position).
    pub turn: usize,
    /// The mover's expected score after it (a draw counting half), at [`Analysis::depth`].
    pub value: f32,
}

/// The analysis of a roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The search depth of the values, in turns (1: the evaluator after each turn).
    pub depth: u8,
    /// The best candidates with exact values, best first (the bot's choice first among equals),
    /// at most `top_n`, at least one.
    pub lines: Vec<Line>,
    /// The value of the turn asked for, at the same depth (it may also be among `lines`).
    pub asked: Option<Line>,
}

impl<E: Evaluator> DeepeningBot<E> {
    /// Analyses the roll `pos` whose legal turns, in canonical order, are `turns` (non-empty):
    /// its best `top_n` (at least 1) candidates and the value of `turns[asked]` if given. Bounded
    /// like [`DeepeningBot::search`]: by `deadline`, or without one by the untimed limits
    /// (phase 2 gets as many nodes again).
    pub fn analyze(
        &self,
        pos: &Position,
        turns: &[Turn],
        deadline: Option<Deadline<'_>>,
        top_n: usize,
        asked: Option<usize>,
    ) -> Analysis {
        let top_n = top_n.max(1);
        let first_phase = deadline.map(|d| {
            let now = d.now();
            Deadline {
                clock: d.clock,
                at: Moment(now.0 + d.at.0.saturating_sub(now.0) * SEARCH_SHARE.0 / SEARCH_SHARE.1),
            }
        });
        let mut s = self.searcher(first_phase);
        let run = self.run(pos, turns, &mut s);
        // A turn's value from the evaluator: for the few cases phase 1 leaves at depth 1.
        let shallow = |t: usize| Line { turn: t, value: 1.0 - self.evaluator.score(&turns[t].post_turn()) };
        match run {
            Run::KingCapture(first) => {
                // Every distinct king capture is worth 1, the first shortest first.
                let mut lines = vec![Line { turn: first, value: 1.0 }];
                for (i, t) in turns.iter().enumerate() {
                    if lines.len() < top_n
                        && t.captures_king
                        && i != first
                        && !lines.iter().any(|l| same(turns, l.turn, i))
                    {
                        lines.push(Line { turn: i, value: 1.0 });
                    }
                }
                Analysis { depth: 1, lines, asked: asked.map(shallow) }
            }
            Run::Fallback(choice) => {
                let chosen = turns.iter().position(|t| t.moves() == choice.moves.as_slice()).unwrap_or(0);
                Analysis { depth: 1, lines: vec![shallow(chosen)], asked: asked.map(shallow) }
            }
            Run::Searched(r) => {
                let limits = s.limits();
                s.extend(if deadline.is_some() { u64::MAX } else { limits.max_nodes }, deadline);
                exact_lines(&r, &mut s, turns, top_n, asked).unwrap_or_else(|| {
                    // No time to value the asked turn at the search's depth: every candidate
                    // by the evaluator.
                    let mut lines: Vec<Line> = r.cands.iter().map(|c| shallow(c.turn)).collect();
                    crate::sort::sort_by(&mut lines, |a, b| b.value.total_cmp(&a.value));
                    lines.truncate(top_n);
                    Analysis { depth: 1, lines, asked: asked.map(shallow) }
                })
            }
        }
    }
}

/// Phase 2 on a completed search; `None` if the asked turn could not be valued.
fn exact_lines<E: Evaluator>(
    r: &Searched,
    s: &mut Searcher<'_, E>,
    turns: &[Turn],
    top_n: usize,
    asked: Option<usize>,
) -> Option<Analysis> {
    let value_at_depth = |s: &mut Searcher<'_, E>, c: usize, beta: f32| -> Result<f32, Abort> {
        if r.depth == 1 {
            return Ok(r.cands[c].value);
        }
        Ok(1.0 - s.chance(&r.cands[c].post, r.depth - 1, 0.0, 1.0 - beta)?)
    };
    // The asked turn first, so that what time there is goes to it.
    let asked = match asked {
        None => None,
        Some(t) => {
            let c = r.cands.iter().position(|c| c.post == turns[t].post_turn())?;
            let v = if c == r.order[0] { r.cands[c].value } else { value_at_depth(s, c, 0.0).ok()? };
            Some(Line { turn: t, value: v })
        }
    };
    // The choice's value is exact; at depth 1 every value is.
    let mut top: Vec<(usize, f32)> = vec![(r.order[0], r.cands[r.order[0]].value)];
    for &c in &r.order[1..r.completed] {
        let bound = r.cands[c].value;
        let full = top.len() < top_n;
        let floor = if full { 0.0 } else { top[top_n - 1].1 };
        if !full && bound <= floor {
            continue;
        }
        let Ok(v) = value_at_depth(s, c, floor) else { break };
        // Below `floor` the value is a bound: the candidate is not in the top set.
        if full || v > floor {
            let at = top.iter().position(|&(_, t)| v > t).unwrap_or(top.len());
            top.insert(at, (c, v));
            top.truncate(top_n);
        }
    }
    let lines = top.iter().map(|&(c, v)| Line { turn: r.cands[c].turn, value: v }).collect();
    Some(Analysis { depth: r.depth, lines, asked })
}

/// Whether turns `a` and `b` reach the same position.
fn same(turns: &[Turn], a: usize, b: usize) -> bool {
    turns[a].post_turn() == turns[b].post_turn()
}

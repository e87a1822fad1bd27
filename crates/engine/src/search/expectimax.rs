//! `expectimax` (BOTS.md §4.7): my turn, the opponent's roll over `R56`, the opponent's best reply
//! by material; exact integer expectations, root transpositions merged, iterative widening under
//! a deadline. Timed searches break ties by the `aggressive` evaluator of the candidate position.

use super::bot::{decide_greedy_v2, Bot, BotInfo, Budgeting, Builtin, Choice, Question, SearchContext};
use super::clock::{scan_interrupted, Deadline};
use super::eval::{aggressive, material, value, WIN};
use super::kcp::rolls56;
use super::prng::Rng;
use super::turnlist::{first_shortest_king_capture, Turn};
use crate::rules::{summarize_moves, tally_below, try_for_each_move, LastDie, PathVisitor, Summary};
use crate::{Color, Move, MoveKind, Position, Role, RoleSet, Roll};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// Candidates expanded untimed.
pub(crate) const CANDIDATE_LIMIT: usize = 8;
/// The value of a roll on which the opponent can capture my king.
pub(crate) const LOSS: i64 = -1_000_000_000;

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
///
/// Each roll is judged by one walk over the opponent's paths (no turn list, no leaf position):
/// a king capture anywhere makes the roll `LOSS`; otherwise the minimum of `material(leaf, me)`
/// over the legal leaves is `material(x, me)` minus the largest material the opponent gains
/// (captures and promotions) on a complete path spending `L*` dice (RULES.md §8). Duplicate
/// leaves do not change a minimum, so none are merged.
pub fn chance_node(x: &Position, me: Color, deadline: Option<&Deadline<'_>>) -> Option<i64> {
    let base = material(x, me);
    let mut sum: i64 = 0;
    for roll in rolls56() {
        if deadline.is_some_and(Deadline::passed) {
            return None;
        }
        let mut y = *x;
        y.set_dice(roll.dice);
        let v = match reply_gain(&y) {
            Reply::Pass => i64::from(base),
            Reply::KingCapture => LOSS,
            // The worst leaf for me: the most the opponent gains, or the least when `me` is
            // the side replying.
            Reply::Gains { least, most } => i64::from(if me == x.turn() { base + least } else { base - most }),
        };
        sum += i64::from(roll.weight) * v;
    }
    Some(sum)
}

/// What the opponent's best reply to one roll does to my material.
enum Reply {
    /// No legal turn.
    Pass,
    /// Some turn captures my king.
    KingCapture,
    /// The least and the most material gained by a legal turn.
    Gains { least: i32, most: i32 },
}

/// The least and the most material gained by a set of complete paths (`None`: no path).
#[derive(Clone, Copy, Debug, Default)]
struct Gains(Option<(i32, i32)>);

impl Summary for Gains {
    #[inline]
    fn merge(self, other: Gains) -> Gains {
        match (self.0, other.0) {
            (Some((l, m)), Some((ol, om))) => Gains(Some((l.min(ol), m.max(om)))),
            (a, b) => Gains(a.or(b)),
        }
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.0.is_none()
    }
}

/// The path visitor of a reply: the material gained along each path; a king capture ends the
/// walk (the roll is lost whatever else happens).
struct GainWalk;

impl PathVisitor for GainWalk {
    type Acc = i32;
    type Sum = Gains;

    #[inline]
    fn enter(&mut self, pos: &Position, m: Move, gain: i32) -> i32 {
        gain + move_gain(pos, m)
    }

    #[inline]
    fn finish(&mut self, gain: i32) -> Gains {
        Gains(Some((gain, gain)))
    }

    /// The last die's moves from `pos` with their gains, not made; stops at a king capture.
    #[inline]
    fn last_die(&mut self, pos: &Position, role: Role, gain: i32) -> LastDie<Gains> {
        let mut quiet = Gains::default();
        let flow = try_for_each_move(pos, RoleSet::of(role), |m| {
            if m.kind == MoveKind::Castle {
                return ControlFlow::Continue(());
            }
            if pos.is_king_capture(m) {
                return ControlFlow::Break(());
            }
            let g = gain + move_gain(pos, m);
            quiet = quiet.merge(Gains(Some((g, g))));
            ControlFlow::Continue(())
        });
        let captures = if flow.is_break() { Gains(Some((gain, gain))) } else { Gains::default() };
        LastDie { quiet, captures }
    }

    #[inline]
    fn king_capture(&mut self) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

/// The material the side to move of `pos` gains with `m`: the value it captures plus what a
/// promotion adds.
#[inline]
fn move_gain(pos: &Position, m: Move) -> i32 {
    let captured = match m.kind {
        MoveKind::EnPassant => value(Role::Pawn),
        _ if pos.by_color(pos.turn().opponent()).contains(m.to) => pos.role_at(m.to).map_or(0, value),
        _ => 0,
    };
    captured + m.promotion.map_or(0, |p| value(p) - value(Role::Pawn))
}

/// The opponent's best reply to the roll `y` (its dice pool), by material.
fn reply_gain(y: &Position) -> Reply {
    let dice = y.dice();
    // A die whose type takes my king at once settles the roll without a walk.
    for role in Role::ALL {
        if dice.has(role) && summarize_moves(y, role).king_capture {
            return Reply::KingCapture;
        }
    }
    let ControlFlow::Continue(paths) = tally_below(&mut GainWalk, y, 0, 0) else { return Reply::KingCapture };
    if paths.max_spent() == 0 {
        return Reply::Pass;
    }
    // No king capture here: the legal turns are the complete paths spending `L*`.
    match paths.legal(paths.max_spent()).0 {
        Some((least, most)) => Reply::Gains { least, most },
        // Unreachable: `L*` is reached by a complete path.
        None => Reply::Pass,
    }
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
            // Scoring the root turns is read against the clock like their listing (BOTS.md §4.8):
            // on the widest rolls it takes longer than the budget.
            if scan_interrupted(deadline.as_ref(), i) {
                stats.candidates = candidates.len();
                stats.fell_back = true;
                // The material fallback of the turns scored so far: the first best candidate.
                let first =
                    candidates.iter().fold(&candidates[0], |b, c| if c.pre_score > b.pre_score { c } else { b });
                return (Choice::play(&turns[first.turn], i64::from(first.pre_score)), stats);
            }
            let post = t.post_turn();
            seen.entry(post).or_insert_with(|| {
                candidates.push(Candidate { turn: i, post, pre_score: material(&post, me) });
                candidates.len() - 1
            });
        }
        stats.candidates = candidates.len();
        let order = crate::sort::order_by_key(candidates.len(), |c| {
            crate::sort::descending(i64::from(candidates[c].pre_score))
        });
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
        crate::sort::sort_by_key(&mut tied, |&c| c as u64);
        if deadline.is_some() {
            // Timed only (BOTS.md §4.7, Room to grow): among equally safe candidates, the most
            // aggressive position (§2.3) — material alone leaves quiet positions, openings above
            // all, to chance.
            let style = |c: usize| aggressive(&candidates[c].post, me);
            let top = tied.iter().map(|&c| style(c)).max().unwrap_or(0);
            tied.retain(|&c| style(c) == top);
        }
        let c = tied[rng.index(tied.len())];
        (Choice::play(&turns[candidates[c].turn], best / 216), stats)
    }
}

impl Bot for ExpectimaxBot {
    fn info(&self) -> BotInfo {
        Builtin::Expectimax.info()
    }

    fn budgeting(&self) -> Budgeting {
        Budgeting::Budgeted { default_ms: None }
    }

    /// The first shortest (§4.7 step 1).
    fn plays_a_shortest_king_capture(&self, _timed: bool) -> bool {
        true
    }

    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        Self::search(&roll, turns, ctx.rng, ctx.deadline).0
    }

    fn decide(&self, question: Question, pos: &Position, _: &mut Rng) -> bool {
        decide_greedy_v2(question, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::advance;
    use crate::{Turns, Walk};

    /// The chance node as BOTS.md §4.7 states it (the reference for tests).
    /// The weighted sum `S = Σ weight(r) × v(r)` of the chance node at `x` (opponent to move) from
    /// `me`'s side; `None` if the deadline abandons it.
    fn chance_node_reference(x: &Position, me: Color, deadline: Option<&Deadline<'_>>) -> Option<i64> {
        let mut sum: i64 = 0;
        for roll in rolls56() {
            if deadline.is_some_and(Deadline::passed) {
                return None;
            }
            let mut y = *x;
            y.set_dice(roll.dice);
            let v = match Turns::of_position(&y) {
                None => i64::from(material(x, me)),
                Some(replies) if replies.has_king_capture() => LOSS,
                Some(replies) => {
                    let mut worst = i32::MAX;
                    let _ = replies.walk(Walk::turns().generation_order(), |_, step| {
                        worst = worst.min(material(&step.position, me));
                        ControlFlow::<()>::Continue(())
                    });
                    i64::from(worst)
                }
            };
            sum += i64::from(roll.weight) * v;
        }
        Some(sum)
    }

    /// The walk gives the chance node of the turn list and its leaves, on positions from random
    /// play and from both sides.
    #[test]
    fn chance_node_matches_the_turn_list() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
            "1r4k1/p4ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "k3r2q/8/8/8/8/2B5/8/4K3 w - - 0 1",
        ];
        let mut rng = Rng::from_seed(5);
        let mut checked = 0;
        for dfen in starts {
            let mut pos = Position::from_dfen(dfen).expect("valid DFEN");
            for _ in 0..10 {
                for x in [pos, pos.mirror()] {
                    for me in [Color::White, Color::Black] {
                        assert_eq!(chance_node(&x, me, None), chance_node_reference(&x, me, None), "{}", x.to_dfen());
                        checked += 1;
                    }
                }
                if !advance(&mut pos, &mut rng) {
                    break;
                }
            }
        }
        assert!(checked > 200);
    }
}

//! The search of `expectimax-v2`: iterative deepening over turns, chance nodes over the 56
//! weighted rolls with Star1 cuts (Star2 with probing two turns deep or more), a transposition
//! table, replies filtered by a cheap score.
//!
//! Values are win probabilities in `[0, 1]` from the side to move of the node. A *chance node*
//! is a position at the start of a turn (dice not rolled); at depth 0 it is the evaluator's
//! score, else the weighted mean over the rolls of the *roll node*'s value. A roll node is the
//! best turn for that roll: 1 for a king capture, else the maximum over the distinct post-turn
//! positions `Y` (at most `reply_width` of them, the best by `quick_score`) of
//! `1 − chance(Y, depth − 1)`.

use super::evaluator::{direct_hit, Evaluator};
use super::table::{position_key, Bound, Table};
use crate::search::clock::Deadline;
use crate::search::eval::{material, value};
use crate::search::kcp::{rolls56, WeightedDice};
use crate::{Color, Dice, Position, Role, Turns, Walk};
use std::ops::ControlFlow;

/// How often the clock is read: every this many nodes.
const CHECK_EVERY: u64 = 256;
/// The most replies a roll node keeps.
pub(crate) const MAX_REPLY_WIDTH: usize = 32;

/// What bounds a search besides the deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in turns (1: the best post-turn position by the evaluator).
    pub max_depth: u8,
    /// The most nodes (enumerated post-turn positions, rolls and evaluations); `u64::MAX` for
    /// none. An iteration the limit interrupts counts as one a deadline interrupts, so a search
    /// bounded by nodes alone is exact and repeatable.
    pub max_nodes: u64,
}

/// The shape of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Replies kept per roll node by the cheap filter (1..=32).
    pub reply_width: usize,
    /// Root candidates searched from depth 3 on (the best of the previous iteration).
    pub deep_width: usize,
    /// Star2 with probing at chance nodes two turns deep or more: every roll is expanded and its
    /// first reply searched before the Star1 pass, whose windows then use these lower bounds.
    pub probe: bool,
}

/// What one search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub legal_turns: usize,
    /// Distinct post-turn positions at the root.
    pub candidates: usize,
    /// The depth of the last iteration that gave the choice (0: fallback or forced).
    pub depth: u8,
    /// Candidates completed in that iteration.
    pub searched: usize,
    /// Whether that iteration was interrupted.
    pub partial: bool,
    pub nodes: u64,
    /// Roll nodes visited (chance-node rolls).
    pub rolls: u64,
    /// Evaluator calls.
    pub evals: u64,
    pub table_hits: u64,
}

/// The search ran out of time or nodes.
#[derive(Clone, Copy, Debug)]
pub struct Abort;

/// The rolls by weight, heaviest first, so that Star1 bounds tighten early.
fn roll_order() -> &'static [WeightedDice; 56] {
    static ORDER: std::sync::OnceLock<[WeightedDice; 56]> = std::sync::OnceLock::new();
    ORDER.get_or_init(|| {
        let mut out = *rolls56();
        // A stable sort keeps R56 order among equal weights.
        crate::sort::sort_by_key(&mut out, |r| crate::sort::descending(i64::from(r.weight)));
        out
    })
}

/// The best replies of a roll node by the cheap score, distinct, best first (ties: first seen).
struct TopK {
    len: usize,
    width: usize,
    items: [(f32, u64, Position); MAX_REPLY_WIDTH],
}

impl TopK {
    fn new(width: usize) -> TopK {
        TopK { len: 0, width: width.clamp(1, MAX_REPLY_WIDTH), items: [(0.0, 0, Position::empty()); MAX_REPLY_WIDTH] }
    }

    #[inline]
    fn offer(&mut self, q: f32, post: &Position) {
        if self.len == self.width && q <= self.items[self.len - 1].0 {
            return;
        }
        let key = position_key(post);
        if self.items[..self.len].iter().any(|e| e.1 == key) {
            return;
        }
        let at = self.items[..self.len].iter().position(|e| e.0 < q).unwrap_or(self.len);
        let end = self.len.min(self.width - 1);
        self.items.copy_within(at..end, at + 1);
        self.items[at] = (q, key, *post);
        self.len = (self.len + 1).min(self.width);
    }

    #[inline]
    fn is_full(&self) -> bool {
        self.len == self.width
    }

    /// The cheap score of the last kept reply (only when full).
    #[inline]
    fn worst(&self) -> f32 {
        self.items[self.len - 1].0
    }

    fn as_slice(&self) -> &[(f32, u64, Position)] {
        &self.items[..self.len]
    }

    /// The kept replies, best first.
    fn posts(&self) -> impl Iterator<Item = &Position> {
        self.as_slice().iter().map(|e| &e.2)
    }
}

/// The material `a` gains over a turn from `x` to `end`: the value of `b`'s pieces taken (`b`'s
/// pieces do not move in `a`'s turn) and of promotions.
#[inline]
fn gained(x: &Position, end: &Position, a: Color, b: Color) -> i32 {
    let mut gain = 0;
    for sq in x.by_color(b) & !end.by_color(b) {
        gain += x.role_at(sq).map_or(0, value);
    }
    let pawns = x.pieces(a, Role::Pawn);
    if (pawns & !end.pieces(a, Role::Pawn)).any() && pawns.count() != end.pieces(a, Role::Pawn).count() {
        // A promotion (the only way a pawn of the mover disappears): count it all.
        return material(end, a) - material(x, a);
    }
    gain
}

/// `σ(m) = 1 / (1 + exp(−m / 400))` with the last argument remembered (replies share material).
#[derive(Default)]
struct Logistic {
    last: Option<(i32, f32)>,
}

impl Logistic {
    #[inline]
    fn of(&mut self, m: i32) -> f32 {
        match self.last {
            Some((lm, v)) if lm == m => v,
            _ => {
                let v = 1.0 / (1.0 + (-(m as f32) / super::evaluator::MATERIAL_SCALE).exp());
                self.last = Some((m, v));
                v
            }
        }
    }
}

/// One search: its evaluator, limits, table and counters.
pub struct Searcher<'a, E: Evaluator> {
    eval: &'a E,
    shape: Shape,
    deadline: Option<Deadline<'a>>,
    limits: Limits,
    max_nodes: u64,
    next_check: u64,
    table: Table,
    scratch: E::Scratch,
    pub stats: Stats,
}

impl<'a, E: Evaluator> Searcher<'a, E> {
    pub fn new(eval: &'a E, shape: Shape, limits: Limits, deadline: Option<Deadline<'a>>, table_bits: u32) -> Self {
        Searcher {
            eval,
            shape,
            deadline,
            limits,
            max_nodes: limits.max_nodes,
            next_check: 0,
            table: Table::new(table_bits),
            scratch: E::Scratch::default(),
            stats: Stats::default(),
        }
    }

    /// Counts `n` nodes; `Abort` past the node limit or, every `CHECK_EVERY` nodes, the deadline.
    #[inline]
    pub fn tick(&mut self, n: u64) -> Result<(), Abort> {
        self.stats.nodes += n;
        if self.stats.nodes > self.max_nodes {
            return Err(Abort);
        }
        if self.stats.nodes >= self.next_check {
            self.next_check = self.stats.nodes + CHECK_EVERY;
            if self.deadline.as_ref().is_some_and(Deadline::passed) {
                return Err(Abort);
            }
        }
        Ok(())
    }

    /// The limits it was made with.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Its deadline, if any.
    pub fn deadline(&self) -> Option<&Deadline<'a>> {
        self.deadline.as_ref()
    }

    /// Gives it `nodes` more nodes and a new deadline, keeping its table: a second phase of
    /// work on what the first found.
    pub(crate) fn extend(&mut self, nodes: u64, deadline: Option<Deadline<'a>>) {
        self.max_nodes = self.stats.nodes.saturating_add(nodes);
        self.deadline = deadline;
        self.next_check = self.stats.nodes;
    }

    /// `true` once the deadline has passed (read now).
    pub fn out_of_time(&self) -> bool {
        self.deadline.as_ref().is_some_and(Deadline::passed)
    }

    /// The evaluator's score of `pos`, counted.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> Result<f32, Abort> {
        self.tick(1)?;
        self.stats.evals += 1;
        Ok(self.eval.score_with(&mut self.scratch, pos))
    }

    /// The value of the chance node `x` (dice not rolled) searched `depth` turns deep, for its
    /// side to move; fail-soft within `[alpha, beta]`.
    pub fn chance(&mut self, x: &Position, depth: u8, alpha: f32, beta: f32) -> Result<f32, Abort> {
        if let Some(outcome) = x.outcome() {
            return Ok(if outcome.winner() == Some(x.turn()) { 1.0 } else { 0.0 });
        }
        if depth == 0 {
            return self.evaluate(x);
        }
        let key = position_key(x);
        if let Some(v) = self.table.probe(key, depth, alpha, beta) {
            self.stats.table_hits += 1;
            return Ok(v);
        }
        // Star2 with probing two turns deep or more: the rolls expanded and bounded first.
        let mut probes = Probes::default();
        if self.shape.probe && depth >= 2 {
            if let Some(value) = self.probe_rolls(x, depth, beta, &mut probes)? {
                self.table.store(key, depth, value, Bound::Lower);
                return Ok(value);
            }
        }
        let (mut sum, mut rest, mut rest_bounds) = (0.0f32, 216.0f32, probes.bounds);
        for (i, r) in roll_order().iter().enumerate() {
            let w = r.weight as f32;
            rest -= w;
            rest_bounds -= w * probes.lower[i];
            // The roll's value that would settle the node: at or below `lo` even if every
            // roll left were won, at or above `hi` even if every one were at its lower bound
            // (Star1: 0; Star2: its probe). The windows are clamped to [0, 1], the cuts not.
            let lo = (216.0 * alpha - sum - rest) / w;
            let hi = (216.0 * beta - sum - rest_bounds) / w;
            let (a, b) = (lo.max(0.0), hi.min(1.0));
            let v = match probes.spans.get(i) {
                None => self.roll(x, r.dice, depth, a, b)?,
                Some(&(start, _, true)) => 1.0 - self.chance(&probes.posts[start], depth - 1, 1.0 - b, 1.0 - a)?,
                Some(&(start, end, false)) if start == end => 1.0, // a king capture
                Some(&(start, end, false)) => {
                    self.best_reply(probes.posts[start..end].iter(), depth, a, b, probes.lower[i])?
                }
            };
            sum += w * v;
            if v >= hi {
                let value = (sum + rest_bounds) / 216.0;
                self.table.store(key, depth, value, Bound::Lower);
                return Ok(value);
            }
            if v <= lo {
                let value = (sum + rest) / 216.0;
                self.table.store(key, depth, value, Bound::Upper);
                return Ok(value);
            }
        }
        let value = sum / 216.0;
        self.table.store(key, depth, value, Bound::Exact);
        Ok(value)
    }

    /// Star2's probing pass: expands every roll of `x` into `probes` and searches its first
    /// reply, a lower bound of the roll; the node's lower bound once the bounds reach `beta`.
    fn probe_rolls(&mut self, x: &Position, depth: u8, beta: f32, probes: &mut Probes) -> Result<Option<f32>, Abort> {
        probes.posts.reserve(56 * self.shape.reply_width.min(MAX_REPLY_WIDTH));
        for (i, r) in roll_order().iter().enumerate() {
            let w = r.weight as f32;
            let start = probes.posts.len();
            let mut pass = false;
            probes.lower[i] = match self.expand(x, r.dice)? {
                Expanded::Capture => 1.0,
                Expanded::Pass(next) => {
                    probes.posts.push(next);
                    pass = true;
                    0.0
                }
                // The first reply searched with the roll's window `[0, hi]`: its child's upper
                // bound 1 makes any result a lower bound of the roll.
                Expanded::Replies(top) => {
                    probes.posts.extend(top.posts());
                    let hi = ((216.0 * beta - probes.bounds) / w).min(1.0);
                    1.0 - self.chance(&probes.posts[start], depth - 1, 1.0 - hi, 1.0)?
                }
            };
            probes.spans.push((start, probes.posts.len(), pass));
            probes.bounds += w * probes.lower[i];
            if probes.bounds >= 216.0 * beta {
                return Ok(Some(probes.bounds / 216.0));
            }
        }
        Ok(None)
    }

    /// The value of the roll `dice` at `x` for its side to move: the best turn, `depth` turns
    /// deep counting this one; fail-soft within `[alpha, beta]`.
    fn roll(&mut self, x: &Position, dice: Dice, depth: u8, alpha: f32, beta: f32) -> Result<f32, Abort> {
        match self.expand(x, dice)? {
            Expanded::Capture => Ok(1.0),
            Expanded::Pass(next) => Ok(1.0 - self.chance(&next, depth - 1, 1.0 - beta, 1.0 - alpha)?),
            Expanded::Replies(top) => self.best_reply(top.posts(), depth, alpha, beta, 0.0),
        }
    }

    /// The best of the replies `posts` (post-turn positions), `depth` turns deep counting the
    /// turn, from `best` (a lower bound of the roll) up; fail-soft within `[alpha, beta]`.
    fn best_reply<'p>(
        &mut self,
        posts: impl Iterator<Item = &'p Position>,
        depth: u8,
        alpha: f32,
        beta: f32,
        mut best: f32,
    ) -> Result<f32, Abort> {
        for post in posts {
            let v = 1.0 - self.chance(post, depth - 1, 1.0 - beta, 1.0 - alpha.max(best))?;
            best = best.max(v);
            if best >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// The roll `dice` at `x` expanded: a king capture, a pass, or its best replies by the cheap
    /// filter, best first.
    #[inline(never)] // one copy for `roll` and `probe_rolls`: it holds the turn walk
    fn expand(&mut self, x: &Position, dice: Dice) -> Result<Expanded, Abort> {
        self.tick(1)?;
        self.stats.rolls += 1;
        let mut y = *x;
        y.set_dice(dice);
        let Some(turns) = Turns::of_position(&y) else {
            let mut next = *x;
            next.end_turn();
            return Ok(Expanded::Pass(next));
        };
        if turns.has_king_capture() {
            return Ok(Expanded::Capture);
        }
        let mut top = TopK::new(self.shape.reply_width);
        let (a, b) = (x.turn(), x.turn().opponent());
        let base = material(x, a);
        let mut sig = Logistic::default();
        // A wide roll's enumeration stops at the node limit or the deadline, not after it.
        if let ControlFlow::Break(abort) = turns.walk(Walk::turns().generation_order(), |_, step| {
            if let Err(abort) = self.tick(1) {
                return ControlFlow::Break(abort);
            }
            let end = &step.position;
            // The reply's value for `a` is `(1 − hit) × (1 − σ(material for b))`, at most
            // `σ(material for a)`: most replies are rejected on material alone.
            let m = base + gained(x, end, a, b);
            let bound = sig.of(m);
            if top.is_full() && bound <= top.worst() {
                return ControlFlow::Continue(());
            }
            let q = (1.0 - direct_hit(end, b, a)) * bound;
            if !top.is_full() || q > top.worst() {
                let mut post = *end;
                post.end_turn();
                top.offer(q, &post);
            }
            ControlFlow::Continue(())
        }) {
            return Err(abort);
        }
        Ok(Expanded::Replies(top))
    }
}

/// Star2's expansions and bounds of a chance node's rolls, in roll order (empty without probing).
struct Probes {
    /// The passes' positions and the rolls' replies.
    posts: Vec<Position>,
    /// Per roll: its range in `posts` (empty for a king capture) and whether it is a pass.
    spans: Vec<(usize, usize, bool)>,
    /// Per roll: its lower bound (0 without a probe).
    lower: [f32; 56],
    /// `Σ weight × lower`.
    bounds: f32,
}

impl Default for Probes {
    fn default() -> Probes {
        Probes { posts: Vec::new(), spans: Vec::new(), lower: [0.0; 56], bounds: 0.0 }
    }
}

/// A roll node expanded. The replies stay on the stack, as in the search without probing: a box
/// would allocate at every roll node.
#[allow(clippy::large_enum_variant)]
enum Expanded {
    /// A legal king capture: the roll is won.
    Capture,
    /// No legal turn: the position after the pass.
    Pass(Position),
    /// The distinct post-turn positions kept by the cheap filter, best first.
    Replies(TopK),
}

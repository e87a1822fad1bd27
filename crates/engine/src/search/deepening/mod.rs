//! `expectimax-v2` (issue 12): a win-probability search that spends its budget — iterative
//! deepening in turns, iterative widening over the root candidates, chance nodes over the 56
//! weighted rolls with Star1 cuts (Star2 with probing two turns deep or more), a transposition
//! table, duplicate post-turn positions merged, replies filtered by a cheap score, king captures
//! exact. Its decisions come from its win probability (docs/NOTES.md).
//!
//! Timed (a deadline): iterations run until the deadline or `TIMED_MAX_DEPTH`; the choice is the
//! best candidate of the deepest iteration that completed at least one candidate. Untimed (no
//! deadline): the same search bounded by [`Config::untimed`], exact and repeatable.

mod evaluator;
mod lines;
mod searcher;
mod table;

pub use evaluator::DefaultEvaluator;
pub use evaluator::{Evaluator, Learned, Neural, NeuralScratch, StandIn};
pub(crate) use lines::Analysis;
pub(crate) use searcher::{Abort, Shape, Stats as DeepeningStats};
pub use searcher::{Limits, Searcher};

use super::bot::{Bot, BotInfo, Budgeting, Choice, Question, SearchContext};
use super::clock::{scan_interrupted, Deadline, Moment};
use super::eval::{insufficient_material, WIN};
use super::expectimax::chance_node;
use super::material_choice;
use super::prng::Rng;
use super::turnlist::{first_shortest_king_capture, Turn};
use crate::{Dice, Position, Roll};
use std::collections::HashMap;

/// The budget when the caller gives none (BOTS.md §5.4): 1000 ms, like `monte-carlo`.
pub(crate) const DEFAULT_BUDGET_MS: u64 = 1000;
/// The share of the time left that the material pre-rank may take (numerator, denominator).
const PRE_RANK_SHARE: (u64, u64) = (1, 3);
/// The nodes a material chance node counts for (its 56 rolls).
const PRE_RANK_NODES: u64 = 56;
/// The deepest iteration of a timed search.
pub(crate) const TIMED_MAX_DEPTH: u8 = 8;
/// The probability scale of the reported score (as `monte-carlo`'s).
pub(crate) const SCORE_SCALE: f32 = 1_000_000.0;

/// Decision thresholds on the bot's win probability `p` (depth-1 search of the position):
/// offer a double when `p > 0.70`, take one when `p ≥ 0.25` (a take is right from 25% on),
/// offer a draw when the material is insufficient or `p < 0.35`, accept one when `p < 0.45`.
pub(crate) const OFFER_DOUBLE_ABOVE: f32 = 0.70;
pub const ACCEPT_DOUBLE_FROM: f32 = 0.25;
pub(crate) const OFFER_DRAW_BELOW: f32 = 0.35;
pub(crate) const ACCEPT_DRAW_BELOW: f32 = 0.45;

/// How the bot searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub shape: Shape,
    /// The limits without a deadline.
    pub untimed: Limits,
    /// The cap on the depth with a deadline.
    pub timed_max_depth: u8,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            shape: Shape { reply_width: 8, deep_width: 4, probe: true },
            untimed: Limits { max_depth: 2, max_nodes: 2_000_000 },
            timed_max_depth: TIMED_MAX_DEPTH,
        }
    }
}

/// The `expectimax-v2` bot with its configuration and evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct DeepeningBot<E: Evaluator = DefaultEvaluator> {
    pub config: Config,
    pub evaluator: E,
}

/// What [`DeepeningBot::run`] found.
enum Run {
    /// The first shortest king capture, by index: played at once.
    KingCapture(usize),
    /// The deadline passed before depth 1 completed: the material fallback.
    Fallback(Choice),
    Searched(Searched),
}

/// A completed search: the candidates in their final order, the first the choice.
struct Searched {
    cands: Vec<Candidate>,
    /// `order[..completed]` were searched at `depth`, sorted by value: the first's is exact,
    /// the others' are bounds at or below it (Star1 cuts); the rest follow in their last order.
    order: Vec<usize>,
    depth: u8,
    /// The deepest iteration did not reach every candidate it meant to.
    partial: bool,
    completed: usize,
}

/// A distinct post-turn position at the root.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// The first turn (canonical order) reaching it.
    turn: usize,
    post: Position,
    /// Its value from the last iteration that searched it.
    value: f32,
}

/// The transposition table's size for the time there is: larger for longer searches.
fn table_bits(deadline: Option<&Deadline<'_>>) -> u32 {
    match deadline {
        None => 17,
        Some(d) => match d.at.0.saturating_sub(d.now().0) / 1000 {
            0..200 => 16,
            200..5000 => 18,
            _ => 20,
        },
    }
}

impl<E: Evaluator> DeepeningBot<E> {
    /// A bot with this configuration.
    pub fn with_config(config: Config, evaluator: E) -> Self {
        DeepeningBot { config, evaluator }
    }

    /// The search with its statistics: `turns` are the legal turns of the roll `pos` in
    /// canonical order (non-empty).
    pub fn search(&self, pos: &Position, turns: &[Turn], deadline: Option<Deadline<'_>>) -> (Choice, DeepeningStats) {
        let mut s = self.searcher(deadline);
        let choice = match self.run(pos, turns, &mut s) {
            Run::KingCapture(i) => Choice::play(&turns[i], i64::from(WIN)),
            Run::Fallback(choice) => choice,
            Run::Searched(r) => {
                let c = &r.cands[r.order[0]];
                (s.stats.depth, s.stats.partial, s.stats.searched) = (r.depth, r.partial, r.completed);
                Choice::play(&turns[c.turn], (c.value * SCORE_SCALE).round() as i64)
            }
        };
        (choice, s.stats)
    }

    /// A searcher bounded by `deadline`, or without one by the untimed limits.
    fn searcher<'a>(&'a self, deadline: Option<Deadline<'a>>) -> Searcher<'a, E> {
        let limits = match deadline {
            None => self.config.untimed,
            Some(_) => Limits { max_depth: self.config.timed_max_depth, max_nodes: u64::MAX },
        };
        let bits = table_bits(deadline.as_ref());
        Searcher::new(&self.evaluator, self.config.shape, limits, deadline, bits)
    }

    /// The search of [`DeepeningBot::search`] on `s`.
    fn run(&self, pos: &Position, turns: &[Turn], s: &mut Searcher<'_, E>) -> Run {
        s.stats.legal_turns = turns.len();
        if let Some(i) = first_shortest_king_capture(turns) {
            return Run::KingCapture(i);
        }
        let mut seen: HashMap<Position, ()> = HashMap::with_capacity(turns.len());
        let mut cands: Vec<Candidate> = Vec::new();
        for (i, t) in turns.iter().enumerate() {
            // Merging the root turns reads the clock every 1024 turns, as their listing does
            // (BOTS.md §4.8): on the widest rolls it takes longer than the budget.
            if scan_interrupted(s.deadline(), i) {
                s.stats.candidates = cands.len();
                return Run::Fallback(material_fallback(pos, &cands, turns));
            }
            let post = t.post_turn();
            if seen.insert(post, ()).is_none() {
                cands.push(Candidate { turn: i, post, value: 0.0 });
            }
        }
        s.stats.candidates = cands.len();
        // Depth 1: every candidate by the evaluator.
        for i in 0..cands.len() {
            match s.evaluate(&cands[i].post) {
                Ok(v) => cands[i].value = 1.0 - v,
                Err(Abort) => return Run::Fallback(material_fallback(pos, &cands, turns)),
            }
        }
        let mut order: Vec<usize> = (0..cands.len()).collect();
        sort_by_value(&mut order, &cands);
        let max_depth = s.limits().max_depth;
        if cands.len() > 1 && max_depth >= 2 {
            order = self.pre_rank(pos, &cands, order, s);
        }
        let (mut depth, mut partial, mut completed) = (1u8, false, cands.len());
        if cands.len() > 1 {
            for d in 2..=max_depth {
                let width = if d == 2 { cands.len() } else { cands.len().min(self.config.shape.deep_width) };
                let (mut best, mut alpha, mut done) = (None, 0.0f32, 0);
                for &c in &order[..width] {
                    // The opponent's chance node, cut once it shows `c` is no better than the best.
                    match s.chance(&cands[c].post, d - 1, 0.0, 1.0 - alpha) {
                        Ok(u) => {
                            let v = 1.0 - u;
                            cands[c].value = v;
                            done += 1;
                            if best.is_none() || v > alpha {
                                (best, alpha) = (Some(c), v);
                            }
                        }
                        Err(Abort) => break,
                    }
                }
                if best.is_none() {
                    break;
                }
                (depth, partial, completed) = (d, done < width, done);
                // Completed candidates by their new values first (the best exact, the others
                // bounds at or below it), the others after, in order.
                let (mut searched, rest) = (order[..done].to_vec(), order[done..].to_vec());
                sort_by_value(&mut searched, &cands);
                order = searched.into_iter().chain(rest).collect();
                if done < width || s.out_of_time() {
                    break;
                }
            }
        }
        Run::Searched(Searched { cands, order, depth, partial, completed })
    }

    /// Orders the candidates by `expectimax`'s material chance node (BOTS.md §4.7), a cheap
    /// two-turn look that finds the best turn among the first few far more often than one turn
    /// of the evaluator; the candidates it has no time for keep their order after the others.
    /// With a deadline it takes at most `PRE_RANK_SHARE` of the time left.
    fn pre_rank(&self, pos: &Position, cands: &[Candidate], order: Vec<usize>, s: &mut Searcher<'_, E>) -> Vec<usize> {
        let share = s.deadline().map(|d| {
            let now = d.now();
            Deadline {
                clock: d.clock,
                at: Moment(now.0 + (d.at.0.saturating_sub(now.0)) * PRE_RANK_SHARE.0 / PRE_RANK_SHARE.1),
            }
        });
        let mut ranked: Vec<(usize, i64)> = Vec::with_capacity(order.len());
        for &c in &order {
            if s.tick(PRE_RANK_NODES).is_err() {
                break;
            }
            match chance_node(&cands[c].post, pos.turn(), share.as_ref()) {
                Some(sum) => ranked.push((c, sum)),
                None => break,
            }
        }
        let done = ranked.len();
        let sorted = crate::sort::order_by_key(done, |i| crate::sort::descending(ranked[i].1));
        sorted.into_iter().map(|i| ranked[i].0).chain(order[done..].iter().copied()).collect()
    }

    /// The bot's win probability for the side to move of `pos` (dice ignored): its depth-1
    /// chance node, the mean over the 56 rolls of the best turn by the evaluator.
    pub fn expected_score(&self, pos: &Position) -> f32 {
        let mut start = *pos;
        start.set_dice(Dice::EMPTY);
        let limits = Limits { max_depth: 1, max_nodes: u64::MAX };
        let mut s = Searcher::new(&self.evaluator, self.config.shape, limits, None, 10);
        s.chance(&start, 1, 0.0, 1.0).unwrap_or(0.5)
    }
}

/// The material fallback (BOTS.md §4.8) over the candidates merged so far (the first turn, score 0,
/// before any).
fn material_fallback(pos: &Position, cands: &[Candidate], turns: &[Turn]) -> Choice {
    material_choice(pos.turn(), cands.iter().map(|c| (&turns[c.turn], c.post)))
        .unwrap_or_else(|| Choice::play(&turns[0], 0))
}

/// Sorts candidate indices by value, best first, stably.
fn sort_by_value(order: &mut [usize], cands: &[Candidate]) {
    // Values are in [0, 1]; 2^32 steps keep every distinct f32 there apart in practice.
    crate::sort::sort_by_key(order, |&c| crate::sort::descending((f64::from(cands[c].value) * 4_294_967_296.0) as i64));
}

impl<E: Evaluator + 'static> Bot for DeepeningBot<E> {
    fn info(&self) -> BotInfo {
        E::BOT.info()
    }

    fn budgeting(&self) -> Budgeting {
        Budgeting::Budgeted { default_ms: Some(DEFAULT_BUDGET_MS) }
    }

    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        self.search(&roll, turns, ctx.deadline).0
    }

    /// The first shortest, timed or not.
    fn plays_a_shortest_king_capture(&self, _timed: bool) -> bool {
        true
    }

    fn decide(&self, question: Question, pos: &Position, _: &mut Rng) -> bool {
        let p = || self.expected_score(pos);
        match question {
            Question::OfferDouble => p() > OFFER_DOUBLE_ABOVE,
            Question::AcceptDouble => p() >= ACCEPT_DOUBLE_FROM,
            Question::OfferDraw => insufficient_material(pos) || p() < OFFER_DRAW_BELOW,
            Question::AcceptDraw => p() < ACCEPT_DRAW_BELOW,
        }
    }
}

//! The bot interface and the evaluation-based built-in bots (BOTS.md §4.1–§4.5).

use super::clock::Deadline;
use super::eval::{self, WIN};
use super::prng::Rng;
use super::turnlist::{nth_king_capture, Turn, TurnSampler};
use crate::{Color, Move, Position, Roll, Turns};

/// A bot's row in `getBotDetails()`; `getAvailableBots()` lists the rows without `takesBudget`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BotDetails"))]
pub struct BotInfo {
    pub id: String,
    pub name: String,
    pub description: String,
    pub difficulty: u32,
    pub is_experimental: bool,
    /// Whether `getBestMove` uses `timeBudgetMs` (the searching bots, and book bots over them); the
    /// others answer at once and report `budgetMs: 0`.
    // The one source is `Bot::budgeting` (BOTS.md §5.4: not `Budgeting::Instant`):
    // `Registry::bots` sets it; a bot's own `Bot::info` leaves it `false`.
    pub takes_budget: bool,
}

/// The doubling-cube and draw questions (BOTS.md §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Question {
    OfferDouble,
    AcceptDouble,
    OfferDraw,
    AcceptDraw,
}

/// How a bot uses time (BOTS.md §5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budgeting {
    /// Instant: ignores budgets, reports 0.
    Instant,
    /// Accepts a deadline; `default_ms` applies when the caller gives none (`None`: untimed).
    Budgeted { default_ms: Option<u64> },
}

/// What a bot is given besides the position: its random stream and, when timed, a deadline.
pub struct SearchContext<'a> {
    pub rng: &'a mut Rng,
    pub deadline: Option<Deadline<'a>>,
}

/// A bot's turn: the micro-moves (empty for a pass) and its score on the bot's scale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub moves: Vec<Move>,
    pub score: i64,
}

impl Choice {
    /// A pass: no moves, score 0.
    #[inline]
    pub fn pass() -> Choice {
        Choice { moves: Vec::new(), score: 0 }
    }

    /// Plays `turn` with `score`.
    pub fn play(turn: &Turn, score: i64) -> Choice {
        Choice { moves: turn.moves().to_vec(), score }
    }

    /// `true` for a pass.
    pub fn is_pass(&self) -> bool {
        self.moves.is_empty()
    }
}

/// A move-choosing bot. Implementations are immutable and shareable across threads.
pub trait Bot: Send + Sync {
    /// The bot's `getAvailableBots()` row (a fresh value).
    fn info(&self) -> BotInfo;

    /// Whether and how the bot uses a time budget.
    fn budgeting(&self) -> Budgeting {
        Budgeting::Instant
    }

    /// Chooses a turn for `roll` whose legal turns are `turns` in canonical order (non-empty):
    /// the caller has already settled passes.
    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice;

    /// A turn decided before the legal turns are listed, or `None` (the default). [`choose_turn`]
    /// asks it first, so that a decision that needs no search (an opening-book hit, BOOK.md §3) is
    /// not lost when a deadline passes during the root enumeration. It must be cheap, must draw
    /// from `ctx.rng` only when it returns a turn, and must agree with what
    /// [`choose`](Bot::choose) would play.
    ///
    /// [`choose_turn`]: super::choose_turn
    fn preempt(&self, _roll: Roll<'_>, _turns: &Turns, _ctx: &mut SearchContext<'_>) -> Option<Choice> {
        None
    }

    /// Whether on a roll with a king capture this bot plays what its [`choose`](Bot::choose)
    /// plays among the shortest king captures alone (`timed`: with a deadline): true of a bot
    /// that ranks a shorter king capture above everything and draws nothing before its choice.
    /// Then [`choose_turn`] lists only those, however many other turns the roll has. The default
    /// is `false`: the whole list.
    ///
    /// [`choose_turn`]: super::choose_turn
    fn plays_a_shortest_king_capture(&self, _timed: bool) -> bool {
        false
    }

    /// Visits the opening books this bot holds, its base's included, outermost first, as
    /// `(identity, size as given, entries)`; the same book gives the same identity. The registry's
    /// caps (BOOK.md §4.2) sum the distinct ones and count the visits as the nesting depth. The
    /// default holds none.
    fn held_books(&self, _visit: &mut dyn FnMut(usize, u64, u64)) {}

    /// Answers a doubling or draw question for the side to move of `pos` (dice ignored). The
    /// caller has already answered `false` for a finished game.
    fn decide(&self, question: Question, pos: &Position, rng: &mut Rng) -> bool;
}

/// `score(t, E)` (BOTS.md §2.2).
#[inline]
pub(crate) fn path_score(turn: &Turn, mover: Color, evaluator: fn(&Position, Color) -> i32) -> i32 {
    if turn.captures_king {
        WIN
    } else {
        evaluator(&turn.post_turn(), mover)
    }
}

/// The tie-break key of BOTS.md §2.4: `(score, pref)`, `pref = −len` for king captures.
#[inline]
pub(crate) fn key(turn: &Turn, score: i64) -> (i64, i64) {
    let pref = if score == i64::from(WIN) { -(turn.len() as i64) } else { 0 };
    (score, pref)
}

/// Picks among `turns` by the tie-break key of their `scores` with one uniform draw over the
/// maximal ones (BOTS.md §2.4). Returns the index and its score.
pub(crate) fn pick_by_key(turns: &[Turn], scores: &[i64], rng: &mut Rng) -> (usize, i64) {
    let best = turns.iter().zip(scores).map(|(t, &s)| key(t, s)).max().unwrap_or((0, 0));
    let tied: Vec<usize> = (0..turns.len()).filter(|&i| key(&turns[i], scores[i]) == best).collect();
    let i = tied[rng.index(tied.len())];
    (i, scores[i])
}

/// The built-in bots (BOTS.md §3.1), in table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    Random,
    CheckmateAware,
    Greedy,
    GreedyV2,
    Aggressive,
    MonteCarlo,
    Expectimax,
    ExpectimaxV2,
    ExpectimaxNnue,
}

/// A built-in's row of `getAvailableBots()`, as constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BuiltinRow {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub difficulty: u32,
    pub is_experimental: bool,
}

impl Builtin {
    /// Every built-in, in table order.
    pub const ALL: [Builtin; 9] = [
        Builtin::Random,
        Builtin::CheckmateAware,
        Builtin::Greedy,
        Builtin::GreedyV2,
        Builtin::Aggressive,
        Builtin::MonteCarlo,
        Builtin::Expectimax,
        Builtin::ExpectimaxV2,
        Builtin::ExpectimaxNnue,
    ];

    /// The bot an absent or unknown `algorithm` selects (BOTS.md §3.2).
    pub const DEFAULT: Builtin = Builtin::Greedy;

    /// Its `getAvailableBots()` row.
    pub(crate) const fn row(self) -> BuiltinRow {
        let (id, name, description, difficulty, is_experimental) = match self {
            Builtin::Random => ("random", "Random", "Makes a random valid move.", 1, false),
            Builtin::CheckmateAware => (
                "checkmate-aware",
                "Checkmate Aware",
                "Prioritizes immediate checkmate and king safety, but remains material-blind.",
                2,
                false,
            ),
            Builtin::Greedy => (
                "greedy",
                "Greedy",
                "Always tries to capture the highest value piece without considering consequences.",
                3,
                false,
            ),
            Builtin::GreedyV2 => (
                "greedy-v2",
                "Cautious Greedy",
                "Tries to capture the highest value piece, but avoids leaving the King exposed to immediate capture.",
                4,
                false,
            ),
            Builtin::Aggressive => (
                "aggressive",
                "Aggressive",
                "Actively hunts your pieces and targets your king, pushing pawns forward aggressively.",
                5,
                false,
            ),
            Builtin::MonteCarlo => (
                "monte-carlo",
                "Monte-Carlo",
                "Estimates the full-game win probability of each candidate turn with Rao-Blackwellized Monte-Carlo rollouts and plays the highest.",
                6,
                true,
            ),
            Builtin::Expectimax => (
                "expectimax",
                "Expectimax",
                "Looks one reply ahead: weighs all 56 dice rolls of the opponent by probability and assumes the strongest reply to each.",
                7,
                true,
            ),
            Builtin::ExpectimaxV2 => (
                "expectimax-v2",
                "Expectimax v2",
                "Thinks several turns ahead on a win probability: weighs every dice roll at each turn, prunes what cannot matter and uses all the time it is given.",
                8,
                true,
            ),
            Builtin::ExpectimaxNnue => (
                "expectimax-nnue",
                "Expectimax NNUE",
                "Searches like Expectimax v2, but judges positions with a neural network trained on the engine's own games.",
                9,
                true,
            ),
        };
        BuiltinRow { id, name, description, difficulty, is_experimental }
    }

    /// Its id.
    pub const fn id(self) -> &'static str {
        self.row().id
    }

    /// The built-in with this id, ASCII-case-insensitively.
    pub fn from_id(id: &str) -> Option<Builtin> {
        Builtin::ALL.into_iter().find(|b| b.id().eq_ignore_ascii_case(id))
    }

    /// Its row as a [`BotInfo`] (a fresh value).
    pub fn info(self) -> BotInfo {
        let row = self.row();
        BotInfo {
            id: row.id.to_owned(),
            name: row.name.to_owned(),
            description: row.description.to_owned(),
            difficulty: row.difficulty,
            is_experimental: row.is_experimental,
            takes_budget: false,
        }
    }
}

/// `E = evaluate(P, side to move)` and `p = 1 / (1 + exp(−E/400))` (BOTS.md §7.1).
pub fn decision_odds(pos: &Position) -> (i32, f64) {
    let e = eval::evaluate(pos, pos.turn());
    (e, 1.0 / (1.0 + (-f64::from(e) / 400.0).exp()))
}

/// The decisions of `greedy`, `checkmate-aware` and unknown ids.
fn decide_greedy(question: Question, pos: &Position) -> bool {
    question == Question::AcceptDouble && decision_odds(pos).1 > 0.25
}

/// The decisions of `greedy-v2` (and `expectimax`).
pub(super) fn decide_greedy_v2(question: Question, pos: &Position) -> bool {
    let (e, p) = decision_odds(pos);
    match question {
        Question::OfferDouble => p > 0.70,
        Question::AcceptDouble => p > 0.35,
        Question::OfferDraw => pos.fullmove_number() > 30 && e.abs() < 50,
        Question::AcceptDraw => e < -100,
    }
}

/// `random` (BOTS.md §4.1).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RandomBot;

impl Bot for RandomBot {
    fn info(&self) -> BotInfo {
        Builtin::Random.info()
    }

    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        let t = &turns[ctx.rng.index(turns.len())];
        Choice::play(t, i64::from(path_score(t, roll.turn(), eval::material)))
    }

    /// The same pick by index without listing the turns (issue 17): the turn `choose` plays on
    /// the whole list, found by `TurnSampler`; on a roll past the cap, uniform over all of them
    /// rather than over the sample.
    fn preempt(&self, roll: Roll<'_>, turns: &Turns, ctx: &mut SearchContext<'_>) -> Option<Choice> {
        let mut sampler = TurnSampler::default();
        let n = sampler.count(&roll, true);
        debug_assert_eq!(n, turns.count());
        let t = sampler.nth(ctx.rng.index(usize::try_from(n).ok()?) as u64)?;
        Some(Choice::play(&t, i64::from(path_score(&t, roll.turn(), eval::material))))
    }

    fn decide(&self, question: Question, _: &Position, rng: &mut Rng) -> bool {
        let threshold = match question {
            Question::OfferDouble => 0.15,
            Question::AcceptDouble => 0.50,
            Question::OfferDraw => 0.05,
            Question::AcceptDraw => 0.20,
        };
        rng.real() < threshold
    }
}

/// `checkmate-aware` (BOTS.md §4.2).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CheckmateAwareBot;

impl Bot for CheckmateAwareBot {
    fn info(&self) -> BotInfo {
        Builtin::CheckmateAware.info()
    }

    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        let captures: Vec<usize> = (0..turns.len()).filter(|&i| turns[i].captures_king).collect();
        if !captures.is_empty() {
            let i = captures[ctx.rng.index(captures.len())];
            return Choice::play(&turns[i], i64::from(WIN));
        }
        let mover = roll.turn();
        let safe: Vec<usize> =
            (0..turns.len()).filter(|&i| eval::king_safety(&turns[i].post_turn(), mover) == 0).collect();
        let i = if safe.is_empty() { ctx.rng.index(turns.len()) } else { safe[ctx.rng.index(safe.len())] };
        Choice::play(&turns[i], 0)
    }

    /// A roll with king captures: `choose`'s uniform draw over all of them, by index, without
    /// listing them (a roll can have hundreds of thousands; `choose_turn` lists only the shortest).
    fn preempt(&self, _: Roll<'_>, turns: &Turns, ctx: &mut SearchContext<'_>) -> Option<Choice> {
        let n = usize::try_from(turns.king_capture_count()).ok().filter(|&n| n > 0)?;
        let t = nth_king_capture(turns, ctx.rng.index(n) as u64)?;
        Some(Choice::play(&t, i64::from(WIN)))
    }

    fn decide(&self, question: Question, pos: &Position, _: &mut Rng) -> bool {
        decide_greedy(question, pos)
    }
}

/// The evaluator-plus-tie-break bots: `greedy`, `greedy-v2` and `aggressive` (BOTS.md §4.3–§4.5).
#[derive(Clone, Copy, Debug)]
pub(crate) struct EvalBot {
    builtin: Builtin,
    evaluator: fn(&Position, Color) -> i32,
    decisions: fn(Question, &Position) -> bool,
}

impl EvalBot {
    /// `greedy`: material.
    pub(crate) const GREEDY: EvalBot =
        EvalBot { builtin: Builtin::Greedy, evaluator: eval::material, decisions: decide_greedy };
    /// `greedy-v2`: material and the mover's own king safety.
    pub(crate) const GREEDY_V2: EvalBot =
        EvalBot { builtin: Builtin::GreedyV2, evaluator: eval::evaluate, decisions: decide_greedy_v2 };
    /// `aggressive`: storm, proximity and ring terms.
    pub(crate) const AGGRESSIVE: EvalBot =
        EvalBot { builtin: Builtin::Aggressive, evaluator: eval::aggressive, decisions: decide_aggressive };
}

fn decide_aggressive(question: Question, pos: &Position) -> bool {
    let p = decision_odds(pos).1;
    match question {
        Question::OfferDouble => p > 0.55,
        Question::AcceptDouble => p > 0.22,
        Question::OfferDraw | Question::AcceptDraw => false,
    }
}

impl Bot for EvalBot {
    fn info(&self) -> BotInfo {
        self.builtin.info()
    }

    fn choose(&self, roll: Roll<'_>, turns: &[Turn], ctx: &mut SearchContext<'_>) -> Choice {
        let mover = roll.turn();
        let scores: Vec<i64> = turns.iter().map(|t| i64::from(path_score(t, mover, self.evaluator))).collect();
        let (i, score) = pick_by_key(turns, &scores, ctx.rng);
        Choice::play(&turns[i], score)
    }

    /// The tie-break key's draw is over the shortest king captures (BOTS.md §2.4).
    fn plays_a_shortest_king_capture(&self, _timed: bool) -> bool {
        true
    }

    fn decide(&self, question: Question, pos: &Position, _: &mut Rng) -> bool {
        (self.decisions)(question, pos)
    }
}

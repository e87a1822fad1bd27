//! Bots at play (BOTS.md §10, BOOK.md §10–12): `best`, `arena` (with `--book`), `selfplay` and
//! `book distill`.
//!
//! The game loop of BOTS.md §10.3 lives here, once, for the arena and self-play: seeded dice and
//! per-player streams, the half-move draw, the 10 000-turn cap, move-time and clock deadlines.
//! Games run on a rayon pool; results are folded in game (or pair) index order, so an untimed run
//! does not depend on `--threads`.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{json, Value};

use dicechess::book::build::{process_line, Aggregator, BuildOptions, BuiltEntry};
use dicechess::book::distill::{opening_positions, rolls_of, searched_entry, PositionCounts};
use dicechess::book::playout::{judge, Judgement, Judging, Playout};
use dicechess::book::{lookup, Book, BookBot, Decision};
use dicechess::search::api::{get_best_move, BestMoveOptions};
use dicechess::search::stats::{self, SprtParams, Trinomial};
use dicechess::search::Clock as _;
use dicechess::search::{
    budget_ms, choose_turn, derive, policy_by_id, Bot, Budgeting, Builtin, ClockState, Deadline, GameSeeds, Registry,
    Rng, SystemClock, TimePolicy, ARENA_OVERHEAD_MS, HALFMOVE_DRAW, TURN_CAP,
};
use dicechess::{Color, Dice, Move, Position};

use super::book::{
    load_book, parse_seed, pool, positive, threads, write_built, write_output, BuildFormat, BuildReport,
};
use super::io::{self, Exit, Failure, Outcome};

// ---------------------------------------------------------------------------------------------------
// Arguments shared by the subcommands

/// A built-in bot id, ASCII-case-insensitively; returned in its canonical spelling. An unknown id
/// is a usage error (BOTS.md §10.1).
pub(super) fn bot_id(text: &str) -> Result<String, String> {
    Builtin::from_id(text).map(|b| b.id().to_owned()).ok_or_else(|| {
        let ids: Vec<&str> = Builtin::ALL.iter().map(|b| b.id()).collect();
        format!("unknown bot '{text}'; the bots are {}", ids.join(", "))
    })
}

fn policy_id(text: &str) -> Result<String, String> {
    policy_by_id(text).map(|_| text.to_ascii_lowercase()).ok_or_else(|| {
        format!("unknown time policy '{text}'; the policies are {}", dicechess::search::POLICY_IDS.join(", "))
    })
}

pub(super) fn non_negative(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| "expected a non-negative integer".to_owned())
}

/// One `--tc M+I`: whole minutes > 0, whole increment seconds ≥ 0; `M` alone has no increment.
fn time_control(tc: &str) -> Result<TimeControl, String> {
    let (m, i) = tc.split_once('+').unwrap_or((tc, "0"));
    let digits = |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    let bad = || format!("'{tc}' is not M+I (whole minutes > 0, whole increment seconds >= 0)");
    if !digits(m) || !digits(i) {
        return Err(bad());
    }
    let (m, i): (u64, u64) = (m.parse().map_err(|_| bad())?, i.parse().map_err(|_| bad())?);
    if m == 0 {
        return Err(bad());
    }
    Ok(TimeControl { label: tc.to_owned(), initial_ms: m * 60_000, increment_ms: i * 1000 })
}

/// `--sprt ELO0,ELO1,ALPHA,BETA`: finite elos, elo0 < elo1, 0 < α, β < 1.
fn sprt_params(text: &str) -> Result<SprtParams, String> {
    let parts: Vec<f64> = text
        .split(',')
        .map(|p| p.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("'{text}' is not ELO0,ELO1,ALPHA,BETA"))?;
    let [elo0, elo1, alpha, beta] = parts[..] else { return Err(format!("'{text}' is not ELO0,ELO1,ALPHA,BETA")) };
    if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
        return Err("the elos must be finite with ELO0 < ELO1".into());
    }
    if !(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0) {
        return Err("ALPHA and BETA must lie strictly between 0 and 1".into());
    }
    Ok(SprtParams { elo0, elo1, alpha, beta })
}

/// A start position: a DFEN whose dice are ignored (every turn is rolled).
fn start_position(dfen: &str) -> Result<Position, Failure> {
    let mut pos = Position::from_dfen(dfen).map_err(io::invalid_dfen)?;
    pos.set_dice(Dice::EMPTY);
    Ok(pos)
}

// ---------------------------------------------------------------------------------------------------
// best

#[derive(Debug, Args)]
pub struct BestArgs {
    /// The rolled position as DFEN with dice (one quoted argument, or its fields as separate words).
    #[arg(value_name = "DFEN", num_args = 1.., required = true)]
    dfen: Vec<String>,
    /// The bot.
    #[arg(long, value_name = "ID", default_value = "greedy", value_parser = bot_id)]
    bot: String,
    /// Time budget in ms for budgeted bots (monte-carlo defaults to 1000, expectimax to untimed).
    #[arg(long, value_name = "MS", value_parser = positive)]
    time: Option<usize>,
    /// Seed of the bot's random stream (default: system entropy).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    seed: Option<u64>,
    /// Decorate the bot with an opening book (TSV or binary).
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BestJson {
    bot: String,
    moves: Vec<String>,
    score: i64,
    time_taken_ms: u64,
    budget_ms: u64,
}

/// `dicechess best`: getBestMove on the command line; one JSON object on stdout.
pub fn best(args: BestArgs) -> Outcome {
    let dfen = io::joined_dfen(&args.dfen);
    Position::from_dfen(&dfen).map_err(io::invalid_dfen)?;
    let mut registry = Registry::new();
    let mut algorithm = args.bot.clone();
    if let Some(path) = &args.book {
        let (bot, _) = book_bot(&registry, &args.bot, path, BookRole::Bot)?;
        algorithm = bot.info().id;
        registry.register(bot).map_err(|e| Failure::invalid(e.to_string()))?;
    }
    let options = BestMoveOptions {
        algorithm: Some(algorithm.clone()),
        time_budget_ms: args.time.map(|t| t as f64),
        seed: args.seed,
        ..Default::default()
    };
    let clock = SystemClock::new();
    let entered = clock.now();
    let r = get_best_move(&registry, &dfen, &options, &clock, entered);
    let value = BestJson {
        bot: algorithm,
        moves: r.uci(),
        score: r.score,
        time_taken_ms: r.time_taken_ms,
        budget_ms: r.budget_ms,
    };
    let mut out = io::Output::new();
    out.line(&serde_json::to_string(&value).expect("a result serializes"))?;
    out.flush()?;
    Ok(Exit::Success)
}

// ---------------------------------------------------------------------------------------------------
// Bots with books

#[derive(Clone, Copy, PartialEq, Eq)]
enum BookRole {
    /// `--book`, `--white-book`, `--black-book`: `<id>-book`, `<Name> + Book`.
    Bot,
    /// `--baseline-book`: `<id>-baseline-book`, `<Name> + Baseline Book`.
    Baseline,
}

/// What a report says about a book.
#[derive(Clone, Debug, Serialize)]
struct BookJson {
    path: String,
    format: &'static str,
    entries: usize,
    keys: usize,
}

/// The built-in `base_id` decorated with the book at `path` (BOOK.md §12), and the book; a book
/// that does not load exits 1.
fn book_bot(
    registry: &Registry,
    base_id: &str,
    path: &str,
    role: BookRole,
) -> Result<(Arc<dyn Bot>, Arc<Book>), Failure> {
    let book = Arc::new(load_book(path)?);
    let base = registry.get(base_id).cloned().ok_or_else(|| Failure::invalid(format!("unknown bot {base_id}")))?;
    let info = base.info();
    let (id, name) = match role {
        BookRole::Bot => (format!("{}-book", info.id), format!("{} + Book", info.name)),
        BookRole::Baseline => (format!("{}-baseline-book", info.id), format!("{} + Baseline Book", info.name)),
    };
    // The CLI has no book caps (BOOK.md §11.1): the size is not tracked.
    let bot: Arc<dyn Bot> = Arc::new(BookBot::with_row(Arc::clone(&book), 0, base, &info.id, &id, &name));
    Ok((bot, book))
}

/// One player of a game: its bot, its book (for usage statistics) and its time policy.
#[derive(Clone)]
struct Player {
    bot: Arc<dyn Bot>,
    book: Option<(Arc<Book>, BookJson)>,
    policy: &'static dyn TimePolicy,
}

impl Player {
    fn plain(registry: &Registry, id: &str, policy: &str) -> Player {
        Player {
            bot: registry.get(id).cloned().expect("ids are checked by clap"),
            book: None,
            policy: policy_by_id(policy).expect("policies are checked by clap"),
        }
    }

    fn with_book(registry: &Registry, id: &str, policy: &str, path: &str, role: BookRole) -> Result<Player, Failure> {
        let (bot, book) = book_bot(registry, id, path, role)?;
        let meta =
            BookJson { path: path.to_owned(), format: book.format(), entries: book.entries(), keys: book.keys() };
        Ok(Player {
            bot,
            book: Some((book, meta)),
            policy: policy_by_id(policy).expect("policies are checked by clap"),
        })
    }

    fn id(&self) -> String {
        self.bot.info().id
    }
}

// ---------------------------------------------------------------------------------------------------
// The game loop (BOTS.md §10.3–10.4)

/// A time control `M+I`.
#[derive(Clone, Debug)]
struct TimeControl {
    label: String,
    initial_ms: u64,
    increment_ms: u64,
}

/// How budgeted bots get their deadlines.
#[derive(Clone, Debug)]
enum Timing {
    /// Untimed modes (`--move-time 0`).
    Untimed,
    /// A fixed budget per turn.
    PerMove(u64),
    /// Chess clocks with an increment.
    Clock(TimeControl),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Termination {
    KingCapture,
    HalfmoveClock,
    TurnCap,
    Flag,
}

impl Termination {
    fn as_str(self) -> &'static str {
        match self {
            Termination::KingCapture => "king-capture",
            Termination::HalfmoveClock => "halfmove-clock",
            Termination::TurnCap => "turn-cap",
            Termination::Flag => "time-forfeit",
        }
    }
}

/// One turn as played.
struct PlayedTurn {
    mover: Color,
    dice: Dice,
    moves: Vec<Move>,
    micros: u64,
}

/// A side's book usage in one game or summed over games (BOOK.md §12).
#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    turns: u64,
    book_turns: u64,
    king_captures: u64,
    stale: u64,
    misses: u64,
    /// Turns played from the book before the first non-book turn (this game), or their sum.
    depth: u64,
    games: u64,
}

impl Usage {
    fn add(&mut self, other: &Usage) {
        self.turns += other.turns;
        self.book_turns += other.book_turns;
        self.king_captures += other.king_captures;
        self.stale += other.stale;
        self.misses += other.misses;
        self.depth += other.depth;
        self.games += other.games;
    }
}

/// A finished game.
struct Game {
    winner: Option<Color>,
    termination: Termination,
    turns: Vec<PlayedTurn>,
    /// Book usage by colour (zero for a side without a book).
    usage: [Usage; 2],
}

/// Plays one game from `start` (BOTS.md §10.3): `players` by colour index (White, Black).
fn play_game(start: &Position, seeds: GameSeeds, players: [&Player; 2], timing: &Timing) -> Game {
    let clock = SystemClock::new();
    let mut dice_rng = Rng::from_seed(seeds.dice);
    let mut rngs = [Rng::from_seed(seeds.white), Rng::from_seed(seeds.black)];
    let (initial, increment) = match timing {
        Timing::Clock(tc) => (tc.initial_ms as i64, tc.increment_ms as i64),
        _ => (0, 0),
    };
    let mut remaining = [initial; 2];
    let mut pos = *start;
    pos.set_dice(Dice::EMPTY);
    let mut turns = Vec::new();
    let mut usage = [Usage::default(); 2];
    let mut in_book = [true; 2];
    for u in &mut usage {
        u.games = 1;
    }
    let (winner, termination) = loop {
        if pos.halfmove_clock() >= HALFMOVE_DRAW {
            break (None, Termination::HalfmoveClock);
        }
        if turns.len() >= TURN_CAP {
            break (None, Termination::TurnCap);
        }
        let dice = dice_rng.roll();
        pos.set_dice(dice);
        let mover = pos.turn();
        let i = mover.index();
        let player = players[i];
        if let Some((book, _)) = &player.book {
            let u = &mut usage[i];
            u.turns += 1;
            let from_book = match lookup(book, &pos) {
                Decision::Miss => {
                    u.misses += 1;
                    false
                }
                Decision::Stale => {
                    u.stale += 1;
                    false
                }
                Decision::KingCapture(_) => {
                    u.king_captures += 1;
                    false
                }
                Decision::Book(_) => {
                    u.book_turns += 1;
                    true
                }
            };
            in_book[i] &= from_book;
            u.depth += u64::from(in_book[i]);
        }
        let started = clock.now();
        let budget = match timing {
            Timing::Untimed => None,
            Timing::PerMove(ms) => Some(*ms),
            Timing::Clock(_) => {
                let state = ClockState {
                    remaining_ms: remaining[i].max(0),
                    increment_ms: increment,
                    move_number: i32::try_from(pos.fullmove_number()).unwrap_or(i32::MAX),
                    moves_to_go: None,
                };
                Some(budget_ms(player.policy, &state, ARENA_OVERHEAD_MS).max(0) as u64)
            }
        };
        let deadline = match (player.bot.budgeting(), budget) {
            (Budgeting::Budgeted { .. }, Some(b)) => Some(Deadline { clock: &clock, at: started.plus_ms(b) }),
            _ => None,
        };
        let choice = choose_turn(player.bot.as_ref(), &pos, &mut rngs[i], deadline);
        let micros = clock.now().0.saturating_sub(started.0);
        turns.push(PlayedTurn { mover, dice, moves: choice.moves.clone(), micros });
        if let Timing::Clock(_) = timing {
            remaining[i] -= (micros / 1000) as i64;
            if remaining[i] < 0 {
                break (Some(mover.opponent()), Termination::Flag);
            }
            remaining[i] += increment;
        }
        if pos.play_turn(&choice.moves) {
            break (Some(mover), Termination::KingCapture);
        }
    };
    Game { winner, termination, turns, usage }
}

/// A progress display (BOTS.md §10.7): an indicatif bar on a terminal, else a plain line every
/// 10 %, nothing with `--quiet`.
struct Progress {
    label: String,
    bar: Option<ProgressBar>,
    plain: bool,
    total: u64,
    decile: AtomicU64,
}

impl Progress {
    fn new(label: &str, total: u64, quiet: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = (!quiet && terminal).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(10));
            let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg} {elapsed} ETA {eta}")
                .expect("a valid template")
                .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(label.to_owned());
            bar
        });
        Progress { label: label.to_owned(), bar, plain: !quiet && !terminal, total, decile: AtomicU64::new(0) }
    }

    fn update(&self, done: u64, message: impl FnOnce() -> String) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            bar.set_message(message());
        } else if self.plain && self.total > 0 {
            let decile = done * 10 / self.total;
            if decile > self.decile.fetch_max(decile, Ordering::Relaxed) {
                eprintln!("{} {}% {}", self.label, decile * 10, message());
            }
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// arena

#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The bot under test (default monte-carlo; with --book, aggressive).
    #[arg(long, value_name = "ID", value_parser = bot_id)]
    bot: Option<String>,
    /// The baselines, comma-separated (default aggressive; with --book, the --bot id).
    #[arg(long, value_name = "ID[,ID…]", value_delimiter = ',', value_parser = bot_id)]
    baseline: Option<Vec<String>>,
    /// Pairs per match (a cap with --sprt).
    #[arg(long, value_name = "N", default_value = "100", value_parser = positive)]
    pairs: usize,
    /// Master seed of the dice and player streams.
    #[arg(long, value_name = "S", default_value = "42", value_parser = parse_seed)]
    seed: u64,
    /// Time controls M+I (minutes + increment seconds), comma-separated: one match each.
    #[arg(long, value_name = "M+I[,M+I…]", value_delimiter = ',', value_parser = time_control)]
    tc: Option<Vec<TimeControl>>,
    /// Budget per turn of budgeted bots in untimed matches (0 = their untimed modes).
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = non_negative)]
    move_time: u64,
    /// Time policy of the bot under test with --tc.
    #[arg(long, value_name = "ID", default_value = "empirical-v1", value_parser = policy_id)]
    bot_time_policy: String,
    /// Time policy of the baselines with --tc.
    #[arg(long, value_name = "ID", default_value = "empirical-v1", value_parser = policy_id)]
    baseline_time_policy: String,
    /// Sequential probability ratio test; stops a match at a verdict.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = sprt_params)]
    sprt: Option<SprtParams>,
    /// Start position (dice ignored); default the standard start.
    #[arg(long, value_name = "DFEN", conflicts_with = "openings")]
    start: Option<String>,
    /// One start DFEN per line; pair i starts from line i mod lines.
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// Worker threads (default: the available cores).
    #[arg(long, value_name = "K", value_parser = positive)]
    threads: Option<usize>,
    /// Write the JSON report to PATH.
    #[arg(long, value_name = "PATH")]
    json: Option<String>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
    /// Decorate the bot under test with this opening book.
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
    /// Decorate every baseline with this opening book.
    #[arg(long, value_name = "FILE")]
    baseline_book: Option<String>,
}

/// One pair's results from A's point of view.
struct PairResult {
    /// A's score ×2 in game 0 (A White) and game 1 (A Black): 0 loss, 1 draw, 2 win.
    scores: [u8; 2],
    turn_cap_draws: u64,
    /// Flags of A and B.
    flags: [u64; 2],
    /// A's turn times (µs).
    latencies: Vec<u64>,
    /// Book usage of A and B.
    usage: [Usage; 2],
}

/// Results of the first pairs of a match, folded in index order.
#[derive(Default)]
struct Tally {
    pairs: u64,
    /// Indexed by A's colour: wins, losses, draws.
    wins: [u64; 2],
    losses: [u64; 2],
    draws: [u64; 2],
    turn_cap_draws: u64,
    flags: [u64; 2],
    pentanomial: [u64; 5],
    latencies: Vec<u64>,
    usage: [Usage; 2],
}

impl Tally {
    fn add(&mut self, r: &PairResult) {
        self.pairs += 1;
        for (colour, &s) in r.scores.iter().enumerate() {
            match s {
                2 => self.wins[colour] += 1,
                1 => self.draws[colour] += 1,
                _ => self.losses[colour] += 1,
            }
        }
        self.pentanomial[usize::from(r.scores[0] + r.scores[1])] += 1;
        self.turn_cap_draws += r.turn_cap_draws;
        self.flags[0] += r.flags[0];
        self.flags[1] += r.flags[1];
        self.latencies.extend_from_slice(&r.latencies);
        self.usage[0].add(&r.usage[0]);
        self.usage[1].add(&r.usage[1]);
    }

    fn total(v: [u64; 2]) -> u64 {
        v[0] + v[1]
    }

    fn games(&self) -> u64 {
        2 * self.pairs
    }

    /// The score fraction.
    fn score(&self) -> f64 {
        let w = Tally::total(self.wins) as f64;
        let d = Tally::total(self.draws) as f64;
        if self.pairs == 0 {
            return 0.0;
        }
        (w + d / 2.0) / self.games() as f64
    }

    fn ci_half_width_percent(&self) -> Option<f64> {
        stats::pair_stats(self.pentanomial).ci95_half_width_percent
    }

    fn trinomial(&self) -> Trinomial {
        Trinomial { losses: Tally::total(self.losses), draws: Tally::total(self.draws), wins: Tally::total(self.wins) }
    }

    fn status(&self, sprt: Option<SprtParams>) -> String {
        let ci = self.ci_half_width_percent().map_or_else(String::new, |h| format!(" ± {h:.1}"));
        let mut s = format!(
            "W-L-D {}-{}-{}  score {:.1}%{ci}",
            Tally::total(self.wins),
            Tally::total(self.losses),
            Tally::total(self.draws),
            self.score() * 100.0
        );
        if let Some(p) = sprt {
            let r = stats::sprt(self.pentanomial, Trinomial::default(), p);
            s.push_str(&format!("  LLR {:.2} [{:.2}, {:.2}]", r.llr, r.lower, r.upper));
        }
        s
    }
}

/// One match: the players and the time control.
struct Match {
    a: Player,
    b: Player,
    timing: Timing,
    tc: Option<TimeControl>,
}

/// A match's outcome.
struct MatchOutcome {
    tally: Tally,
    stopped_by_sprt: bool,
    duration: Duration,
}

/// The start of pair `i`.
fn start_of(starts: &[Position], i: usize) -> Position {
    starts[i % starts.len()]
}

fn play_pair(m: &Match, starts: &[Position], seed: u64, i: usize) -> PairResult {
    let n = 8 * i as u64;
    let start = start_of(starts, i);
    let first = GameSeeds::of_game(seed, i as u64);
    let g0 = play_game(&start, first, [&m.a, &m.b], &m.timing);
    // The second game: the same dice, fresh player streams.
    let second = GameSeeds { dice: first.dice, white: derive(seed, n + 3), black: derive(seed, n + 4) };
    let g1 = play_game(&start, second, [&m.b, &m.a], &m.timing);
    let mut r = PairResult {
        scores: [1, 1],
        turn_cap_draws: 0,
        flags: [0, 0],
        latencies: Vec::new(),
        usage: [Usage::default(); 2],
    };
    for (k, (game, a_colour)) in [(&g0, Color::White), (&g1, Color::Black)].into_iter().enumerate() {
        r.scores[k] = match game.winner {
            Some(c) if c == a_colour => 2,
            Some(_) => 0,
            None => 1,
        };
        r.turn_cap_draws += u64::from(game.termination == Termination::TurnCap);
        if game.termination == Termination::Flag {
            // The flagged side is the loser.
            let a_lost = game.winner != Some(a_colour);
            r.flags[usize::from(!a_lost)] += 1;
        }
        r.latencies.extend(game.turns.iter().filter(|t| t.mover == a_colour).map(|t| t.micros));
        r.usage[0].add(&game.usage[a_colour.index()]);
        r.usage[1].add(&game.usage[a_colour.opponent().index()]);
    }
    r
}

/// Runs a match on `pool`: workers take pairs in index order; completed pairs are folded in index
/// order; with SPRT, the first decisive prefix ends the match and later pairs are discarded.
fn run_match(
    m: &Match,
    starts: &[Position],
    args: &ArenaArgs,
    pool: &rayon::ThreadPool,
    workers: usize,
    label: &str,
) -> MatchOutcome {
    let started = Instant::now();
    let progress = Progress::new(label, args.pairs as u64, args.quiet);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    struct Shared {
        pending: BTreeMap<usize, PairResult>,
        tally: Tally,
        decided: bool,
    }
    let shared = Mutex::new(Shared { pending: BTreeMap::new(), tally: Tally::default(), decided: false });
    pool.scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|_| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= args.pairs {
                    break;
                }
                let result = play_pair(m, starts, args.seed, i);
                let mut s = shared.lock().unwrap_or_else(|p| p.into_inner());
                if s.decided {
                    break;
                }
                s.pending.insert(i, result);
                loop {
                    let key = s.tally.pairs as usize;
                    let Some(r) = s.pending.remove(&key) else { break };
                    s.tally.add(&r);
                    if let Some(p) = args.sprt {
                        if stats::sprt(s.tally.pentanomial, Trinomial::default(), p).verdict != stats::Verdict::Continue
                        {
                            s.decided = true;
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                }
                let done = s.tally.pairs;
                progress.update(done, || s.tally.status(args.sprt));
            });
        }
    });
    progress.finish();
    let shared = shared.into_inner().unwrap_or_else(|p| p.into_inner());
    MatchOutcome { tally: shared.tally, stopped_by_sprt: shared.decided, duration: started.elapsed() }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BotJson {
    id: String,
    name: String,
    time_policy: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    book: Option<BookJson>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TcJson {
    label: String,
    initial_ms: u64,
    increment_ms: u64,
}

#[derive(Serialize)]
struct SplitJson {
    white: u64,
    black: u64,
    total: u64,
}

impl SplitJson {
    fn of(v: [u64; 2]) -> SplitJson {
        SplitJson { white: v[0], black: v[1], total: v[0] + v[1] }
    }
}

#[derive(Serialize)]
struct FlagsJson {
    bot: u64,
    baseline: u64,
}

#[derive(Serialize)]
struct PentJson {
    n0: u64,
    n1: u64,
    n2: u64,
    n3: u64,
    n4: u64,
    total: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResolutionJson {
    pair_score_sd: Option<f64>,
    game_score_sd: Option<f64>,
    ci95_half_width_percent: Option<f64>,
    variance_reduction: Option<f64>,
    games_to_resolve2pc_paired: Option<u64>,
    games_to_resolve2pc_unpaired: Option<u64>,
    games_to_resolve3pc_paired: Option<u64>,
    games_to_resolve3pc_unpaired: Option<u64>,
}

#[derive(Serialize)]
struct SprtJson {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    llr: f64,
    lower: f64,
    upper: f64,
    verdict: &'static str,
    observations: u64,
}

#[derive(Serialize)]
struct LatencyJson {
    count: u64,
    p50: Option<f64>,
    p95: Option<f64>,
    p99: Option<f64>,
    max: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UsageJson {
    turns: u64,
    book_turns: u64,
    king_captures: u64,
    stale: u64,
    misses: u64,
    mean_book_depth: Option<f64>,
}

impl UsageJson {
    fn of(u: &Usage) -> UsageJson {
        UsageJson {
            turns: u.turns,
            book_turns: u.book_turns,
            king_captures: u.king_captures,
            stale: u.stale,
            misses: u.misses,
            mean_book_depth: (u.games > 0).then(|| u.depth as f64 / u.games as f64),
        }
    }
}

#[derive(Serialize)]
struct BookUsageJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<UsageJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<UsageJson>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MatchJson {
    baseline: BotJson,
    time_control: Option<TcJson>,
    move_time_ms: Option<u64>,
    pairs_requested: u64,
    pairs_played: u64,
    games: u64,
    stop_reason: &'static str,
    wins: SplitJson,
    losses: SplitJson,
    draws: SplitJson,
    turn_cap_draws: u64,
    flags: FlagsJson,
    score_percent: f64,
    ci95_half_width_percent: Option<f64>,
    elo: Option<f64>,
    elo_ci95: Option<[f64; 2]>,
    pairs: PentJson,
    resolution: ResolutionJson,
    sprt: Option<SprtJson>,
    latency_ms: LatencyJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    book_usage: Option<BookUsageJson>,
    duration_ms: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArenaJson {
    kind: &'static str,
    schema_version: u32,
    engine_version: &'static str,
    seed: Value,
    threads: usize,
    bot: BotJson,
    start_dfen: Option<String>,
    openings: Option<String>,
    matches: Vec<MatchJson>,
}

/// A seed in a JSON report: a number up to 2⁵³, else its decimal string.
fn seed_json(seed: u64) -> Value {
    if seed <= 1 << 53 {
        json!(seed)
    } else {
        json!(seed.to_string())
    }
}

/// Nearest-rank percentile of sorted values, in ms.
fn percentile(sorted: &[u64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil().max(1.0) as usize;
    Some(sorted[rank.min(sorted.len()) - 1] as f64 / 1000.0)
}

fn bot_json(p: &Player, policy: &str) -> BotJson {
    let info = p.bot.info();
    BotJson {
        id: info.id,
        name: info.name,
        time_policy: policy.to_owned(),
        book: p.book.as_ref().map(|(_, m)| m.clone()),
    }
}

fn match_json(m: &Match, out: &MatchOutcome, args: &ArenaArgs) -> MatchJson {
    let t = &out.tally;
    let s = t.score();
    let h = t.ci_half_width_percent();
    let res = stats::resolution(t.pentanomial, t.trinomial());
    let elo_ci = h.and_then(|h| {
        let (lo, hi) = (s - h / 100.0, s + h / 100.0);
        Some([stats::elo_of_score(lo)?, stats::elo_of_score(hi)?])
    });
    let mut lat = t.latencies.clone();
    lat.sort_unstable();
    let sprt = args.sprt.map(|p| {
        let r = stats::sprt(t.pentanomial, Trinomial::default(), p);
        SprtJson {
            elo0: p.elo0,
            elo1: p.elo1,
            alpha: p.alpha,
            beta: p.beta,
            llr: r.llr,
            lower: r.lower,
            upper: r.upper,
            verdict: r.verdict.as_str(),
            observations: r.observations,
        }
    });
    let book_usage = (m.a.book.is_some() || m.b.book.is_some()).then(|| BookUsageJson {
        bot: m.a.book.as_ref().map(|_| UsageJson::of(&t.usage[0])),
        baseline: m.b.book.as_ref().map(|_| UsageJson::of(&t.usage[1])),
    });
    MatchJson {
        baseline: bot_json(&m.b, &args.baseline_time_policy),
        time_control: m.tc.as_ref().map(|tc| TcJson {
            label: tc.label.clone(),
            initial_ms: tc.initial_ms,
            increment_ms: tc.increment_ms,
        }),
        move_time_ms: m.tc.is_none().then_some(args.move_time),
        pairs_requested: args.pairs as u64,
        pairs_played: t.pairs,
        games: t.games(),
        stop_reason: if out.stopped_by_sprt { "sprt" } else { "completed" },
        wins: SplitJson::of(t.wins),
        losses: SplitJson::of(t.losses),
        draws: SplitJson::of(t.draws),
        turn_cap_draws: t.turn_cap_draws,
        flags: FlagsJson { bot: t.flags[0], baseline: t.flags[1] },
        score_percent: s * 100.0,
        ci95_half_width_percent: h,
        elo: stats::elo_of_score(s),
        elo_ci95: elo_ci,
        pairs: PentJson {
            n0: t.pentanomial[0],
            n1: t.pentanomial[1],
            n2: t.pentanomial[2],
            n3: t.pentanomial[3],
            n4: t.pentanomial[4],
            total: t.pairs,
        },
        resolution: ResolutionJson {
            pair_score_sd: res.pair_score_sd,
            game_score_sd: res.game_score_sd,
            ci95_half_width_percent: h,
            variance_reduction: res.variance_reduction,
            games_to_resolve2pc_paired: res.games_to_resolve_2pc_paired,
            games_to_resolve2pc_unpaired: res.games_to_resolve_2pc_unpaired,
            games_to_resolve3pc_paired: res.games_to_resolve_3pc_paired,
            games_to_resolve3pc_unpaired: res.games_to_resolve_3pc_unpaired,
        },
        sprt,
        latency_ms: LatencyJson {
            count: lat.len() as u64,
            p50: percentile(&lat, 50.0),
            p95: percentile(&lat, 95.0),
            p99: percentile(&lat, 99.0),
            max: percentile(&lat, 100.0),
        },
        book_usage,
        duration_ms: out.duration.as_millis() as u64,
    }
}

/// The start positions of an arena: `--openings` lines, `--start`, or the standard start.
fn arena_starts(args: &ArenaArgs) -> Result<Vec<Position>, Failure> {
    if let Some(path) = &args.openings {
        let bytes = super::book::read_input(path)?;
        let text = String::from_utf8(bytes).map_err(|_| Failure::io(format!("cannot read {path}: invalid UTF-8")))?;
        let mut starts = Vec::new();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let pos = start_position(line.trim())
                .map_err(|e| Failure::invalid(format!("{path}:{}: {}", n + 1, e.message)))?;
            starts.push(pos);
        }
        if starts.is_empty() {
            return Err(Failure::invalid(format!("{path}: no opening")));
        }
        return Ok(starts);
    }
    match &args.start {
        Some(dfen) => Ok(vec![start_position(dfen)?]),
        None => Ok(vec![Position::initial()]),
    }
}

/// `dicechess arena` (BOTS.md §10, BOOK.md §12).
pub fn arena(args: ArenaArgs) -> Outcome {
    let registry = Registry::new();
    let default_bot = if args.book.is_some() { "aggressive" } else { "monte-carlo" };
    let bot_id = args.bot.clone().unwrap_or_else(|| default_bot.to_owned());
    let baselines = args
        .baseline
        .clone()
        .unwrap_or_else(|| vec![if args.book.is_some() { bot_id.clone() } else { "aggressive".to_owned() }]);
    let starts = arena_starts(&args)?;
    let a = match &args.book {
        Some(path) => Player::with_book(&registry, &bot_id, &args.bot_time_policy, path, BookRole::Bot)?,
        None => Player::plain(&registry, &bot_id, &args.bot_time_policy),
    };
    let mut bs = Vec::new();
    for id in &baselines {
        bs.push(match &args.baseline_book {
            Some(path) => Player::with_book(&registry, id, &args.baseline_time_policy, path, BookRole::Baseline)?,
            None => Player::plain(&registry, id, &args.baseline_time_policy),
        });
    }
    let workers = threads(args.threads);
    let pool = pool(workers)?;
    let timings: Vec<(Timing, Option<TimeControl>)> = match &args.tc {
        Some(tcs) => tcs.iter().map(|tc| (Timing::Clock(tc.clone()), Some(tc.clone()))).collect(),
        None if args.move_time == 0 => vec![(Timing::Untimed, None)],
        None => vec![(Timing::PerMove(args.move_time), None)],
    };
    let mut matches_json = Vec::new();
    let mut out = io::Output::new();
    out.line(&format!(
        "{:<28} {:<28} {:>8} {:>7} {:>15} {:>16} {:>7} {:>9} {:>9}",
        "bot", "baseline", "tc", "pairs", "W-L-D", "score", "elo", "sprt", "time"
    ))?;
    for b in &bs {
        for (timing, tc) in &timings {
            let m = Match { a: a.clone(), b: b.clone(), timing: timing.clone(), tc: tc.clone() };
            let tc_label = match (tc, timing) {
                (Some(tc), _) => tc.label.clone(),
                (None, Timing::Untimed) => "untimed".to_owned(),
                (None, _) => format!("{}ms", args.move_time),
            };
            let label = format!("{} vs {} {tc_label}", a.id(), b.id());
            let outcome = run_match(&m, &starts, &args, &pool, workers, &label);
            let t = &outcome.tally;
            let ci = t.ci_half_width_percent().map_or_else(|| "n/a".to_owned(), |h| format!("{h:.1}"));
            let verdict =
                args.sprt.map_or("-", |p| stats::sprt(t.pentanomial, Trinomial::default(), p).verdict.as_str());
            out.line(&format!(
                "{:<28} {:<28} {:>8} {:>7} {:>15} {:>16} {:>7} {:>9} {:>8.1}s",
                a.id(),
                b.id(),
                tc_label,
                t.pairs,
                format!("{}-{}-{}", Tally::total(t.wins), Tally::total(t.losses), Tally::total(t.draws)),
                format!("{:.1}% ± {ci}", t.score() * 100.0),
                stats::elo_of_score(t.score()).map_or_else(|| "n/a".to_owned(), |e| format!("{e:.0}")),
                verdict,
                outcome.duration.as_secs_f64()
            ))?;
            out.flush()?;
            matches_json.push(match_json(&m, &outcome, &args));
        }
    }
    if let Some(path) = &args.json {
        let report = ArenaJson {
            kind: if args.book.is_some() { "book_arena" } else { "arena" },
            schema_version: 1,
            engine_version: env!("CARGO_PKG_VERSION"),
            seed: seed_json(args.seed),
            threads: workers,
            bot: bot_json(&a, &args.bot_time_policy),
            start_dfen: if args.openings.is_some() { None } else { Some(starts[0].to_dfen()) },
            openings: args.openings.clone(),
            matches: matches_json,
        };
        let mut text = serde_json::to_string_pretty(&report).expect("a report serializes");
        text.push('\n');
        write_output(path, text.as_bytes())?;
    }
    Ok(Exit::Success)
}

// ---------------------------------------------------------------------------------------------------
// selfplay

#[derive(Debug, Args)]
pub struct SelfplayArgs {
    /// Where to write the games, one JSON line per game (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    #[command(flatten)]
    games: GamesArgs,
}

/// The self-play options shared by `selfplay` and `book distill`.
#[derive(Debug, Args)]
struct GamesArgs {
    /// White's bot.
    #[arg(long, value_name = "ID", default_value = "aggressive", value_parser = bot_id)]
    white: String,
    /// Black's bot (default: the same as --white).
    #[arg(long, value_name = "ID", value_parser = bot_id)]
    black: Option<String>,
    /// Number of games.
    #[arg(long, value_name = "N", default_value = "1000", value_parser = positive)]
    games: usize,
    /// Master seed of the dice and player streams.
    #[arg(long, value_name = "S", default_value = "42", value_parser = parse_seed)]
    seed: u64,
    /// Odd games exchange the bots' colours.
    #[arg(long)]
    swap: bool,
    /// Start position (dice ignored); default the standard start.
    #[arg(long, value_name = "DFEN")]
    start: Option<String>,
    /// Budget per turn of budgeted bots (0 = their untimed modes).
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = non_negative)]
    move_time: u64,
    /// Decorate White's bot with an opening book.
    #[arg(long, value_name = "PATH")]
    white_book: Option<String>,
    /// Decorate Black's bot with an opening book.
    #[arg(long, value_name = "PATH")]
    black_book: Option<String>,
    /// Write each turn's thinking time (`timeMs`).
    #[arg(long)]
    timings: bool,
    /// Worker threads (default: the available cores).
    #[arg(long, value_name = "K", value_parser = positive)]
    threads: Option<usize>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TurnJson {
    dice: String,
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<u64>,
}

#[derive(Serialize)]
struct RecordJson<'a> {
    id: String,
    white: &'a str,
    black: &'a str,
    result: &'static str,
    /// The `--start` position (BOOK.md §8), DFEN without dice; absent for the standard start.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<&'a str>,
    termination: &'static str,
    turns: Vec<TurnJson>,
}

/// Plays the games of `args` and returns one JSON line per game, in game-index order.
fn self_play(args: &GamesArgs) -> Result<Vec<String>, Failure> {
    let registry = Registry::new();
    let start = match &args.start {
        Some(dfen) => start_position(dfen)?,
        None => Position::initial(),
    };
    let start_dfen = args.start.as_ref().map(|_| start.to_dfen());
    let black_id = args.black.clone().unwrap_or_else(|| args.white.clone());
    let side = |id: &str, book: &Option<String>| -> Result<Player, Failure> {
        match book {
            Some(path) => Player::with_book(&registry, id, "empirical-v1", path, BookRole::Bot),
            None => Ok(Player::plain(&registry, id, "empirical-v1")),
        }
    };
    let white = side(&args.white, &args.white_book)?;
    let black = side(&black_id, &args.black_book)?;
    let (white_id, black_id) = (white.id(), black.id());
    let timing = if args.move_time == 0 { Timing::Untimed } else { Timing::PerMove(args.move_time) };
    let workers = threads(args.threads);
    let pool = pool(workers)?;
    let progress = Progress::new("selfplay", args.games as u64, args.quiet);
    let done = AtomicU64::new(0);
    let lines: Vec<String> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|g| {
                let swapped = args.swap && g % 2 == 1;
                let (w, b, wid, bid) = if swapped {
                    (&black, &white, &black_id, &white_id)
                } else {
                    (&white, &black, &white_id, &black_id)
                };
                let game = play_game(&start, GameSeeds::of_game(args.seed, g as u64), [w, b], &timing);
                let record = RecordJson {
                    id: format!("{}-{g}", args.seed),
                    white: wid,
                    black: bid,
                    result: match game.winner {
                        Some(Color::White) => "1-0",
                        Some(Color::Black) => "0-1",
                        None => "1/2-1/2",
                    },
                    start: start_dfen.as_deref(),
                    termination: game.termination.as_str(),
                    turns: game
                        .turns
                        .iter()
                        .map(|t| TurnJson {
                            dice: t.dice.to_field(t.mover),
                            moves: t.moves.iter().map(Move::to_string).collect(),
                            time_ms: args.timings.then_some(t.micros / 1000),
                        })
                        .collect(),
                };
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress.update(k, || format!("{k} games"));
                serde_json::to_string(&record).expect("a record serializes")
            })
            .collect()
    });
    progress.finish();
    Ok(lines)
}

/// `dicechess selfplay` (BOOK.md §10.1).
pub fn selfplay(args: SelfplayArgs) -> Outcome {
    let started = Instant::now();
    let lines = self_play(&args.games)?;
    let mut text = lines.join("\n");
    text.push('\n');
    write_output(&args.output, text.as_bytes())?;
    if !args.games.quiet {
        eprintln!("{} games written to {} in {} ms", lines.len(), args.output, started.elapsed().as_millis());
    }
    Ok(Exit::Success)
}

// ---------------------------------------------------------------------------------------------------
// book distill

#[derive(Debug, Args)]
pub struct DistillArgs {
    /// The book to write (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// The bot whose games are distilled.
    #[arg(long, value_name = "ID", default_value = "aggressive", value_parser = bot_id)]
    bot: String,
    /// Its opponent (default: the same as --bot).
    #[arg(long, value_name = "ID", value_parser = bot_id)]
    opponent: Option<String>,
    /// Number of games.
    #[arg(long, value_name = "N", default_value = "10000", value_parser = positive)]
    games: usize,
    /// Master seed of the dice and player streams.
    #[arg(long, value_name = "S", default_value = "42", value_parser = parse_seed)]
    seed: u64,
    /// Odd games exchange the bots' colours.
    #[arg(long)]
    swap: bool,
    /// Start position of the games (dice ignored; default the standard start); the builder then
    /// uses games from custom starts (as `book build --any-start`).
    #[arg(long, value_name = "DFEN")]
    start: Option<String>,
    /// Budget per turn of budgeted bots (0 = their untimed modes).
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = non_negative)]
    move_time: u64,
    /// Output format; default from the extension (`.dcb` → dcb, otherwise tsv).
    #[arg(long, value_enum)]
    format: Option<BuildFormat>,
    /// Keep a (position, turn) pair seen in at least N games.
    #[arg(long, value_name = "N", default_value_t = 10)]
    min_games: u32,
    /// Aggregate turns 1..=N of each game (passes counted).
    #[arg(long, value_name = "N", default_value_t = 20)]
    max_ply: u32,
    /// Write the summary as JSON to PATH.
    #[arg(long, value_name = "PATH")]
    stats: Option<String>,
    /// Also write the games (JSON Lines) to PATH.
    #[arg(long, value_name = "PATH")]
    games_out: Option<String>,
    /// Search mode: search the most reached positions at the start of turns 1..=N (0 = off).
    #[arg(long, value_name = "N", default_value_t = 0)]
    search_turns: u32,
    /// The bot that chooses the searched turns.
    #[arg(long, value_name = "ID", default_value = "expectimax", value_parser = bot_id)]
    search_bot: String,
    /// Budget per searched roll (0 = the search bot's untimed mode, exact results).
    #[arg(long, value_name = "MS", default_value = "0", value_parser = non_negative)]
    search_move_time: u64,
    /// Search at most K positions (reached in at least --min-games games).
    #[arg(long, value_name = "K", default_value_t = 100)]
    search_positions: usize,
    /// Judge turns by playouts (0 = off): games per candidate in the first halving round, played
    /// untimed by --search-bot on both sides.
    #[arg(long, value_name = "N", default_value_t = 0)]
    search_playouts: u64,
    /// Paired games of the playout survivor against --search-bot's own turn.
    #[arg(long, value_name = "N", default_value_t = 4000)]
    search_confirm: u64,
    /// Write every playout judgement (JSON Lines, one a key) to PATH.
    #[arg(long, value_name = "PATH")]
    search_log: Option<String>,
    /// Worker threads (default: the available cores).
    #[arg(long, value_name = "K", value_parser = positive)]
    threads: Option<usize>,
    /// No progress and no summary on stderr.
    #[arg(long)]
    quiet: bool,
}

/// `dicechess book distill` (BOOK.md §10.2): self-play, then the builder, then in search mode one
/// searched turn for every roll of the most reached opening positions.
pub fn distill(args: DistillArgs) -> Outcome {
    let started = Instant::now();
    let games = GamesArgs {
        white: args.bot.clone(),
        black: args.opponent.clone(),
        games: args.games,
        seed: args.seed,
        swap: args.swap,
        start: args.start.clone(),
        move_time: args.move_time,
        white_book: None,
        black_book: None,
        timings: false,
        threads: args.threads,
        quiet: args.quiet,
    };
    let lines = self_play(&games)?;
    if let Some(path) = &args.games_out {
        let mut text = lines.join("\n");
        text.push('\n');
        write_output(path, text.as_bytes())?;
    }
    let options = BuildOptions {
        min_games: args.min_games,
        min_rating: None,
        max_ply: args.max_ply,
        any_start: args.start.is_some(),
    };
    let pool = pool(threads(args.threads))?;
    let outcomes: Vec<_> = pool.install(|| lines.par_iter().map(|l| process_line(l.as_bytes(), &options)).collect());
    let mut agg = Aggregator::new();
    let mut skipped = 0u64;
    for o in &outcomes {
        skipped += u64::from(o.is_err());
        agg.add(o);
    }
    let mut built = agg.finish(&options);
    if args.search_turns > 0 {
        let used: Vec<&String> = lines.iter().zip(&outcomes).filter(|(_, o)| o.is_ok()).map(|(l, _)| l).collect();
        let (decided, searched) = search_openings(&args, &used, &options, &pool)?;
        built.replace_keys(&decided, searched);
    }
    let format = args.format.unwrap_or(if args.output.ends_with(".dcb") { BuildFormat::Dcb } else { BuildFormat::Tsv });
    let report = BuildReport {
        output: &args.output,
        stats: args.stats.as_deref(),
        skipped: None,
        skipped_count: skipped,
        quiet: args.quiet,
        started,
    };
    write_built(&built, format, &report)
}

/// Playout judging (docs/BOOKS.md): every roll in turn, its games in parallel.
fn judge_openings(
    args: &DistillArgs,
    kept: &[(Position, u64)],
    rolls: &[Position],
    bot: &dyn Bot,
    pool: &rayon::ThreadPool,
) -> Result<(Vec<String>, Vec<BuiltEntry>), Failure> {
    let judging = Judging { first_round: args.search_playouts, confirmation: args.search_confirm };
    let progress = Progress::new("judge", rolls.len() as u64, args.quiet);
    let started = Instant::now();
    let mut run = |batch: &[Playout]| -> Vec<u8> { pool.install(|| batch.par_iter().map(|p| p.play(bot)).collect()) };
    let (mut games, mut replaced, mut gain) = (0u64, 0u64, 0.0f64);
    let mut entries = Vec::new();
    let mut judged = Vec::new();
    let mut log = String::new();
    for (k, rolled) in rolls.iter().enumerate() {
        if let Some(j) = judge(rolled, bot, judging, args.seed, &mut run) {
            games += j.games;
            replaced += u64::from(j.replaced);
            if j.replaced {
                gain += j.gain;
            }
            log.push_str(&judgement_json(&j));
            log.push('\n');
            judged.push(j.key);
            entries.extend(j.entry);
        }
        progress.update(k as u64 + 1, || format!("{} keys, {replaced} improved, {games} games", entries.len()));
    }
    progress.finish();
    if let Some(path) = &args.search_log {
        write_output(path, log.as_bytes())?;
    }
    if !args.quiet {
        let mean_gain = if replaced > 0 { 100.0 * gain / replaced as f64 } else { 0.0 };
        eprintln!(
            "judge: {} positions kept, {} rolls, {} keys judged, {} entered; {} turns of {} beaten by a better one \
             (mean gain {:.1} points), {} games in {} ms",
            kept.len(),
            rolls.len(),
            judged.len(),
            entries.len(),
            replaced,
            args.search_bot,
            mean_gain,
            games,
            started.elapsed().as_millis()
        );
    }
    Ok((judged, entries))
}

/// One line of `--search-log`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JudgementJson<'a> {
    key: &'a str,
    /// `null` when the key gets no entry.
    turn: Option<String>,
    own_turn: String,
    survivor: String,
    replaced: bool,
    gain: f64,
    half_width: f64,
    wins: u32,
    draws: u32,
    losses: u32,
    candidates: usize,
    games: u64,
}

fn judgement_json(j: &Judgement) -> String {
    let [wins, draws, losses] = j.entry.as_ref().map_or([0; 3], |e| [e.wins, e.draws, e.losses]);
    let line = JudgementJson {
        key: &j.key,
        turn: j.entry.as_ref().map(|e| e.signature.to_string()),
        own_turn: j.own.to_string(),
        survivor: j.survivor.to_string(),
        replaced: j.replaced,
        gain: j.gain,
        half_width: j.half_width,
        wins,
        draws,
        losses,
        candidates: j.candidates,
        games: j.games,
    };
    serde_json::to_string(&line).expect("a judgement serializes")
}

/// Search mode (BOOK.md §10.2): ranks the opening positions of the `used` games and lets
/// `--search-bot` choose a turn for every decidable roll of the kept ones, in parallel.
fn search_openings(
    args: &DistillArgs,
    used: &[&String],
    options: &BuildOptions,
    pool: &rayon::ThreadPool,
) -> Result<(Vec<String>, Vec<BuiltEntry>), Failure> {
    let openings: Vec<Vec<Position>> =
        pool.install(|| used.par_iter().map(|l| opening_positions(l.as_bytes(), options, args.search_turns)).collect());
    let mut counts = PositionCounts::new();
    for game in &openings {
        counts.add_game(game);
    }
    let kept = counts.ranked(args.min_games, args.search_positions);
    let rolls: Vec<Position> = kept.iter().flat_map(|(pos, _)| rolls_of(pos)).collect();
    let registry = Registry::new();
    let bot = registry.resolve(Some(&args.search_bot)).clone();
    if args.search_playouts > 0 {
        return judge_openings(args, &kept, &rolls, bot.as_ref(), pool);
    }
    let timed = args.search_move_time > 0 && matches!(bot.budgeting(), Budgeting::Budgeted { .. });
    let progress = Progress::new("search", rolls.len() as u64, args.quiet);
    let done = AtomicU64::new(0);
    let started = Instant::now();
    let entries: Vec<Option<BuiltEntry>> = pool.install(|| {
        rolls
            .par_iter()
            .map(|rolled| {
                let clock = SystemClock::new();
                let deadline =
                    timed.then(|| Deadline { clock: &clock, at: clock.now().plus_ms(args.search_move_time) });
                let entry = searched_entry(bot.as_ref(), rolled, args.seed, deadline);
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress.update(k, || format!("{k} rolls"));
                entry
            })
            .collect()
    });
    progress.finish();
    let entries: Vec<BuiltEntry> = entries.into_iter().flatten().collect();
    if !args.quiet {
        eprintln!(
            "search: {} positions kept, {} rolls, {} keys chosen by {} in {} ms",
            kept.len(),
            rolls.len(),
            entries.len(),
            args.search_bot,
            started.elapsed().as_millis()
        );
    }
    Ok((Vec::new(), entries))
}

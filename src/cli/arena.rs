//! `dicechess arena` (BOTS.md §10, BOOK.md §12): bot against bot in paired games from one or more
//! start positions, one match per baseline and time control, with statistics and SPRT. Pairs run
//! on a rayon pool and are folded in pair-index order, so an untimed run does not depend on
//! `--threads`; the JSON report is `arena_json.rs`'s.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;

use dicechess::search::stats::{self, SprtParams, Trinomial};
use dicechess::search::{derive, GameSeeds, Registry};
use dicechess::{Color, Position};

use super::arena_json;
use super::args::{bot_id, parse_seed, policy_id, pool, sprt_params, thread_count, time_control};
use super::files::{read_input, write_output};
use super::game::{play_game, start_position, BookRole, Player, Termination, TimeControl, Timing, Usage};
use super::io::{self, Exit, Failure, Outcome};
use super::progress::{Progress, Unit};

#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The bot under test (default monte-carlo; with --book, aggressive).
    #[arg(long, value_name = "ID", value_parser = bot_id)]
    pub bot: Option<String>,
    /// The baselines, comma-separated (default aggressive; with --book, the --bot id).
    #[arg(long, value_name = "ID[,ID…]", value_delimiter = ',', value_parser = bot_id)]
    pub baseline: Option<Vec<String>>,
    /// Pairs per match (a cap with --sprt).
    #[arg(long, value_name = "N", default_value = "100", value_parser = clap::value_parser!(u64).range(1..))]
    pub pairs: u64,
    /// Master seed of the dice and player streams.
    #[arg(long, value_name = "S", default_value = "42", value_parser = parse_seed)]
    pub seed: u64,
    /// Time controls M+I (minutes + increment seconds), comma-separated: one match each.
    #[arg(long, value_name = "M+I[,M+I…]", value_delimiter = ',', value_parser = time_control)]
    pub tc: Option<Vec<TimeControl>>,
    /// Budget per turn of budgeted bots in untimed matches (0 = their untimed modes).
    #[arg(long, value_name = "MS", default_value = "1000")]
    pub move_time: u64,
    /// Time policy of the bot under test with --tc.
    #[arg(long, value_name = "ID", default_value = "empirical-v1", value_parser = policy_id)]
    pub bot_time_policy: String,
    /// Time policy of the baselines with --tc.
    #[arg(long, value_name = "ID", default_value = "empirical-v1", value_parser = policy_id)]
    pub baseline_time_policy: String,
    /// Sequential probability ratio test; stops a match at a verdict.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = sprt_params)]
    pub sprt: Option<SprtParams>,
    /// Start position (dice ignored); default the standard start.
    #[arg(long, value_name = "DFEN", conflicts_with = "openings")]
    pub start: Option<String>,
    /// One start DFEN per line; pair i starts from line i mod lines.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Worker threads (default: the available cores).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: Option<u64>,
    /// Write the JSON report to PATH.
    #[arg(long, value_name = "PATH")]
    pub json: Option<String>,
    /// No progress on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Decorate the bot under test with this opening book.
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// Decorate every baseline with this opening book.
    #[arg(long, value_name = "FILE")]
    pub baseline_book: Option<String>,
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
pub struct Tally {
    pub pairs: u64,
    /// Indexed by A's colour: wins, losses, draws.
    pub wins: [u64; 2],
    pub losses: [u64; 2],
    pub draws: [u64; 2],
    pub turn_cap_draws: u64,
    pub flags: [u64; 2],
    pub pentanomial: [u64; 5],
    pub latencies: Vec<u64>,
    pub usage: [Usage; 2],
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

    pub fn total(v: [u64; 2]) -> u64 {
        v[0] + v[1]
    }

    pub fn games(&self) -> u64 {
        2 * self.pairs
    }

    /// The score fraction.
    pub fn score(&self) -> f64 {
        let w = Tally::total(self.wins) as f64;
        let d = Tally::total(self.draws) as f64;
        if self.pairs == 0 {
            return 0.0;
        }
        (w + d / 2.0) / self.games() as f64
    }

    pub fn ci_half_width_percent(&self) -> Option<f64> {
        stats::pair_stats(self.pentanomial).ci95_half_width_percent
    }

    pub fn trinomial(&self) -> Trinomial {
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
pub struct Match {
    pub a: Player,
    pub b: Player,
    pub timing: Timing,
    pub tc: Option<TimeControl>,
}

/// A match's outcome.
pub struct MatchOutcome {
    pub tally: Tally,
    pub stopped_by_sprt: bool,
    pub duration: Duration,
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
    let progress = Progress::new(Some(label), Unit::Items, args.pairs, args.quiet);
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
                if i as u64 >= args.pairs {
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

/// The start positions of an arena: `--openings` lines, `--start`, or the standard start.
fn arena_starts(args: &ArenaArgs) -> Result<Vec<Position>, Failure> {
    if let Some(path) = &args.openings {
        let bytes = read_input(path)?;
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
    let book = args.book.as_deref().map(|path| (path, BookRole::Bot));
    let a = Player::new(&registry, &bot_id, &args.bot_time_policy, book)?;
    let baseline_book = args.baseline_book.as_deref().map(|path| (path, BookRole::Baseline));
    let bs = baselines
        .iter()
        .map(|id| Player::new(&registry, id, &args.baseline_time_policy, baseline_book))
        .collect::<Result<Vec<_>, _>>()?;
    let workers = thread_count(args.threads);
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
            matches_json.push(arena_json::match_json(&m, &outcome, &args));
        }
    }
    if let Some(path) = &args.json {
        let report = arena_json::report(&args, &a, &starts, workers, matches_json);
        write_output(path, io::json_pretty(&report)?.as_bytes())?;
    }
    Ok(Exit::Success)
}

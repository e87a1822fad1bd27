//! `dicechess arena` (BOTS.md §10, BOOK.md §12): bot against bot in paired games from one or more
//! start positions, one match per baseline and time control, with statistics and SPRT. Pairs run
//! on a rayon pool and are folded in pair-index order, so an untimed run does not depend on
//! `--threads`. A match is `arena_match.rs`'s, the JSON report `arena_json.rs`'s.

use clap::Args;

use crate::stats::{self, SprtParams, Trinomial};
use dicechess::Position;

use crate::arena_json::{self, ArenaJson};
use crate::arena_match::{run_match, Match, MatchRun, Tally};
use crate::selfplay::notation_of;
use dicechess_cli::args::bot_id;
use dicechess_cli::args::{move_time, pairs, parse_seed, policy_id, pool, thread_count, threads, time_control};
use dicechess_cli::files::{distinct_outputs, read_input, write_lines, write_output, Input};
use dicechess_cli::io::{self, Exit, Failure, Outcome};
use dicechess_cli::players::{start_position, BookRole, Player, TimeControl, Timing};
use dicechess_cli::shard::{file_sha256, parse_shard, Shard, ShardRun};

#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The bot under test (default monte-carlo; with --book, aggressive).
    #[arg(long, value_name = "ID", value_parser = bot_id)]
    pub bot: Option<String>,
    /// The baselines, comma-separated (default aggressive; with --book, the --bot id).
    #[arg(long, value_name = "ID[,ID…]", value_delimiter = ',', value_parser = bot_id)]
    pub baseline: Option<Vec<String>>,
    /// Pairs per match (a cap with --sprt).
    #[arg(long, value_name = "N", default_value = "100", value_parser = pairs)]
    pub pairs: u64,
    /// Master seed of the dice and player streams.
    #[arg(long, value_name = "S", default_value = "42", value_parser = parse_seed)]
    pub seed: u64,
    /// Time controls M+I (minutes + increment seconds), comma-separated: one match each.
    #[arg(long, value_name = "M+I[,M+I…]", value_delimiter = ',', value_parser = time_control)]
    pub tc: Option<Vec<TimeControl>>,
    /// Budget per turn of budgeted bots in untimed matches (0 = their untimed modes).
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = move_time)]
    pub move_time: u64,
    /// Time odds: the bot under test's budget per turn instead of --move-time.
    #[arg(long, value_name = "MS", value_parser = move_time, conflicts_with = "tc")]
    pub bot_move_time: Option<u64>,
    /// Time odds: the baselines' budget per turn instead of --move-time.
    #[arg(long, value_name = "MS", value_parser = move_time, conflicts_with = "tc")]
    pub baseline_move_time: Option<u64>,
    /// Time policy of the bot under test with --tc.
    #[arg(long, value_name = "ID", default_value = "empirical-v1", value_parser = policy_id)]
    pub bot_time_policy: String,
    /// Time policy of the baselines with --tc.
    #[arg(long, value_name = "ID", default_value = "empirical-v1", value_parser = policy_id)]
    pub baseline_time_policy: String,
    /// Sequential probability ratio test; stops a match at a verdict.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = str::parse::<SprtParams>)]
    pub sprt: Option<SprtParams>,
    /// Start position (dice ignored); default the standard start.
    #[arg(long, value_name = "DFEN", conflicts_with = "openings")]
    pub start: Option<String>,
    /// One start DFEN per line; pair i starts from line i mod lines.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Worker threads (default: the available cores).
    #[arg(long, value_name = "K", value_parser = threads)]
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
    /// Write every game, as game records (JSON Lines, BOOK.md §8), to FILE (`-` = stdout).
    #[arg(long, value_name = "FILE")]
    pub games: Option<String>,
    /// With --games: write the games in the readable notation (docs/NOTATION.md) instead.
    #[arg(long, requires = "games")]
    pub notation: bool,
    /// Play only the pairs of shard K of N (from 0), each as in the whole run, every one of them
    /// (SPRT decides on the merged totals), and write a manifest beside the --json report for
    /// `dicechess merge` (docs/SCALE.md).
    #[arg(long, value_name = "K/N", value_parser = parse_shard, requires = "json", conflicts_with = "games")]
    pub shard: Option<Shard>,
}

/// A shard of an arena: the options that decide its pairs.
fn arena_shard(args: &ArenaArgs, shard: Shard) -> ShardRun<'static> {
    let sprt = args.sprt.map(|p| [p.elo0, p.elo1, p.alpha, p.beta]);
    let options = serde_json::json!({
        "bot": args.bot,
        "baselines": args.baseline,
        "pairs": args.pairs,
        "seed": args.seed,
        "tc": args.tc.as_ref().map(|tcs| tcs.iter().map(|tc| tc.label.clone()).collect::<Vec<_>>()),
        "moveTime": args.move_time,
        "botMoveTime": args.bot_move_time,
        "baselineMoveTime": args.baseline_move_time,
        "botTimePolicy": args.bot_time_policy,
        "baselineTimePolicy": args.baseline_time_policy,
        "sprt": sprt,
        "start": args.start,
        "openings": file_sha256(args.openings.as_deref()).ok().flatten(),
        "book": file_sha256(args.book.as_deref()).ok().flatten(),
        "baselineBook": file_sha256(args.baseline_book.as_deref()).ok().flatten(),
    });
    ShardRun { command: "arena", options, shard, unit: "pairs", total: args.pairs }
}

/// The bot's latency contract past its budget (BOTS.md §4.8): the longest turn allowed.
const LATENCY_SLACK_MS: u64 = 25;

/// A note for stderr when the bot's slowest turn (`latencies`, µs) went past `budget_ms` plus
/// the contract's 25 ms, with its CPU time (`cpu`, µs, empty where unknown) to tell a bot that
/// overran from a thread that waited for a core, as on a machine with more runnable threads
/// than cores.
fn overrun_note(label: &str, budget_ms: u64, latencies: &[u64], cpu: &[u64], threads: usize) -> Option<String> {
    let slowest = *latencies.iter().max()?;
    let limit = (budget_ms + LATENCY_SLACK_MS) * 1000;
    if slowest <= limit {
        return None;
    }
    let ms = |micros: u64| micros as f64 / 1000.0;
    let head = format!("note: {label}: the slowest turn took {:.1} ms for a {budget_ms} ms budget", ms(slowest));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    Some(match cpu.iter().max() {
        None => format!("{head}; this platform does not give its CPU time"),
        Some(&most) if most <= limit => format!(
            "{head}, but no turn used more than {:.1} ms of CPU: the threads waited for a core \
             ({threads} worker threads, {cores} cores). Measure latency on a quiet machine, or with fewer --threads",
            ms(most)
        ),
        Some(&most) => format!("{head}, and a turn used {:.1} ms of CPU: the bot overran its budget", ms(most)),
    })
}

/// The bot's and the baselines' budgets per turn in an untimed match: `--move-time`, or the
/// time odds of `--bot-move-time` and `--baseline-move-time`.
fn move_times(args: &ArenaArgs) -> [u64; 2] {
    [args.bot_move_time.unwrap_or(args.move_time), args.baseline_move_time.unwrap_or(args.move_time)]
}

/// The summary's time-control column of an untimed match: `50ms`, `untimed`, or both sides'
/// budgets in a time-odds match (`50ms/150ms`).
fn move_time_label(ms: [u64; 2]) -> String {
    let one = |ms: u64| if ms == 0 { "untimed".to_owned() } else { format!("{ms}ms") };
    if ms[0] == ms[1] {
        one(ms[0])
    } else {
        format!("{}/{}", one(ms[0]), one(ms[1]))
    }
}

/// The start positions of an arena: `--openings` lines, `--start`, or the standard start.
fn arena_starts(args: &ArenaArgs) -> Result<Vec<Position>, Failure> {
    if let Some(path) = &args.openings {
        let bytes = read_input(path, Input::Positions)?;
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
    let inputs: Vec<(&str, &str)> =
        [("--openings", &args.openings), ("--book", &args.book), ("--baseline-book", &args.baseline_book)]
            .into_iter()
            .filter_map(|(flag, path)| Some((flag, path.as_deref()?)))
            .collect();
    distinct_outputs(&[("--json", args.json.as_deref()), ("--games", args.games.as_deref())], &inputs)?;
    let registry = dicechess::search::Registry::new();
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
    let timings: Vec<([Timing; 2], Option<TimeControl>)> = match &args.tc {
        Some(tcs) => {
            tcs.iter().map(|tc| ([Timing::Clock(tc.clone()), Timing::Clock(tc.clone())], Some(tc.clone()))).collect()
        }
        None => vec![(move_times(&args).map(Timing::per_move), None)],
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let run = MatchRun {
        pairs: args.pairs,
        range: shard.range(args.pairs),
        seed: args.seed,
        sprt: args.sprt,
        quiet: args.quiet,
    };
    let mut matches_json = Vec::new();
    let mut games: Vec<String> = Vec::new();
    let mut out = io::Output::stdout();
    out.line(&format!(
        "{:<28} {:<28} {:>8} {:>7} {:>15} {:>16} {:>7} {:>9} {:>9}",
        "bot", "baseline", "tc", "pairs", "W-L-D", "score", "elo", "sprt", "time"
    ))?;
    for b in &bs {
        for (timing, tc) in &timings {
            let m = Match {
                a: a.clone(),
                b: b.clone(),
                timings: timing.clone(),
                tc: tc.clone(),
                keep_games: args.games.is_some(),
            };
            let tc_label = match tc {
                Some(tc) => tc.label.clone(),
                None => move_time_label(move_times(&args)),
            };
            let label = format!("{} vs {} {tc_label}", a.id(), b.id());
            let outcome = run_match(&m, &starts, &run, &pool, workers, &label);
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
            if let (false, Timing::PerMove(ms)) = (args.quiet, &timing[0]) {
                if let Some(note) = overrun_note(&label, *ms, &t.latencies, &t.cpu, workers) {
                    eprintln!("{note}");
                }
            }
            matches_json.push(arena_json::match_json(&m, &outcome, &run));
            games.extend_from_slice(&outcome.tally.games);
        }
    }
    if let Some(path) = &args.games {
        if args.notation {
            write_output(path, notation_of(&games)?.as_bytes())?;
        } else {
            write_lines(path, &games)?;
        }
    }
    if let Some(path) = &args.json {
        let report = ArenaJson {
            kind: if args.book.is_some() { "book_arena" } else { "arena" },
            schema_version: 1,
            engine_version: env!("CARGO_PKG_VERSION"),
            seed: arena_json::seed_json(args.seed),
            threads: workers,
            bot: arena_json::bot_json(&a),
            start_dfen: if args.openings.is_some() { None } else { starts.first().map(Position::to_dfen) },
            openings: args.openings.clone(),
            matches: matches_json,
        };
        let bytes = io::json_pretty(&report)?;
        match args.shard {
            Some(shard) => arena_shard(&args, shard).write(path, bytes.as_bytes())?,
            None => write_output(path, bytes.as_bytes())?,
        }
    }
    Ok(Exit::Success)
}

#[cfg(test)]
mod tests {
    use super::overrun_note;

    #[test]
    fn an_overrun_is_told_apart_from_waiting() {
        let label = "expectimax vs aggressive 50ms";
        // Within budget + 25 ms: nothing to say.
        assert_eq!(overrun_note(label, 50, &[40_000, 75_000], &[40_000, 74_000], 2), None);
        assert_eq!(overrun_note(label, 50, &[], &[], 2), None);
        // 112 ms of wall time with at most 48 ms of CPU: the thread waited.
        let waited = overrun_note(label, 50, &[49_000, 112_000], &[48_000, 9_800], 2).unwrap();
        assert!(waited.starts_with("note: expectimax vs aggressive 50ms: the slowest turn took 112.0 ms"), "{waited}");
        assert!(waited.contains("no turn used more than 48.0 ms of CPU: the threads waited"), "{waited}");
        // A turn that used 90 ms of CPU overran.
        let overran = overrun_note(label, 50, &[112_000], &[90_000], 1).unwrap();
        assert!(overran.ends_with("a turn used 90.0 ms of CPU: the bot overran its budget"), "{overran}");
        let unknown = overrun_note(label, 50, &[112_000], &[], 1).unwrap();
        assert!(unknown.ends_with("this platform does not give its CPU time"), "{unknown}");
    }
}

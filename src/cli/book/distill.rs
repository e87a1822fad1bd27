//! `dicechess book distill` (BOOK.md §10.2): self-play with a chosen bot, then the builder of
//! `book build`; in search mode, one searched turn (or, with `--search-playouts`, one judged by
//! playouts) for every roll of the most reached opening positions.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde::Serialize;

use crate::book::build::{process_line, Aggregator, BuildOptions, BuiltEntry};
use crate::book::distill::{opening_positions, rolls_of, searched_entry, PositionCounts};
use crate::book::playout::{judge, Judgement, Judging, Playout};
use crate::search::Clock as _;
use crate::search::{Bot, Budgeting, Deadline, Registry, SystemClock};
use crate::Position;

use super::build::{write_built, BuildFormat, BuildReport};
use crate::cli::args::{bot_id, pool, GameArgs, Workers};
use crate::cli::files::{write_lines, write_output};
use crate::cli::io::{self, Failure, Outcome};
use crate::cli::progress::{Progress, Unit};
use crate::cli::selfplay::{self_play, Sides};

#[derive(Debug, Args)]
#[command(
    mut_arg("games", |a| a.default_value("10000")),
    mut_arg("start", |a| a.help(
        "Start position of the games (dice ignored; default the standard start); the builder then uses games from \
         custom starts (as `book build --any-start`)"
    )),
)]
pub(super) struct DistillArgs {
    /// The book to write (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// The bot whose games are distilled.
    #[arg(long, value_name = "ID", default_value = "aggressive", value_parser = bot_id)]
    bot: String,
    /// Its opponent (default: the same as --bot).
    #[arg(long, value_name = "ID", value_parser = bot_id)]
    opponent: Option<String>,
    #[command(flatten)]
    games: GameArgs,
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
    #[arg(long, value_name = "MS", default_value = "0")]
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
    #[command(flatten)]
    workers: Workers,
}

/// `dicechess book distill` (BOOK.md §10.2): self-play, then the builder, then in search mode one
/// searched turn for every roll of the most reached opening positions.
pub(super) fn distill(args: DistillArgs) -> Outcome {
    let started = Instant::now();
    let sides = Sides { white: &args.bot, black: args.opponent.as_deref(), white_book: None, black_book: None };
    let lines = self_play(&args.games, 0..args.games.games, &sides, &args.workers, false)?;
    if let Some(path) = &args.games_out {
        write_lines(path, &lines)?;
    }
    let options = BuildOptions {
        min_games: args.min_games,
        min_rating: None,
        max_ply: args.max_ply,
        any_start: args.games.start.is_some(),
    };
    let pool = pool(args.workers.count())?;
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
    if built.entries.is_empty() {
        warn_empty(&args);
    }
    let format = args.format.unwrap_or(if args.output.ends_with(".dcb") { BuildFormat::Dcb } else { BuildFormat::Tsv });
    let report = BuildReport {
        output: &args.output,
        stats: args.stats.as_deref(),
        skipped: None,
        skipped_count: skipped,
        quiet: args.workers.quiet,
        started,
    };
    write_built(&built, format, &report)
}

/// The one-line warning of an empty book (issue 15): with the defaults, `--games` below
/// `--min-games` keeps nothing. The book is still written and the exit code is unchanged.
fn warn_empty(args: &DistillArgs) {
    let (games, min) = (args.games.games, args.min_games);
    let hint = if u64::from(min) > games {
        format!("--min-games {min} is more than --games {games}: lower --min-games or raise --games")
    } else {
        format!("no (position, turn) pair was reached in --min-games {min} of the {games} games: lower --min-games or raise --games")
    };
    eprintln!("warning: the book is empty: {hint}");
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
    let progress = Progress::new(Some("judge"), Unit::Items, rolls.len() as u64, args.workers.quiet);
    let started = Instant::now();
    let mut run = |batch: &[Playout]| -> Vec<u8> { pool.install(|| batch.par_iter().map(|p| p.play(bot)).collect()) };
    let (mut games, mut replaced, mut gain) = (0u64, 0u64, 0.0f64);
    let mut entries = Vec::new();
    let mut judged = Vec::new();
    let mut log = String::new();
    for (k, rolled) in rolls.iter().enumerate() {
        if let Some(j) = judge(rolled, bot, judging, args.games.seed, &mut run) {
            games += j.games;
            replaced += u64::from(j.replaced);
            if j.replaced {
                gain += j.gain;
            }
            log.push_str(&judgement_json(&j)?);
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
    if !args.workers.quiet {
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

fn judgement_json(j: &Judgement) -> Result<String, Failure> {
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
    io::json(&line)
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
    let progress = Progress::new(Some("search"), Unit::Items, rolls.len() as u64, args.workers.quiet);
    let done = AtomicU64::new(0);
    let started = Instant::now();
    let entries: Vec<Option<BuiltEntry>> = pool.install(|| {
        rolls
            .par_iter()
            .map(|rolled| {
                let clock = SystemClock::new();
                let deadline =
                    timed.then(|| Deadline { clock: &clock, at: clock.now().plus_ms(args.search_move_time) });
                let entry = searched_entry(bot.as_ref(), rolled, args.games.seed, deadline);
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress.update(k, || format!("{k} rolls"));
                entry
            })
            .collect()
    });
    progress.finish();
    let entries: Vec<BuiltEntry> = entries.into_iter().flatten().collect();
    if !args.workers.quiet {
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

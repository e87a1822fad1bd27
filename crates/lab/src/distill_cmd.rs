//! `dicechess book distill` (BOOK.md §10.2): self-play with a chosen bot, then the builder of
//! `book build`; in search mode, one searched turn (or, with `--search-playouts`, one judged by
//! playouts) for every roll of the most reached opening positions.

use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use dicechess::book::build::{is_blank, process_line, Aggregator, BuildOptions, BuiltEntry};
use dicechess::book::distill::{opening_positions, rolls_of, searched_entry, PositionCounts};
use dicechess::book::Signature;
use dicechess::book::{judge, Judgement, Judging, Playout};
use dicechess::search::Clock as _;
use dicechess::search::{Bot, Budgeting, Deadline, SystemClock};
use dicechess::Position;

use crate::selfplay::{self_play, Sides};
use dicechess_cli::args::bot_id;
use dicechess_cli::args::{move_time, pool, GameArgs, Workers};
use dicechess_cli::book_cmd::build_cmd::{write_built, BuildFormat, BuildReport};
use dicechess_cli::files::{distinct_outputs, read_input, write_lines, write_output, Input};
use dicechess_cli::io::{self, Exit, Failure, Outcome};
use dicechess_cli::progress::{Progress, Unit};
use dicechess_cli::shard::{file_sha256, parse_shard, Shard, ShardRun};

#[derive(Debug, Args)]
#[command(
    mut_arg("games", |a| a.default_value("10000")),
    mut_arg("start", |a| a.help(
        "Start position of the games (dice ignored; default the standard start); the builder then uses games from \
         custom starts (as `book build --any-start`)"
    )),
)]
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
    #[command(flatten)]
    games: GameArgs,
    /// Output format; default from the extension (`.dcb` → dcb, `.counts` → counts, otherwise
    /// tsv); `counts` (without search) writes the games' count file, as `book build` does.
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
    #[arg(long, value_name = "MS", default_value = "0", value_parser = move_time)]
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
    #[arg(long, value_name = "PATH", conflicts_with = "shard")]
    search_log: Option<String>,
    /// Read the games (JSON Lines, e.g. merged `selfplay` shards) instead of playing them.
    #[arg(long, value_name = "PATH", conflicts_with = "games_out")]
    games_in: Option<String>,
    /// Search mode: take the playout judgements from PATH (the merged `--shard` outputs, or a
    /// `--search-log`) instead of playing them.
    #[arg(long, value_name = "PATH", requires = "search_turns", conflicts_with = "shard")]
    judgements: Option<String>,
    /// Do shard K of N (from 0) and write what adds up, with a manifest (docs/SCALE.md): without
    /// search, the count file of games [K/N, (K+1)/N) of the run; in search mode with
    /// --search-playouts, the judgements of that part of the rolls (every shard reads or plays
    /// all the games).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    #[command(flatten)]
    workers: Workers,
}

/// `dicechess book distill` (BOOK.md §10.2): self-play, then the builder, then in search mode one
/// searched turn for every roll of the most reached opening positions.
pub fn distill(args: DistillArgs) -> Outcome {
    let started = Instant::now();
    let format = BuildFormat::of(args.format, &args.output);
    let outputs = [
        ("-o", Some(args.output.as_str())),
        ("--stats", args.stats.as_deref()),
        ("--games-out", args.games_out.as_deref()),
        ("--search-log", args.search_log.as_deref()),
    ];
    let inputs: Vec<(&str, &str)> = [("--games-in", &args.games_in), ("--judgements", &args.judgements)]
        .into_iter()
        .filter_map(|(flag, path)| Some((flag, path.as_deref()?)))
        .collect();
    distinct_outputs(&outputs, &inputs)?;
    check_shard(&args, format)?;
    let options = BuildOptions {
        min_games: args.min_games,
        min_rating: None,
        max_ply: args.max_ply,
        any_start: args.games.start.is_some(),
    };
    // A plain shard counts its part of the games; a judging shard needs all of them.
    let game_shard = args.shard.filter(|_| args.search_turns == 0);
    let (lines, total) = games(&args, game_shard)?;
    if let Some(path) = &args.games_out {
        write_lines(path, &lines)?;
    }
    let pool = pool(args.workers.count())?;
    let outcomes: Vec<_> = pool.install(|| lines.par_iter().map(|l| process_line(l.as_bytes(), &options)).collect());
    let mut agg = Aggregator::new();
    let mut skipped = 0u64;
    for o in &outcomes {
        skipped += u64::from(o.is_err());
        agg.add(o);
    }
    if let Some(shard) = game_shard {
        let run = ShardRun { command: "book distill", options: shard_options(&args)?, shard, unit: "games", total };
        run.write(&args.output, agg.counts_text(&options).as_bytes())?;
        return Ok(Exit::Success);
    }
    if format == BuildFormat::Counts {
        write_output(&args.output, agg.counts_text(&options).as_bytes())?;
        return Ok(Exit::Success);
    }
    let mut built = agg.finish(&options);
    if args.search_turns > 0 {
        let used: Vec<&String> = lines.iter().zip(&outcomes).filter(|(_, o)| o.is_ok()).map(|(l, _)| l).collect();
        let (decided, searched) = match search_openings(&args, &used, &options, &pool)? {
            Searched::Keys(decided, searched) => (decided, searched),
            Searched::Shard(run, log) => {
                run.write(&args.output, log.as_bytes())?;
                return Ok(Exit::Success);
            }
        };
        built.replace_keys(&decided, searched);
    }
    if built.entries.is_empty() {
        warn_empty(&args);
    }
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

/// Refuses the runs that would not add up: counts with search, and shards whose outputs do not
/// merge.
fn check_shard(args: &DistillArgs, format: BuildFormat) -> Result<(), Failure> {
    if format == BuildFormat::Counts && (args.search_turns > 0 || args.stats.is_some()) {
        return Err(Failure::invalid(
            "--format counts holds the games' counts, not a book: drop --search-turns and --stats",
        ));
    }
    if args.shard.is_none() {
        return Ok(());
    }
    if args.search_turns > 0 && args.search_playouts == 0 {
        return Err(Failure::invalid(
            "--shard in search mode shards the playout judging: give --search-playouts (a searched turn per roll is \
             cheap; run it unsharded)",
        ));
    }
    if args.search_turns == 0 && format != BuildFormat::Counts {
        return Err(Failure::invalid(
            "a shard of book distill writes its games' counts (--format counts or OUT.counts), which add up: merge \
             the shards, then build the book with `book build MERGED --min-games N`",
        ));
    }
    if args.stats.is_some() {
        return Err(Failure::invalid("--stats describes a book: a shard writes none"));
    }
    Ok(())
}

/// The games of the run (all, or the part of `shard`) and how many games the whole run has:
/// read from `--games-in` (its non-blank lines) or played.
fn games(args: &DistillArgs, shard: Option<Shard>) -> Result<(Vec<String>, u64), Failure> {
    let shard = shard.unwrap_or(Shard::WHOLE);
    let Some(path) = &args.games_in else {
        let sides = Sides { white: &args.bot, black: args.opponent.as_deref(), white_book: None, black_book: None };
        let lines = self_play(&args.games, shard.range(args.games.games), &sides, &args.workers, false)?;
        return Ok((lines, args.games.games));
    };
    let bytes = read_input(path, Input::Games)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| Failure::invalid(format!("{path}: not UTF-8 text")))?;
    let all: Vec<&str> = text.lines().filter(|l| !is_blank(l.as_bytes())).collect();
    let range = shard.range(all.len() as u64);
    let lines = all[range.start as usize..range.end as usize].iter().map(|l| (*l).to_owned()).collect();
    Ok((lines, all.len() as u64))
}

/// The options that decide a shard's content (docs/SCALE.md), the games by their file's sha256
/// when read.
fn shard_options(args: &DistillArgs) -> Result<serde_json::Value, Failure> {
    let played = args.games_in.is_none();
    Ok(serde_json::json!({
        "gamesIn": file_sha256(args.games_in.as_deref())?,
        "bot": played.then_some(&args.bot),
        "opponent": played.then(|| args.opponent.as_deref().unwrap_or(&args.bot)),
        "games": played.then_some(args.games.games),
        "moveTime": played.then_some(args.games.move_time),
        "start": args.games.start,
        "seed": args.games.seed,
        "maxPly": args.max_ply,
        "minGames": args.min_games,
        "searchTurns": args.search_turns,
        "searchPositions": args.search_positions,
        "searchBot": args.search_bot,
        "searchPlayouts": args.search_playouts,
        "searchConfirm": args.search_confirm,
    }))
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

/// Playout judging (docs/BOOKS.md): every roll of `rolls` in turn, its games in parallel. Returns
/// the keys judged, their entries and the judgements as `--search-log` lines.
fn judge_openings(
    args: &DistillArgs,
    kept: usize,
    rolls: &[Position],
    bot: &dyn Bot,
    pool: &rayon::ThreadPool,
) -> Result<(Vec<String>, Vec<BuiltEntry>, String), Failure> {
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
    if !args.workers.quiet {
        let mean_gain = if replaced > 0 { 100.0 * gain / replaced as f64 } else { 0.0 };
        eprintln!(
            "judge: {} positions kept, {} rolls, {} keys judged, {} entered; {} turns of {} beaten by a better one \
             (mean gain {:.1} points), {} games in {} ms",
            kept,
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
    Ok((judged, entries, log))
}

/// What `--judgements` reads of a `--search-log` line.
#[derive(Deserialize)]
struct JudgedLine {
    key: String,
    turn: Option<String>,
    wins: u32,
    draws: u32,
    losses: u32,
}

/// The keys and entries of the judgements in `path`, which must be judgements of `rolls` (each
/// key once, in the rolls' order): the judging's result without its games.
fn read_judgements(path: &str, rolls: &[Position]) -> Result<(Vec<String>, Vec<BuiltEntry>), Failure> {
    let bytes = read_input(path, Input::Games)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| Failure::invalid(format!("{path}: not UTF-8 text")))?;
    let keys: Vec<Option<String>> = rolls.iter().map(Position::book_key).collect();
    let mut next = 0;
    let (mut judged, mut entries) = (Vec::new(), Vec::new());
    for (i, line) in text.lines().enumerate() {
        let bad = |what: String| Failure::invalid(format!("{path}:{}: {what}", i + 1));
        let j: JudgedLine = serde_json::from_str(line).map_err(|e| bad(format!("not a judgement: {e}")))?;
        let at = keys[next..].iter().position(|k| k.as_deref() == Some(j.key.as_str())).ok_or_else(|| {
            bad(format!(
                "{:?} is not a later roll of the kept positions: judgements of other games or options, or out of order",
                j.key
            ))
        })?;
        next += at + 1;
        if let Some(turn) = &j.turn {
            let signature = Signature::parse(turn).map_err(|e| bad(format!("turn {turn:?}: {e}")))?;
            let (wins, draws, losses) = (j.wins, j.draws, j.losses);
            entries.push(BuiltEntry { key: j.key.clone(), signature, weight: 1, wins, draws, losses });
        }
        judged.push(j.key);
    }
    Ok((judged, entries))
}

/// What search mode gives: the keys decided and their entries, or a judging shard's output.
enum Searched {
    Keys(Vec<String>, Vec<BuiltEntry>),
    Shard(ShardRun<'static>, String),
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
) -> Result<Searched, Failure> {
    let openings: Vec<Vec<Position>> =
        pool.install(|| used.par_iter().map(|l| opening_positions(l.as_bytes(), options, args.search_turns)).collect());
    let mut counts = PositionCounts::new();
    for game in &openings {
        counts.add_game(game);
    }
    let kept = counts.ranked(args.min_games, args.search_positions);
    let rolls: Vec<Position> = kept.iter().flat_map(|(pos, _)| rolls_of(pos)).collect();
    if let Some(path) = &args.judgements {
        let (judged, entries) = read_judgements(path, &rolls)?;
        return Ok(Searched::Keys(judged, entries));
    }
    let registry = dicechess::search::Registry::new();
    let bot = registry.resolve(Some(&args.search_bot)).clone();
    if args.search_playouts > 0 {
        let shard = args.shard.unwrap_or(Shard::WHOLE);
        let range = shard.range(rolls.len() as u64);
        let part = &rolls[range.start as usize..range.end as usize];
        let (judged, entries, log) = judge_openings(args, kept.len(), part, bot.as_ref(), pool)?;
        if args.shard.is_some() {
            let options = shard_options(args)?;
            let total = rolls.len() as u64;
            return Ok(Searched::Shard(
                ShardRun { command: "book distill", options, shard, unit: "rolls", total },
                log,
            ));
        }
        if let Some(path) = &args.search_log {
            write_output(path, log.as_bytes())?;
        }
        return Ok(Searched::Keys(judged, entries));
    }
    let timed = args.search_move_time > 0 && matches!(bot.budgeting(), Budgeting::Budgeted { .. });
    let progress = Progress::new(Some("search"), Unit::Items, rolls.len() as u64, args.workers.quiet);
    let started = Instant::now();
    let entries: Vec<Option<BuiltEntry>> = pool.install(|| {
        rolls
            .par_iter()
            .map(|rolled| {
                let clock = SystemClock::new();
                let deadline =
                    timed.then(|| Deadline { clock: &clock, at: clock.now().plus_ms(args.search_move_time) });
                let entry = searched_entry(bot.as_ref(), rolled, args.games.seed, deadline);
                progress.tick("rolls");
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
    Ok(Searched::Keys(Vec::new(), entries))
}

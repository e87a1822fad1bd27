//! `dicechess loss`: each bot's average loss of win probability against a deep reference on a
//! fixed suite of rolls (issue 12's low-variance strength measure, beside the arena's win rates).
//!
//! The suite: positions of `datagen` output (only the DFEN field is read), visited in a seeded
//! order, each given the dice of a seeded stream; a roll is kept when its legal turns reach at
//! least two distinct post-turn positions (a forced roll costs no bot anything), until `--rolls`
//! are kept. Every bot plays each roll (`--move-time` per roll for the budgeted bots). The
//! reference judges the turns with `expectimax-v2`'s search, untimed, `--depth` turns deep (the
//! turn itself counted): the value of a turn is the mover's win probability after it, one minus
//! the opponent's chance node searched `depth − 1` turns deep (exact, a full window). The best
//! value is the larger of the reference search's choice and every bot's turn, so that a loss,
//! best minus the bot's turn, is never negative.

use std::collections::HashSet;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde::Serialize;

use dicechess::search::deepening::{Config, DeepeningBot, DefaultEvaluator, Limits, Searcher};
use dicechess::search::Clock as _;
use dicechess::search::{
    candidate_turns, choose_turn, derive, Budgeting, Builtin, Deadline, Registry, Rng, SystemClock,
};
use dicechess::{Position, Roll, Turns};

use dicechess_cli::args::bot_id;
use dicechess_cli::args::{move_time, parse_seed, pool, Workers};
use dicechess_cli::files::{read_text, write_output, Input};
use dicechess_cli::io::{self, Exit, Failure, Outcome};
use dicechess_cli::progress::{Progress, Unit};
use dicechess_cli::shard::numbered_lines;

#[derive(Debug, Args)]
pub struct LossArgs {
    /// The positions (`datagen` output; the first field of each line is read; `-` = stdin).
    #[arg(short, long, value_name = "IN")]
    input: String,
    /// Rolls in the suite (rolls with one reachable position left out).
    #[arg(long, value_name = "N", default_value = "500", value_parser = clap::value_parser!(u64).range(1..))]
    rolls: u64,
    /// Seed of the suite's order, its dice and the bots' streams.
    #[arg(long, value_name = "S", default_value = "1", value_parser = parse_seed)]
    seed: u64,
    /// The bots, comma-separated (default: every built-in).
    #[arg(long, value_name = "IDS", value_delimiter = ',', value_parser = bot_id)]
    bots: Vec<String>,
    /// Budget per roll of the budgeted bots (0 = their untimed modes).
    #[arg(long, value_name = "MS", default_value = "50", value_parser = move_time)]
    move_time: u64,
    /// The reference's depth in turns, counting the judged turn (2: the opponent's best reply to
    /// each of its 56 rolls is judged by the evaluator).
    #[arg(long, value_name = "D", default_value = "2", value_parser = clap::value_parser!(u8).range(1..=4))]
    depth: u8,
    /// Also write every roll's values and the summary as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<String>,
    #[command(flatten)]
    workers: Workers,
}

/// One bot's turn on one roll.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Played {
    bot: String,
    moves: Vec<String>,
    value: f32,
    loss: f32,
    micros: u64,
}

/// One roll of the suite.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Judged {
    dfen: String,
    best: f32,
    played: Vec<Played>,
}

/// One bot's summary.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    bot: String,
    mean_loss: f64,
    /// The 95% half-width of the mean loss.
    interval: f64,
    /// Rolls where the bot lost more than 0.02 (a mistake).
    over_2_percent: u64,
    /// Rolls where the bot played a best turn (loss below 0.0005).
    best_turns: u64,
    mean_micros: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    rolls: usize,
    forced_left_out: u64,
    seed: u64,
    move_time_ms: u64,
    depth: u8,
    summary: Vec<Summary>,
    suite: Vec<Judged>,
}

/// The suite: `n` non-forced rolls in a seeded order of `positions`, and the forced ones skipped.
fn suite(positions: &[Position], n: u64, seed: u64) -> (Vec<Position>, u64) {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    let mut rng = Rng::from_seed(derive(seed, 0));
    for i in (1..order.len()).rev() {
        order.swap(i, rng.index(i + 1));
    }
    let (mut rolls, mut forced) = (Vec::new(), 0);
    for (k, &i) in order.iter().enumerate() {
        if rolls.len() as u64 == n {
            break;
        }
        let mut pos = positions[i];
        pos.set_dice(Rng::from_seed(derive(seed, 1 + k as u64)).three_dice());
        let Some(turns) = Roll::new(&pos).ok().and_then(Turns::new) else {
            forced += 1;
            continue;
        };
        let posts: HashSet<Position> = candidate_turns(&turns).iter().map(|t| t.post_turn()).collect();
        if posts.len() < 2 {
            forced += 1;
            continue;
        }
        rolls.push(pos);
    }
    (rolls, forced)
}

/// The mover's win probability after `moves` from `roll`, `depth` turns deep.
fn value(s: &mut Searcher<'_, DefaultEvaluator>, roll: &Position, moves: &[dicechess::Move], depth: u8) -> f32 {
    let mut post = *roll;
    if post.play_turn(moves) {
        return 1.0;
    }
    // Unbounded: a search without a deadline or node limit cannot abort.
    1.0 - s.chance(&post, depth - 1, 0.0, 1.0).unwrap_or(0.5)
}

/// Judges one roll: every bot's turn and the reference's best.
fn judge(registry: &Registry, bots: &[String], roll: &Position, index: u64, args: &LossArgs) -> Judged {
    let clock = SystemClock::new();
    let mut played = Vec::with_capacity(bots.len());
    let evaluator = DefaultEvaluator::default();
    let unbounded = Limits { max_depth: args.depth, max_nodes: u64::MAX };
    let mut s = Searcher::new(&evaluator, Config::default().shape, unbounded, None, 18);
    for (b, id) in bots.iter().enumerate() {
        let Some(bot) = registry.get(id) else { continue };
        let started = clock.now();
        let deadline = match (bot.budgeting(), args.move_time) {
            (Budgeting::Budgeted { .. }, ms) if ms > 0 => Some(Deadline { clock: &clock, at: started.plus_ms(ms) }),
            _ => None,
        };
        let mut rng = Rng::from_seed(derive(derive(args.seed, index), b as u64 + 1));
        let choice = Roll::new(roll)
            .map_or_else(|_| dicechess::search::Choice::pass(), |r| choose_turn(bot.as_ref(), r, &mut rng, deadline));
        let micros = clock.now().0.saturating_sub(started.0);
        let v = value(&mut s, roll, &choice.moves, args.depth);
        played.push(Played {
            bot: id.clone(),
            moves: choice.moves.iter().map(ToString::to_string).collect(),
            value: v,
            loss: 0.0,
            micros,
        });
    }
    let reference = DeepeningBot::with_config(Config { untimed: unbounded, ..Config::default() }, evaluator);
    let best_by_search = Roll::new(roll).ok().and_then(Turns::new).map_or(0.0, |turns| {
        let (choice, _) = reference.search(roll, &candidate_turns(&turns), None);
        value(&mut s, roll, &choice.moves, args.depth)
    });
    let best = played.iter().map(|p| p.value).fold(best_by_search, f32::max);
    for p in &mut played {
        p.loss = best - p.value;
    }
    Judged { dfen: roll.to_dfen(), best, played }
}

/// The per-bot summaries of the judged suite.
fn summarize(bots: &[String], judged: &[Judged]) -> Vec<Summary> {
    bots.iter()
        .map(|id| {
            let mine: Vec<&Played> = judged.iter().flat_map(|j| j.played.iter().filter(|p| &p.bot == id)).collect();
            let n = mine.len().max(1) as f64;
            let mean = mine.iter().map(|p| f64::from(p.loss)).sum::<f64>() / n;
            let var = mine.iter().map(|p| (f64::from(p.loss) - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            Summary {
                bot: id.clone(),
                mean_loss: mean,
                interval: 1.96 * (var / n).sqrt(),
                over_2_percent: mine.iter().filter(|p| p.loss > 0.02).count() as u64,
                best_turns: mine.iter().filter(|p| p.loss < 0.0005).count() as u64,
                mean_micros: mine.iter().map(|p| p.micros as f64).sum::<f64>() / n,
            }
        })
        .collect()
}

/// `dicechess loss`.
pub fn loss(args: LossArgs) -> Outcome {
    let started = Instant::now();
    let text = read_text(&args.input, Input::Games)?;
    let mut positions = Vec::new();
    for (n, line) in numbered_lines(&text) {
        let dfen = line.split('\t').next().unwrap_or_default();
        let pos = Position::from_dfen(dfen).map_err(|e| Failure::invalid(e.to_string()).at_line(n))?;
        positions.push(pos);
    }
    let bots: Vec<String> = if args.bots.is_empty() {
        Builtin::ALL.iter().map(|b| b.id().to_string()).collect()
    } else {
        args.bots.clone()
    };
    let (rolls, forced) = suite(&positions, args.rolls, args.seed);
    if (rolls.len() as u64) < args.rolls {
        return Err(Failure::invalid(format!(
            "only {} rolls with a choice in {} positions; --rolls {} needs more positions",
            rolls.len(),
            positions.len(),
            args.rolls
        )));
    }
    let registry = dicechess::search::Registry::new();
    let progress = Progress::new(Some("loss"), Unit::Items, rolls.len() as u64, args.workers.quiet);
    let judged: Vec<Judged> = pool(args.workers.count())?.install(|| {
        rolls
            .par_iter()
            .enumerate()
            .map(|(i, roll)| {
                let j = judge(&registry, &bots, roll, i as u64, &args);
                progress.tick("rolls");
                j
            })
            .collect()
    });
    progress.finish();
    let summary = summarize(&bots, &judged);
    let mut out = io::Output::stdout();
    out.line(&format!(
        "{} rolls ({forced} forced left out), reference expectimax-v2 untimed to depth {}, bots at {} ms",
        judged.len(),
        args.depth,
        args.move_time
    ))?;
    out.line(&format!(
        "{:<18} {:>10} {:>8} {:>7} {:>7} {:>9}",
        "bot", "mean loss", "± 95%", "> 0.02", "best", "mean ms"
    ))?;
    for s in &summary {
        out.line(&format!(
            "{:<18} {:>10.4} {:>8.4} {:>7} {:>7} {:>9.1}",
            s.bot,
            s.mean_loss,
            s.interval,
            s.over_2_percent,
            s.best_turns,
            s.mean_micros / 1000.0
        ))?;
    }
    out.flush()?;
    if let Some(path) = &args.json {
        let report = Report {
            rolls: judged.len(),
            forced_left_out: forced,
            seed: args.seed,
            move_time_ms: args.move_time,
            depth: args.depth,
            summary,
            suite: judged,
        };
        write_output(path, format!("{}\n", io::json(&report)?).as_bytes())?;
    }
    if !args.workers.quiet {
        eprintln!("judged in {} ms", started.elapsed().as_millis());
    }
    Ok(Exit::Success)
}

//! `dicechess best`: getBestMove on the command line (API.md), with an optional opening book.

use clap::Args;
use serde::Serialize;

use dicechess::package::{get_best_move, BestMoveOptions};
use dicechess::search::Clock as _;
use dicechess::search::{Registry, SystemClock};
use dicechess::Position;

use crate::args::{bot_id, budget_ms, effort, parse_seed};
use crate::io::{self, Exit, Failure, Outcome};
use crate::players::{book_bot, BookRole};

#[derive(Debug, Args)]
pub struct BestArgs {
    /// The rolled position as DFEN with dice (one quoted argument, or its fields as separate words).
    #[arg(value_name = "DFEN", num_args = 1.., required = true)]
    dfen: Vec<String>,
    /// The bot.
    #[arg(long, value_name = "ID", default_value = "greedy", value_parser = bot_id)]
    bot: String,
    /// Time budget in ms for budgeted bots (monte-carlo and expectimax-v2 default to 1000, expectimax to untimed).
    #[arg(long, value_name = "MS", value_parser = budget_ms)]
    time: Option<u64>,
    /// Search by work instead of time: the work of a budget of UNITS ms on a clock that stands
    /// still, the same turn for a seed on every machine (budgeted bots; replaces --time).
    #[arg(long, value_name = "UNITS", value_parser = effort)]
    effort: Option<u64>,
    /// Seed of the bot's random stream (default: system entropy).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    seed: Option<u64>,
    /// Decorate the bot with an opening book (TSV or binary).
    #[arg(long, value_name = "FILE")]
    book: Option<String>,
}

/// The output: the result of getBestMove and the bot that played.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BestJson {
    bot: String,
    moves: Vec<String>,
    score: i64,
    time_taken_ms: u64,
    budget_ms: u64,
    stop: &'static str,
}

/// `dicechess best`: one JSON object on stdout.
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
        effort: args.effort.map(|e| e as f64),
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
        stop: r.stop.as_str(),
    };
    let mut out = io::Output::stdout();
    out.line(&io::json(&value)?)?;
    out.flush()?;
    Ok(Exit::Success)
}

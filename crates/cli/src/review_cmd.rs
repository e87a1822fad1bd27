//! `dicechess review`: every game of a JSON Lines file of game records (BOOK.md §8) reviewed turn
//! by turn (docs/ANALYSIS.md): a table per game and each side's summary on stdout, one JSON object
//! per game with `--json`. Every record is checked first: an invalid one stops the command (exit
//! 1, naming its line and turn) before anything is reviewed.

use clap::Args;
use rayon::prelude::*;

use dicechess::analysis::{check_record, review_game, GameReview, ReviewBudget, SideSummary, TurnReview};
use dicechess::search::SystemClock;

use crate::args::{move_time, pool, Workers};
use crate::files::{read_text, write_lines, Input};
use crate::io::{self, Exit, Failure, Outcome};
use crate::progress::{Progress, Unit};
use crate::shard::{lines_text, numbered_lines, parse_shard, sha256_hex, Shard, ShardRun};

#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The game records, one JSON object per line (`-` = stdin).
    #[arg(value_name = "GAMES")]
    input: String,
    /// Search budget per turn in milliseconds (0: expectimax-nnue's untimed limits, exact and
    /// repeatable).
    #[arg(long, value_name = "MS", default_value = "250", value_parser = move_time)]
    time: u64,
    /// Also write one JSON object per game (the review of `reviewGame`) to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<String>,
    /// Review only the games of shard K of N (from 0, by their order in GAMES) and write a
    /// manifest beside the --json file for `dicechess merge` (docs/SCALE.md).
    #[arg(long, value_name = "K/N", value_parser = parse_shard, requires = "json")]
    shard: Option<Shard>,
    #[command(flatten)]
    workers: Workers,
}

/// `dicechess review`.
pub fn review(args: ReviewArgs) -> Outcome {
    let text = read_text(&args.input, Input::Games)?;
    let all = numbered_lines(&text);
    let games = args.shard.unwrap_or(Shard::WHOLE).slice(&all);
    let mut total = 0u64;
    for &(line, record) in games {
        let turns = check_record(record).map_err(|e| Failure::invalid(format!("{}:{line}: {e}", args.input)))?;
        total += turns as u64;
    }
    let clock = SystemClock::new();
    let progress = Progress::new(Some("review"), Unit::Items, total, args.workers.quiet);
    let reviews: Vec<GameReview> = pool(args.workers.count())?.install(|| {
        games
            .par_iter()
            .map(|&(line, record)| {
                let budget = match args.time {
                    0 => ReviewBudget::Untimed,
                    ms => ReviewBudget::PerTurn { clock: &clock, ms },
                };
                review_game(record, budget, |_, _| {
                    progress.tick("turns");
                })
                .map_err(|e| Failure::invalid(format!("{}:{line}: {e}", args.input)))
            })
            .collect::<Result<_, _>>()
    })?;
    progress.finish();
    let mut out = io::Output::stdout();
    for (&(line, _), r) in games.iter().zip(&reviews) {
        print_game(&mut out, line, r)?;
    }
    out.flush()?;
    if let Some(path) = &args.json {
        let lines = reviews.iter().map(io::json).collect::<Result<Vec<_>, _>>()?;
        if let Some(shard) = args.shard {
            let options = serde_json::json!({ "input": sha256_hex(text.as_bytes()), "time": args.time });
            let run = ShardRun { command: "review", options, shard, unit: "games", total: all.len() as u64 };
            run.write(path, lines_text(&lines).as_bytes())?;
        } else {
            write_lines(path, &lines)?;
        }
    }
    Ok(Exit::Success)
}

/// A probability as a percentage.
fn pct(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

/// A turn's moves, or `(pass)`.
fn moves(m: &[String]) -> String {
    if m.is_empty() {
        "(pass)".to_owned()
    } else {
        m.join(" ")
    }
}

fn print_game(out: &mut io::Output, line: usize, r: &GameReview) -> Result<(), Failure> {
    let id = r.id.as_deref().map_or_else(|| format!("line {line}"), |id| format!("{id} (line {line})"));
    out.line(&format!("game {id}: {}, {} turns", r.result, r.turns.len()))?;
    out.line(&format!(
        "{:>4} {:<5} {:<4} {:<16} {:<16} {:>7} {:>7} {:>7} {:>7}  label",
        "turn", "side", "dice", "played", "best", "before", "after", "error", "luck"
    ))?;
    for t in &r.turns {
        out.line(&turn_row(t))?;
    }
    for (side, s) in [("white", &r.white), ("black", &r.black)] {
        out.line(&summary_row(side, s))?;
    }
    out.line("")
}

fn turn_row(t: &TurnReview) -> String {
    let side = if t.mover == dicechess::Color::White { "white" } else { "black" };
    let label = if t.forced { "forced" } else { t.label.map_or("", |l| l.name()) };
    format!(
        "{:>4} {:<5} {:<4} {:<16} {:<16} {:>7} {:>7} {:>7.3} {:>+7.3}  {label}",
        t.number,
        side,
        t.dice,
        moves(&t.played),
        moves(&t.best),
        pct(t.before),
        pct(t.after_played),
        t.error,
        t.luck
    )
}

fn summary_row(side: &str, s: &SideSummary) -> String {
    let adjusted = s.luck_adjusted_result.map_or_else(|| "-".to_owned(), |x| format!("{x:.3}"));
    format!(
        "{side}: error rate {:.4} over {} unforced turns, luck {:+.3}, {} inaccuracies, {} mistakes, {} blunders, luck-adjusted result {adjusted}",
        s.error_rate, s.unforced, s.total_luck, s.inaccuracies, s.mistakes, s.blunders
    )
}

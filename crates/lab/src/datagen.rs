//! `dicechess datagen`: the training and held-out positions of the win-probability model
//! (`search::winprob`). Seeded self-play between varied built-in bots, untimed, each game opened by
//! a seeded number of random turns; a few turn-start positions are sampled per game and written
//! with the game's result from their mover's view. Games run on a rayon pool and are written in
//! game-index order, so a run does not depend on `--threads`.
//!
//! One line per position: `dfen \t result \t game \t turn \t white \t black`, `result` being `W`,
//! `L` or `D` for the side to move of `dfen` (no dice: the start of its turn). With `--values`, a
//! seventh column: the position's search value ([`chance_value`]), the targets that the NNUE
//! trainer mixes with the results.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;

use std::convert::Infallible;
use std::ops::ControlFlow;

use dicechess::drive;
use dicechess::search::deepening::{Config, DeepeningBot, DefaultEvaluator, Limits, Neural};
use dicechess::search::winprob::{model_chances, roll_chances};
use dicechess::search::{derive, rolls56, untimed_turn, Bot, Rng};
use dicechess::{Color, Dice, GameOptions, Position};

use crate::bots::{net_sha256, plays_with_net};
use dicechess_cli::args::{bot_id, games, parse_seed, pool, Workers};
use dicechess_cli::files::write_lines;
use dicechess_cli::io::{Exit, Failure, Outcome};
use dicechess_cli::progress::{Progress, Unit};
use dicechess_cli::shard::{lines_text, parse_shard, Shard, ShardRun};

#[derive(Debug, Args)]
pub struct DatagenArgs {
    /// Where to write the positions, one TSV line each (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// Number of games.
    #[arg(long, value_name = "N", default_value = "1000", value_parser = games)]
    games: u64,
    /// Master seed of the openings, dice and bots.
    #[arg(long, value_name = "S", default_value = "1", value_parser = parse_seed)]
    seed: u64,
    /// The bot pairs `WHITE:BLACK`, comma-separated; game g plays pair g mod their count, colours
    /// exchanged every other round.
    #[arg(long, value_name = "PAIRS", default_value = "greedy-v2:aggressive,expectimax:greedy-v2")]
    pairs: String,
    /// The most random opening turns (each game draws 0..=N).
    #[arg(long, value_name = "N", default_value = "8")]
    random_turns: u64,
    /// Positions sampled per game (distinct turns after the opening; fewer in shorter games).
    #[arg(long, value_name = "K", default_value = "4")]
    samples: u64,
    /// Also write each position's search value, a seventh column: the mover's expected score over
    /// the 56 rolls, each after its best turn by the win-probability model (a few milliseconds a
    /// position).
    #[arg(long)]
    values: bool,
    /// The untimed depth of the searching bots (`expectimax-v2`, `expectimax-nnue`), in turns,
    /// instead of their own (1: the best post-turn position by the evaluator).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(1..=4))]
    depth: Option<u8>,
    /// Play only the games of shard K of N (from 0), each as in the whole run, and write a
    /// manifest beside the output for `dicechess merge` (docs/SCALE.md).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    #[command(flatten)]
    workers: Workers,
}

/// The result of a game for one mover.
fn result_char(winner: Option<Color>, mover: Color) -> char {
    match winner {
        None => 'D',
        Some(c) if c == mover => 'W',
        Some(_) => 'L',
    }
}

/// The search value of `pos` (no dice) for its side to move: the depth-1 chance node, the
/// expected score over the 56 weighted rolls of the best turn of each by the model (`roll_chances`:
/// a king capture wins, a pass passes). Biased upward by the maximum over noisy estimates
/// (docs/NOTES.md).
pub(crate) fn chance_value(pos: &Position) -> f64 {
    let total: f64 = rolls56()
        .iter()
        .map(|roll| f64::from(roll.weight) * f64::from(roll_chances(&pos.with_dice(roll.dice), model_chances).score()))
        .sum();
    total / 216.0
}

/// The bots of the pairs and `random` by id: the registry's, the searching bots at `depth` when
/// given; `None` for an id that names no bot.
fn players(pairs: &[(String, String)], depth: Option<u8>) -> Option<HashMap<String, Arc<dyn Bot>>> {
    let registry = dicechess::search::Registry::new();
    let at = |depth: u8| {
        let config = Config::default();
        Config { untimed: Limits { max_depth: depth, ..config.untimed }, ..config }
    };
    let player = |id: &str| -> Option<Arc<dyn Bot>> {
        match (id, depth) {
            ("expectimax-v2", Some(d)) => {
                Some(Arc::new(DeepeningBot { config: at(d), evaluator: DefaultEvaluator::default() }))
            }
            ("expectimax-nnue", Some(d)) => Some(Arc::new(DeepeningBot { config: at(d), evaluator: Neural })),
            _ => registry.get(id).cloned(),
        }
    };
    let ids = pairs.iter().flat_map(|(w, b)| [w.as_str(), b.as_str()]).chain(["random"]);
    ids.map(|id| player(id).map(|bot| (id.to_owned(), bot))).collect()
}

/// Parses `a:b,c:d` into canonical bot-id pairs.
fn parse_pairs(text: &str) -> Result<Vec<(String, String)>, Failure> {
    text.split(',')
        .map(|pair| {
            let (w, b) =
                pair.split_once(':').ok_or_else(|| Failure::invalid(format!("'{pair}' is not WHITE:BLACK")))?;
            let id = |s: &str| bot_id(s.trim()).map_err(|e| Failure::invalid(e.to_string()));
            Ok((id(w)?, id(b)?))
        })
        .collect()
}

/// One game's turn starts (dice empty) after its opening, and its winner.
struct Played {
    starts: Vec<Position>,
    winner: Option<Color>,
}

/// Plays game `g`: `opening` random turns, then `bots` (by colour index) to the end, under the
/// host rules of every game (half-move draw, turn cap).
fn play(bots: [&dyn Bot; 2], random: &dyn Bot, opening: u64, seed: u64) -> Played {
    let mut rngs = [Rng::from_seed(derive(seed, 1)), Rng::from_seed(derive(seed, 2))];
    let mut starts = Vec::new();
    let mut turn = 0u64;
    let ending = drive(&Position::initial(), GameOptions::default(), &mut Rng::from_seed(derive(seed, 0)), |pos| {
        if turn >= opening {
            starts.push(pos.with_dice(Dice::EMPTY));
        }
        let i = pos.turn().index();
        let bot = if turn < opening { random } else { bots[i] };
        turn += 1;
        ControlFlow::<Infallible, _>::Continue(untimed_turn(bot, pos, &mut rngs[i]))
    });
    Played { starts, winner: ending.ending().outcome.winner() }
}

/// The lines of game `g`.
fn game_lines(
    players: &HashMap<String, Arc<dyn Bot>>,
    pairs: &[(String, String)],
    args: &DatagenArgs,
    g: u64,
) -> Vec<String> {
    let seed = derive(args.seed, g);
    let mut rng = Rng::from_seed(derive(seed, 3));
    let n = pairs.len() as u64;
    let (a, b) = &pairs[(g % n) as usize];
    let (white, black) = if (g / n) % 2 == 1 { (b, a) } else { (a, b) };
    let get = |id: &str| players.get(id).map(|bot| bot.as_ref());
    let (Some(w), Some(bl), Some(random)) = (get(white), get(black), get("random")) else { return Vec::new() };
    let opening = rng.uniform(args.random_turns + 1);
    let played = play([w, bl], random, opening, seed);
    // A partial Fisher-Yates shuffle picks the sampled turns.
    let mut idx: Vec<usize> = (0..played.starts.len()).collect();
    let k = (args.samples as usize).min(idx.len());
    for i in 0..k {
        let j = i + rng.index(idx.len() - i);
        idx.swap(i, j);
    }
    let mut chosen = idx[..k].to_vec();
    chosen.sort_unstable();
    chosen
        .into_iter()
        .map(|i| {
            let pos = &played.starts[i];
            let result = result_char(played.winner, pos.turn());
            let mut line =
                format!("{}\t{result}\t{}-{g}\t{}\t{white}\t{black}", pos.to_dfen(), args.seed, opening + i as u64);
            if args.values {
                line.push_str(&format!("\t{:.4}", chance_value(pos)));
            }
            line
        })
        .collect()
}

/// `dicechess datagen`.
pub fn datagen(args: DatagenArgs) -> Outcome {
    let started = Instant::now();
    let pairs = parse_pairs(&args.pairs)?;
    let players = players(&pairs, args.depth).ok_or_else(|| Failure::invalid("a pair names no bot"))?;
    let pool = pool(args.workers.count())?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let range = shard.range(args.games);
    let progress = Progress::new(Some("datagen"), Unit::Items, range.end - range.start, args.workers.quiet);
    let per_game: Vec<Vec<String>> = pool.install(|| {
        range
            .into_par_iter()
            .map(|g| {
                let lines = game_lines(&players, &pairs, &args, g);
                progress.tick("games");
                lines
            })
            .collect()
    });
    progress.finish();
    let lines: Vec<String> = per_game.into_iter().flatten().collect();
    if args.shard.is_some() {
        let mut options = serde_json::json!({
            "games": args.games,
            "seed": args.seed,
            "pairs": args.pairs,
            "randomTurns": args.random_turns,
            "samples": args.samples,
        });
        if args.values {
            options["values"] = true.into();
        }
        if let Some(depth) = args.depth {
            options["depth"] = depth.into();
        }
        if pairs.iter().any(|(w, b)| plays_with_net(w) || plays_with_net(b)) {
            options["net"] = net_sha256().into();
        }
        let run = ShardRun { command: "datagen", options, shard, unit: "games", total: args.games };
        run.write(&args.output, lines_text(&lines).as_bytes())?;
    } else {
        write_lines(&args.output, &lines)?;
    }
    if !args.workers.quiet {
        let ms = started.elapsed().as_millis();
        eprintln!("{} positions of {} games written to {} in {ms} ms", lines.len(), args.games, args.output);
    }
    Ok(Exit::Success)
}

//! `dicechess selfplay` (BOOK.md §10.1): seeded games between two bots as JSON Lines game records;
//! [`self_play`] also plays the games of `book distill`. Games run on a rayon pool and are written
//! in game-index order, so an untimed run does not depend on `--threads`.

use std::time::Instant;

use clap::Args;
use rayon::prelude::*;

use dicechess::notation::write_games;
use dicechess::record::GameId;
use dicechess::record::{RecordJson, TurnJson};
use dicechess::search::GameSeeds;
use dicechess::{Game, GameOptions, Position};

use dicechess_cli::args::bot_id;
use dicechess_cli::args::{pool, GameArgs, Workers};
use dicechess_cli::files::{write_lines, write_output};
use dicechess_cli::io::{self, Exit, Failure, Outcome};
use dicechess_cli::players::{play_game, start_position, BookRole, Game as PlayedGame, Player, Timing};
use dicechess_cli::progress::{Progress, Unit};
use dicechess_cli::shard::{file_sha256, lines_text, parse_shard, Shard, ShardRun};

#[derive(Debug, Args)]
#[command(mut_arg("quiet", |a| a.help("No progress on stderr")))]
pub struct SelfplayArgs {
    /// Where to write the games, one JSON line per game (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// White's bot.
    #[arg(long, value_name = "ID", default_value = "aggressive", value_parser = bot_id)]
    white: String,
    /// Black's bot (default: the same as --white).
    #[arg(long, value_name = "ID", value_parser = bot_id)]
    black: Option<String>,
    #[command(flatten)]
    games: GameArgs,
    /// Decorate White's bot with an opening book.
    #[arg(long, value_name = "PATH")]
    white_book: Option<String>,
    /// Decorate Black's bot with an opening book.
    #[arg(long, value_name = "PATH")]
    black_book: Option<String>,
    /// Write each turn's thinking time (`timeMs`).
    #[arg(long, conflicts_with = "notation")]
    timings: bool,
    /// Write the games in the readable notation (docs/NOTATION.md) instead of JSON lines.
    #[arg(long)]
    notation: bool,
    /// Play only the games of shard K of N (from 0), each as in the whole run, and write a
    /// manifest beside the output for `dicechess merge` (docs/SCALE.md).
    #[arg(long, value_name = "K/N", value_parser = parse_shard, conflicts_with = "notation")]
    shard: Option<Shard>,
    #[command(flatten)]
    workers: Workers,
}

/// The two bots of a self-play run, with their books.
pub struct Sides<'a> {
    pub white: &'a str,
    /// `None`: the same as White.
    pub black: Option<&'a str>,
    pub white_book: Option<&'a str>,
    pub black_book: Option<&'a str>,
}

/// Plays the games of `games` of indices `range` between `sides` and returns one JSON line per
/// game, in game-index order; `timings` adds each turn's thinking time.
pub fn self_play(
    games: &GameArgs,
    range: std::ops::Range<u64>,
    sides: &Sides<'_>,
    workers: &Workers,
    timings: bool,
) -> Result<Vec<String>, Failure> {
    let registry = dicechess::search::Registry::new();
    let start = match &games.start {
        Some(dfen) => start_position(dfen)?,
        None => Position::initial(),
    };
    let start_dfen = games.start.as_ref().map(|_| start.to_dfen());
    let side = |id: &str, book: Option<&str>| {
        Player::new(&registry, id, "empirical-v1", book.map(|path| (path, BookRole::Bot)))
    };
    let white = side(sides.white, sides.white_book)?;
    let black = side(sides.black.unwrap_or(sides.white), sides.black_book)?;
    let (white_id, black_id) = (white.id(), black.id());
    let timing = Timing::per_move(games.move_time);
    let pool = pool(workers.count())?;
    let progress = Progress::new(Some("selfplay"), Unit::Items, range.end - range.start, workers.quiet);
    let lines: Result<Vec<String>, Failure> = pool.install(|| {
        range
            .into_par_iter()
            .map(|g| {
                let swapped = games.swap && g % 2 == 1;
                let (w, b, wid, bid) = if swapped {
                    (&black, &white, &black_id, &white_id)
                } else {
                    (&white, &black, &white_id, &black_id)
                };
                let game = play_game(&start, GameSeeds::of_game(games.seed, g), [w, b], [&timing, &timing]);
                let record =
                    record_line(&format!("{}-{g}", games.seed), [wid, bid], start_dfen.as_deref(), &game, timings);
                progress.tick("games");
                record
            })
            .collect()
    });
    progress.finish();
    lines
}

/// `dicechess selfplay` (BOOK.md §10.1).
/// The game record (BOOK.md §8) of a game played by `players` (White, Black) from `start` (a DFEN
/// without dice; `None` for the standard start), with each turn's thinking time if `timings`.
pub fn record_line(
    id: &str,
    players: [&str; 2],
    start: Option<&str>,
    game: &PlayedGame,
    timings: bool,
) -> Result<String, Failure> {
    let id = GameId::Text(id.to_owned());
    let record = RecordJson {
        id: Some(&id),
        white: Some(players[0]),
        black: Some(players[1]),
        white_rating: None,
        black_rating: None,
        result: Some(dicechess::Outcome::from_winner(game.winner)),
        start,
        termination: Some(game.termination.as_str()),
        turns: game
            .turns
            .iter()
            .map(|t| TurnJson::of(t.mover, t.dice, &t.moves, timings.then_some(t.micros / 1000)))
            .collect(),
    };
    io::json(&record)
}

/// The notation of game records of `selfplay` and `arena` (read without the host rules: the
/// arena's are its own).
pub fn notation_of(lines: &[String]) -> Result<String, Failure> {
    let options = GameOptions::NONE;
    let games = lines
        .iter()
        .map(|l| Game::from_record(l, options).map(|g| g.to_notated()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::invalid(format!("a self-play record: {e}")))?;
    write_games(&games).map_err(|e| Failure::invalid(format!("a self-play game: {e}")))
}

pub fn selfplay(args: SelfplayArgs) -> Outcome {
    let started = Instant::now();
    let sides = Sides {
        white: &args.white,
        black: args.black.as_deref(),
        white_book: args.white_book.as_deref(),
        black_book: args.black_book.as_deref(),
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let lines = self_play(&args.games, shard.range(args.games.games), &sides, &args.workers, args.timings)?;
    if args.notation {
        write_output(&args.output, notation_of(&lines)?.as_bytes())?;
    } else if args.shard.is_some() {
        let options = serde_json::json!({
            "white": args.white,
            "black": args.black.as_deref().unwrap_or(&args.white),
            "games": args.games.games,
            "seed": args.games.seed,
            "swap": args.games.swap,
            "start": args.games.start,
            "moveTime": args.games.move_time,
            "whiteBook": file_sha256(args.white_book.as_deref())?,
            "blackBook": file_sha256(args.black_book.as_deref())?,
            "timings": args.timings,
        });
        let run = ShardRun { command: "selfplay", options, shard, unit: "games", total: args.games.games };
        run.write(&args.output, lines_text(&lines).as_bytes())?;
    } else {
        write_lines(&args.output, &lines)?;
    }
    if !args.workers.quiet {
        eprintln!("{} games written to {} in {} ms", lines.len(), args.output, started.elapsed().as_millis());
    }
    Ok(Exit::Success)
}

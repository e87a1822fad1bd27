//! The `dicechess` command-line tool (feature `cli`): [`run`] is all that src/main.rs calls.
//! It lives in the library so that it can use the crate's internals; nothing else here is public.
//!
//! One file per subcommand or group, each over shared pieces; data flows one way: no file imports
//! a file that imports it (tests/architecture.rs checks it):
//!
//! | file | owns |
//! | --- | --- |
//! | `mod.rs` | the `Command` list and [`run`]: parse, dispatch, exit code |
//! | `io.rs` | the conventions of BOOK.md §11.1: exit codes, messages, stdout, batch mode |
//! | `signals.rs` | SIGINT, SIGTERM, SIGHUP and the run's output files: temporary until the run ends |
//! | `files.rs` | reading inputs, writing outputs (the one writer: files, links, devices), loading books |
//! | `args.rs` | the value parsers and the option sets several subcommands flatten |
//! | `progress.rs` | the one progress display (indicatif bar, plain lines or nothing) |
//! | `rules.rs` | `board`, `moves`, `tree`, `perft` |
//! | `best.rs` | `best` |
//! | `game.rs` | players (bots, books, time policies) and the game loop of BOTS.md §10.3 |
//! | `arena.rs` | `arena`: its options, start positions, the table |
//! | `arena_match.rs` | one match: paired games in parallel, the tally, SPRT stops |
//! | `arena_json.rs` | the `arena --json` report |
//! | `selfplay.rs` | `selfplay`, and the self-play games of `book distill` |
//! | `book/` | `book build`, `validate`, `convert`, `probe`, `distill`: one file each |
//! | `scenarios.rs` | `scenarios` |
//! | `datagen.rs` | `datagen`: self-play positions for the win-probability model |
//! | `winprob.rs` | `winprob describe`, `features`, `calibrate`: the model's inputs and measurement |
//! | `loss.rs` | `loss`: each bot's average loss of win probability on a suite of rolls |
//! | `review.rs` | `review`: game records reviewed turn by turn (docs/ANALYSIS.md) |
//! | `game_files.rs` | `game convert`, `show`, `validate`: files of games, records or notation (docs/NOTATION.md) |
//! | `shard.rs` | `--shard K/N`: a shard's range and manifest, the checks of a run's shards, concatenation |
//! | `merge_shards.rs` | `merge`: a sharded run's outputs merged, by the merge of the command that wrote them |
//!
//! A new subcommand adds its file, its variant to `Command` and one arm to [`run`].

#[cfg(feature = "book")]
mod arena;
#[cfg(feature = "book")]
mod arena_json;
#[cfg(feature = "book")]
mod arena_match;
#[cfg(feature = "book")]
mod args;
#[cfg(feature = "book")]
mod best;
#[cfg(feature = "book")]
mod book_cmd;
#[cfg(feature = "book")]
mod datagen;
#[cfg(feature = "book")]
mod files;
#[cfg(feature = "book")]
mod game_files;
mod io;
#[cfg(feature = "book")]
mod loss;
#[cfg(feature = "book")]
mod merge_shards;
#[cfg(feature = "book")]
mod players;
#[cfg(feature = "book")]
mod progress;
#[cfg(feature = "book")]
mod review_cmd;
mod rules_cmd;
#[cfg(feature = "book")]
mod scenarios_cmd;
#[cfg(feature = "book")]
mod selfplay;
#[cfg(feature = "book")]
mod shard;
mod signals;
#[cfg(feature = "book")]
mod winprob_cmd;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Dice Chess engine: exact rules, bots and opening books.
#[derive(Debug, Parser)]
#[command(name = "dicechess", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a readable board and every field of a position.
    Board(rules_cmd::BoardArgs),
    /// Print the legal first micro-moves of a roll as a JSON array (getLegalUciMoves).
    Moves(rules_cmd::DfenArgs),
    /// Print the legal turn tree of a roll as JSON (JSON.stringify(getLegalTurnTree)); a roll with
    /// more than 1,000,000 legal turns is refused (exit 1; `null` per line with --stdin).
    Tree(rules_cmd::DfenArgs),
    /// Print the number of legal turns of a roll (countLegalTurns): exact and quick on any roll.
    Count(rules_cmd::DfenArgs),
    /// Count the leaves of the micro-move tree (RULES.md §12.1), optionally per root move.
    Perft(rules_cmd::PerftArgs),
    /// Opening books: build, validate, convert, probe, distill (BOOK.md §11).
    #[cfg(feature = "book")]
    Book(book_cmd::BookArgs),
    /// A bot's turn for a rolled position, as JSON (getBestMove).
    #[cfg(feature = "book")]
    Best(best::BestArgs),
    /// Bot against bot from a start position: paired games, statistics, SPRT (BOTS.md §10).
    #[cfg(feature = "book")]
    Arena(arena::ArenaArgs),
    /// Seeded games between two bots as JSON Lines game records (BOOK.md §10.1).
    #[cfg(feature = "book")]
    Selfplay(selfplay::SelfplayArgs),
    /// A candidate bot against a baseline on a deterministic scenario catalog (BOTS.md §11).
    #[cfg(feature = "book")]
    Scenarios(scenarios_cmd::ScenariosArgs),
    /// Self-play positions labelled with their game's result, for the win-probability model.
    #[cfg(feature = "book")]
    Datagen(datagen::DatagenArgs),
    /// The win-probability model: its inputs, training rows and calibration.
    #[cfg(feature = "book")]
    Winprob(winprob_cmd::WinprobArgs),
    /// Each bot's average loss of win probability against a deep reference on a suite of rolls.
    #[cfg(feature = "book")]
    Loss(loss::LossArgs),
    /// Game records reviewed turn by turn: win probability, the best turn, error, luck.
    #[cfg(feature = "book")]
    Review(review_cmd::ReviewArgs),
    /// Files of games: convert records and the readable notation, show, validate.
    #[cfg(feature = "book")]
    Game(game_files::GameArgs),
    /// The outputs of a sharded run (`--shard K/N`) merged into the unsharded run's, every shard
    /// checked against its manifest (docs/SCALE.md).
    #[cfg(feature = "book")]
    Merge(merge_shards::MergeArgs),
}

/// Parses the arguments, runs the subcommand and maps the outcome to an exit code (BOOK.md §11.1).
/// Usage errors exit 2 and `--help` / `--version` exit 0 right away (`io::usage_exit`).
pub fn run() -> ExitCode {
    signals::watch();
    let _discard = signals::Discard;
    let cli = Cli::try_parse().unwrap_or_else(|e| {
        // The usage line of the subcommand being run, if any, else the tool's.
        let mut root = Cli::command();
        root.build();
        let sub = std::env::args().skip(1).find_map(|a| root.find_subcommand(&a).cloned());
        io::usage_exit(e, sub.as_ref().unwrap_or(&root))
    });
    let outcome = match cli.command {
        Command::Board(args) => rules_cmd::board(args),
        Command::Moves(args) => rules_cmd::moves(args),
        Command::Tree(args) => rules_cmd::tree(args),
        Command::Count(args) => rules_cmd::count(args),
        Command::Perft(args) => rules_cmd::perft(args, &subcommand("perft")),
        #[cfg(feature = "book")]
        Command::Book(args) => book_cmd::run(args),
        #[cfg(feature = "book")]
        Command::Best(args) => best::best(args),
        #[cfg(feature = "book")]
        Command::Arena(args) => arena::arena(args),
        #[cfg(feature = "book")]
        Command::Selfplay(args) => selfplay::selfplay(args),
        #[cfg(feature = "book")]
        Command::Scenarios(args) => scenarios_cmd::scenarios(args),
        #[cfg(feature = "book")]
        Command::Datagen(args) => datagen::datagen(args),
        #[cfg(feature = "book")]
        Command::Winprob(args) => winprob_cmd::winprob(args),
        #[cfg(feature = "book")]
        Command::Loss(args) => loss::loss(args),
        #[cfg(feature = "book")]
        Command::Review(args) => review_cmd::review(args),
        #[cfg(feature = "book")]
        Command::Game(args) => game_files::game(args),
        #[cfg(feature = "book")]
        Command::Merge(args) => merge_shards::merge(args),
    };
    io::finish(outcome)
}

/// A subcommand's clap definition, built (so that its errors carry the `dicechess <sub>` usage line),
/// for the checks clap cannot express and a subcommand makes itself (they exit 2 like clap's own).
fn subcommand(name: &str) -> clap::Command {
    let mut root = Cli::command();
    root.build();
    root.find_subcommand(name).cloned().unwrap_or(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}

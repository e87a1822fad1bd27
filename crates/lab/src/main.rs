//! The `dicechess` binary: the player commands of `dicechess-cli` and the lab's, listed in one
//! `Command` (BOOK.md §11, BOTS.md §10–§11); parse, dispatch, exit code (BOOK.md §11.1).
//! A new subcommand adds its file to its crate, its variant to `Command` and one arm to `main`.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use dicechess_cli::io::{self, Outcome};
use dicechess_cli::{best, book_cmd, game_files, review_cmd, rules_cmd, signals};
use dicechess_lab::{arena, datagen, distill_cmd, loss, merge_shards, nnue_cmd, scenarios_cmd, selfplay, winprob_cmd};

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
    Book(BookArgs),
    /// A bot's turn for a rolled position, as JSON (getBestMove).
    Best(best::BestArgs),
    /// Bot against bot from a start position: paired games, statistics, SPRT (BOTS.md §10).
    Arena(arena::ArenaArgs),
    /// Seeded games between two bots as JSON Lines game records (BOOK.md §10.1).
    Selfplay(selfplay::SelfplayArgs),
    /// A candidate bot against a baseline on a deterministic scenario catalog (BOTS.md §11).
    Scenarios(scenarios_cmd::ScenariosArgs),
    /// Self-play positions labelled with their game's result, for the win-probability model.
    Datagen(datagen::DatagenArgs),
    /// The win-probability model: its inputs, training rows and calibration.
    Winprob(winprob_cmd::WinprobArgs),
    /// The NNUE evaluator: its input layout and training rows.
    Nnue(nnue_cmd::NnueArgs),
    /// Each bot's average loss of win probability against a deep reference on a suite of rolls.
    Loss(loss::LossArgs),
    /// Game records reviewed turn by turn: win probability, the best turn, error, luck.
    Review(review_cmd::ReviewArgs),
    /// Files of games: convert records and the readable notation, show, validate.
    Game(game_files::GameArgs),
    /// The outputs of a sharded run (`--shard K/N`) merged into the unsharded run's, every shard
    /// checked against its manifest (docs/SCALE.md).
    Merge(merge_shards::MergeArgs),
}

/// Parses the arguments, runs the subcommand and maps the outcome to an exit code (BOOK.md §11.1).
/// Usage errors exit 2 and `--help` / `--version` exit 0 right away (`io::usage_exit`).
fn main() -> ExitCode {
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
        Command::Book(args) => book(args),
        Command::Best(args) => best::best(args),
        Command::Arena(args) => arena::arena(args),
        Command::Selfplay(args) => selfplay::selfplay(args),
        Command::Scenarios(args) => scenarios_cmd::scenarios(args),
        Command::Datagen(args) => datagen::datagen(args),
        Command::Winprob(args) => winprob_cmd::winprob(args),
        Command::Nnue(args) => nnue_cmd::nnue(args),
        Command::Loss(args) => loss::loss(args),
        Command::Review(args) => review_cmd::review(args),
        Command::Game(args) => game_files::game(args),
        Command::Merge(args) => merge_shards::merge(args),
    };
    io::finish(outcome)
}

#[derive(Debug, clap::Args)]
struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// Build a book from JSON Lines game records (BOOK.md §9).
    Build(book_cmd::build_cmd::BuildArgs),
    /// Report every problem of a book, line by line (BOOK.md §5).
    Validate(book_cmd::validate_cmd::ValidateArgs),
    /// Convert a book between TSV, binary (.dcb) and the dump format.
    Convert(book_cmd::convert_cmd::ConvertArgs),
    /// Show a book's entries for a position and the decision of a book bot.
    Probe(book_cmd::probe::ProbeArgs),
    /// Self-play with a chosen bot, then build a book from the games (BOOK.md §10.2).
    Distill(Box<distill_cmd::DistillArgs>),
    /// Merge books into one binary book: the weights and W/D/L of one position and turn added
    /// (docs/SCALE.md).
    Merge(book_cmd::merge::MergeArgs),
}

/// Runs a `book` subcommand.
fn book(args: BookArgs) -> Outcome {
    match args.command {
        BookCommand::Build(a) => book_cmd::build_cmd::build(a),
        BookCommand::Validate(a) => book_cmd::validate_cmd::validate(a),
        BookCommand::Convert(a) => book_cmd::convert_cmd::convert(a),
        BookCommand::Probe(a) => book_cmd::probe::probe(a),
        BookCommand::Distill(a) => distill_cmd::distill(*a),
        BookCommand::Merge(a) => book_cmd::merge::merge(a),
    }
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

//! `dicechess game`: files of games, as JSON Lines game records (BOOK.md §8) or in the readable
//! notation (docs/NOTATION.md). `convert` turns one form into the other, `show` prints the board
//! after each turn (or after one), `validate` checks every game. The form of an input is read
//! from its first non-blank character: `{` for records, anything else for the notation.

use clap::{Args, Subcommand, ValueEnum};

use dicechess::{Game, GameOptions};

use dicechess::notation::{parse_games, write_games, NotatedGame};

use crate::files::{read_text, write_output, Input};
use crate::io::{Exit, Failure, Outcome, Output};
use crate::rules_cmd::picture_of;

#[derive(Debug, Args)]
pub struct GameArgs {
    #[command(subcommand)]
    command: GameCommand,
}

#[derive(Debug, Subcommand)]
enum GameCommand {
    /// Convert game records to the notation or back.
    Convert(ConvertArgs),
    /// Print the board after each turn of each game, or after turn N.
    Show(ShowArgs),
    /// Check every game: each turn a legal turn of its roll, the result consistent.
    Validate(InputArgs),
}

#[derive(Debug, Args)]
struct InputArgs {
    /// The games: JSON Lines records or notation text (`-` = stdin).
    #[arg(value_name = "GAMES")]
    input: String,
}

/// The two forms of a games file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Form {
    /// JSON Lines game records (BOOK.md §8).
    Records,
    /// The readable notation (docs/NOTATION.md).
    Notation,
}

#[derive(Debug, Args)]
struct ConvertArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Where to write (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// The form to write; default: the other form.
    #[arg(long, value_name = "FORM")]
    to: Option<Form>,
}

#[derive(Debug, Args)]
struct ShowArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Only game N (from 1).
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// Only the board after turn N (from 1; 0 = the start).
    #[arg(long, value_name = "N")]
    turn: Option<usize>,
}

/// `dicechess game`.
pub fn game(args: GameArgs) -> Outcome {
    match args.command {
        GameCommand::Convert(a) => convert(&a),
        GameCommand::Show(a) => show(&a),
        GameCommand::Validate(a) => validate(&a),
    }
}

/// The games of a file, each checked; the error names the game (records: its line) and why.
fn read_games(path: &str) -> Result<(Form, Vec<Game>), Failure> {
    let text = read_text(path, Input::Games)?;
    let options = GameOptions::NONE;
    if text.trim_start().starts_with('{') {
        let games = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, line)| {
                Game::from_record(line, options).map_err(|e| Failure::invalid(format!("{path}:{}: {e}", i + 1)))
            })
            .collect::<Result<_, _>>()?;
        return Ok((Form::Records, games));
    }
    let notated = parse_games(&text).map_err(|e| Failure::invalid(format!("{path}: {e}")))?;
    let games = notated
        .iter()
        .enumerate()
        .map(|(i, g)| {
            Game::from_notated(g, options).map_err(|e| Failure::invalid(format!("{path}: game {}: {e}", i + 1)))
        })
        .collect::<Result<_, _>>()?;
    Ok((Form::Notation, games))
}

fn convert(args: &ConvertArgs) -> Outcome {
    let (from, games) = read_games(&args.input.input)?;
    let to = args.to.unwrap_or(if from == Form::Records { Form::Notation } else { Form::Records });
    let text = match to {
        Form::Records => games.iter().map(|g| g.to_record() + "\n").collect::<String>(),
        Form::Notation => {
            let notated: Vec<NotatedGame> = games.iter().map(Game::to_notated).collect();
            write_games(&notated).map_err(|e| Failure::invalid(format!("{}: {e}", args.input.input)))?
        }
    };
    write_output(&args.output, text.as_bytes())?;
    Ok(Exit::Success)
}

fn show(args: &ShowArgs) -> Outcome {
    let (_, games) = read_games(&args.input.input)?;
    let mut out = Output::stdout();
    for (i, game) in games.iter().enumerate() {
        if args.game.is_some_and(|n| n != i + 1) {
            continue;
        }
        out.line(&format!(
            "game {}: {}",
            i + 1,
            game.to_notated().tags.iter().map(|(n, v)| format!("{n} {v}")).collect::<Vec<_>>().join(", ")
        ))?;
        let start = game.start();
        let boards = std::iter::once((0, String::from("start"), start)).chain(game.history().iter().enumerate().map(
            |(k, t)| {
                let moves: Vec<String> = t.moves.iter().map(ToString::to_string).collect();
                let played = if moves.is_empty() { "--".to_owned() } else { moves.join(" ") };
                (k + 1, format!("turn {}: {} {played}", k + 1, t.dice.to_field(t.mover)), t.after)
            },
        ));
        for (k, title, pos) in boards {
            if args.turn.is_some_and(|n| n != k) {
                continue;
            }
            out.line(&title)?;
            out.line(&picture_of(&pos))?;
        }
        if let Some(e) = game.ending() {
            let winner = e.outcome.winner().map_or("draw", |c| c.name());
            out.line(&format!("over: {winner} ({})\n", e.termination.as_str()))?;
        }
    }
    out.flush()?;
    Ok(Exit::Success)
}

fn validate(args: &InputArgs) -> Outcome {
    let (form, games) = read_games(&args.input)?;
    let what = if form == Form::Records { "records" } else { "notation" };
    println!("{} games valid ({what})", games.len());
    Ok(Exit::Success)
}

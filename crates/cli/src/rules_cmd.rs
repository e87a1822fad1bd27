//! The rules tools (RULES.md §16): `board`, `moves`, `tree`, `count`, `perft`.
//!
//! Each parses the DFEN once for its error message (exit 1), then calls the same functions as the
//! JavaScript API (`dicechess::package`), so outputs are those of the API byte for byte; `perft` walks the
//! core under the CLI's caps (depth 8, and `--max-nodes` positions expanded, issue 18).

use clap::builder::TypedValueParser as _;
use clap::error::ErrorKind;
use clap::Args;
use serde::Serialize;

use dicechess::package;
use dicechess::{perft_divide_within, perft_within};
use dicechess::{Color, Position, Turns, MAX_LEGAL_TURNS};

use crate::io::{self, Exit, Failure, Outcome, Output};

/// A position given on the command line, or `--stdin`.
#[derive(Debug, Args)]
pub struct DfenArgs {
    /// The position as DFEN: one quoted argument, or its fields as separate words.
    #[arg(value_name = "DFEN", num_args = 1.., required_unless_present = "stdin", conflicts_with = "stdin")]
    dfen: Vec<String>,
    /// Read one DFEN per line from stdin; write one JSON value per line.
    #[arg(long)]
    stdin: bool,
}

#[derive(Debug, Args)]
pub struct BoardArgs {
    #[command(flatten)]
    input: DfenArgs,
    /// Print the fields as one JSON object instead of the picture (implied by --stdin).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
#[command(
    override_usage = "dicechess perft [OPTIONS] <DFEN>... <DEPTH>\n       dicechess perft [OPTIONS] --stdin <DEPTH>"
)]
pub struct PerftArgs {
    /// The position as DFEN (one quoted argument, or its fields as separate words), then the depth:
    /// the plies to count, 0..=8 (one ply = one micro-move then endTurn, RULES.md §12.1).
    // One list: clap cannot put an optional list (absent with --stdin) before a required value.
    #[arg(value_name = "DFEN... DEPTH", num_args = 1.., required = true)]
    args: Vec<String>,
    /// List every root move with its count; with --stdin, one JSON object per line.
    #[arg(long)]
    divide: bool,
    /// The work cap: stop (exit 1) rather than expand more than N positions, every node above the
    /// last ply (the start position at depth 8 expands 3.4e9).
    #[arg(long, value_name = "N", default_value_t = package::PERFT_MAX_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: u64,
    /// Read one DFEN per line from stdin; write one JSON value per line.
    #[arg(long)]
    stdin: bool,
}

/// Parses `dfen`, mapping the parser's error to its message.
fn parse(dfen: &str) -> Result<Position, String> {
    Position::from_dfen(dfen).map_err(|e| format!("invalid DFEN: {e}"))
}

/// Runs `render` on the command-line DFEN (exit 1 with the parser's message if invalid), or on every
/// stdin line in batch mode (`neutral` for an invalid line).
fn run_each(input: &DfenArgs, neutral: &str, render: impl Fn(&str, &Position) -> String) -> Outcome {
    try_each(input, neutral, |dfen, pos| Ok(render(dfen, pos)))
}

/// [`run_each`] with a `render` that may refuse a valid position: its message then stops the run
/// (exit 1), or in batch mode makes the line invalid.
fn try_each(input: &DfenArgs, neutral: &str, render: impl Fn(&str, &Position) -> Result<String, String>) -> Outcome {
    if input.stdin {
        return io::batch(neutral, |line| parse(line).and_then(|pos| render(line, &pos)));
    }
    let dfen = io::joined_dfen(&input.dfen);
    let pos = Position::from_dfen(&dfen).map_err(io::invalid_dfen)?;
    let text = render(&dfen, &pos).map_err(Failure::invalid)?;
    let mut out = Output::stdout();
    out.line(&text)?;
    out.flush()?;
    Ok(Exit::Success)
}

// ---------------------------------------------------------------------------------------------------
// moves, tree

pub fn moves(args: DfenArgs) -> Outcome {
    run_each(&args, "[]", |dfen, _| json_string_array(&package::legal_uci_moves(dfen)))
}

/// The tree, or for a roll over the work cap (issue 17): `null` in batch mode, as the API gives,
/// and on the command line a refusal (exit 1) that says how many turns there are.
pub fn tree(args: DfenArgs) -> Outcome {
    let batch = args.stdin;
    try_each(&args, "{}", |dfen, pos| match Turns::of_position(pos) {
        Some(turns) if turns.exceeds_cap() && !batch => Err(format!(
            "the roll has {} legal turns, more than the work cap of {MAX_LEGAL_TURNS}: its tree is not listed \
             (`dicechess count` counts them)",
            turns.count()
        )),
        _ => Ok(package::legal_turn_tree_json(dfen)),
    })
}

pub fn count(args: DfenArgs) -> Outcome {
    run_each(&args, "0", |dfen, _| package::count_legal_turns(dfen).to_string())
}

/// `["a","b"]` as `JSON.stringify` writes it.
fn json_string_array(items: &[String]) -> String {
    serde_json::to_string(items).expect("serializing strings cannot fail")
}

// ---------------------------------------------------------------------------------------------------
// perft

pub fn perft(args: PerftArgs, cmd: &clap::Command) -> Outcome {
    let (depth_text, dfen) = args.args.split_last().expect("clap requires one value");
    let depth_arg = clap::Arg::new("DEPTH").value_name("DEPTH").required(true);
    let depth = clap::value_parser!(u32)
        .range(0..=i64::from(package::PERFT_MAX_DEPTH))
        .parse_ref(cmd, Some(&depth_arg), std::ffi::OsStr::new(depth_text))
        .unwrap_or_else(|e| io::usage_exit(e, cmd));
    if args.stdin && !dfen.is_empty() {
        let e =
            cmd.clone().error(ErrorKind::ArgumentConflict, "the argument '--stdin' cannot be used with '<DFEN>...'");
        io::usage_exit(e, cmd);
    }
    if !args.stdin && dfen.is_empty() {
        let e = cmd.clone().error(
            ErrorKind::MissingRequiredArgument,
            "the following required arguments were not provided:\n  <DFEN>...",
        );
        io::usage_exit(e, cmd);
    }
    let input = DfenArgs { dfen: dfen.to_vec(), stdin: args.stdin };
    let max = args.max_nodes;
    let capped =
        || format!("perft stopped: depth {depth} needs more than {max} positions expanded (the work cap, --max-nodes)");
    let divide = |pos: &Position| perft_divide_within(pos, depth, max).ok_or_else(capped);
    match (input.stdin, args.divide) {
        (true, true) => try_each(&input, "{}", |_, pos| divide(pos).map(|rows| divide_json(&rows))),
        (false, true) => try_each(&input, "", |_, pos| divide(pos).map(|rows| divide_text(depth, &rows))),
        (_, false) => {
            try_each(&input, "0", |_, pos| perft_within(pos, depth, max).map(|n| n.to_string()).ok_or_else(capped))
        }
    }
}

/// The total of a divide: the sum of the root moves' counts, and 1 at depth 0 (the root itself).
fn divide_total(depth: u32, rows: &[(String, u64)]) -> u64 {
    if depth == 0 {
        1
    } else {
        rows.iter().map(|(_, n)| n).sum()
    }
}

/// One `move: count` line per root move in generation order, a blank line, then the total (the
/// format of Stockfish's `go perft`, which perft comparison tools read).
fn divide_text(depth: u32, rows: &[(String, u64)]) -> String {
    let mut text = String::new();
    for (uci, n) in rows {
        text.push_str(&format!("{uci}: {n}\n"));
    }
    text.push_str(&format!("\nNodes searched: {}", divide_total(depth, rows)));
    text
}

/// `{"e2e4":20,...}` in generation order (written by hand: the order must not depend on serde_json's
/// map features).
fn divide_json(rows: &[(String, u64)]) -> String {
    let fields: Vec<String> = rows
        .iter()
        .map(|(uci, n)| format!("{}:{n}", serde_json::to_string(uci).expect("a string serializes")))
        .collect();
    format!("{{{}}}", fields.join(","))
}

// ---------------------------------------------------------------------------------------------------
// board

pub fn board(args: BoardArgs) -> Outcome {
    if args.json || args.input.stdin {
        run_each(&args.input, "{}", |_, pos| {
            serde_json::to_string(&BoardJson::new(&Fields::of(pos))).expect("serializing cannot fail")
        })
    } else {
        run_each(&args.input, "", |_, pos| picture(&Fields::of(pos)))
    }
}

/// The fields of a position, read from its canonical DFEN (RULES.md §3.5), so that the display does
/// not depend on the core's internal representation.
struct Fields {
    dfen: String,
    /// Rank 8 first, files a..h, `.` for an empty square.
    ranks: Vec<String>,
    white_to_move: bool,
    castling: String,
    en_passant: Vec<String>,
    halfmove: u32,
    fullmove: u64,
    /// Canonical dice letters (sorted by face, cased by the side to move); empty without dice.
    dice: String,
    over: bool,
    winner: Option<&'static str>,
}

impl Fields {
    fn of(pos: &Position) -> Fields {
        let dfen = pos.to_dfen();
        let f: Vec<&str> = dfen.split(' ').collect();
        let ranks = f[0]
            .split('/')
            .map(|rank| {
                rank.chars()
                    .flat_map(|c| match c.to_digit(10) {
                        Some(n) => vec!['.'; n as usize],
                        None => vec![c],
                    })
                    .collect()
            })
            .collect();
        let en_passant = if f[3] == "-" {
            Vec::new()
        } else {
            f[3].as_bytes().chunks(2).map(|sq| String::from_utf8_lossy(sq).into_owned()).collect()
        };
        let status = package::game_status(&dfen);
        Fields {
            ranks,
            white_to_move: f[1] == "w",
            castling: f[2].to_owned(),
            en_passant,
            halfmove: f[4].parse().expect("canonical half-move clock"),
            fullmove: f[5].parse().expect("canonical full-move number"),
            dice: f.get(6).copied().unwrap_or("").to_owned(),
            over: status.is_some_and(|s| s.over),
            winner: status.and_then(|s| s.winner).map(Color::name),
            dfen,
        }
    }
}

fn piece_name(letter: char) -> &'static str {
    match letter.to_ascii_lowercase() {
        'p' => "pawn",
        'n' => "knight",
        'b' => "bishop",
        'r' => "rook",
        'q' => "queen",
        _ => "king",
    }
}

/// The readable board: ranks 8..1 with White in upper case, then every field.
/// The board of `pos` as `board` prints it.
pub fn picture_of(pos: &Position) -> String {
    picture(&Fields::of(pos))
}

fn picture(f: &Fields) -> String {
    let mut s = String::from("  +-----------------+\n");
    for (i, rank) in f.ranks.iter().enumerate() {
        let squares: Vec<String> = rank.chars().map(String::from).collect();
        s.push_str(&format!("{} | {} |\n", 8 - i, squares.join(" ")));
    }
    s.push_str("  +-----------------+\n    a b c d e f g h\n\n");
    let dice = if f.dice.is_empty() {
        "- (not rolled)".to_owned()
    } else {
        let names: Vec<&str> = f.dice.chars().map(piece_name).collect();
        format!("{} ({})", f.dice, names.join(", "))
    };
    let status = match (f.over, f.winner) {
        (false, _) => "in play".to_owned(),
        (true, Some(w)) => format!("over, {w} wins (a king is missing)"),
        (true, None) => "over, no winner (both kings missing)".to_owned(),
    };
    let ep = if f.en_passant.is_empty() { "-".to_owned() } else { f.en_passant.join(" ") };
    let rows = [
        ("dfen", f.dfen.clone()),
        ("to move", if f.white_to_move { "white" } else { "black" }.to_owned()),
        ("castling", f.castling.clone()),
        ("en passant", ep),
        ("half-move", f.halfmove.to_string()),
        ("full-move", f.fullmove.to_string()),
        ("dice", dice),
        ("status", status),
    ];
    let lines: Vec<String> = rows.iter().map(|(k, v)| format!("{k:<11} {v}")).collect();
    s.push_str(&lines.join("\n"));
    s
}

/// `board --json`: one object, fields in this order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BoardJson<'a> {
    dfen: &'a str,
    /// Rank 8 first, `.` for an empty square.
    board: &'a [String],
    side: &'static str,
    castling: &'a str,
    en_passant: &'a [String],
    halfmove: u32,
    fullmove: u64,
    dice: &'a str,
    over: bool,
    winner: Option<&'static str>,
}

impl<'a> BoardJson<'a> {
    fn new(f: &'a Fields) -> Self {
        BoardJson {
            dfen: &f.dfen,
            board: &f.ranks,
            side: if f.white_to_move { "white" } else { "black" },
            castling: &f.castling,
            en_passant: &f.en_passant,
            halfmove: f.halfmove,
            fullmove: f.fullmove,
            dice: &f.dice,
            over: f.over,
            winner: f.winner,
        }
    }
}

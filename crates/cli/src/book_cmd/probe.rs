//! `dicechess book probe` (BOOK.md §11.5): a book's entries for a position and the decision of a
//! book bot, as text or JSON.

use clap::Args;
use serde::Serialize;
use serde_json::{json, Value};

use dicechess::book::Decision;
use dicechess::package;
use dicechess::search::Rng;
use dicechess::Position;

use super::convert_cmd::all_rolls;
use crate::args::parse_seed;
use crate::files::load_book;
use crate::io::{self, Exit, Failure, Outcome};

#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// The book (TSV or binary, detected by content).
    #[arg(value_name = "BOOK")]
    book: String,
    /// The position: a DFEN with dice, or without dice to list every roll that has entries.
    #[arg(value_name = "DFEN", num_args = 1.., required = true)]
    dfen: Vec<String>,
    /// The seed of the draw among weighted alternatives.
    #[arg(long, value_name = "S", default_value = "0", value_parser = parse_seed)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

fn decision_of(probe: &package::Probe, seed: u64) -> (&'static str, Vec<String>) {
    let u = Rng::from_seed(seed).real();
    let moves = package::decision_moves(&probe.decision, u);
    let kind = match probe.decision {
        Decision::KingCapture(_) => "king-capture",
        Decision::Book(_) => "book",
        Decision::Miss | Decision::Stale => "fallback",
    };
    (kind, moves)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProbeJson<'a> {
    key: &'a str,
    key_hash: String,
    entries: Vec<ProbeEntryJson<'a>>,
    decision: DecisionJson,
}

#[derive(Serialize)]
struct ProbeEntryJson<'a> {
    moves: &'a str,
    weight: Value,
    wins: u32,
    draws: u32,
    losses: u32,
    legal: bool,
}

#[derive(Serialize)]
struct DecisionJson {
    kind: &'static str,
    moves: Vec<String>,
}

/// A weight as JSON: an integer when it is one.
fn number(w: f64) -> Value {
    if w.fract() == 0.0 && w <= 9_007_199_254_740_992.0 {
        json!(w as u64)
    } else {
        json!(w)
    }
}

fn probe_json(p: &package::Probe, seed: u64) -> Result<Value, Failure> {
    let (kind, moves) = decision_of(p, seed);
    let entries = p
        .entries
        .iter()
        .map(|e| {
            let (wins, draws, losses) = e.stats.unwrap_or_default();
            ProbeEntryJson { moves: &e.moves, weight: number(e.weight), wins, draws, losses, legal: e.legal }
        })
        .collect();
    let value = ProbeJson {
        key: &p.key,
        key_hash: format!("{:016x}", p.key_hash),
        entries,
        decision: DecisionJson { kind, moves },
    };
    serde_json::to_value(value).map_err(|e| Failure::io(format!("cannot write JSON: {e}")))
}

fn probe_text(p: &package::Probe, seed: u64) -> String {
    let mut s = format!("key  {}\nhash {:016x}\n", p.key, p.key_hash);
    let total: f64 = p.entries.iter().map(|e| e.weight).sum();
    if p.entries.is_empty() {
        s.push_str("  (no entries)\n");
    }
    for e in &p.entries {
        let share = if total > 0.0 { 100.0 * e.weight / total } else { 0.0 };
        let stats = e.stats.map(|(w, d, l)| format!("  W/D/L {w}/{d}/{l}")).unwrap_or_default();
        let legal = if e.legal { "legal" } else { "stale" };
        s.push_str(&format!("  {:<20} weight {:<8} {share:5.1}%{stats}  {legal}\n", e.moves, e.weight));
    }
    let (kind, moves) = decision_of(p, seed);
    let decision = match kind {
        "book" => format!("book (seed {seed}): {}", moves.join(" ")),
        "king-capture" => format!("king capture: {}", moves.join(" ")),
        _ => "fallback".to_owned(),
    };
    s.push_str(&format!("decision: {decision}"));
    s
}

/// `dicechess book probe` (BOOK.md §11.5).
pub fn probe(args: ProbeArgs) -> Outcome {
    let dfen = io::joined_dfen(&args.dfen);
    let pos = Position::from_dfen(&dfen).map_err(io::invalid_dfen)?;
    let book = load_book(&args.book)?;
    let probes: Vec<package::Probe> = if pos.dice().is_empty() {
        all_rolls(&pos).filter_map(|p| package::probe_position(&book, &p)).filter(|p| !p.entries.is_empty()).collect()
    } else {
        package::probe_position(&book, &pos).into_iter().collect()
    };
    let mut out = io::Output::stdout();
    if args.json {
        let values = probes.iter().map(|p| probe_json(p, args.seed)).collect::<Result<Vec<Value>, _>>()?;
        let value =
            if pos.dice().is_empty() { Value::Array(values) } else { values.into_iter().next().unwrap_or(Value::Null) };
        out.line(&value.to_string())?;
    } else if probes.is_empty() {
        out.line("no roll of this position has entries")?;
    } else {
        let texts: Vec<String> = probes.iter().map(|p| probe_text(p, args.seed)).collect();
        out.line(&texts.join("\n\n"))?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

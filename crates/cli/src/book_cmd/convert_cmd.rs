//! `dicechess book convert` (BOOK.md §11.4): TSV ↔ binary (.dcb), and the dump format; the key
//! sources (`--keys`, `--games`) that resolve a binary book's hashes.

use std::collections::HashMap;

use clap::{Args, ValueEnum};

use dicechess::book::build::is_blank;
use dicechess::book::{
    self, binary_weight, dcb, dcb_to_tsv, key_hash, write_tsv, Book, DcbBook, DcbRecord, Signature, TsvBook, TsvEntry,
    WeightColumn,
};
use dicechess::record::{parse_record, replay, start_position};
use dicechess::search::rolls56;
use dicechess::{Dice, Position};

use crate::files::{load_book, read_input, read_text, write_output, Input};
use crate::io::{Exit, Failure, Outcome};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ConvertFormat {
    Tsv,
    Dcb,
    /// One line per record: keyHash, moves, weight, wins, draws, losses.
    Dump,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The book to convert (TSV or binary, detected by content; `-` = stdin).
    #[arg(value_name = "INPUT")]
    input: String,
    /// The output (`-` = stdout).
    #[arg(value_name = "OUTPUT")]
    output: String,
    /// Output format; default from the extension (`.dcb` → dcb, otherwise tsv).
    #[arg(long, value_enum)]
    to: Option<ConvertFormat>,
    /// Key source for binary → TSV (repeatable): TSV lines, keys, DFENs with dice, or DFENs
    /// without dice (all 56 rolls).
    #[arg(long, value_name = "FILE")]
    keys: Vec<String>,
    /// Game records whose positions (all 56 rolls at every turn) are key sources (repeatable).
    #[arg(long, value_name = "FILE")]
    games: Vec<String>,
    /// Drop entries that a binary book cannot hold instead of failing.
    #[arg(long)]
    drop_invalid: bool,
    /// Drop records whose key no source resolves instead of failing.
    #[arg(long)]
    drop_unresolved: bool,
}

/// The candidate keys of `--keys` and `--games` files, by hash (BOOK.md §11.4).
pub fn key_sources(keys: &[String], games: &[String]) -> Result<HashMap<u64, String>, Failure> {
    let mut out: HashMap<u64, String> = HashMap::new();
    let mut add = |key: String| {
        out.entry(key_hash(&key)).or_insert(key);
    };
    let add_position = |pos: &Position, add: &mut dyn FnMut(String)| {
        if pos.dice().is_empty() {
            all_rolls(pos).filter_map(|p| p.book_key()).for_each(&mut *add);
        } else if let Some(k) = pos.book_key() {
            add(k);
        }
    };
    for path in keys {
        let text = read_text(path, Input::Book)?;
        for line in book::tsv::lines(&text) {
            let trimmed = book::tsv::trim(line.text);
            if trimmed.is_empty() {
                continue;
            }
            if let Some(Ok(fields)) = book::tsv::parse_line(line.text).filter(|_| line.text.contains('\t')) {
                add(fields.key.to_owned());
                continue;
            }
            add(trimmed.to_owned());
            if let Ok(pos) = Position::from_dfen(trimmed) {
                add_position(&pos, &mut add);
            }
        }
    }
    for path in games {
        let data = read_input(path, Input::Games)?;
        for line in data.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if is_blank(line) {
                continue;
            }
            let Ok(record) = parse_record(line) else { continue };
            let Ok(start) = start_position(&record, true) else { continue };
            let mut positions = Vec::new();
            let _ = replay(&record, start, |t| positions.push(*t.rolled));
            for p in &positions {
                let mut bare = *p;
                bare.set_dice(Dice::EMPTY);
                add_position(&bare, &mut add);
            }
        }
    }
    Ok(out)
}

/// The records of a TSV book's effective entries; unencodable ones fail unless dropped.
fn tsv_records(path: &str, book: &TsvBook, drop_invalid: bool) -> Result<(Vec<DcbRecord>, usize), Failure> {
    let mut items: Vec<(usize, &str, &str, f64)> = book
        .iter()
        .flat_map(|(k, e)| e.alternatives.iter().map(move |a| (a.line, k, a.moves.as_str(), a.weight)))
        .collect();
    items.sort_unstable_by_key(|i| i.0);
    let mut records = Vec::with_capacity(items.len());
    let mut dropped = 0;
    let mut hashes: HashMap<u64, &str> = HashMap::new();
    for (line, key, moves, weight) in items {
        let problem = match (Signature::parse(moves), binary_weight(weight)) {
            (Err(e), _) => Err(e.to_string()),
            (_, None) => Err(format!("weight {weight} cannot be stored in a binary book")),
            (Ok(sig), Some(w)) => Ok((sig, w)),
        };
        let (sig, w) = match problem {
            Ok(ok) => ok,
            Err(_) if drop_invalid => {
                dropped += 1;
                continue;
            }
            Err(reason) => return Err(Failure::invalid(format!("{path}:{line}: {reason}"))),
        };
        let h = key_hash(key);
        if let Some(&other) = hashes.get(&h) {
            if other != key {
                return Err(Failure::invalid(format!("hash collision: keys '{other}' and '{key}' hash to {h:016x}")));
            }
        }
        hashes.insert(h, key);
        records.push(DcbRecord { key_hash: h, moves: sig.pack(), weight: w, ..DcbRecord::default() });
    }
    Ok((records, dropped))
}

fn dump(book: &DcbBook<Vec<u8>>) -> String {
    let mut out = String::new();
    for r in book.records() {
        let moves = r.signature().map(|s| s.to_string()).unwrap_or_default();
        out.push_str(&format!("{:016x}\t{moves}\t{}\t{}\t{}\t{}\n", r.key_hash, r.weight, r.wins, r.draws, r.losses));
    }
    out
}

/// `dicechess book convert` (BOOK.md §11.4).
pub fn convert(args: ConvertArgs) -> Outcome {
    let to = args.to.unwrap_or(if args.output.ends_with(".dcb") { ConvertFormat::Dcb } else { ConvertFormat::Tsv });
    let binary = match load_book(&args.input)? {
        Book::Binary(b) => b,
        // `load_book` reads TSV with every line (`Book::Tsv`); the compact form is the registry's.
        Book::Packed(_) => return Err(Failure::invalid("a TSV book loaded for play cannot be converted")),
        Book::Tsv(tsv) => {
            let (mut records, dropped) = tsv_records(&args.input, &tsv, args.drop_invalid)?;
            if dropped > 0 {
                eprintln!("dropped {dropped} unencodable entries");
            }
            if to == ConvertFormat::Tsv {
                // TSV → TSV: the writer's normal form of the effective entries.
                let keys: HashMap<u64, &str> = tsv.iter().map(|(k, _)| (key_hash(k), k)).collect();
                let mut entries: Vec<TsvEntry> = records
                    .iter()
                    .filter_map(|r| {
                        Some(TsvEntry {
                            key: (*keys.get(&r.key_hash)?).to_owned(),
                            signature: r.signature()?,
                            weight: r.weight,
                        })
                    })
                    .collect();
                write_output(&args.output, write_tsv(&mut entries, WeightColumn::Auto).as_bytes())?;
                return Ok(Exit::Success);
            }
            DcbBook::new(dcb::write(0, &mut records)).map_err(|e| Failure::invalid(e.to_string()))?
        }
    };
    match to {
        ConvertFormat::Dcb => write_output(&args.output, binary.as_bytes())?,
        ConvertFormat::Dump => write_output(&args.output, dump(&binary).as_bytes())?,
        ConvertFormat::Tsv => {
            let keys = key_sources(&args.keys, &args.games)?;
            let (text, unresolved) = dcb_to_tsv(&binary, &keys);
            if !unresolved.is_empty() {
                if !args.drop_unresolved {
                    return Err(Failure::invalid(format!(
                        "{} of {} records are unresolved (no --keys/--games source has their key; \
                         --drop-unresolved drops them)",
                        unresolved.len(),
                        binary.len()
                    )));
                }
                eprintln!("dropped {} unresolved records", unresolved.len());
            }
            write_output(&args.output, text.as_bytes())?;
        }
    }
    Ok(Exit::Success)
}

/// The 56 rolls of the side to move of `pos` (dice ignored).
pub fn all_rolls(pos: &Position) -> impl Iterator<Item = Position> + '_ {
    rolls56().iter().map(move |r| {
        let mut p = *pos;
        p.set_dice(r.dice);
        p
    })
}

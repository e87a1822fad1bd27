//! `dicechess book build` (BOOK.md §9): game records in, a book and its summary out. The input is
//! read in batches that the workers replay in parallel; results are folded in input order.

use std::fs::{self, File};
use std::io::{self as stdio, BufRead, BufReader, Read};
use std::time::Instant;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::json;

use dicechess::book::build::{is_blank, process_line, Aggregator, BuildOptions, BuiltBook, UsedGame};
use dicechess::book::counts;
use dicechess::record::{Skip, SkipReason, MAX_LINE_LEN};

use crate::args::{pool, Workers};
use crate::files::{distinct_outputs, write_output, Input};
use crate::io::{self, Exit, Failure, Outcome};
use crate::progress::{Progress, Unit};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BuildFormat {
    /// The best line per key, two columns.
    Tsv,
    /// Every kept pair with its weight.
    Weighted,
    /// A binary book with W/D/L statistics.
    Dcb,
    /// The raw counts, before --min-games: count files of parts of the games given as INPUT
    /// build what all the games build (docs/SCALE.md; `book build` only).
    Counts,
}

impl BuildFormat {
    /// `--format` if given, else by the output's extension: `.dcb` → dcb, `.counts` → counts,
    /// otherwise tsv.
    pub fn of(format: Option<BuildFormat>, output: &str) -> BuildFormat {
        format.unwrap_or(match output.rsplit_once('.').map(|(_, ext)| ext) {
            Some("dcb") => BuildFormat::Dcb,
            Some("counts") => BuildFormat::Counts,
            _ => BuildFormat::Tsv,
        })
    }
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// JSON Lines game records (`-` = stdin), or count files (`--format counts`), read in this
    /// order.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
    /// The book to write (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// Output format; default from the extension (`.dcb` → dcb, `.counts` → counts, otherwise tsv).
    #[arg(long, value_enum)]
    format: Option<BuildFormat>,
    /// Keep a (position, turn) pair seen in at least N games.
    #[arg(long, value_name = "N", default_value_t = 10)]
    min_games: u32,
    /// Use only games whose two players are rated at least R.
    #[arg(long, value_name = "R")]
    min_rating: Option<f64>,
    /// Aggregate turns 1..=N of each game (passes counted).
    #[arg(long, value_name = "N", default_value_t = 20)]
    max_ply: u32,
    /// Also use games from custom starts.
    #[arg(long)]
    any_start: bool,
    /// Write one JSON line per skipped game to PATH.
    #[arg(long, value_name = "PATH")]
    skipped: Option<String>,
    /// Write the summary as JSON to PATH.
    #[arg(long, value_name = "PATH")]
    stats: Option<String>,
    #[command(flatten)]
    workers: Workers,
}

/// The summary of BOOK.md §9.5, fields in the spec's order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StatsJson {
    games_read: u64,
    games_used: u64,
    /// Reason → count in order of first occurrence.
    #[serde(serialize_with = "ordered_map")]
    games_skipped: Vec<(&'static str, u64)>,
    turns_replayed: u64,
    observations: u64,
    distinct_pairs: u64,
    pairs_kept: u64,
    keys_kept: u64,
    entries_written: u64,
    keys_written: u64,
    elapsed_ms: u64,
}

fn ordered_map<S: serde::Serializer>(pairs: &[(&'static str, u64)], ser: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = ser.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// Lines per batch handed to the workers.
const BATCH_LINES: usize = 4096;

/// One line of input: its file, its 1-based number and its bytes (`None` when longer than 4 MiB).
struct InputLine {
    file: usize,
    number: u64,
    bytes: Option<Vec<u8>>,
}

/// Reads one line (without its LF and a trailing CR) into `buf`, keeping at most `MAX_LINE_LEN + 1`
/// bytes; `Ok(None)` at the end of input, `Ok(Some(false))` when the line was too long.
fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> stdio::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut fits = true;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if fits {
            let room = MAX_LINE_LEN + 2 - buf.len().min(MAX_LINE_LEN + 2);
            buf.extend_from_slice(&chunk[..take.min(room)]);
            fits = buf.len() <= MAX_LINE_LEN + 1;
        }
        reader.consume(take + usize::from(done));
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(fits && buf.len() <= MAX_LINE_LEN))
}

/// `dicechess book build` (BOOK.md §9).
pub fn build(args: BuildArgs) -> Outcome {
    let started = Instant::now();
    let outputs = [
        ("-o", Some(args.output.as_str())),
        ("--skipped", args.skipped.as_deref()),
        ("--stats", args.stats.as_deref()),
    ];
    let inputs: Vec<(&str, &str)> = args.inputs.iter().map(|p| ("INPUT", p.as_str())).collect();
    distinct_outputs(&outputs, &inputs)?;
    let format = BuildFormat::of(args.format, &args.output);
    if format == BuildFormat::Counts && args.stats.is_some() {
        return Err(Failure::invalid("--stats describes a book: give it to the build from the counts"));
    }
    let options = BuildOptions {
        min_games: args.min_games,
        min_rating: args.min_rating,
        max_ply: args.max_ply,
        any_start: args.any_start,
    };
    let pool = pool(args.workers.count())?;
    let total_bytes: u64 =
        args.inputs.iter().filter(|p| *p != "-").filter_map(|p| fs::metadata(p).ok()).map(|m| m.len()).sum();
    let progress = Progress::new(None, Unit::Bytes, total_bytes, args.workers.quiet);
    let mut skipped_out: Vec<u8> = Vec::new();
    let mut agg = Aggregator::new();
    let mut bytes_read = 0u64;
    let mut skipped_count = 0u64;
    let mut batch: Vec<InputLine> = Vec::with_capacity(BATCH_LINES);
    let mut buf = Vec::new();

    let flush = |batch: &mut Vec<InputLine>, agg: &mut Aggregator, skipped_out: &mut Vec<u8>, skipped: &mut u64| {
        let results = run_batch(batch, &options, &pool);
        for (line, outcome) in batch.iter().zip(&results) {
            if let Err(skip) = outcome {
                *skipped += 1;
                if args.skipped.is_some() {
                    let record = json!({
                        "file": args.inputs[line.file], "line": line.number,
                        "id": skip.id,
                        "reason": skip.reason.code(), "detail": skip.detail,
                    });
                    skipped_out.extend_from_slice(record.to_string().as_bytes());
                    skipped_out.push(b'\n');
                }
            }
            agg.add(outcome);
        }
        batch.clear();
    };

    for (file, path) in args.inputs.iter().enumerate() {
        let reader: Box<dyn Read> = if path == "-" {
            Box::new(stdio::stdin())
        } else {
            Box::new(File::open(path).map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?)
        };
        let mut reader = BufReader::with_capacity(1 << 16, reader);
        let head = reader.fill_buf().map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?;
        if counts::is_counts(head) {
            // The games before it first, in input order.
            flush(&mut batch, &mut agg, &mut skipped_out, &mut skipped_count);
            let mut text = String::new();
            let cap = Input::Book.cap();
            (&mut reader)
                .take(cap + 1)
                .read_to_string(&mut text)
                .map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?;
            if text.len() as u64 > cap {
                return Err(Input::Book.too_large(path));
            }
            bytes_read += text.len() as u64;
            agg.add_counts(&text, &options).map_err(|e| Failure::invalid(format!("{path}: {e}")))?;
            continue;
        }
        let mut number = 0u64;
        loop {
            let fits =
                read_line_capped(&mut reader, &mut buf).map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?;
            let Some(fits) = fits else { break };
            number += 1;
            bytes_read += buf.len() as u64 + 1;
            if fits && is_blank(&buf) {
                continue;
            }
            batch.push(InputLine { file, number, bytes: fits.then(|| buf.clone()) });
            if batch.len() >= BATCH_LINES {
                flush(&mut batch, &mut agg, &mut skipped_out, &mut skipped_count);
                let games = agg.summary().games_read;
                let elapsed = started.elapsed().as_secs_f64().max(1e-3);
                progress.update(bytes_read, || {
                    format!("{games} games ({:.0}/s), {skipped_count} skipped", games as f64 / elapsed)
                });
            }
        }
    }
    flush(&mut batch, &mut agg, &mut skipped_out, &mut skipped_count);
    progress.finish();

    if format == BuildFormat::Counts {
        write_output(&args.output, agg.counts_text(&options).as_bytes())?;
        if let Some((path, lines)) = args.skipped.as_deref().map(|p| (p, &skipped_out[..])) {
            write_output(path, lines)?;
        }
        if !args.workers.quiet {
            let s = agg.summary();
            eprintln!("{} games read, {} used; the counts written to {}", s.games_read, s.games_used, args.output);
        }
        return Ok(Exit::Success);
    }
    let built = agg.finish(&options);
    let report = BuildReport {
        output: &args.output,
        stats: args.stats.as_deref(),
        skipped: args.skipped.as_deref().map(|p| (p, &skipped_out[..])),
        skipped_count,
        quiet: args.workers.quiet,
        started,
    };
    write_built(&built, format, &report)
}

/// Where and how a build's results go.
pub struct BuildReport<'a> {
    pub output: &'a str,
    pub stats: Option<&'a str>,
    /// The `--skipped` path and its JSON lines.
    pub skipped: Option<(&'a str, &'a [u8])>,
    pub skipped_count: u64,
    pub quiet: bool,
    pub started: Instant,
}

/// Writes a built book in `format`, the skip report and the summary (BOOK.md §9.3, §9.5).
pub fn write_built(built: &BuiltBook, format: BuildFormat, report: &BuildReport<'_>) -> Outcome {
    let started = report.started;
    let skipped_count = report.skipped_count;
    let (bytes, entries_written, keys_written) = match format {
        BuildFormat::Tsv => (built.best_line_tsv().into_bytes(), built.summary.keys_kept, built.summary.keys_kept),
        BuildFormat::Weighted => (built.weighted_tsv().into_bytes(), built.summary.pairs_kept, built.summary.keys_kept),
        BuildFormat::Dcb => (
            built.dcb().map_err(|e| Failure::invalid(e.to_string()))?,
            built.summary.pairs_kept,
            built.summary.keys_kept,
        ),
        BuildFormat::Counts => return Err(Failure::invalid("--format counts is written by book build only")),
    };
    write_output(report.output, &bytes)?;
    if let Some((path, lines)) = report.skipped {
        write_output(path, lines)?;
    }
    let s = &built.summary;
    let summary = StatsJson {
        games_read: s.games_read,
        games_used: s.games_used,
        games_skipped: s.games_skipped.iter().map(|(r, n)| (r.code(), *n)).collect(),
        turns_replayed: s.turns_replayed,
        observations: s.observations,
        distinct_pairs: s.distinct_pairs,
        pairs_kept: s.pairs_kept,
        keys_kept: s.keys_kept,
        entries_written,
        keys_written,
        elapsed_ms: started.elapsed().as_millis() as u64,
    };
    if let Some(path) = report.stats {
        write_output(path, io::json_pretty(&summary)?.as_bytes())?;
    }
    if !report.quiet {
        let skipped: Vec<String> = s.games_skipped.iter().map(|(r, n)| format!("{r} {n}")).collect();
        eprintln!(
            "{} games read, {} used, {} skipped{}; {} turns replayed, {} observations, {} distinct pairs; \
             {entries_written} entries and {keys_written} keys written to {} in {} ms",
            s.games_read,
            s.games_used,
            skipped_count,
            if skipped.is_empty() { String::new() } else { format!(" ({})", skipped.join(", ")) },
            s.turns_replayed,
            s.observations,
            s.distinct_pairs,
            report.output,
            started.elapsed().as_millis()
        );
    }
    Ok(Exit::Success)
}

/// Processes a batch on `pool`; results in input order.
fn run_batch(batch: &[InputLine], options: &BuildOptions, pool: &rayon::ThreadPool) -> Vec<Result<UsedGame, Skip>> {
    let one = |line: &InputLine| match &line.bytes {
        Some(bytes) => process_line(bytes, options),
        None => Err(Skip { reason: SkipReason::Json, detail: "line longer than 4 MiB".to_owned(), id: None }),
    };
    pool.install(|| batch.par_iter().map(one).collect())
}

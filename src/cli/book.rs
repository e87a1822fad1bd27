//! The book tools (BOOK.md §11): `book build`, `book validate`, `book convert`, `book probe`.
//!
//! Thin over `dicechess::book`: this file reads and writes files, runs the builder's batches on
//! threads and formats reports; every rule lives in the library.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self as stdio, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{json, Value};

use dicechess::book::build::{
    is_blank, parse_record, process_line, replay, start_position, Aggregator, BuildOptions, BuiltBook, Skip, UsedGame,
    MAX_LINE_LEN,
};
use dicechess::book::{
    self, api as book_api, binary_weight, dcb, dcb_to_tsv, is_binary, key_hash, validate_binary, validate_tsv,
    write_tsv, Book, DcbBook, Decision, Issue, LoadError, Record, Signature, TsvBook, TsvEntry, Validation,
    WeightColumn,
};
use dicechess::search::{rolls56, Rng};
use dicechess::Position;

use super::io::{self, Exit, Failure, Outcome};

#[derive(Debug, Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// Build a book from JSON Lines game records (BOOK.md §9).
    Build(BuildArgs),
    /// Report every problem of a book, line by line (BOOK.md §5).
    Validate(ValidateArgs),
    /// Convert a book between TSV, binary (.dcb) and the dump format.
    Convert(ConvertArgs),
    /// Show a book's entries for a position and the decision of a book bot.
    Probe(ProbeArgs),
    /// Self-play with a chosen bot, then build a book from the games (BOOK.md §10.2).
    Distill(super::play::DistillArgs),
}

pub fn run(args: BookArgs) -> Outcome {
    match args.command {
        BookCommand::Build(a) => build(a),
        BookCommand::Validate(a) => validate(a),
        BookCommand::Convert(a) => convert(a),
        BookCommand::Probe(a) => probe(a),
        BookCommand::Distill(a) => super::play::distill(a),
    }
}

// ---------------------------------------------------------------------------------------------------
// Files

/// Reads a whole input (`-` = stdin); unreadable input is an I/O failure (exit 3).
pub(super) fn read_input(path: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let result = if path == "-" {
        stdio::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        fs::read(path).map(|b| bytes = b)
    };
    result.map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?;
    Ok(bytes)
}

/// Reads a text input: invalid UTF-8 is an I/O failure (exit 3).
fn read_text(path: &str) -> Result<String, Failure> {
    String::from_utf8(read_input(path)?).map_err(|e| Failure::io(format!("cannot read {path}: invalid UTF-8 ({e})")))
}

/// Writes `bytes` to `path` (`-` = stdout) through a temporary file in the target directory,
/// renamed on success: a failed run leaves no partial file.
pub(super) fn write_output(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    if path == "-" {
        let mut out = stdio::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| Failure::io(format!("cannot write to stdout: {e}")));
    }
    let target = Path::new(path);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = target.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let result = io::while_writing(&temp, || fs::write(&temp, bytes).and_then(|()| fs::rename(&temp, target)));
    if let Err(e) = result {
        let _ = fs::remove_file(&temp);
        return Err(Failure::io(format!("cannot write {path}: {e}")));
    }
    Ok(())
}

/// Loads a book detected by content; a book that does not load exits 1 (a TSV book that is not
/// UTF-8 exits 3).
pub(super) fn load_book(path: &str) -> Result<Book, Failure> {
    let bytes = read_input(path)?;
    Book::load(bytes).map_err(|e| match e {
        LoadError::Utf8 => Failure::io(format!("cannot read {path}: invalid UTF-8")),
        LoadError::Tsv(m) => {
            let lines: Vec<String> =
                m.lines.iter().map(|l| format!("{path}:{}: Malformed line: {}", l.number, l.text)).collect();
            Failure::invalid(format!("the book does not load:\n{}", lines.join("\n")))
        }
        LoadError::Binary(e) => Failure::invalid(format!("{path}: not a valid binary book: {} ({e})", e.code())),
    })
}

/// Whether progress goes to a terminal bar, plain lines, or nowhere.
struct Progress {
    quiet: bool,
    terminal: bool,
    last_draw: Instant,
    last_decile: u64,
}

impl Progress {
    fn new(quiet: bool) -> Progress {
        Progress { quiet, terminal: stdio::stderr().is_terminal(), last_draw: Instant::now(), last_decile: 0 }
    }

    /// Reports `done` of `total` (0 = unknown) with a status text.
    fn update(&mut self, done: u64, total: u64, status: impl FnOnce() -> String) {
        if self.quiet {
            return;
        }
        if self.terminal {
            if self.last_draw.elapsed() >= Duration::from_millis(100) {
                self.last_draw = Instant::now();
                let pct = (done * 100).checked_div(total).map_or_else(String::new, |p| format!("{p:>3}% "));
                eprint!("\r{pct}{}\x1b[K", status());
            }
        } else if let Some(decile) = (done * 10).checked_div(total) {
            if decile > self.last_decile {
                self.last_decile = decile;
                eprintln!("{}% {}", decile * 10, status());
            }
        }
    }

    fn finish(&self) {
        if !self.quiet && self.terminal {
            eprint!("\r\x1b[K");
        }
    }
}

/// Parses a seed: a decimal unsigned 64-bit integer, no sign (BOOK.md §11.1).
pub(super) fn parse_seed(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a decimal integer 0..18446744073709551615".into());
    }
    text.parse().map_err(|_| "expected a decimal integer 0..18446744073709551615".into())
}

pub(super) fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err("expected a positive integer".into()),
    }
}

pub(super) fn threads(requested: Option<usize>) -> usize {
    requested.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The worker pool of the parallel commands (build, arena, self-play, distillation).
pub(super) fn pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::io(format!("cannot start {threads} threads: {e}")))
}

/// The 56 rolls of the side to move of `pos` (dice ignored).
fn all_rolls(pos: &Position) -> impl Iterator<Item = Position> + '_ {
    rolls56().iter().map(move |r| {
        let mut p = *pos;
        p.set_dice(r.dice);
        p
    })
}

// ---------------------------------------------------------------------------------------------------
// build

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum BuildFormat {
    /// The best line per key, two columns.
    Tsv,
    /// Every kept pair with its weight.
    Weighted,
    /// A binary book with W/D/L statistics.
    Dcb,
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// JSON Lines game records (`-` = stdin), read in this order.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
    /// The book to write (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// Output format; default from the extension (`.dcb` → dcb, otherwise tsv).
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
    /// Worker threads (default: the available cores).
    #[arg(long, value_name = "K", value_parser = positive)]
    threads: Option<usize>,
    /// No progress and no summary on stderr.
    #[arg(long)]
    quiet: bool,
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

fn build(args: BuildArgs) -> Outcome {
    let started = Instant::now();
    let format = args.format.unwrap_or(if args.output.ends_with(".dcb") { BuildFormat::Dcb } else { BuildFormat::Tsv });
    let options = BuildOptions {
        min_games: args.min_games,
        min_rating: args.min_rating,
        max_ply: args.max_ply,
        any_start: args.any_start,
    };
    let pool = pool(threads(args.threads))?;
    let total_bytes: u64 =
        args.inputs.iter().filter(|p| *p != "-").filter_map(|p| fs::metadata(p).ok()).map(|m| m.len()).sum();
    let mut progress = Progress::new(args.quiet);
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
                progress.update(bytes_read, total_bytes, || {
                    format!("{games} games ({:.0}/s), {skipped_count} skipped", games as f64 / elapsed)
                });
            }
        }
    }
    flush(&mut batch, &mut agg, &mut skipped_out, &mut skipped_count);
    progress.finish();

    let built = agg.finish(&options);
    let report = BuildReport {
        output: &args.output,
        stats: args.stats.as_deref(),
        skipped: args.skipped.as_deref().map(|p| (p, &skipped_out[..])),
        skipped_count,
        quiet: args.quiet,
        started,
    };
    write_built(&built, format, &report)
}

/// Where and how a build's results go.
pub(super) struct BuildReport<'a> {
    pub output: &'a str,
    pub stats: Option<&'a str>,
    /// The `--skipped` path and its JSON lines.
    pub skipped: Option<(&'a str, &'a [u8])>,
    pub skipped_count: u64,
    pub quiet: bool,
    pub started: Instant,
}

/// Writes a built book in `format`, the skip report and the summary (BOOK.md §9.3, §9.5).
pub(super) fn write_built(built: &BuiltBook, format: BuildFormat, report: &BuildReport<'_>) -> Outcome {
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
        let mut text = serde_json::to_string_pretty(&summary).expect("a summary serializes");
        text.push('\n');
        write_output(path, text.as_bytes())?;
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
        None => {
            Err(Skip { reason: book::build::SkipReason::Json, detail: "line longer than 4 MiB".to_owned(), id: None })
        }
    };
    pool.install(|| batch.par_iter().map(one).collect())
}

// ---------------------------------------------------------------------------------------------------
// validate

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The book (TSV or binary, detected by content; `-` = stdin).
    #[arg(value_name = "BOOK")]
    book: String,
    /// Print the validateOpeningBook object as JSON.
    #[arg(long)]
    json: bool,
    /// Warnings fail too.
    #[arg(long)]
    strict: bool,
    /// Print at most N issues.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_report: usize,
    /// For a binary book: key sources that resolve hashes; the entry checks then run on the
    /// resolved records.
    #[arg(long, value_name = "FILE")]
    keys: Vec<String>,
}

/// `BookIssue` of BOOK.md §5.
#[derive(Serialize)]
struct IssueJson<'a> {
    line: usize,
    text: &'a str,
    code: &'a str,
    reason: &'a str,
}

/// `BookValidation` of BOOK.md §5, fields in the spec's order.
#[derive(Serialize)]
struct ValidationJson<'a> {
    ok: bool,
    entries: usize,
    keys: usize,
    errors: Vec<IssueJson<'a>>,
    warnings: Vec<IssueJson<'a>>,
}

fn validation_json(v: &Validation) -> String {
    fn issues(list: &[Issue]) -> Vec<IssueJson<'_>> {
        list.iter().map(|i| IssueJson { line: i.line, text: &i.text, code: i.code, reason: &i.reason }).collect()
    }
    let value = ValidationJson {
        ok: v.ok,
        entries: v.entries,
        keys: v.keys,
        errors: issues(&v.errors),
        warnings: issues(&v.warnings),
    };
    serde_json::to_string(&value).expect("a validation serializes")
}

fn validate(args: ValidateArgs) -> Outcome {
    let bytes = read_input(&args.book)?;
    let (v, label) = if is_binary(&bytes) {
        let structural = validate_binary(&bytes);
        if !structural.ok || args.keys.is_empty() {
            (structural, args.book.clone())
        } else {
            let dcb = DcbBook::new(&bytes[..]).map_err(|e| Failure::invalid(e.to_string()))?;
            let keys = key_sources(&args.keys, &[])?;
            let (text, unresolved) = dcb_to_tsv(&dcb, &keys);
            if !unresolved.is_empty() {
                eprintln!("note: {} of {} records unresolved by --keys", unresolved.len(), dcb.len());
            }
            let mut v = validate_tsv(&text);
            (v.entries, v.keys) = (structural.entries, structural.keys);
            (v, format!("{} (resolved)", args.book))
        }
    } else {
        let text = String::from_utf8(bytes)
            .map_err(|e| Failure::io(format!("cannot read {}: invalid UTF-8 ({e})", args.book)))?;
        (validate_tsv(&text), args.book.clone())
    };
    let mut out = io::Output::new();
    if args.json {
        out.line(&validation_json(&v))?;
    } else {
        let mut issues: Vec<(&Issue, &str)> =
            v.errors.iter().map(|i| (i, "error")).chain(v.warnings.iter().map(|i| (i, "warning"))).collect();
        issues.sort_by_key(|(i, _)| i.line);
        for (issue, kind) in issues.iter().take(args.max_report) {
            out.line(&format!("{label}:{}: {kind}[{}]: {}", issue.line, issue.code, issue.reason))?;
            if !issue.text.is_empty() {
                out.line(&format!("    {}", issue.text))?;
            }
        }
        if issues.len() > args.max_report {
            out.line(&format!("… {} more issues not shown (--max-report)", issues.len() - args.max_report))?;
        }
        out.line(&format!(
            "{} entries, {} keys, {} errors, {} warnings",
            v.entries,
            v.keys,
            v.errors.len(),
            v.warnings.len()
        ))?;
    }
    out.flush()?;
    let failed = !v.errors.is_empty() || (args.strict && !v.warnings.is_empty());
    Ok(if failed { Exit::Invalid } else { Exit::Success })
}

// ---------------------------------------------------------------------------------------------------
// convert

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
fn key_sources(keys: &[String], games: &[String]) -> Result<HashMap<u64, String>, Failure> {
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
        let text = read_text(path)?;
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
        let data = read_input(path)?;
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
                bare.set_dice(dicechess::Dice::EMPTY);
                add_position(&bare, &mut add);
            }
        }
    }
    Ok(out)
}

/// The records of a TSV book's effective entries; unencodable ones fail unless dropped.
fn tsv_records(path: &str, book: &TsvBook, drop_invalid: bool) -> Result<(Vec<Record>, usize), Failure> {
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
        records.push(Record { key_hash: h, moves: sig.pack(), weight: w, ..Record::default() });
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

fn convert(args: ConvertArgs) -> Outcome {
    let to = args.to.unwrap_or(if args.output.ends_with(".dcb") { ConvertFormat::Dcb } else { ConvertFormat::Tsv });
    let binary = match load_book(&args.input)? {
        Book::Binary(b) => b,
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
                            key: keys[&r.key_hash].to_owned(),
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

// ---------------------------------------------------------------------------------------------------
// probe

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

fn decision_of(probe: &book_api::Probe, seed: u64) -> (&'static str, Vec<String>) {
    let u = Rng::from_seed(seed).real();
    let moves = book_api::decision_moves(&probe.decision, u);
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

fn probe_json(p: &book_api::Probe, seed: u64) -> Value {
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
    serde_json::to_value(value).expect("a probe serializes")
}

fn probe_text(p: &book_api::Probe, seed: u64) -> String {
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

fn probe(args: ProbeArgs) -> Outcome {
    let dfen = io::joined_dfen(&args.dfen);
    let pos = Position::from_dfen(&dfen).map_err(io::invalid_dfen)?;
    let book = load_book(&args.book)?;
    let probes: Vec<book_api::Probe> = if pos.dice().is_empty() {
        all_rolls(&pos).filter_map(|p| book_api::probe_position(&book, &p)).filter(|p| !p.entries.is_empty()).collect()
    } else {
        book_api::probe_position(&book, &pos).into_iter().collect()
    };
    let mut out = io::Output::new();
    if args.json {
        let values: Vec<Value> = probes.iter().map(|p| probe_json(p, args.seed)).collect();
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

//! Count files (issue 16, docs/SCALE.md): the raw statistics of a book build, before its
//! `--min-games` filter, so that builds over parts of the games add up. A count file is a JSON
//! header line (the options that decide the counts and the build's summary counters) and one
//! line per (key, turn) pair, sorted by key then packed moves: `key TAB moves TAB W TAB D TAB L`,
//! the moves as 16 hex digits of `Signature::pack`. Adding count files in the order of their
//! games gives the count file of all the games; building a book from it gives the book built from
//! all the games, byte for byte.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Write as _;
use std::io::BufRead;

use serde::{Deserialize, Serialize};

use super::build::{Aggregator, BuildOptions, Summary};
use super::signature::Signature;
use crate::game::record::SkipReason;

/// The header's `kind`.
const KIND: &str = "dicechess-book-counts";

/// Why a count file is refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CountsError {
    #[error("not a count file of schema version 1 (its first line): {0}")]
    Header(String),
    #[error("counts of engine version {0}, not {1}")]
    Version(String, String),
    #[error("counts built with {found}, not {wanted}")]
    Options { found: String, wanted: String },
    #[error("line {line}: {detail}")]
    Line { line: usize, detail: String },
    #[error("cannot read: {0}")]
    Io(String),
    /// An error of the `.0`th file of a merge.
    #[error("file {0}: {1}")]
    File(usize, Box<CountsError>),
}

/// The first line of a count file.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Header {
    kind: String,
    schema_version: u32,
    engine_version: String,
    min_rating: Option<f64>,
    max_ply: u32,
    any_start: bool,
    games_read: u64,
    games_used: u64,
    /// Reason code → games, in order of first occurrence.
    games_skipped: Vec<(String, u64)>,
    turns_replayed: u64,
    observations: u64,
    pairs: u64,
}

/// Whether `text` begins like a count file (its header), rather than game records.
pub fn is_counts(text: &[u8]) -> bool {
    text.starts_with(format!("{{\"kind\":\"{KIND}\"").as_bytes())
}

/// The options a count file records (all but `--min-games`, applied when the book is built).
fn options_text(min_rating: Option<f64>, max_ply: u32, any_start: bool) -> String {
    let rating = min_rating.map_or_else(|| "no --min-rating".to_owned(), |r| format!("--min-rating {r}"));
    format!("{rating}, --max-ply {max_ply}{}", if any_start { ", --any-start" } else { "" })
}

/// The header of a count file (its first line), of this engine version.
fn header(line: &str) -> Result<Header, CountsError> {
    let header: Header = serde_json::from_str(line).map_err(|e| CountsError::Header(e.to_string()))?;
    if header.kind != KIND || header.schema_version != 1 {
        return Err(CountsError::Header(format!("kind {:?}, schema version {}", header.kind, header.schema_version)));
    }
    if header.engine_version != env!("CARGO_PKG_VERSION") {
        return Err(CountsError::Version(header.engine_version, env!("CARGO_PKG_VERSION").into()));
    }
    Ok(header)
}

impl Header {
    /// The header of counts under `options` with the counters of `s` and `pairs` lines.
    fn new(options: &BuildOptions, s: &Summary, pairs: u64) -> Header {
        Header {
            kind: KIND.into(),
            schema_version: 1,
            engine_version: env!("CARGO_PKG_VERSION").into(),
            min_rating: options.min_rating,
            max_ply: options.max_ply,
            any_start: options.any_start,
            games_read: s.games_read,
            games_used: s.games_used,
            games_skipped: s.games_skipped.iter().map(|(r, n)| (r.code().to_owned(), *n)).collect(),
            turns_replayed: s.turns_replayed,
            observations: s.observations,
            pairs,
        }
    }

    /// The options it records.
    fn options(&self) -> BuildOptions {
        BuildOptions { min_games: 0, min_rating: self.min_rating, max_ply: self.max_ply, any_start: self.any_start }
    }

    /// Checks that its counts were made under `options`.
    fn check(&self, options: &BuildOptions) -> Result<(), CountsError> {
        let found = options_text(self.min_rating, self.max_ply, self.any_start);
        let wanted = options_text(options.min_rating, options.max_ply, options.any_start);
        if found != wanted {
            return Err(CountsError::Options { found, wanted });
        }
        Ok(())
    }

    /// Adds its counters to `s`, as if its games were added after those of `s`.
    fn add_to(&self, s: &mut Summary) -> Result<(), CountsError> {
        s.games_read += self.games_read;
        s.games_used += self.games_used;
        s.turns_replayed += self.turns_replayed;
        s.observations += self.observations;
        for (code, n) in &self.games_skipped {
            let reason = SkipReason::ALL
                .into_iter()
                .find(|r| r.code() == code)
                .ok_or_else(|| CountsError::Header(format!("unknown skip reason {code:?}")))?;
            s.skipped(reason, *n);
        }
        Ok(())
    }

    /// Its JSON line, with the newline.
    fn line(&self) -> String {
        let mut out = serde_json::to_string(self).unwrap_or_default();
        out.push('\n');
        out
    }
}

/// One pair line: key, packed moves, W/D/L. `number` is the line's 1-based number, for errors.
fn parse_pair(line: &str, number: usize) -> Result<(&str, u64, [u32; 3]), CountsError> {
    let bad = |detail: &str| CountsError::Line { line: number, detail: detail.to_owned() };
    let fields: Vec<&str> = line.split('\t').collect();
    let [key, moves, w, d, l] = fields[..] else { return Err(bad("not five tab-separated fields")) };
    let moves = u64::from_str_radix(moves, 16)
        .ok()
        .filter(|&m| Signature::unpack(m).is_ok())
        .ok_or_else(|| bad("not a packed turn"))?;
    let count = |t: &str| t.parse::<u32>().map_err(|_| bad("a count that is not a 32-bit integer"));
    if key.is_empty() {
        return Err(bad("an empty key"));
    }
    Ok((key, moves, [count(w)?, count(d)?, count(l)?]))
}

/// One pair line as written.
fn pair_line(out: &mut String, key: &str, moves: u64, [w, d, l]: [u32; 3]) {
    let _ = writeln!(out, "{key}\t{moves:016x}\t{w}\t{d}\t{l}");
}

/// Adds `b` to `a`, saturating, as the builder counts.
fn add_counters(a: &mut [u32; 3], b: [u32; 3]) {
    for (total, n) in a.iter_mut().zip(b) {
        *total = total.saturating_add(n);
    }
}

impl Aggregator {
    /// The count file of what was added, under `options`.
    pub fn counts_text(&self, options: &BuildOptions) -> String {
        let mut pairs: Vec<(&str, u64, [u32; 3])> =
            self.pairs.iter().map(|(&(k, moves), &c)| (&*self.keys[k as usize], moves, c)).collect();
        crate::sort::sort_by(&mut pairs, |a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)));
        let mut out = Header::new(options, &self.summary, pairs.len() as u64).line();
        for (key, moves, counts) in pairs {
            pair_line(&mut out, key, moves, counts);
        }
        out
    }

    /// Adds the count file `text`, whose counts must have been made under `options` (but for
    /// `--min-games`): as if its games were added here, in this order.
    pub fn add_counts(&mut self, text: &str, options: &BuildOptions) -> Result<(), CountsError> {
        let mut lines = text.lines();
        let header = header(lines.next().unwrap_or_default())?;
        header.check(options)?;
        header.add_to(&mut self.summary)?;
        let mut count = 0u64;
        for (i, line) in lines.enumerate() {
            let (key, moves, counts) = parse_pair(line, i + 2)?;
            add_counters(self.pair(key, moves), counts);
            count += 1;
        }
        if count != header.pairs {
            return Err(CountsError::Header(format!("{count} pairs where the header says {}", header.pairs)));
        }
        Ok(())
    }
}

/// A count file read a pair at a time, checked sorted.
struct PairReader<R> {
    lines: std::io::Lines<R>,
    number: usize,
    /// The current pair, `None` at the end.
    pair: Option<(String, u64, [u32; 3])>,
    pairs: u64,
}

impl<R: BufRead> PairReader<R> {
    /// Reads the header of `reader`, checks it against `options` (the first file's when `None`)
    /// and the first pair.
    fn open(mut reader: R, options: &mut Option<BuildOptions>) -> Result<(PairReader<R>, Header), CountsError> {
        let mut first = String::new();
        reader.read_line(&mut first).map_err(|e| CountsError::Io(e.to_string()))?;
        let header = header(first.trim_end_matches(['\n', '\r']))?;
        header.check(options.get_or_insert_with(|| header.options()))?;
        let mut r = PairReader { lines: reader.lines(), number: 1, pair: None, pairs: 0 };
        r.advance()?;
        Ok((r, header))
    }

    /// Moves to the next pair, which must come after the current one.
    fn advance(&mut self) -> Result<(), CountsError> {
        let Some(line) = self.lines.next() else {
            self.pair = None;
            return Ok(());
        };
        let line = line.map_err(|e| CountsError::Io(e.to_string()))?;
        self.number += 1;
        let (key, moves, counts) = parse_pair(&line, self.number)?;
        if self.pair.as_ref().is_some_and(|(k, m, _)| (k.as_str(), *m) >= (key, moves)) {
            return Err(CountsError::Line { line: self.number, detail: "not sorted after the line before".into() });
        }
        self.pairs += 1;
        self.pair = Some((key.to_owned(), moves, counts));
        Ok(())
    }
}

/// The merge's queue: the current pair of each file not at its end, least first.
type Queue = BinaryHeap<Reverse<(String, u64, usize)>>;

/// Queues the current pair of `reader`, file `i`, if any.
fn push_next<R>(reader: &PairReader<R>, i: usize, queue: &mut Queue) {
    if let Some((key, moves, _)) = &reader.pair {
        queue.push(Reverse((key.clone(), *moves, i)));
    }
}

/// The counts of the current pair of `reader`, file `i`, which then moves on (its next pair
/// queued).
fn take<R: BufRead>(reader: &mut PairReader<R>, i: usize, queue: &mut Queue) -> Result<[u32; 3], CountsError> {
    let counts = reader.pair.as_ref().map_or([0; 3], |p| p.2);
    reader.advance().map_err(|e| CountsError::File(i, Box::new(e)))?;
    push_next(reader, i, queue);
    Ok(counts)
}

/// Adds the count files `open` gives (index `0..n`, in the order of their games) without holding
/// their pairs: a k-way merge of the sorted files, read twice (the pairs are counted for the
/// header first). Memory holds one line per file. The result is the count file of all their
/// games, byte for byte what [`Aggregator::add_counts`] of them all writes.
pub fn merge_counts<R: BufRead>(
    n: usize,
    open: &mut dyn FnMut(usize) -> std::io::Result<R>,
    out: &mut dyn std::io::Write,
) -> Result<(), CountsError> {
    let io = |e: std::io::Error| CountsError::Io(e.to_string());
    let mut options = None;
    let mut summary = Summary::default();
    let mut pairs = 0u64;
    for pass in 0..2 {
        let mut readers = Vec::with_capacity(n);
        for i in 0..n {
            let at = |e| CountsError::File(i, Box::new(e));
            let (reader, header) = PairReader::open(open(i).map_err(|e| at(io(e)))?, &mut options).map_err(at)?;
            if pass == 0 {
                header.add_to(&mut summary)?;
            }
            readers.push((reader, header.pairs));
        }
        let options = options.as_ref().ok_or_else(|| CountsError::Header("no count file to merge".into()))?;
        if pass == 1 {
            out.write_all(Header::new(options, &summary, pairs).line().as_bytes()).map_err(io)?;
        }
        let mut heap = BinaryHeap::with_capacity(n);
        for (i, (reader, _)) in readers.iter().enumerate() {
            push_next(reader, i, &mut heap);
        }
        let mut text = String::new();
        while let Some(Reverse((key, moves, i))) = heap.pop() {
            let mut counts = take(&mut readers[i].0, i, &mut heap)?;
            while let Some(&Reverse((_, _, j))) = heap.peek().filter(|Reverse((k, m, _))| (k, *m) == (&key, moves)) {
                heap.pop();
                add_counters(&mut counts, take(&mut readers[j].0, j, &mut heap)?);
            }
            if pass == 0 {
                pairs += 1;
            } else {
                text.clear();
                pair_line(&mut text, &key, moves, counts);
                out.write_all(text.as_bytes()).map_err(io)?;
            }
        }
        for (i, (reader, said)) in readers.iter().enumerate() {
            if reader.pairs != *said {
                let e = CountsError::Header(format!("{} pairs where the header says {said}", reader.pairs));
                return Err(CountsError::File(i, Box::new(e)));
            }
        }
    }
    Ok(())
}

//! Count files (issue 16, docs/SCALE.md): the raw statistics of a book build, before its
//! `--min-games` filter, so that builds over parts of the games add up. A count file is a JSON
//! header line (the options that decide the counts and the build's summary counters) and one
//! line per (key, turn) pair, sorted by key then packed moves: `key TAB moves TAB W TAB D TAB L`,
//! the moves as 16 hex digits of `Signature::pack`. Adding count files in the order of their
//! games gives the count file of all the games; building a book from it gives the book built from
//! all the games, byte for byte.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::build::{Aggregator, BuildOptions, SkipReason};
use super::signature::Signature;

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
pub(crate) fn is_counts(text: &[u8]) -> bool {
    text.starts_with(format!("{{\"kind\":\"{KIND}\"").as_bytes())
}

/// The options a count file records (all but `--min-games`, applied when the book is built).
fn options_text(min_rating: Option<f64>, max_ply: u32, any_start: bool) -> String {
    let rating = min_rating.map_or_else(|| "no --min-rating".to_owned(), |r| format!("--min-rating {r}"));
    format!("{rating}, --max-ply {max_ply}{}", if any_start { ", --any-start" } else { "" })
}

impl Aggregator {
    /// The count file of what was added, under `options`.
    pub fn counts_text(&self, options: &BuildOptions) -> String {
        let mut pairs: Vec<(&str, u64, [u32; 3])> =
            self.pairs.iter().map(|(&(k, moves), &c)| (&*self.keys[k as usize], moves, c)).collect();
        crate::sort::sort_by(&mut pairs, |a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)));
        let s = &self.summary;
        let header = Header {
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
            pairs: pairs.len() as u64,
        };
        let mut out = serde_json::to_string(&header).unwrap_or_default();
        out.push('\n');
        for (key, moves, [w, d, l]) in pairs {
            let _ = writeln!(out, "{key}\t{moves:016x}\t{w}\t{d}\t{l}");
        }
        out
    }

    /// Adds the count file `text`, whose counts must have been made under `options` (but for
    /// `--min-games`): as if its games were added here, in this order.
    pub fn add_counts(&mut self, text: &str, options: &BuildOptions) -> Result<(), CountsError> {
        let mut lines = text.lines();
        let header: Header =
            serde_json::from_str(lines.next().unwrap_or_default()).map_err(|e| CountsError::Header(e.to_string()))?;
        if header.kind != KIND || header.schema_version != 1 {
            return Err(CountsError::Header(format!(
                "kind {:?}, schema version {}",
                header.kind, header.schema_version
            )));
        }
        if header.engine_version != env!("CARGO_PKG_VERSION") {
            return Err(CountsError::Version(header.engine_version, env!("CARGO_PKG_VERSION").into()));
        }
        let found = options_text(header.min_rating, header.max_ply, header.any_start);
        let wanted = options_text(options.min_rating, options.max_ply, options.any_start);
        if found != wanted {
            return Err(CountsError::Options { found, wanted });
        }
        let s = &mut self.summary;
        s.games_read += header.games_read;
        s.games_used += header.games_used;
        s.turns_replayed += header.turns_replayed;
        s.observations += header.observations;
        for (code, n) in header.games_skipped {
            let reason = SkipReason::ALL
                .into_iter()
                .find(|r| r.code() == code)
                .ok_or_else(|| CountsError::Header(format!("unknown skip reason {code:?}")))?;
            s.skipped(reason, n);
        }
        let mut count = 0u64;
        for (i, line) in lines.enumerate() {
            let bad = |detail: &str| CountsError::Line { line: i + 2, detail: detail.to_owned() };
            let fields: Vec<&str> = line.split('\t').collect();
            let [key, moves, w, d, l] = fields[..] else { return Err(bad("not five tab-separated fields")) };
            let moves = u64::from_str_radix(moves, 16)
                .ok()
                .filter(|&m| Signature::unpack(m).is_ok())
                .ok_or_else(|| bad("not a packed turn"))?;
            let number = |t: &str| t.parse::<u32>().map_err(|_| bad("a count that is not a 32-bit integer"));
            let (w, d, l) = (number(w)?, number(d)?, number(l)?);
            if key.is_empty() {
                return Err(bad("an empty key"));
            }
            let c = self.pair(key, moves);
            for (total, n) in c.iter_mut().zip([w, d, l]) {
                *total = total.saturating_add(n);
            }
            count += 1;
        }
        if count != header.pairs {
            return Err(CountsError::Header(format!("{count} pairs where the header says {}", header.pairs)));
        }
        Ok(())
    }
}

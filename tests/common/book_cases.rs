//! The case structs of `../shared/conformance/book/` (its README.md is the schema), shared by the
//! tests that read them (`conformance_book`, `book_bot`). Every struct denies unknown fields, so a
//! field added to a vector file fails until a test reads it.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::conformance::{Case, Suite};

pub const SUITE: Suite = Suite("book");

/// `fnv1a64.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Fnv {
    pub name: String,
    pub input: String,
    pub utf8_hex: String,
    pub fnv1a64: String,
    pub little_endian_bytes: String,
}

/// `key.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Key {
    pub name: String,
    pub dfen: String,
    pub key: Option<String>,
}

/// `tsv_parse.json`: `book` when `ok`, else `error`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TsvParse {
    pub name: String,
    pub text: String,
    pub ok: bool,
    pub book: Option<BTreeMap<String, BookEntry>>,
    pub error: Option<String>,
    /// Whether the reference engine accepts the text the same way (not a requirement here).
    pub same_as_reference: bool,
    pub reference_error: Option<String>,
}

/// A key's entry of a parsed book.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BookEntry {
    pub weighted: bool,
    pub alternatives: Vec<Alternative>,
}

#[derive(Debug, Deserialize, PartialEq, PartialOrd)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    pub moves: String,
    pub weight: f64,
}

/// `lookup.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lookup {
    pub name: String,
    /// TSV text.
    pub book: String,
    pub dfen: String,
    pub key: Option<String>,
    pub expect: LookupExpect,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum LookupExpect {
    /// The base bot decides.
    Fallback,
    /// The exact sequence played.
    KingCapture { turn: Vec<String> },
    /// The legal alternatives in selection order, and the candidate a draw `u` picks.
    Book { candidates: Vec<Candidate>, draws: Vec<Draw> },
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Candidate {
    pub turn: Vec<String>,
    pub sequence: Vec<String>,
    pub weight: f64,
    pub packed_moves: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    pub u: f64,
    pub pick: usize,
}

/// `validate.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Validate {
    pub name: String,
    pub text: String,
    pub expect: Validation,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Validation {
    pub ok: bool,
    pub entries: usize,
    pub keys: usize,
    pub errors: Vec<IssueAt>,
    pub warnings: Vec<IssueAt>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct IssueAt {
    pub line: usize,
    pub code: String,
}

/// `dcb.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dcb {
    pub encode: Vec<Encode>,
    pub decode: Vec<Decode>,
    pub probe: Probe,
}

/// `{name, tsv, ok: true, hex, convertBack}` or `{name, tsv, ok: false, error, line?}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Encode {
    pub name: String,
    pub tsv: String,
    pub ok: bool,
    pub hex: Option<String>,
    pub convert_back: Option<String>,
    pub error: Option<String>,
    pub line: Option<usize>,
}

/// `{name, hex, ok: true, flags, records}` or `{name, hex, ok: false, error}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decode {
    pub name: String,
    pub hex: String,
    pub ok: bool,
    pub flags: Option<u64>,
    pub records: Option<Vec<Record>>,
    pub error: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    pub hex: String,
    pub cases: Vec<ProbeCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProbeCase {
    pub key: String,
    pub records: Vec<Record>,
}

/// A `.dcb` record; `moves` in slot order.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Record {
    pub key_hash: String,
    pub moves: Vec<String>,
    pub weight: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

/// `build_expected.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildExpected {
    pub cases: Vec<Build>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Build {
    /// A file of this suite (`games_*.jsonl`).
    pub input: String,
    pub options: BuildFlags,
    pub summary: Summary,
    pub skipped: Vec<Skipped>,
    pub tsv: String,
    pub weighted_tsv: String,
    pub dcb_records: Vec<KeyedRecord>,
    pub dcb_hex: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BuildFlags {
    pub min_games: u32,
    pub max_ply: u32,
    pub min_rating: Option<f64>,
}

/// The §9.5 fields that depend neither on the format nor on the clock.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Summary {
    pub games_read: u64,
    pub games_used: u64,
    pub games_skipped: BTreeMap<String, u64>,
    pub turns_replayed: u64,
    pub observations: u64,
    pub distinct_pairs: u64,
    pub pairs_kept: u64,
    pub keys_kept: u64,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Skipped {
    pub line: usize,
    pub reason: String,
}

/// A record of `dcbRecords`: a [`Record`] with its key.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct KeyedRecord {
    pub key: String,
    pub key_hash: String,
    pub moves: Vec<String>,
    pub weight: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

macro_rules! named {
    ($($t:ty),*) => {
        $(impl Case for $t {
            fn name(&self) -> String {
                self.name.clone()
            }
        })*
    };
}
named!(Fnv, Key, TsvParse, Lookup, Validate, Encode, Decode);

impl Case for ProbeCase {
    fn name(&self) -> String {
        format!("probe {}", self.key)
    }
}

impl Case for Build {
    fn name(&self) -> String {
        format!("{} {:?}", self.input, self.options)
    }
}

/// Line `i` of issue 18's hostile books: `a`, `i` in base 36, a TAB and `m` (an entry with a
/// malformed key and moves: two warnings each, about 9 bytes a line).
pub fn hostile_line(i: u32) -> String {
    let mut digits = Vec::new();
    let mut n = i;
    loop {
        digits.push(b"0123456789abcdefghijklmnopqrstuvwxyz"[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    format!("a{}\tm\n", String::from_utf8_lossy(&digits))
}

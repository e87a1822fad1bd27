//! TSV ↔ binary (BOOK.md §6, §7.10): encoding a TSV book's effective entries and the TSV writer.

use std::collections::HashMap;

use super::dcb::{self, DcbRecord};
use super::fnv::key_hash;
use super::signature::{MovesError, Signature};
use super::tsv::{Grouped, LineNumbers, MalformedBook, MalformedLine};

/// Why a TSV book cannot be encoded (BOOK.md §6).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EncodeError {
    /// The text does not parse (BOOK.md §2.1).
    #[error("{0}")]
    Malformed(MalformedBook),
    /// An effective entry's moves cannot be stored (BOOK.md §7.4).
    #[error("line {line}: {error}")]
    UnencodableMoves { line: usize, error: MovesError },
    /// A weight of a weighted key is not an integer in 1..4294967295.
    #[error("line {line}: weight {weight} cannot be stored in a binary book")]
    UnencodableWeight { line: usize, weight: f64 },
    /// Two different keys have the same FNV-1a-64 hash.
    #[error("keys '{first}' and '{second}' have the same hash {:016x}", key_hash(.first))]
    HashCollision { first: String, second: String },
}

impl EncodeError {
    /// The code used by the conformance vectors and the CLI.
    pub fn code(&self) -> &'static str {
        match self {
            EncodeError::Malformed(_) => "malformed",
            EncodeError::UnencodableMoves { .. } => "unencodable-moves",
            EncodeError::UnencodableWeight { .. } => "unencodable-weight",
            EncodeError::HashCollision { .. } => "hash-collision",
        }
    }

    /// The line at fault, if one.
    pub fn line(&self) -> Option<usize> {
        match self {
            EncodeError::UnencodableMoves { line, .. } | EncodeError::UnencodableWeight { line, .. } => Some(*line),
            _ => None,
        }
    }
}

/// The binary weight of a TSV weight: an integer in 1..4294967295.
pub fn binary_weight(w: f64) -> Option<u32> {
    (w.fract() == 0.0 && (1.0..=f64::from(u32::MAX)).contains(&w)).then_some(w as u32)
}

/// `encodeOpeningBook` (BOOK.md §6): the binary book of a TSV text's effective entries, or the
/// first problem in line order (of a malformed text, its first malformed line only). Reads the
/// text grouped by key (`tsv::Grouped`): memory is 16 bytes a line plus the records.
pub fn encode_tsv(text: &str) -> Result<Vec<u8>, EncodeError> {
    let mut grouped = Grouped::new(text, |line, error| {
        let lines = vec![MalformedLine { number: line.number, text: line.text.to_owned(), error }];
        Err(EncodeError::Malformed(MalformedBook { lines }))
    })?;
    let mut records = Vec::new();
    // The first problem as (the start of its line, its rank among the checks of a line, problem
    // with its line still a start).
    let mut first: Option<(usize, u8, EncodeError)> = None;
    let mut note = |start: usize, rank: u8, problem: EncodeError| {
        if first.as_ref().is_none_or(|(s, r, _)| (start, rank) < (*s, *r)) {
            first = Some((start, rank, problem));
        }
    };
    // The current hash and the two earliest first effective lines of its keys so far: two keys of
    // one hash are reported at the later one's (the checks' order of BOOK.md §6).
    let mut run: Option<(u64, [(usize, &str); 2])> = None;
    grouped.for_each_key(|lines| {
        let (key, h) = (lines.key(), key_hash(lines.key()));
        let mut earliest = usize::MAX;
        for l in lines.effective() {
            let line = l.start;
            earliest = earliest.min(line);
            let sig = match Signature::parse(l.fields.moves) {
                Ok(sig) => sig,
                Err(error) => {
                    note(line, 0, EncodeError::UnencodableMoves { line, error });
                    continue;
                }
            };
            let weight = l.fields.weight.unwrap_or(1.0);
            let Some(w) = binary_weight(weight) else {
                note(line, 1, EncodeError::UnencodableWeight { line, weight });
                continue;
            };
            records.push(DcbRecord { key_hash: h, moves: sig.pack(), weight: w, ..DcbRecord::default() });
        }
        match &mut run {
            Some((hash, two)) if *hash == h => {
                if (earliest, key) < two[0] {
                    two[1] = std::mem::replace(&mut two[0], (earliest, key));
                } else if (earliest, key) < two[1] {
                    two[1] = (earliest, key);
                }
                let ([(_, a), (line, b)], pair) = (*two, |x: &str, y: &str| (x.to_owned(), y.to_owned()));
                let (first, second) = if a < b { pair(a, b) } else { pair(b, a) };
                note(line, 2, EncodeError::HashCollision { first, second });
            }
            _ => run = Some((h, [(earliest, key), (usize::MAX, "")])),
        }
    });
    match first {
        Some((start, _, mut problem)) => {
            if let EncodeError::UnencodableMoves { line, .. } | EncodeError::UnencodableWeight { line, .. } =
                &mut problem
            {
                *line = LineNumbers::new(text).of(start);
            }
            Err(problem)
        }
        None => Ok(dcb::write(0, &mut records)),
    }
}

/// When the TSV writer writes the weight column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightColumn {
    /// Iff the key has two or more entries or its weight is not 1 (BOOK.md §7.10).
    Auto,
    /// Never (`book build --format tsv`).
    Never,
    /// Always (`book build --format weighted`).
    Always,
}

/// One TSV line to write: key, moves in slot order and weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TsvEntry {
    pub key: String,
    pub signature: Signature,
    pub weight: u32,
}

/// The TSV writer (BOOK.md §7.10): lines sorted by key (byte order), weight descending, moves
/// text; LF line ends, final LF, no header.
pub fn write_tsv(entries: &mut [TsvEntry], column: WeightColumn) -> String {
    let mut keyed: Vec<(&TsvEntry, String)> = entries.iter().map(|e| (e, e.signature.to_string())).collect();
    crate::sort::sort_by(&mut keyed, |(a, am), (b, bm)| {
        a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)).then(am.cmp(bm))
    });
    let mut out = String::new();
    let mut i = 0;
    while i < keyed.len() {
        let key = &keyed[i].0.key;
        let n = keyed[i..].iter().take_while(|(e, _)| e.key == *key).count();
        for (e, moves) in &keyed[i..i + n] {
            let weighted = match column {
                WeightColumn::Auto => n >= 2 || e.weight != 1,
                WeightColumn::Never => false,
                WeightColumn::Always => true,
            };
            out.push_str(key);
            out.push('\t');
            out.push_str(moves);
            if weighted {
                out.push('\t');
                out.push_str(&e.weight.to_string());
            }
            out.push('\n');
        }
        i += n;
    }
    out
}

/// Binary → TSV (BOOK.md §7.10): the TSV text of the records whose key hash `keys` resolves
/// (hash → key text), and the indices of the unresolved records.
pub fn dcb_to_tsv<B: AsRef<[u8]>>(book: &dcb::DcbBook<B>, keys: &HashMap<u64, String>) -> (String, Vec<usize>) {
    let mut entries = Vec::with_capacity(book.len());
    let mut unresolved = Vec::new();
    for (i, r) in book.records().enumerate() {
        match (keys.get(&r.key_hash), r.signature()) {
            (Some(key), Some(signature)) => entries.push(TsvEntry { key: key.clone(), signature, weight: r.weight }),
            _ => unresolved.push(i),
        }
    }
    (write_tsv(&mut entries, WeightColumn::Auto), unresolved)
}

/// Maps each candidate key to its hash (the key sources of `book convert`, BOOK.md §11.4).
pub fn key_table<'k>(candidates: impl IntoIterator<Item = &'k str>) -> HashMap<u64, String> {
    candidates.into_iter().map(|k| (key_hash(k), k.to_owned())).collect()
}

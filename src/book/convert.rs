//! TSV ↔ binary (BOOK.md §6, §7.10): encoding a TSV book's effective entries and the TSV writer.

use std::collections::HashMap;

use super::dcb::{self, Record};
use super::fnv::key_hash;
use super::signature::{MovesError, Signature};
use super::tsv::{MalformedBook, TsvBook};

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
pub(crate) fn binary_weight(w: f64) -> Option<u32> {
    (w.fract() == 0.0 && (1.0..=f64::from(u32::MAX)).contains(&w)).then_some(w as u32)
}

/// The records of a parsed book's effective entries (flags 0, W/D/L 0), unsorted; the first
/// problem in line order otherwise.
pub(crate) fn book_records(book: &TsvBook) -> Result<Vec<Record>, EncodeError> {
    let mut items: Vec<(usize, &str, &str, f64)> = book
        .iter()
        .flat_map(|(key, entry)| entry.alternatives.iter().map(move |a| (a.line, key, a.moves.as_str(), a.weight)))
        .collect();
    items.sort_unstable_by_key(|i| i.0);
    let mut records = Vec::with_capacity(items.len());
    let mut hashes: HashMap<u64, &str> = HashMap::with_capacity(book.keys());
    for (line, key, moves, weight) in items {
        let sig = Signature::parse(moves).map_err(|error| EncodeError::UnencodableMoves { line, error })?;
        let weight = binary_weight(weight).ok_or(EncodeError::UnencodableWeight { line, weight })?;
        let h = key_hash(key);
        match hashes.get(&h) {
            Some(&other) if other != key => {
                let (first, second) = if other < key { (other, key) } else { (key, other) };
                return Err(EncodeError::HashCollision { first: first.to_owned(), second: second.to_owned() });
            }
            _ => {
                hashes.insert(h, key);
            }
        }
        records.push(Record { key_hash: h, moves: sig.pack(), weight, ..Record::default() });
    }
    Ok(records)
}

/// `encodeOpeningBook` (BOOK.md §6): the binary book of a TSV text's effective entries.
pub fn encode_tsv(text: &str) -> Result<Vec<u8>, EncodeError> {
    let book = TsvBook::parse(text).map_err(EncodeError::Malformed)?;
    let mut records = book_records(&book)?;
    Ok(dcb::write(0, &mut records))
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
    keyed.sort_by(|(a, am), (b, bm)| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)).then(am.cmp(bm)));
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

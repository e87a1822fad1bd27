//! The opening-book functions as text and bytes in, plain values out: the one implementation behind
//! the JavaScript exports and the CLI (like `crate::api` for the rules). Never panics.

use super::{encode_tsv, is_binary, lookup, validate_binary, validate_tsv, Book, Decision, Validation, MAX_BOOK_SIZE};
use crate::{Move, Position};

/// A book as given by a caller: TSV text or binary bytes.
#[derive(Clone, Copy, Debug)]
pub enum BookInput<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
}

/// `validateOpeningBook` for TSV text (`too-large` over 64 MiB of UTF-8 bytes; the JS layer checks
/// UTF-16 code units itself before converting).
pub fn validate_opening_book(input: BookInput<'_>) -> Validation {
    match input {
        BookInput::Text(text) => validate_tsv(text),
        BookInput::Bytes(bytes) if bytes.len() > MAX_BOOK_SIZE => Validation::too_large(),
        BookInput::Bytes(bytes) => validate_binary(bytes),
    }
}

/// `encodeOpeningBook`: the binary book of a TSV text, `None` when it cannot be encoded.
pub fn encode_opening_book(tsv: &str) -> Option<Vec<u8>> {
    encode_tsv(tsv).ok()
}

/// Loads a book given as text or bytes (bytes: binary iff they start with `DCBK`, else UTF-8 TSV).
pub fn load_book(input: BookInput<'_>) -> Option<Book> {
    match input {
        BookInput::Text(text) => Book::from_tsv(text).ok(),
        BookInput::Bytes(bytes) if is_binary(bytes) => Book::from_binary(bytes.to_vec()).ok(),
        BookInput::Bytes(bytes) => Book::from_tsv(std::str::from_utf8(bytes).ok()?).ok(),
    }
}

/// One entry of a probe.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbeEntry {
    /// The moves in signature order (UCI strings, `,`-joined) or, for a TSV entry that is not a
    /// turn, its text as written.
    pub moves: String,
    pub weight: f64,
    /// W/D/L of a binary book with statistics.
    pub stats: Option<(u32, u32, u32)>,
    /// The entry is one of the legal alternatives.
    pub legal: bool,
}

/// What `book probe` reports for one rolled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    pub key: String,
    pub key_hash: u64,
    pub entries: Vec<ProbeEntry>,
    pub decision: Decision,
}

/// Probes `book` with a DFEN with dice: `None` for an invalid DFEN or no dice.
pub fn probe(book: &Book, dfen: &str) -> Option<Probe> {
    let pos = Position::from_dfen(dfen).ok()?;
    probe_position(book, &pos)
}

/// Probes `book` with a rolled position: `None` without dice.
pub fn probe_position(book: &Book, pos: &Position) -> Option<Probe> {
    let key = pos.book_key()?;
    let decision = lookup(book, pos);
    let legal_sigs: Vec<_> = match &decision {
        Decision::Book(c) => c.0.iter().map(|c| c.signature).collect(),
        _ => Vec::new(),
    };
    let entries = match book {
        Book::Tsv(b) => b.get(&key).map_or_else(Vec::new, |e| {
            e.alternatives
                .iter()
                .map(|a| {
                    let sig = super::Signature::parse(&a.moves).ok();
                    ProbeEntry {
                        moves: sig.map_or_else(|| a.moves.clone(), |s| s.to_string()),
                        weight: a.weight,
                        stats: None,
                        legal: sig.is_some_and(|s| legal_sigs.contains(&s)),
                    }
                })
                .collect()
        }),
        Book::Binary(b) => b
            .probe(&key)
            .map(|r| {
                let sig = r.signature();
                ProbeEntry {
                    moves: sig.map_or_else(String::new, |s| s.to_string()),
                    weight: f64::from(r.weight),
                    stats: b.has_stats().then_some((r.wins, r.draws, r.losses)),
                    legal: sig.is_some_and(|s| legal_sigs.contains(&s)),
                }
            })
            .collect(),
    };
    Some(Probe { key_hash: super::key_hash(&key), key, entries, decision })
}

/// The moves of a decision's turn as UCI strings (empty for a fallback), choosing a book turn with
/// the draw `u`.
pub fn decision_moves(decision: &Decision, u: f64) -> Vec<String> {
    let moves: &[Move] = match decision {
        Decision::KingCapture(m) => m,
        Decision::Book(c) => &c.choose(|| u).sequence,
        _ => &[],
    };
    moves.iter().map(Move::to_string).collect()
}

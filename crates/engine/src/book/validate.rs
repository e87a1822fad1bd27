//! `validateOpeningBook` (BOOK.md §5): every problem of a book, line by line, the first
//! [`MAX_REPORTED`] of each kind listed and the rest counted.

use super::convert::binary_weight;
use super::dcb::DcbBook;
use super::lookup::first_ordering;
use super::signature::Signature;
use super::tsv::{line_at, Grouped, LineFate, LineNumbers};
use crate::rules::{Judge, Legality, TurnFailure};
use crate::{Position, Uci};

/// The JS API's cap on a book: 64 MiB (bytes, or UTF-16 code units of a string).
pub const MAX_BOOK_SIZE: usize = 64 * 1024 * 1024;

/// The most errors, and the most warnings, a validation lists; the others are counted in
/// `omitted_errors` and `omitted_warnings`.
pub const MAX_REPORTED: usize = 1000;
/// The longest `text` and `reason` of an issue, in characters: a longer one keeps its first 256
/// followed by `…`. With [`MAX_REPORTED`], a report stays under about 2 MB of JSON whatever the book.
pub const MAX_ISSUE_CHARS: usize = 256;

/// One problem: the 1-based line (0 for a binary book or a non-book), the line as in the input
/// (cut at [`MAX_ISSUE_CHARS`]), the normative code and a human reason.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Issue {
    pub line: usize,
    pub text: String,
    pub code: &'static str,
    pub reason: String,
}

/// The result of `validateOpeningBook` (BOOK.md §5).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Validation {
    pub ok: bool,
    pub entries: usize,
    pub keys: usize,
    /// The first [`MAX_REPORTED`] errors, in line order.
    pub errors: Vec<Issue>,
    /// The first [`MAX_REPORTED`] warnings, in line order.
    pub warnings: Vec<Issue>,
    /// The errors past the first [`MAX_REPORTED`] (the JS object has the two counts only when
    /// one is not 0: BOOK.md §5's object otherwise).
    pub omitted_errors: usize,
    /// The warnings past the first [`MAX_REPORTED`].
    pub omitted_warnings: usize,
}

/// BOOK.md §5's object, in its order: `omittedErrors` and `omittedWarnings` only in a report that
/// was cut. What `validateOpeningBook` returns and `dicechess book validate --json` writes.
impl serde::Serialize for Validation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let cut = self.omitted_errors > 0 || self.omitted_warnings > 0;
        let mut s = serializer.serialize_struct("BookValidation", if cut { 7 } else { 5 })?;
        s.serialize_field("ok", &self.ok)?;
        s.serialize_field("entries", &self.entries)?;
        s.serialize_field("keys", &self.keys)?;
        s.serialize_field("errors", &self.errors)?;
        s.serialize_field("warnings", &self.warnings)?;
        if cut {
            s.serialize_field("omittedErrors", &self.omitted_errors)?;
            s.serialize_field("omittedWarnings", &self.omitted_warnings)?;
        }
        s.end()
    }
}

impl Validation {
    /// A validation with one line-0 error and counts 0.
    fn single(code: &'static str, reason: impl Into<String>) -> Validation {
        Validation {
            ok: false,
            errors: vec![Issue { line: 0, text: String::new(), code, reason: reason.into() }],
            ..Validation::default()
        }
    }

    /// Input that is neither a string nor a binary book.
    pub fn not_a_book() -> Validation {
        Validation::single("not-a-book", "expected a TSV string or a binary book")
    }

    /// Input over the 64 MiB cap.
    #[inline]
    pub fn too_large() -> Validation {
        Validation::single("too-large", "book exceeds 64 MiB")
    }
}

/// Validates a binary book: structure only (BOOK.md §5, §7.8).
#[inline]
pub fn validate_binary(bytes: &[u8]) -> Validation {
    match DcbBook::new(bytes) {
        Ok(book) => Validation { ok: true, entries: book.len(), keys: book.distinct_keys(), ..Validation::default() },
        Err(e) => Validation::single(e.code(), e.to_string()),
    }
}

/// What the key text of a line is.
enum KeyCheck {
    /// Neither a five-field key nor a seven-field DFEN with dice.
    Invalid(String),
    /// It parses; `canonical` is the key of its position when the text differs from it.
    Parsed { pos: Position, canonical: Option<String> },
}

fn check_key(key: &str) -> KeyCheck {
    let fields: Vec<&str> = key.split(' ').collect();
    let dfen = match fields.len() {
        5 => format!("{} {} {} {} 0 1 {}", fields[0], fields[1], fields[2], fields[3], fields[4]),
        7 => key.to_owned(),
        n => return KeyCheck::Invalid(format!("{n} fields; expected '<placement> <side> <castling> <ep> <dice>'")),
    };
    match Position::from_dfen(&dfen) {
        Err(e) => KeyCheck::Invalid(e.to_string()),
        Ok(pos) if pos.dice().is_empty() => KeyCheck::Invalid("no dice".to_owned()),
        Ok(pos) => {
            let canonical = pos.book_key().filter(|k| k != key);
            KeyCheck::Parsed { pos, canonical }
        }
    }
}

/// `None` if some ordering of `sig` is a legal turn of the roll `rule` judges (`None`: a pass),
/// else why not: for the ordering that walks deepest (first in lexicographic order among equals).
fn explain_illegal(rule: Option<&Legality>, sig: &Signature) -> Option<TurnFailure> {
    let Some(rule) = rule else { return Some(TurnFailure::Pass) };
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let n = sig.len();
    let mut best: Option<(usize, TurnFailure)> = None;
    for perm in PERMS.iter().filter(|p| p[..n].iter().all(|&i| i < n)) {
        let order: Vec<Uci> = perm[..n].iter().map(|&i| sig.moves()[i]).collect();
        match rule.check(&order) {
            Ok(_) => return None,
            Err(failure) => {
                let depth = match &failure {
                    TurnFailure::Incomplete { played, .. } => played.len() + 1,
                    TurnFailure::CannotPlay { played, .. } => played.len(),
                    TurnFailure::Pass => 0,
                };
                if best.as_ref().is_none_or(|(d, _)| depth > *d) {
                    best = Some((depth, failure));
                }
            }
        }
    }
    best.map(|(_, f)| f)
}

/// `text` cut at [`MAX_ISSUE_CHARS`] characters (`…` marks a cut).
fn clip(text: &str) -> String {
    match text.char_indices().nth(MAX_ISSUE_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

impl Issue {
    fn new(line: usize, text: &str, code: &'static str, reason: &str) -> Issue {
        Issue { line, text: clip(text), code, reason: clip(reason) }
    }
}

/// The warnings of BOOK.md §5 in their order: one bit each in a line's mask.
const WARNINGS: [&str; 8] = [
    "overridden",
    "mixed-weights",
    "key-invalid",
    "key-not-canonical",
    "moves-invalid",
    "king-capture",
    "turn-illegal",
    "weight-not-binary",
];
const OVERRIDDEN: u8 = 1;
const MIXED_WEIGHTS: u8 = 1 << 1;
const KEY_INVALID: u8 = 1 << 2;
const KEY_NOT_CANONICAL: u8 = 1 << 3;
const MOVES_INVALID: u8 = 1 << 4;
const KING_CAPTURE: u8 = 1 << 5;
const TURN_ILLEGAL: u8 = 1 << 6;
const WEIGHT_NOT_BINARY: u8 = 1 << 7;

/// A well-formed line's warnings as its tag (`Key::set_tag`): the mask in the top byte, and in
/// the other bits the start of the line its `overridden` or `mixed-weights` warning names.
fn found(mask: u8, other: usize) -> u64 {
    u64::from(mask) << 56 | other as u64 & OTHER
}
const OTHER: u64 = (1 << 56) - 1;

/// Validates a TSV book (BOOK.md §5) in memory proportional to its lines (16 bytes a line,
/// whatever the keys) and a report of at most [`MAX_REPORTED`] errors and warnings.
pub fn validate_tsv(text: &str) -> Validation {
    let mut v = Validation::default();
    let Ok(mut grouped) = Grouped::new(text, |line, e| {
        if v.errors.len() < MAX_REPORTED {
            v.errors.push(Issue::new(line.number, line.text, e.code(), &e.to_string()));
        } else {
            v.omitted_errors += 1;
        }
        Ok::<(), std::convert::Infallible>(())
    });
    grouped.for_each_key(|lines| {
        v.keys += 1;
        let key = check_key(lines.key());
        let weighted = lines.first_weighted();
        let mut rule: Option<Option<Legality>> = None;
        for j in 0..lines.len() {
            if let LineFate::OverriddenAt(winner) = lines.fate(j) {
                lines.set_tag(j, found(OVERRIDDEN, winner));
                continue;
            }
            let Some(l) = lines.line(j) else { continue };
            v.entries += 1;
            let (mut mask, mut other) = (0, 0);
            if let (None, Some(w)) = (l.fields.weight, weighted) {
                (mask, other) = (MIXED_WEIGHTS, w);
            }
            let pos = match &key {
                KeyCheck::Invalid(_) => {
                    mask |= KEY_INVALID;
                    None
                }
                KeyCheck::Parsed { pos, canonical } => {
                    mask |= if canonical.is_some() { KEY_NOT_CANONICAL } else { 0 };
                    Some(pos)
                }
            };
            let sig = Signature::parse(l.fields.moves).ok();
            mask |= if sig.is_none() { MOVES_INVALID } else { 0 };
            if let (Some(pos), Some(sig)) = (pos, sig) {
                let rule = rule.get_or_insert_with(|| Legality::of_position(pos)).as_ref();
                mask |= if rule.is_some_and(Legality::has_king_capture) { KING_CAPTURE } else { 0 };
                mask |= if rule.and_then(|r| first_ordering(r, &sig)).is_none() { TURN_ILLEGAL } else { 0 };
            }
            if l.fields.weight.is_some_and(|w| binary_weight(w).is_none()) {
                mask |= WEIGHT_NOT_BINARY;
            }
            lines.set_tag(j, found(mask, other));
        }
    });
    // The report in line order; the reasons of the listed warnings only. The lines that
    // `overridden` and `mixed-weights` name are numbered afterwards, in one more pass.
    let mut numbers = LineNumbers::new(text);
    // Per warning that names a line: `start of that line << 64 | warning index << 8 | bit`.
    let mut named: Vec<u128> = Vec::new();
    let mut last: Option<(&str, KeyCheck, Option<Option<Legality>>)> = None;
    for (start, tag) in grouped.tags() {
        let (mask, other) = ((tag >> 56) as u8, (tag & OTHER) as usize);
        let shown = (MAX_REPORTED - v.warnings.len()).min(mask.count_ones() as usize);
        v.omitted_warnings += mask.count_ones() as usize - shown;
        if shown == 0 {
            continue;
        }
        let number = numbers.of(start);
        let Some((line, fields)) = line_at(text, start) else { continue };
        if last.as_ref().is_none_or(|(k, _, _)| *k != fields.key) {
            last = Some((fields.key, check_key(fields.key), None));
        }
        let Some((_, key, rule)) = &mut last else { continue };
        for (bit, code) in WARNINGS.iter().enumerate().filter(|(bit, _)| mask & 1 << bit != 0).take(shown) {
            let reason = match 1 << bit {
                bit @ (OVERRIDDEN | MIXED_WEIGHTS) => {
                    named.push(u128::from(other as u64) << 64 | (v.warnings.len() as u128) << 8 | u128::from(bit));
                    String::new()
                }
                KEY_INVALID => match key {
                    KeyCheck::Invalid(detail) => format!("key does not parse: {detail}"),
                    KeyCheck::Parsed { .. } => String::new(),
                },
                KEY_NOT_CANONICAL => match key {
                    KeyCheck::Parsed { canonical: Some(c), .. } => format!("lookups use '{c}'; this key never matches"),
                    _ => String::new(),
                },
                MOVES_INVALID => Signature::parse(fields.moves).err().map(|e| e.to_string()).unwrap_or_default(),
                KING_CAPTURE => "a king capture is legal here; it is always played instead".to_owned(),
                TURN_ILLEGAL => match (&*key, Signature::parse(fields.moves)) {
                    (KeyCheck::Parsed { pos, .. }, Ok(sig)) => {
                        let rule = rule.get_or_insert_with(|| Legality::of_position(pos));
                        explain_illegal(rule.as_ref(), &sig).map(|e| e.to_string()).unwrap_or_default()
                    }
                    _ => String::new(),
                },
                _ => {
                    let text = line.split('\t').nth(2).map(super::tsv::trim).unwrap_or_default();
                    format!("weight {text} cannot be stored in a binary book")
                }
            };
            v.warnings.push(Issue::new(number, line, code, &reason));
        }
    }
    crate::sort::sort_pairs(&mut named);
    let mut numbers = LineNumbers::new(text);
    for p in named {
        let (other, w, bit) = ((p >> 64) as usize, (p as u64 >> 8) as usize, p as u8);
        let n = numbers.of(other);
        v.warnings[w].reason = if bit == OVERRIDDEN {
            format!("replaced by line {n} (the last line wins)")
        } else {
            format!("counts as weight 1: line {n} of this key has a weight")
        };
    }
    v.ok = v.errors.is_empty();
    v
}

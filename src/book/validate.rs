//! `validateOpeningBook` (BOOK.md §5): every problem of a book, line by line.

use super::convert::binary_weight;
use super::dcb::DcbBook;
use super::signature::Signature;
use super::tsv::{Fate, Scan};
use crate::{Position, Step, Turns, Uci};

/// The JS API's cap on a book: 64 MiB (bytes, or UTF-16 code units of a string).
pub(crate) const MAX_BOOK_SIZE: usize = 64 * 1024 * 1024;

/// One problem: the 1-based line (0 for a binary book or a non-book), the line as in the input,
/// the normative code and a human reason.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub errors: Vec<Issue>,
    pub warnings: Vec<Issue>,
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
    pub fn too_large() -> Validation {
        Validation::single("too-large", "book exceeds 64 MiB")
    }
}

/// Validates a binary book: structure only (BOOK.md §5, §7.8).
pub(crate) fn validate_binary(bytes: &[u8]) -> Validation {
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

/// Why a sequence of moves is not a legal turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TurnFailure {
    /// The roll has no legal turn.
    #[error("no legal turn for these dice (pass)")]
    Pass,
    /// The moves begin a legal turn that must continue; `max_spent` = `L*`.
    #[error("incomplete: after '{}' the turn must continue (legal turns spend {max_spent} dice)", join(.played))]
    Incomplete { played: Vec<Uci>, max_spent: u32 },
    /// `moves[played.len()]` cannot be played after `played`; `legal` = the legal moves there,
    /// sorted.
    #[error("{}", cannot_play(.played, *.token, .legal))]
    CannotPlay { played: Vec<Uci>, token: Uci, legal: Vec<Uci> },
}

fn join(moves: &[Uci]) -> String {
    moves.iter().map(|u| u.to_string()).collect::<Vec<_>>().join(",")
}

/// The message of [`TurnFailure::CannotPlay`]: the move, where, and up to 10 legal moves there.
fn cannot_play(played: &[Uci], token: Uci, legal: &[Uci]) -> String {
    let mut out = if played.is_empty() {
        format!("'{token}' cannot be played as the first move")
    } else {
        format!("'{token}' cannot be played after '{}'", join(played))
    };
    let shown: Vec<String> = legal.iter().take(10).map(|u| u.to_string()).collect();
    out += &format!("; legal here: {}", if shown.is_empty() { "none".to_owned() } else { shown.join(" ") });
    if legal.len() > 10 {
        out += &format!(" … ({})", legal.len());
    }
    out
}

/// Follows `moves` in order from the root of `turns`: the leaf reached, or how far it got.
pub(crate) fn follow(turns: &Turns, moves: &[Uci]) -> Result<Step, TurnFailure> {
    let mut node: Option<Step> = None;
    for (i, &uci) in moves.iter().enumerate() {
        let (pos, spent, leaf) = match &node {
            None => (*turns.root(), 0, false),
            Some(s) => (s.position, s.spent, s.is_leaf),
        };
        let mut found = None;
        let mut legal = Vec::new();
        if !leaf {
            turns.for_each_child(&pos, spent, |s| {
                legal.push(s.mv.uci());
                if found.is_none() && uci.matches(s.mv) {
                    found = Some(*s);
                }
            });
        }
        match found {
            Some(s) => node = Some(s),
            None => {
                crate::sort::sort_by_key(&mut legal, |u| u64::from(u.order_key()));
                legal.dedup();
                return Err(TurnFailure::CannotPlay { played: moves[..i].to_vec(), token: uci, legal });
            }
        }
    }
    match node {
        Some(s) if s.is_leaf => Ok(s),
        _ => Err(TurnFailure::Incomplete { played: moves.to_vec(), max_spent: turns.max_spent() }),
    }
}

/// `None` if some ordering of `sig` is a legal turn of the roll `turns` (`None`: a pass), else why not: for the ordering that
/// walks deepest (first in lexicographic order among equals).
pub(crate) fn explain_illegal(turns: Option<&Turns>, sig: &Signature) -> Option<TurnFailure> {
    let Some(turns) = turns else { return Some(TurnFailure::Pass) };
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let n = sig.len();
    let mut best: Option<(usize, TurnFailure)> = None;
    for perm in PERMS.iter().filter(|p| p[..n].iter().all(|&i| i < n)) {
        let order: Vec<Uci> = perm[..n].iter().map(|&i| sig.moves()[i]).collect();
        match follow(turns, &order) {
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

/// Validates a TSV book (BOOK.md §5).
pub fn validate_tsv(text: &str) -> Validation {
    let scan = Scan::new(text);
    let errors: Vec<Issue> = scan
        .malformed
        .iter()
        .map(|(line, e)| Issue { line: line.number, text: line.text.to_owned(), code: e.code(), reason: e.to_string() })
        .collect();
    let mut warnings = Vec::new();
    let mut key_of = vec![0usize; scan.lines.len()];
    for (k, (_, members)) in scan.keys.iter().enumerate() {
        for &i in members {
            key_of[i] = k;
        }
    }
    let mut key_checks: Vec<Option<KeyCheck>> = (0..scan.keys.len()).map(|_| None).collect();
    let mut turns_cache: Vec<Option<Option<Turns>>> = (0..scan.keys.len()).map(|_| None).collect();
    for (i, wf) in scan.lines.iter().enumerate() {
        let mut warn = |code: &'static str, reason: String| {
            warnings.push(Issue { line: wf.line.number, text: wf.line.text.to_owned(), code, reason })
        };
        if let Fate::OverriddenBy(j) = scan.fates[i] {
            warn("overridden", format!("replaced by line {} (the last line wins)", scan.lines[j].line.number));
            continue;
        }
        let k = key_of[i];
        let members = &scan.keys[k].1;
        if wf.fields.weight.is_none() {
            if let Some(&w) = members.iter().find(|&&m| scan.lines[m].fields.weight.is_some()) {
                warn(
                    "mixed-weights",
                    format!("counts as weight 1: line {} of this key has a weight", scan.lines[w].line.number),
                );
            }
        }
        let check = key_checks[k].get_or_insert_with(|| check_key(wf.fields.key));
        let pos = match check {
            KeyCheck::Invalid(detail) => {
                warn("key-invalid", format!("key does not parse: {detail}"));
                None
            }
            KeyCheck::Parsed { pos, canonical } => {
                if let Some(c) = canonical {
                    warn("key-not-canonical", format!("lookups use '{c}'; this key never matches"));
                }
                Some(*pos)
            }
        };
        let sig = match Signature::parse(wf.fields.moves) {
            Ok(sig) => Some(sig),
            Err(e) => {
                warn("moves-invalid", e.to_string());
                None
            }
        };
        if let (Some(pos), Some(sig)) = (pos, sig) {
            let turns = turns_cache[k].get_or_insert_with(|| Turns::of_position(&pos));
            if turns.as_ref().is_some_and(Turns::has_king_capture) {
                warn("king-capture", "a king capture is legal here; it is always played instead".to_owned());
            }
            if let Some(failure) = explain_illegal(turns.as_ref(), &sig) {
                warn("turn-illegal", failure.to_string());
            }
        }
        if let Some(w) = wf.fields.weight {
            if binary_weight(w).is_none() {
                let text = wf.line.text.split('\t').nth(2).map(super::tsv::trim).unwrap_or_default();
                warn("weight-not-binary", format!("weight {text} cannot be stored in a binary book"));
            }
        }
    }
    let entries = scan.fates.iter().filter(|f| **f == Fate::Effective).count();
    Validation { ok: errors.is_empty(), entries, keys: scan.keys.len(), errors, warnings }
}

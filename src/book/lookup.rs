//! Books as loaded for play and the lookup of BOOK.md §3.

use super::dcb::{DcbBook, DcbError, MAGIC};
use super::signature::Signature;
use super::tsv::{MalformedBook, TsvBook};
use crate::{Move, Position, Turns};

/// A book of either format. A TSV book is held as a hash map of its effective entries; a binary
/// book as its bytes, probed by binary search.
#[derive(Clone, Debug)]
pub enum Book {
    Tsv(TsvBook),
    Binary(DcbBook<Vec<u8>>),
}

/// Why a book does not load.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// A TSV book with malformed lines (BOOK.md §2.1).
    #[error("{0}")]
    Tsv(MalformedBook),
    /// A binary book that fails a check of BOOK.md §7.8.
    #[error("{0}")]
    Binary(DcbError),
    /// A TSV book that is not UTF-8 (an I/O error for the CLI).
    #[error("a TSV book must be UTF-8")]
    Utf8,
}

/// `true` if `bytes` are a binary book by content (they start with `DCBK`, BOOK.md §11.1).
pub(crate) fn is_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// One alternative of a key as lookup sees it: its turn (`None` when the text cannot be a turn:
/// always stale) and its weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Alternative {
    pub signature: Option<Signature>,
    pub weight: f64,
}

impl Book {
    /// Loads a book from bytes detected by content: binary iff they start with `DCBK`, else UTF-8
    /// TSV.
    pub fn load(bytes: Vec<u8>) -> Result<Book, LoadError> {
        if is_binary(&bytes) {
            return DcbBook::new(bytes).map(Book::Binary).map_err(LoadError::Binary);
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| LoadError::Utf8)?;
        Book::from_tsv(text).map_err(LoadError::Tsv)
    }

    /// Parses a TSV book.
    pub fn from_tsv(text: &str) -> Result<Book, MalformedBook> {
        TsvBook::parse(text).map(Book::Tsv)
    }

    /// Loads a binary book.
    pub fn from_binary(bytes: Vec<u8>) -> Result<Book, DcbError> {
        DcbBook::new(bytes).map(Book::Binary)
    }

    /// The effective entries (TSV) or records (binary).
    pub fn entries(&self) -> usize {
        match self {
            Book::Tsv(b) => b.entries(),
            Book::Binary(b) => b.len(),
        }
    }

    /// The distinct keys (TSV) or key hashes (binary).
    pub fn keys(&self) -> usize {
        match self {
            Book::Tsv(b) => b.keys(),
            Book::Binary(b) => b.distinct_keys(),
        }
    }

    /// The format: `tsv` or `dcb`.
    pub fn format(&self) -> &'static str {
        match self {
            Book::Tsv(_) => "tsv",
            Book::Binary(_) => "dcb",
        }
    }

    /// The alternatives of `key`, or `None` when the key is not in the book.
    pub fn alternatives(&self, key: &str) -> Option<Vec<Alternative>> {
        match self {
            Book::Tsv(b) => b.get(key).map(|e| {
                e.alternatives
                    .iter()
                    .map(|a| Alternative { signature: Signature::parse(&a.moves).ok(), weight: a.weight })
                    .collect()
            }),
            Book::Binary(b) => {
                let alts: Vec<Alternative> = b
                    .probe(key)
                    .map(|r| Alternative { signature: r.signature(), weight: f64::from(r.weight) })
                    .collect();
                (!alts.is_empty()).then_some(alts)
            }
        }
    }
}

/// A legal alternative: the turn played (the first legal ordering in canonical order), its weight
/// and its packed moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The micro-moves in play order.
    pub sequence: Vec<Move>,
    pub signature: Signature,
    pub weight: f64,
    /// The position after the turn (side to move unchanged, unspent dice kept).
    pub end: Position,
}

impl Candidate {
    /// The packed moves (the selection order).
    pub fn packed(&self) -> u64 {
        self.signature.pack()
    }
}

/// What a book says about a rolled position (BOOK.md §3).
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// No key, or the key is not in the book: the base bot decides.
    Miss,
    /// A key hit where a king capture is legal: the shortest capturing turn, first in canonical
    /// order among equals.
    KingCapture(Vec<Move>),
    /// A key hit with no legal alternative (a pass roll included): the base bot decides.
    Stale,
    /// The legal alternatives in selection order (ascending packed moves), never empty.
    Book(Candidates),
}

/// The legal alternatives of a key hit, in ascending packed moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidates(pub Vec<Candidate>);

impl Candidates {
    /// The index chosen for a draw `u` in `[0, 1)` (BOOK.md §3 step 6): the first `i` with
    /// `w₁ + … + w_i > u × W`, else the last.
    pub fn pick(&self, u: f64) -> usize {
        let total: f64 = self.0.iter().map(|c| c.weight).sum();
        let target = u * total;
        let mut sum = 0.0;
        for (i, c) in self.0.iter().enumerate() {
            sum += c.weight;
            if sum > target {
                return i;
            }
        }
        self.0.len().saturating_sub(1)
    }

    /// Draws once from `real` and returns the chosen candidate.
    pub fn choose(&self, real: impl FnOnce() -> f64) -> &Candidate {
        &self.0[self.pick(real())]
    }
}

/// Looks `pos` (a rolled position) up in `book`.
pub fn lookup(book: &Book, pos: &Position) -> Decision {
    let Some(key) = pos.book_key() else { return Decision::Miss };
    let Some(alts) = book.alternatives(&key) else { return Decision::Miss };
    let Some(turns) = Turns::of_position(pos) else { return Decision::Stale };
    resolve(&alts, turns.has_king_capture(), |f| {
        turns.for_each_turn(|moves, step| f(moves, step.captures_king, &step.position))
    })
}

/// Steps 3–5 of BOOK.md §3 over the legal turns given in canonical order by `for_each` (each as
/// its moves, whether it captures a king and its end position); `has_king_capture` says whether
/// one of them captures a king.
pub(crate) fn resolve(
    alts: &[Alternative],
    has_king_capture: bool,
    for_each: impl FnOnce(&mut dyn FnMut(&[Move], bool, &Position)),
) -> Decision {
    if has_king_capture {
        let mut best: Option<Vec<Move>> = None;
        for_each(&mut |moves, captures, _| {
            if captures && best.as_ref().is_none_or(|b| moves.len() < b.len()) {
                best = Some(moves.to_vec());
            }
        });
        return best.map_or(Decision::Stale, Decision::KingCapture);
    }
    let mut found: Vec<Option<Candidate>> = vec![None; alts.len()];
    let mut missing = alts.iter().filter(|a| a.signature.is_some()).count();
    if missing > 0 {
        for_each(&mut |moves, _, end| {
            if missing == 0 {
                return;
            }
            let Some(sig) = Signature::of_turn(moves) else { return };
            for (slot, alt) in found.iter_mut().zip(alts) {
                if slot.is_none() && alt.signature == Some(sig) {
                    *slot = Some(Candidate { sequence: moves.to_vec(), signature: sig, weight: alt.weight, end: *end });
                    missing -= 1;
                }
            }
        });
    }
    let mut candidates: Vec<Candidate> = found.into_iter().flatten().collect();
    if candidates.is_empty() {
        return Decision::Stale;
    }
    crate::sort::sort_by_key(&mut candidates, Candidate::packed);
    Decision::Book(Candidates(candidates))
}

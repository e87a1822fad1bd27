//! Books as loaded for play and the lookup of BOOK.md §3.

use super::dcb::{DcbBook, DcbError, MAGIC};
use super::packed::PackedBook;
use super::signature::Signature;
use super::tsv::{MalformedBook, MalformedLine, TsvBook};
use crate::rules::{available_moves, sort_in_uci_order, Judge};
use crate::{Move, Position, Step, Turns};

/// A book of either format. A TSV book is held either with every line's text (`Tsv`, what the
/// CLI's tools read: [`Book::load`]) or compactly for play (`Packed`, [`Book::from_tsv`]: what the
/// registry holds); a binary book as its bytes, probed by binary search.
#[derive(Clone, Debug)]
pub enum Book {
    Tsv(TsvBook),
    Packed(PackedBook),
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
pub fn is_binary(bytes: &[u8]) -> bool {
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
        TsvBook::parse(text).map(Book::Tsv).map_err(LoadError::Tsv)
    }

    /// Parses a TSV book for play, compactly ([`PackedBook`]); the first malformed line rejects it.
    pub fn from_tsv(text: &str) -> Result<Book, MalformedLine> {
        PackedBook::parse(text).map(Book::Packed)
    }

    /// Loads a binary book.
    #[inline]
    pub fn from_binary(bytes: Vec<u8>) -> Result<Book, DcbError> {
        DcbBook::new(bytes).map(Book::Binary)
    }

    /// The effective entries (TSV) or records (binary).
    pub fn entries(&self) -> usize {
        match self {
            Book::Tsv(b) => b.entries(),
            Book::Packed(b) => b.entries(),
            Book::Binary(b) => b.len(),
        }
    }

    /// The distinct keys (TSV) or key hashes (binary).
    pub fn keys(&self) -> usize {
        match self {
            Book::Tsv(b) => b.keys(),
            Book::Packed(b) => b.keys(),
            Book::Binary(b) => b.distinct_keys(),
        }
    }

    /// The format: `tsv` or `dcb`.
    pub fn format(&self) -> &'static str {
        match self {
            Book::Tsv(_) | Book::Packed(_) => "tsv",
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
            Book::Packed(b) => b.get(key).map(|moves| {
                moves.iter().map(|&(m, weight)| Alternative { signature: Signature::unpack(m).ok(), weight }).collect()
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
    resolve(&alts, &turns, &mut || false).unwrap_or(Decision::Stale)
}

/// Steps 3–5 of BOOK.md §3 over the legal turns `turns` of a key hit, without listing them: an
/// alternative is found by following its orderings down the tree (a few steps each), a king
/// capture by a search that stops at the shortest. `None` when `passed` says the deadline passed
/// first: it is asked before each alternative but the first and during the longest king-capture
/// search, so a hit on one alternative is always resolved (it costs at most six orderings of three
/// steps), whatever the clock.
pub(crate) fn resolve(alts: &[Alternative], turns: &Turns, passed: &mut dyn FnMut() -> bool) -> Option<Decision> {
    if turns.has_king_capture() {
        return first_shortest_king_capture(turns, passed).map(|m| m.map_or(Decision::Stale, Decision::KingCapture));
    }
    let mut candidates: Vec<Candidate> = Vec::new();
    for (i, alt) in alts.iter().enumerate() {
        if i > 0 && passed() {
            return None;
        }
        let Some(signature) = alt.signature else { continue };
        // Alternatives of one turn are adjacent (books keep them in packed order).
        let found = match candidates.last() {
            Some(c) if c.signature == signature => Some((c.sequence.clone(), c.end)),
            _ => first_ordering(turns, &signature),
        };
        if let Some((sequence, end)) = found {
            candidates.push(Candidate { sequence, signature, weight: alt.weight, end });
        }
    }
    if candidates.is_empty() {
        return Some(Decision::Stale);
    }
    crate::sort::sort_by_key(&mut candidates, Candidate::packed);
    Some(Decision::Book(Candidates(candidates)))
}

/// The first legal turn of the roll `judge` judges, in canonical order, whose signature is
/// `signature`: its moves and the position after it. Canonical order sorts children in UCI order,
/// so it is the first ordering of the moves, in lexicographic order, that follows the tree to a
/// leaf; only the nodes on the orderings are judged.
pub(crate) fn first_ordering(judge: &impl Judge, signature: &Signature) -> Option<(Vec<Move>, Position)> {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let ucis = signature.moves();
    PERMS.iter().filter(|p| p[..ucis.len()].iter().all(|&i| i < ucis.len())).find_map(|perm| {
        let mut node = judge.root_step();
        let mut moves = Vec::with_capacity(ucis.len());
        for &i in &perm[..ucis.len()] {
            node = judge.find_child(&node, &mut |m| ucis[i].matches(m))?;
            moves.push(node.mv);
        }
        node.is_leaf.then_some((moves, node.position))
    })
}

/// The shortest turn of `turns` that captures a king, first in canonical order among equals
/// (BOOK.md §3 step 3), found length by length without listing the turns; `Some(None)` if there is
/// none, `None` when `passed` says the deadline passed first.
fn first_shortest_king_capture(turns: &Turns, passed: &mut dyn FnMut() -> bool) -> Option<Option<Vec<Move>>> {
    // Every path that captures a king is a legal turn, so below the root any available move may
    // lead to one; a node's moves are tried in canonical order.
    fn sorted_moves(pos: &Position) -> Vec<Move> {
        let mut moves = available_moves(pos);
        sort_in_uci_order(&mut moves);
        moves
    }
    fn capture(pos: &Position) -> Option<Move> {
        let roles = pos.dice().iter();
        let reachable = roles.into_iter().any(|r| crate::rules::summarize_moves(pos, r).king_capture);
        reachable.then(|| sorted_moves(pos).into_iter().find(|&m| pos.is_king_capture(m))).flatten()
    }
    let mut first: Vec<Step> = turns.first_steps().to_vec();
    crate::sort::sort_by_key(&mut first, |s| u64::from(s.mv.uci_order_key()));
    if let Some(s) = first.iter().find(|s| s.captures_king) {
        return Some(Some(vec![s.mv]));
    }
    for s in first.iter().filter(|s| !s.is_leaf) {
        if let Some(m) = capture(&s.position) {
            return Some(Some(vec![s.mv, m]));
        }
    }
    for (i, s) in first.iter().filter(|s| !s.is_leaf).enumerate() {
        if i > 0 && passed() {
            return None;
        }
        for m in sorted_moves(&s.position) {
            let mut next = s.position;
            next.play_unchecked(m);
            next.set_dice(m.pay(s.position.dice()));
            if let Some(last) = capture(&next) {
                return Some(Some(vec![s.mv, m, last]));
            }
        }
    }
    Some(None)
}

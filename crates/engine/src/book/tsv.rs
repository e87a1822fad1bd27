//! TSV books (BOOK.md §2): the line grammar, the tokens of a moves text, the reference parser's
//! exact semantics and error text, and the weight column. Text only: the turns the moves denote
//! are `signature.rs`'s.

use std::collections::HashMap;
use std::fmt;

/// BOOK.md §2.1 trim: removes every character ≤ U+0020 from both ends (not Unicode whitespace).
#[inline]
pub fn trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// The tokens of a moves text (BOOK.md §2.2): split at `,`, each trimmed, empty ones dropped.
pub(crate) fn tokens(moves_text: &str) -> impl Iterator<Item = &str> {
    moves_text.split(',').map(trim).filter(|t| !t.is_empty())
}

/// The signature string of a moves text: its tokens sorted (byte order) and joined with `,`.
/// Defined for any text, storable or not (BOOK.md §2.3 duplicates).
pub(crate) fn signature_text(moves_text: &str) -> String {
    let mut t: Vec<&str> = tokens(moves_text).collect();
    crate::sort::sort_by(&mut t, |a, b| a.cmp(b));
    t.join(",")
}

/// One line of a text: its 1-based number and its text without the terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
}

/// The lines of `text`, split at LF, CR or CRLF (one break); numbered from 1, blank ones included.
pub fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut number = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        number += 1;
        let rest = &bytes[start..];
        match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            None => {
                done = true;
                Some(Line { number, text: &text[start..] })
            }
            Some(i) => {
                let line = &text[start..start + i];
                let crlf = rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n');
                start += i + if crlf { 2 } else { 1 };
                Some(Line { number, text: line })
            }
        }
    })
}

/// Why a non-blank line is malformed (the error codes of BOOK.md §5, in their order).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// One field: no TAB.
    #[error("no TAB between key and moves")]
    NoTab,
    /// More than three fields.
    #[error("{0} fields; expected key<TAB>moves or key<TAB>moves<TAB>weight")]
    TooManyFields(usize),
    #[error("empty key")]
    EmptyKey,
    #[error("empty moves")]
    EmptyMoves,
    /// The third field (trimmed) is not a valid weight.
    #[error("weight '{0}' is not a number > 0 (digits, optional fraction)")]
    BadWeight(String),
}

impl LineError {
    /// The `code` of `validateOpeningBook`.
    pub fn code(&self) -> &'static str {
        match self {
            LineError::NoTab => "no-tab",
            LineError::TooManyFields(_) => "too-many-fields",
            LineError::EmptyKey => "empty-key",
            LineError::EmptyMoves => "empty-moves",
            LineError::BadWeight(_) => "bad-weight",
        }
    }
}

/// The fields of a well-formed line: key and moves text trimmed, the weight if a third field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fields<'a> {
    pub key: &'a str,
    pub moves: &'a str,
    pub weight: Option<f64>,
}

/// Parses one line (BOOK.md §2.1 step 3): `None` for a blank line.
pub fn parse_line(line: &str) -> Option<Result<Fields<'_>, LineError>> {
    if trim(line).is_empty() {
        return None;
    }
    let mut parts = [""; 3];
    let mut n = 0;
    for part in line.split('\t') {
        if n < 3 {
            parts[n] = part;
        }
        n += 1;
    }
    Some(match n {
        1 => Err(LineError::NoTab),
        4.. => Err(LineError::TooManyFields(n)),
        _ => {
            let (key, moves) = (trim(parts[0]), trim(parts[1]));
            if key.is_empty() {
                Err(LineError::EmptyKey)
            } else if moves.is_empty() {
                Err(LineError::EmptyMoves)
            } else if n == 3 {
                let w = trim(parts[2]);
                match parse_weight(w) {
                    Some(weight) => Ok(Fields { key, moves, weight: Some(weight) }),
                    None => Err(LineError::BadWeight(w.to_owned())),
                }
            } else {
                Ok(Fields { key, moves, weight: None })
            }
        }
    })
}

/// A weight (BOOK.md §2.3): `[0-9]+(\.[0-9]+)?` whose nearest binary64 is finite and > 0.
pub(crate) fn parse_weight(text: &str) -> Option<f64> {
    let (int, frac) = match text.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (text, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(int) || !frac.is_none_or(digits) {
        return None;
    }
    // Rust's float parsing is correctly rounded.
    let value: f64 = text.parse().ok()?;
    (value.is_finite() && value > 0.0).then_some(value)
}

/// A well-formed line of a text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WellFormed<'a> {
    pub line: Line<'a>,
    pub fields: Fields<'a>,
}

/// What became of a well-formed line once duplicates are resolved (BOOK.md §2.1 step 6, §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// An effective entry.
    Effective,
    /// Replaced by the well-formed line at this index (the last of its key or key and signature).
    OverriddenBy(usize),
}

/// The well-formed lines of a text, the malformed ones, and per key the indices of its lines.
pub(crate) struct Scan<'a> {
    pub lines: Vec<WellFormed<'a>>,
    pub malformed: Vec<(Line<'a>, LineError)>,
    /// Keys in order of first appearance, with the indices of their lines in `lines`.
    pub keys: Vec<(&'a str, Vec<usize>)>,
    /// For each line of `lines`, its fate.
    pub fates: Vec<Fate>,
}

impl<'a> Scan<'a> {
    pub(crate) fn new(text: &'a str) -> Scan<'a> {
        let mut lines = Vec::new();
        let mut malformed = Vec::new();
        let mut index: HashMap<&'a str, usize> = HashMap::new();
        let mut keys: Vec<(&'a str, Vec<usize>)> = Vec::new();
        for line in self::lines(text) {
            match parse_line(line.text) {
                None => {}
                Some(Err(e)) => malformed.push((line, e)),
                Some(Ok(fields)) => {
                    let k = *index.entry(fields.key).or_insert_with(|| {
                        keys.push((fields.key, Vec::new()));
                        keys.len() - 1
                    });
                    keys[k].1.push(lines.len());
                    lines.push(WellFormed { line, fields });
                }
            }
        }
        let mut fates = vec![Fate::Effective; lines.len()];
        for (_, members) in &keys {
            let weighted = members.iter().any(|&i| lines[i].fields.weight.is_some());
            if weighted {
                let mut last: HashMap<String, usize> = HashMap::new();
                for &i in members {
                    last.insert(signature_text(lines[i].fields.moves), i);
                }
                for &i in members {
                    let winner = last[&signature_text(lines[i].fields.moves)];
                    if winner != i {
                        fates[i] = Fate::OverriddenBy(winner);
                    }
                }
            } else if let Some((&winner, rest)) = members.split_last() {
                for &i in rest {
                    fates[i] = Fate::OverriddenBy(winner);
                }
            }
        }
        Scan { lines, malformed, keys, fates }
    }

    /// `true` if some line of the key at `keys[k]` has a weight.
    pub(crate) fn is_weighted(&self, k: usize) -> bool {
        self.keys[k].1.iter().any(|&i| self.lines[i].fields.weight.is_some())
    }
}

/// The well-formed lines of a text grouped by key, without copying the text (BOOK.md §2.1): what
/// the book held for play, the validator and the encoder read. About 24 bytes a line (16 for
/// `order`, a word each for `starts` and `numbers`), whatever the keys: no per-key allocation.
pub(crate) struct Grouped<'a> {
    text: &'a str,
    /// Per well-formed line, in file order: its byte offset in `text` and its 1-based number.
    starts: Vec<usize>,
    numbers: Vec<usize>,
    /// `key hash << 64 | index` per well-formed line, sorted: the lines of a key are adjacent, in
    /// file order.
    order: Vec<u128>,
}

impl<'a> Grouped<'a> {
    /// Reads `text`, handing each malformed line to `malformed`, which may stop the reading.
    pub(crate) fn new<E>(
        text: &'a str,
        mut malformed: impl FnMut(Line<'a>, LineError) -> Result<(), E>,
    ) -> Result<Grouped<'a>, E> {
        // Counted first, so that the arrays are allocated once at their size (no doubling).
        let mut n = 0;
        for line in lines(text) {
            match parse_line(line.text) {
                None => {}
                Some(Err(e)) => malformed(line, e)?,
                Some(Ok(_)) => n += 1,
            }
        }
        let (mut starts, mut numbers, mut order) =
            (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
        for line in lines(text) {
            if let Some(Ok(fields)) = parse_line(line.text) {
                order.push(u128::from(super::fnv::key_hash(fields.key)) << 64 | starts.len() as u128);
                starts.push(line.text.as_ptr() as usize - text.as_ptr() as usize);
                numbers.push(line.number);
            }
        }
        order.sort_unstable();
        Ok(Grouped { text, starts, numbers, order })
    }

    /// The number of well-formed lines.
    pub(crate) fn len(&self) -> usize {
        self.starts.len()
    }

    /// The number of distinct key hashes (the keys, but for collisions).
    pub(crate) fn hashes(&self) -> usize {
        self.order.chunk_by(|a, b| a >> 64 == b >> 64).count()
    }

    /// The well-formed line at index `i` (file order), parsed again.
    pub(crate) fn line(&self, i: usize) -> Option<WellFormed<'a>> {
        let rest = self.text.get(self.starts[i]..)?;
        let text = rest.split(['\n', '\r']).next()?;
        let fields = parse_line(text)?.ok()?;
        Some(WellFormed { line: Line { number: self.numbers[i], text }, fields })
    }

    /// The 1-based number of the well-formed line at index `i`.
    pub(crate) fn number(&self, i: usize) -> usize {
        self.numbers[i]
    }

    /// Calls `f(lines)` for every key with its lines as `(index, line)` in file order; the keys
    /// by hash, then text.
    pub(crate) fn for_each_key(&self, mut f: impl FnMut(&[(usize, WellFormed<'a>)])) {
        let mut run: Vec<(usize, WellFormed<'a>)> = Vec::new();
        let mut start = 0;
        while start < self.order.len() {
            let hash = self.order[start] >> 64;
            let end = start + self.order[start..].partition_point(|&o| o >> 64 == hash);
            run.clear();
            run.extend(self.order[start..end].iter().filter_map(|&o| {
                let i = o as u64 as usize;
                Some((i, self.line(i)?))
            }));
            // Different keys with one hash (rare, but an attacker can make many): by text.
            if run.iter().any(|(_, l)| l.fields.key != run[0].1.fields.key) {
                crate::sort::sort_by(&mut run, |(_, a), (_, b)| a.fields.key.cmp(b.fields.key));
            }
            for lines in run.chunk_by(|(_, a), (_, b)| a.fields.key == b.fields.key) {
                f(lines);
            }
            start = end;
        }
    }
}

/// The fate of each line of one key given in file order (BOOK.md §2.1 step 6, §2.3), with
/// `OverriddenBy` indexing `lines`.
pub(crate) fn fates(lines: &[(usize, WellFormed<'_>)]) -> Vec<Fate> {
    let n = lines.len();
    if !lines.iter().any(|(_, l)| l.fields.weight.is_some()) {
        return (0..n).map(|j| if j + 1 == n { Fate::Effective } else { Fate::OverriddenBy(n - 1) }).collect();
    }
    // Weighted: the last line of each signature wins.
    let texts: Vec<String> = lines.iter().map(|(_, l)| signature_text(l.fields.moves)).collect();
    let by_text = crate::sort::order_by(n, &mut |a, b| texts[a].cmp(&texts[b]));
    let mut out = vec![Fate::Effective; n];
    for same in by_text.chunk_by(|&a, &b| texts[a] == texts[b]) {
        if let Some((&winner, rest)) = same.split_last() {
            rest.iter().for_each(|&j| out[j] = Fate::OverriddenBy(winner));
        }
    }
    out
}

/// One malformed line of a TSV book; shown as the reference's message, `Malformed line: <line>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Malformed line: {text}")]
pub struct MalformedLine {
    /// The 1-based line number.
    pub number: usize,
    /// The line exactly as in the input (untrimmed, without its terminator).
    pub text: String,
    pub error: LineError,
}

/// The error of a TSV book that does not load: every malformed line, in file order (never none).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct MalformedBook {
    pub lines: Vec<MalformedLine>,
}

impl fmt::Display for MalformedBook {
    /// The reference's message: `Malformed line: <line>` per line, joined by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, line) in self.lines.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{line}")?;
        }
        Ok(())
    }
}

/// One alternative of a key: the trimmed moves text, its weight and its line.
#[derive(Clone, Debug, PartialEq)]
pub struct TsvAlternative {
    pub moves: String,
    pub weight: f64,
    pub line: usize,
}

/// A key's entry: weighted or not, and its alternatives in file order of their effective lines
/// (exactly one for an unweighted key, with weight 1).
#[derive(Clone, Debug, PartialEq)]
pub struct KeyEntry {
    pub weighted: bool,
    pub alternatives: Vec<TsvAlternative>,
}

/// A parsed TSV book: its effective entries by key (BOOK.md §2).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TsvBook {
    entries: HashMap<String, KeyEntry>,
}

impl TsvBook {
    /// Parses a TSV book with the reference semantics (BOOK.md §2.1); any malformed line rejects
    /// the whole book.
    pub fn parse(text: &str) -> Result<TsvBook, MalformedBook> {
        let scan = Scan::new(text);
        if !scan.malformed.is_empty() {
            let lines = scan
                .malformed
                .iter()
                .map(|(l, e)| MalformedLine { number: l.number, text: l.text.to_owned(), error: e.clone() })
                .collect();
            return Err(MalformedBook { lines });
        }
        Ok(TsvBook::from_scan(&scan))
    }

    pub(crate) fn from_scan(scan: &Scan<'_>) -> TsvBook {
        let mut entries = HashMap::with_capacity(scan.keys.len());
        for (k, (key, members)) in scan.keys.iter().enumerate() {
            let weighted = scan.is_weighted(k);
            let alternatives = members
                .iter()
                .filter(|&&i| scan.fates[i] == Fate::Effective)
                .map(|&i| {
                    let l = &scan.lines[i];
                    TsvAlternative {
                        moves: l.fields.moves.to_owned(),
                        weight: l.fields.weight.unwrap_or(1.0),
                        line: l.line.number,
                    }
                })
                .collect();
            entries.insert((*key).to_owned(), KeyEntry { weighted, alternatives });
        }
        TsvBook { entries }
    }

    /// The entry of `key`, if any.
    pub fn get(&self, key: &str) -> Option<&KeyEntry> {
        self.entries.get(key)
    }

    /// Every key and its entry, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &KeyEntry)> {
        self.entries.iter().map(|(k, e)| (k.as_str(), e))
    }

    /// The number of keys.
    pub fn keys(&self) -> usize {
        self.entries.len()
    }

    /// The number of effective entries.
    pub fn entries(&self) -> usize {
        self.entries.values().map(|e| e.alternatives.len()).sum()
    }

    /// `true` for a book without keys.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_splitting() {
        let got: Vec<_> = lines("a\r\nb\rc\n\nd").map(|l| (l.number, l.text)).collect();
        assert_eq!(got, [(1, "a"), (2, "b"), (3, "c"), (4, ""), (5, "d")]);
    }

    #[test]
    fn weights() {
        for ok in ["3", "007", "2.50", "0.5", "4294967296"] {
            assert!(parse_weight(ok).is_some(), "{ok}");
        }
        for bad in ["0", "0.0", "-1", "+1", "1e3", "1.", ".5", "1,5", "NaN", "inf", "0x10", "", "1 2"] {
            assert!(parse_weight(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn reference_example_message() {
        let err = TsvBook::parse("k: 5\nSTART w KQkq - BPR\te2e4,f1c4\na\tb\tc").unwrap_err();
        assert_eq!(err.to_string(), "Malformed line: k: 5; Malformed line: a\tb\tc");
    }
}

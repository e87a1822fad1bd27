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
/// the book held for play, the validator and the encoder read. 16 bytes a line, whatever the keys
/// and however many lines a key has: no per-key or per-line allocation beyond them.
pub(crate) struct Grouped<'a> {
    text: &'a str,
    /// One pair per well-formed line, sorted. Built as `key hash << 64 | start` (its byte offset
    /// in `text`), so that a key's lines are adjacent and in file order; [`Grouped::for_each_key`]
    /// turns each key's pairs into `start << 64 | tag`, so that sorting again gives file order.
    pairs: Vec<u128>,
}

/// The high and low words of a pair.
#[inline]
fn high(pair: u128) -> u64 {
    (pair >> 64) as u64
}

#[inline]
fn pair(high: u64, low: u64) -> u128 {
    u128::from(high) << 64 | u128::from(low)
}

/// The bytes of the line that starts at `start` in `text`, without its terminator.
fn line_bytes(text: &str, start: usize) -> &[u8] {
    let rest = text.as_bytes().get(start..).unwrap_or_default();
    rest.split(|&b| b == b'\n' || b == b'\r').next().unwrap_or_default()
}

/// The key of the well-formed line that starts at `start`: its first field, trimmed (cheaper
/// than [`line_at`], for the walks that compare keys line by line).
fn key_at(text: &str, start: usize) -> &str {
    let len = line_bytes(text, start).split(|&b| b == b'\t').next().map_or(0, <[u8]>::len);
    trim(text.get(start..start + len).unwrap_or_default())
}

/// `true` when the well-formed line that starts at `start` has a weight (a third field).
fn has_weight(text: &str, start: usize) -> bool {
    line_bytes(text, start).iter().filter(|&&b| b == b'\t').count() == 2
}

/// The well-formed line that starts at `start` in `text`: its text (without terminator) and fields.
pub(crate) fn line_at(text: &str, start: usize) -> Option<(&str, Fields<'_>)> {
    let line = text.get(start..)?.split(['\n', '\r']).next()?;
    Some((line, parse_line(line)?.ok()?))
}

impl<'a> Grouped<'a> {
    /// Reads `text`, handing each malformed line to `malformed`, which may stop the reading.
    pub(crate) fn new<E>(
        text: &'a str,
        mut malformed: impl FnMut(Line<'a>, LineError) -> Result<(), E>,
    ) -> Result<Grouped<'a>, E> {
        // Counted first, so that the array is allocated once at its size (no doubling).
        let mut n = 0;
        for line in lines(text) {
            match parse_line(line.text) {
                None => {}
                Some(Err(e)) => malformed(line, e)?,
                Some(Ok(_)) => n += 1,
            }
        }
        let mut pairs = Vec::with_capacity(n);
        for line in lines(text) {
            if let Some(Ok(fields)) = parse_line(line.text) {
                let start = line.text.as_ptr() as usize - text.as_ptr() as usize;
                pairs.push(pair(super::fnv::key_hash(fields.key), start as u64));
            }
        }
        crate::sort::sort_pairs(&mut pairs);
        Ok(Grouped { text, pairs })
    }

    /// The number of distinct key hashes (the keys, but for collisions). Before
    /// [`Grouped::for_each_key`] only.
    pub(crate) fn hashes(&self) -> usize {
        self.pairs.chunk_by(|&a, &b| high(a) == high(b)).count()
    }

    /// Calls `f` for every key with its lines in file order and their fates; the keys by hash,
    /// then text. `f` may tag each line ([`Key::set_tag`]); [`Grouped::tags`] then lists the tags.
    pub(crate) fn for_each_key(&mut self, mut f: impl FnMut(&mut Key<'_, 'a>)) {
        let text = self.text;
        let key_of = |p: &u128| key_at(text, p_start(*p));
        let mut start = 0;
        while start < self.pairs.len() {
            let hash = high(self.pairs[start]);
            let end = start + self.pairs[start..].partition_point(|&p| high(p) == hash);
            let run = &mut self.pairs[start..end];
            // Different keys with one hash (rare, but an attacker can make many): by text.
            let first = key_of(&run[0]);
            let collided = run.iter().any(|p| key_of(p) != first);
            if collided {
                sort_by_text(run, &|p| key_of(&p).to_owned());
            }
            let mut rest = run;
            while let Some(head) = rest.first() {
                let key = key_of(head);
                let n = if collided { rest.iter().take_while(|p| key_of(p) == key).count() } else { rest.len() };
                let (lines, tail) = rest.split_at_mut(n);
                let first_weighted = settle_fates(text, lines);
                f(&mut Key { text, key, first_weighted, lines });
                rest = tail;
            }
            start = end;
        }
    }

    /// Every well-formed line's start and tag, in file order. After [`Grouped::for_each_key`].
    pub(crate) fn tags(&mut self) -> impl Iterator<Item = (usize, u64)> + '_ {
        crate::sort::sort_pairs(&mut self.pairs);
        self.pairs.iter().map(|&p| (high(p) as usize, p as u64))
    }
}

/// Sorts pairs of one hash whose texts differ (rare) by `text_of` each, then by the pair.
fn sort_by_text(pairs: &mut [u128], text_of: &dyn Fn(u128) -> String) {
    crate::sort::sort_by(pairs, |&a, &b| text_of(a).cmp(&text_of(b)).then(a.cmp(&b)));
}

/// The start of a pair still keyed by hash.
#[inline]
fn p_start(pair: u128) -> usize {
    pair as u64 as usize
}

/// Settles the fates of one key's lines (`hash << 64 | start`, file order; BOOK.md §2.1 step 6,
/// §2.3) and leaves them as `start << 64 | fate` in file order, the fate 0 for an effective line,
/// else 1 + the start of the line that replaces it. Returns the start of the key's first line with
/// a weight, if any (the key is then weighted).
fn settle_fates(text: &str, lines: &mut [u128]) -> Option<usize> {
    let fields = |p: u128| line_at(text, p_start(p)).map(|(_, f)| f);
    let first_weighted = lines.iter().map(|&p| p_start(p)).find(|&start| has_weight(text, start));
    let &last = lines.last()?;
    if first_weighted.is_none() {
        // The last line wins.
        let winner = p_start(last) as u64;
        for p in lines.iter_mut() {
            let start = p_start(*p) as u64;
            *p = pair(start, if start == winner { 0 } else { winner + 1 });
        }
        return None;
    }
    // The last line of each signature wins: grouped by the signature's hash, then its text.
    let signature = |p: u128| fields(p).map(|f| signature_text(f.moves)).unwrap_or_default();
    for p in lines.iter_mut() {
        *p = pair(super::fnv::key_hash(&signature(*p)), p_start(*p) as u64);
    }
    crate::sort::sort_pairs(lines);
    for same_hash in lines.chunk_by_mut(|&a, &b| high(a) == high(b)) {
        let first = signature(same_hash[0]);
        if same_hash.iter().any(|&p| signature(p) != first) {
            sort_by_text(same_hash, &signature);
        }
        let mut rest = &mut same_hash[..];
        while let Some(&head) = rest.first() {
            let text = signature(head);
            let n = rest.iter().take_while(|&&p| signature(p) == text).count();
            let (same, tail) = rest.split_at_mut(n);
            let winner = same.last().map_or(0, |&p| p_start(p) as u64);
            for p in same.iter_mut() {
                let start = p_start(*p) as u64;
                *p = pair(start, if start == winner { 0 } else { winner + 1 });
            }
            rest = tail;
        }
    }
    crate::sort::sort_pairs(lines);
    first_weighted
}

/// What became of a well-formed line of a key once duplicates are resolved (BOOK.md §2.1 step 6,
/// §2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineFate {
    /// An effective entry.
    Effective,
    /// Replaced by the line that starts at this byte offset (the last of its key, or of its key
    /// and signature).
    OverriddenAt(usize),
}

/// One well-formed line of a key (its fate is [`Key::fate`]'s).
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeyLine<'a> {
    /// Its byte offset in the text (file order; [`LineNumbers`] gives its number).
    pub start: usize,
    pub fields: Fields<'a>,
}

/// The lines of one key, in file order, as [`Grouped::for_each_key`] hands them out.
pub(crate) struct Key<'g, 'a> {
    text: &'a str,
    key: &'a str,
    /// The start of its first line with a weight: a weighted key (BOOK.md §2.3).
    first_weighted: Option<usize>,
    /// `start << 64 | fate`, then `start << 64 | tag` once tagged.
    lines: &'g mut [u128],
}

impl<'a> Key<'_, 'a> {
    /// The key text (trimmed).
    pub(crate) fn key(&self) -> &'a str {
        self.key
    }

    /// The number of lines.
    pub(crate) fn len(&self) -> usize {
        self.lines.len()
    }

    /// The start of the key's first line with a weight (`None`: the key is not weighted).
    pub(crate) fn first_weighted(&self) -> Option<usize> {
        self.first_weighted
    }

    /// The fate of line `j`, before it is tagged.
    pub(crate) fn fate(&self, j: usize) -> LineFate {
        match self.lines[j] as u64 {
            0 => LineFate::Effective,
            winner => LineFate::OverriddenAt(winner as usize - 1),
        }
    }

    /// Line `j`, before it is tagged.
    pub(crate) fn line(&self, j: usize) -> Option<KeyLine<'a>> {
        let start = high(self.lines[j]) as usize;
        let (_, fields) = line_at(self.text, start)?;
        Some(KeyLine { start, fields })
    }

    /// The effective lines in file order, before they are tagged (the others are not read).
    pub(crate) fn effective(&self) -> impl Iterator<Item = KeyLine<'a>> + '_ {
        (0..self.len()).filter(|&j| self.fate(j) == LineFate::Effective).filter_map(|j| self.line(j))
    }

    /// Replaces line `j`'s fate with `tag` (read back by [`Grouped::tags`]).
    pub(crate) fn set_tag(&mut self, j: usize, tag: u64) {
        self.lines[j] = pair(high(self.lines[j]), tag);
    }
}

/// The 1-based numbers of lines given by their start offsets, in ascending order: one pass over
/// the text, however many are asked.
pub(crate) struct LineNumbers<'a> {
    text: &'a [u8],
    at: usize,
    number: usize,
}

impl<'a> LineNumbers<'a> {
    pub(crate) fn new(text: &'a str) -> LineNumbers<'a> {
        LineNumbers { text: text.as_bytes(), at: 0, number: 1 }
    }

    /// The number of the line that starts at `start` (at or after the last one asked): one more
    /// than the line breaks before it (LF, CR or CRLF, [`lines`]).
    pub(crate) fn of(&mut self, start: usize) -> usize {
        if let Some(between) = self.text.get(self.at..start) {
            // A line start is never between the CR and the LF of a CRLF.
            let crlf = between.windows(2).filter(|w| w == b"\r\n").count();
            self.number += between.iter().filter(|&&b| b == b'\n' || b == b'\r').count() - crlf;
            self.at = start;
        }
        self.number
    }
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

    /// The fates and line numbers of [`Grouped`] against [`Scan`]'s (the reference semantics), on
    /// duplicates weighted and not, a weight mixed in, signatures equal up to order, and every
    /// line break.
    #[test]
    fn grouped_fates_match_the_scan() {
        let text = "k1\te2e4\r\nk2\ta,b\t2\rk1\td2d4\n\nbad\nk2\tb,a\t3\r\nk2\tc\nk3\tx\t1\nk2\ta , b\t5\nk3\tx";
        let scan = Scan::new(text);
        let mut expected: Vec<(usize, Option<usize>)> = scan
            .lines
            .iter()
            .zip(&scan.fates)
            .map(|(l, fate)| match fate {
                Fate::Effective => (l.line.number, None),
                Fate::OverriddenBy(w) => (l.line.number, Some(scan.lines[*w].line.number)),
            })
            .collect();
        expected.sort_unstable();
        let mut grouped = Grouped::new(text, |_, _| Ok::<(), ()>(())).unwrap();
        let mut got = Vec::new();
        grouped.for_each_key(|key| {
            for j in 0..key.len() {
                let winner = match key.fate(j) {
                    LineFate::Effective => None,
                    LineFate::OverriddenAt(w) => Some(LineNumbers::new(text).of(w)),
                };
                got.push((LineNumbers::new(text).of(key.line(j).unwrap().start), winner));
            }
        });
        got.sort_unstable();
        assert_eq!(got, expected);
        assert_eq!(got.len(), 8);
        assert_eq!(got.iter().filter(|(_, w)| w.is_none()).count(), 4, "k1's last, k2's two signatures, k3's last");
    }

    #[test]
    fn reference_example_message() {
        let err = TsvBook::parse("k: 5\nSTART w KQkq - BPR\te2e4,f1c4\na\tb\tc").unwrap_err();
        assert_eq!(err.to_string(), "Malformed line: k: 5; Malformed line: a\tb\tc");
    }
}

//! The fuzz checks, one per target: shared by the cargo-fuzz targets (`fuzz_targets/*.rs`) and by
//! `tests/fuzz_corpus.rs`, which replays every committed corpus file under `cargo test`.
//!
//! Every check feeds arbitrary bytes (as text, invalid UTF-8 replaced by U+FFFD) to the library and
//! panics when an invariant breaks: no function may panic, and every DFEN it returns must re-parse to
//! itself. Multi-argument functions take their arguments as the lines of the input.
//!
//! Used as a module through `#[path]`, so it depends on nothing but the workspace crates (`dicechess`, `dicechess_lab`) and `std`.
#![allow(dead_code)]

use std::borrow::Cow;

use dicechess::{package as api, Position};

/// A check: panics when an invariant breaks on this input.
pub type Check = fn(&[u8]);

/// Every target: its name (the folder under `fuzz/corpus/` and the binary in `fuzz/Cargo.toml`) and
/// its check.
pub const TARGETS: &[(&str, Check)] = &[
    ("dfen", dfen),
    ("play", play),
    ("legal_uci_moves", legal_uci_moves),
    ("legal_turn_tree", legal_turn_tree),
    ("playable_dice", playable_dice),
    ("generate_moves", generate_moves),
    ("apply_move", apply_move),
    ("apply_turn", apply_turn),
    ("end_turn", end_turn),
    ("perft", perft),
    ("canonical_key", canonical_key),
    ("game_status", game_status),
    ("normalized_fen", normalized_fen),
    ("book_key", book_key),
    ("book_tsv", book_tsv),
    ("book_games", book_games),
    ("book_dcb", book_dcb),
    ("scenarios_catalog", scenarios_catalog),
    ("notation", notation),
];

fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The first line and the rest (`None` when the input has a single line).
fn split_first_line(s: &str) -> (&str, Option<Vec<&str>>) {
    match s.split_once('\n') {
        None => (s, None),
        Some((first, rest)) => (first, Some(rest.split('\n').collect())),
    }
}

/// `dfen` must be canonical: it parses and serializes to itself.
fn assert_canonical(dfen: &str, what: &str) {
    let pos = Position::from_dfen(dfen).unwrap_or_else(|e| panic!("{what} {dfen:?} does not parse: {e}"));
    assert_eq!(pos.to_dfen(), dfen, "{what} is not canonical");
}

fn is_uci(m: &str) -> bool {
    let b = m.as_bytes();
    (b.len() == 4 || (b.len() == 5 && b"qrbn".contains(&b[4])))
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

/// The canonical dice field of a DFEN (`""` without dice).
fn dice_field(canonical: &str) -> &str {
    canonical.split(' ').nth(6).unwrap_or("")
}

// ---------------------------------------------------------------------------------------------------

/// DFEN round trip (RULES.md §3.5): parse, serialize, re-parse gives the same position; the caps of
/// §3.1 hold.
pub fn dfen(data: &[u8]) {
    let s = text(data);
    let Ok(pos) = Position::from_dfen(&s) else { return };
    assert!(s.len() <= 256 && s.is_ascii(), "accepted input beyond the caps");
    let out = pos.to_dfen();
    assert!(out.len() <= 226, "canonical DFEN longer than 226 bytes: {out:?}");
    let again = Position::from_dfen(&out).unwrap_or_else(|e| panic!("canonical {out:?} does not re-parse: {e}"));
    assert_eq!(again, pos, "re-parsed position differs: {out:?}");
    assert_eq!(again.to_dfen(), out, "serialize is not idempotent");
}

/// Every generated micro-move applies (RULES.md §6) and the result re-parses; with dice, only
/// castling without a Rook die may be refused. Also in board-editor mode (the same position without
/// dice), where every move must apply, and `endTurn` of each result.
pub fn play(data: &[u8]) {
    let Ok(pos) = Position::from_dfen(&text(data)) else { return };
    let with_dice = pos.to_dfen();
    let fields: Vec<&str> = with_dice.split(' ').collect();
    let without_dice = fields[..6].join(" ");
    for dfen in [with_dice.as_str(), without_dice.as_str()] {
        let dice = dice_field(dfen);
        let moves = api::generate_moves(dfen);
        assert_eq!(api::perft(dfen, 1, api::PERFT_MAX_DEPTH), moves.len() as i64, "perft 1 = generateMoves");
        for m in &moves {
            assert!(is_uci(m), "generated {m:?}");
            let promotion = m.get(4..5);
            match api::apply_move(dfen, &m[0..2], &m[2..4], promotion) {
                Some(after) => {
                    assert_canonical(&after, "applyMove result");
                    if let Some(next) = api::end_turn(&after) {
                        assert_canonical(&next, "endTurn result");
                    } else {
                        panic!("endTurn refused {after:?}");
                    }
                }
                None => {
                    let castling = ["e1g1", "e1c1", "e8g8", "e8c8"].contains(&m.as_str());
                    assert!(
                        castling && !dice.is_empty() && !dice.to_ascii_lowercase().contains('r'),
                        "applyMove refused generated {m} on {dfen:?}"
                    );
                }
            }
        }
    }
}

/// The first moves are UCI strings, each once, equal as a set to the tree's root keys.
pub fn legal_uci_moves(data: &[u8]) {
    let s = text(data);
    let moves = api::legal_uci_moves(&s);
    let mut sorted = moves.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "duplicate first moves");
    assert!(moves.iter().all(|m| is_uci(m)), "{moves:?}");
    let tree = parse_tree(&api::legal_turn_tree_json(&s));
    let roots: Vec<String> = tree.0.iter().map(|(k, _)| k.clone()).collect();
    assert_eq!(roots, sorted, "tree root keys vs legal first moves");
}

/// The tree is well-formed JSON with keys in UCI order at every level, at most 3 deep; its leaves
/// are complete turns (`applyTurn` accepts them, no dice playable after them).
pub fn legal_turn_tree(data: &[u8]) {
    let s = text(data);
    let tree = parse_tree(&api::legal_turn_tree_json(&s));
    let mut leaves = Vec::new();
    collect_leaves(&tree, &mut Vec::new(), &mut leaves);
    for leaf in leaves.iter().take(64) {
        let moves: Vec<&str> = leaf.iter().map(String::as_str).collect();
        let after = api::apply_turn(&s, &moves).unwrap_or_else(|| panic!("applyTurn refused leaf {moves:?}"));
        assert_canonical(&after, "applyTurn result");
        assert_eq!(api::playable_dice(&s, Some(&moves)).as_deref(), Some(""), "dice left after leaf {moves:?}");
    }
    if let Some(first) = leaves.first() {
        // A proper prefix of a turn is not a turn.
        let prefix: Vec<&str> = first[..first.len() - 1].iter().map(String::as_str).collect();
        if !prefix.is_empty() {
            assert_eq!(api::apply_turn(&s, &prefix), None, "applyTurn accepted a proper prefix {prefix:?}");
        }
    }
}

/// Input: the roll's DFEN, then one move per line (no second line = moves omitted). The answer is a
/// dice field of at most 3 letters cased for the side to move.
pub fn playable_dice(data: &[u8]) {
    let s = text(data);
    let (dfen, moves) = split_first_line(&s);
    let Some(dice) = api::playable_dice(dfen, moves.as_deref()) else { return };
    let white =
        Position::from_dfen(dfen).expect("an answer needs a valid DFEN").to_dfen().split(' ').nth(1) == Some("w");
    let letters = if white { "PNBRQK" } else { "pnbrqk" };
    assert!(dice.len() <= 3 && dice.chars().all(|c| letters.contains(c)), "playable dice {dice:?}");
}

/// UCI strings, as many as `perft(dfen, 1)`.
pub fn generate_moves(data: &[u8]) {
    let s = text(data);
    let moves = api::generate_moves(&s);
    assert!(moves.iter().all(|m| is_uci(m)), "{moves:?}");
    assert_eq!(api::perft(&s, 1, api::PERFT_MAX_DEPTH), moves.len() as i64);
}

/// Input lines: DFEN, from, to, and optionally the promotion.
pub fn apply_move(data: &[u8]) {
    let s = text(data);
    let f: Vec<&str> = s.split('\n').collect();
    let (dfen, from, to) = (f[0], f.get(1).copied().unwrap_or(""), f.get(2).copied().unwrap_or(""));
    if let Some(after) = api::apply_move(dfen, from, to, f.get(3).copied()) {
        assert_canonical(&after, "applyMove result");
    }
}

/// Input lines: DFEN, then the moves.
pub fn apply_turn(data: &[u8]) {
    let s = text(data);
    let (dfen, moves) = split_first_line(&s);
    if let Some(after) = api::apply_turn(dfen, &moves.unwrap_or_default()) {
        assert_canonical(&after, "applyTurn result");
    }
}

pub fn end_turn(data: &[u8]) {
    let s = text(data);
    if let Some(after) = api::end_turn(&s) {
        assert_canonical(&after, "endTurn result");
        assert_eq!(dice_field(&after), "", "endTurn keeps no dice");
    }
}

/// Input lines: DFEN, depth. Depths 3..=8 are lowered to 2 so that one input cannot run for hours;
/// every other value (negative, above the cap, unparsable = 1) is passed as is.
pub fn perft(data: &[u8]) {
    let s = text(data);
    let (dfen, rest) = split_first_line(&s);
    let depth = rest.and_then(|r| r[0].trim().parse::<i64>().ok()).unwrap_or(1);
    let depth = if (3..=8).contains(&depth) { 2 } else { depth };
    let n = api::perft(dfen, depth, api::PERFT_MAX_DEPTH);
    let valid = Position::from_dfen(dfen).is_ok();
    if !valid || !(0..=i64::from(api::PERFT_MAX_DEPTH)).contains(&depth) {
        assert_eq!(n, 0, "perft of an invalid DFEN or depth");
    } else if depth == 0 {
        assert_eq!(n, 1);
    }
}

/// Canonical, White to move, idempotent.
pub fn canonical_key(data: &[u8]) {
    let s = text(data);
    let Some(key) = api::canonical_key(&s) else { return };
    assert_canonical(&key, "canonicalKey");
    assert_eq!(key.split(' ').nth(1), Some("w"), "canonicalKey has White to move");
    assert_eq!(api::canonical_key(&key).as_deref(), Some(key.as_str()), "canonicalKey is idempotent");
}

/// Defined iff the DFEN is valid; a winner only when the game is over.
pub fn game_status(data: &[u8]) {
    let s = text(data);
    let status = api::game_status(&s);
    assert_eq!(status.is_some(), Position::from_dfen(&s).is_ok());
    if let Some(st) = status {
        assert!(st.over || st.winner.is_none());
    }
}

/// Defined iff the DFEN is valid; four fields.
pub fn normalized_fen(data: &[u8]) {
    let s = text(data);
    let fen = api::normalized_fen(&s);
    assert_eq!(fen.is_some(), Position::from_dfen(&s).is_ok());
    if let Some(fen) = fen {
        assert_eq!(fen.split(' ').count(), 4, "{fen:?}");
    }
}

/// Defined iff the DFEN is valid and has dice; the normalized FEN plus the dice sorted by code.
pub fn book_key(data: &[u8]) {
    let s = text(data);
    let key = api::book_key(&s);
    let dice = Position::from_dfen(&s).ok().map(|p| dice_field(&p.to_dfen()).to_owned());
    assert_eq!(key.is_some(), dice.as_ref().is_some_and(|d| !d.is_empty()), "book key defined iff dice");
    if let Some(key) = key {
        let (fen, dice) = key.rsplit_once(' ').expect("key has fields");
        assert_eq!(Some(fen.to_owned()), api::normalized_fen(&s));
        let mut sorted: Vec<u8> = dice.bytes().collect();
        sorted.sort_unstable();
        assert_eq!(sorted, dice.as_bytes(), "book key dice sorted by code");
    }
}

// ---------------------------------------------------------------------------------------------------
// A minimal reader for the turn-tree JSON (`{"uci":{…},…}`), so that the checks need no JSON crate.

/// The children of a node, in key order.
struct Tree(Vec<(String, Tree)>);

/// Parses the tree, asserting the exact shape `JSON.stringify` gives: no spaces, keys are UCI
/// strings in strictly ascending order at every level, at most three levels.
fn parse_tree(json: &str) -> Tree {
    let mut rest = json.as_bytes();
    let tree = parse_node(&mut rest, 0, json);
    assert!(rest.is_empty(), "trailing text after the tree: {json:?}");
    tree
}

fn parse_node(rest: &mut &[u8], depth: usize, json: &str) -> Tree {
    let bad = || -> ! { panic!("malformed tree JSON: {json:?}") };
    if rest.first() != Some(&b'{') {
        bad();
    }
    *rest = &rest[1..];
    let mut children = Vec::new();
    if rest.first() == Some(&b'}') {
        *rest = &rest[1..];
        return Tree(children);
    }
    assert!(depth < 3, "tree deeper than 3 micro-moves: {json:?}");
    loop {
        if rest.first() != Some(&b'"') {
            bad();
        }
        let end = rest[1..].iter().position(|&b| b == b'"').unwrap_or_else(|| bad()) + 1;
        let key = std::str::from_utf8(&rest[1..end]).unwrap_or_else(|_| bad()).to_owned();
        assert!(is_uci(&key), "tree key {key:?}");
        if let Some((last, _)) = children.last() {
            assert!(last.as_str() < key.as_str(), "tree keys out of UCI order: {last} then {key}");
        }
        *rest = &rest[end + 1..];
        if rest.first() != Some(&b':') {
            bad();
        }
        *rest = &rest[1..];
        let child = parse_node(rest, depth + 1, json);
        children.push((key, child));
        match rest.first() {
            Some(b',') => *rest = &rest[1..],
            Some(b'}') => {
                *rest = &rest[1..];
                return Tree(children);
            }
            _ => bad(),
        }
    }
}

fn collect_leaves(tree: &Tree, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    for (k, child) in &tree.0 {
        path.push(k.clone());
        if child.0.is_empty() {
            out.push(path.clone());
        } else {
            collect_leaves(child, path, out);
        }
        path.pop();
    }
}

// ---------------------------------------------------------------------------------------------------
// Opening books (BOOK.md): the TSV parser, the game-record reader and the binary loader.

/// The TSV parser and validator never panic and agree; an encodable book survives
/// TSV → binary → TSV with the same keys, move multisets and weights (BOOK.md §7.10).
pub fn book_tsv(data: &[u8]) {
    use dicechess::book::{dcb_to_tsv, encode_tsv, key_table, validate_tsv};
    use dicechess::book::{DcbBook, Signature, TsvBook};
    let text = text(data);
    let parsed = TsvBook::parse(&text);
    let validation = validate_tsv(&text);
    assert_eq!(parsed.is_ok(), validation.ok, "parse and validate disagree");
    let Ok(book) = parsed else { return };
    assert_eq!((validation.entries, validation.keys), (book.entries(), book.keys()), "counts disagree");
    let Ok(bytes) = encode_tsv(&text) else { return };
    let dcb = DcbBook::new(&bytes[..]).expect("an encoded book loads");
    assert_eq!(dcb.len(), book.entries(), "one record per effective entry");
    let (back, unresolved) = dcb_to_tsv(&dcb, &key_table(book.iter().map(|(k, _)| k)));
    assert!(unresolved.is_empty(), "every record resolves to its own key");
    let again = TsvBook::parse(&back).expect("the TSV writer's output parses");
    let norm = |b: &TsvBook| {
        let mut v: Vec<(String, String, u64)> = b
            .iter()
            .flat_map(|(k, e)| {
                e.alternatives
                    .iter()
                    .map(move |a| (k.to_owned(), Signature::parse(&a.moves).unwrap().to_string(), a.weight as u64))
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(norm(&book), norm(&again), "TSV -> binary -> TSV changed the book");
}

/// Every line of the input as a game record: never panics, with and without the filters.
pub fn book_games(data: &[u8]) {
    use dicechess::book::{process_line, Aggregator, BuildOptions};
    let strict = BuildOptions { min_games: 1, ..BuildOptions::default() };
    let loose = BuildOptions { min_games: 1, min_rating: Some(1500.0), max_ply: 3, any_start: true };
    let mut agg = Aggregator::new();
    for line in data.split(|&b| b == b'\n') {
        let a = process_line(line, &strict);
        let _ = process_line(line, &loose);
        agg.add(&a);
    }
    let built = agg.finish(&strict);
    let _ = built.best_line_tsv();
    let _ = built.weighted_tsv();
    if let Ok(bytes) = built.dcb() {
        dicechess::book::DcbBook::new(&bytes[..]).expect("a built book loads");
    }
}

/// The binary loader never panics; a book that loads finds every record by its hash and
/// re-encodes to the same bytes.
pub fn book_dcb(data: &[u8]) {
    use dicechess::book::dcb;
    use dicechess::book::DcbBook;
    let Ok(book) = DcbBook::new(data) else { return };
    let mut records: Vec<_> = book.records().collect();
    for (i, r) in records.iter().enumerate() {
        assert!(book.find_hash(r.key_hash).contains(&i), "probe misses record {i}");
    }
    assert_eq!(dcb::write(book.flags(), &mut records), data, "re-encoding changed the bytes");
}

// ---------------------------------------------------------------------------------------------------
// Scenario catalogs (BOTS.md §11): the strict JSON reader and the validation.

/// The catalog reader never panics; a catalog it reads survives writing it back as JSON
/// ([`catalog_json`]) and reading it again; a catalog that validates has non-empty distinct seeds,
/// unique ids, canonical DFENs with dice and expectations that agree with its legal turns, and a
/// bot's decision in it is legal (while both kings stand) and matched exactly when it is legal and
/// the expectation lists it.
pub fn scenarios_catalog(data: &[u8]) {
    use dicechess::Registry;
    use dicechess_lab::scenarios::{parse_catalog, Expectation, Suite};
    let catalog = match parse_catalog(&text(data)) {
        Ok(catalog) => catalog,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "empty error message");
            return;
        }
    };
    let written = catalog_json(&catalog);
    let again = parse_catalog(&written).unwrap_or_else(|e| panic!("the written catalog does not read back: {e}"));
    assert_eq!(again, catalog, "JSON round trip changed the catalog");
    let Ok(suite) = Suite::new(catalog) else { return };
    let c = suite.catalog();
    let seeds = &c.seed_set.values;
    assert!(!seeds.is_empty(), "a suite without seeds");
    assert!(seeds.iter().enumerate().all(|(i, s)| !seeds[..i].contains(s)), "a seed listed twice: {seeds:?}");
    assert_eq!(suite.runs().len(), c.scenarios.len() * seeds.len(), "one run per scenario and seed");
    let registry = Registry::new();
    let greedy = registry.get("greedy").expect("greedy is built in");
    for (i, sc) in c.scenarios.iter().enumerate() {
        assert!(c.scenarios[..i].iter().all(|other| other.id != sc.id), "scenario id {:?} twice", sc.id);
        assert_canonical(&sc.dfen, "a scenario's DFEN");
        assert_ne!(dice_field(&sc.dfen), "", "a scenario without dice");
        let legal = suite.legal_turns(i);
        match &sc.expectation {
            Expectation::Pass => assert!(legal.is_empty(), "expectPass with {} legal turns", legal.len()),
            Expectation::Turns(expected) => {
                assert!(!expected.is_empty(), "no expected turn");
                for (k, turn) in expected.iter().enumerate() {
                    assert!(!turn.is_empty() && legal.contains(turn), "expected turn {turn:?} is not legal");
                    assert!(!expected[..k].contains(turn), "expected turn {turn:?} twice");
                }
            }
        }
        // Bots pass once a king is missing, while the rules still list turns there (RULES.md §15):
        // schema v1 does not forbid such a scenario, and its pass counts as illegal.
        let over = api::game_status(&sc.dfen).is_some_and(|st| st.over);
        let d = suite.decide(i, greedy.as_ref(), seeds[0], None);
        assert!(d.legal || over, "greedy's decision {:?} is not legal in {:?}", d.moves, sc.id);
        let listed = match &sc.expectation {
            Expectation::Pass => d.moves.is_empty(),
            Expectation::Turns(expected) => expected.contains(&d.moves),
        };
        assert_eq!(d.matched, d.legal && listed, "matched disagrees with the expectation in {:?}", sc.id);
    }
}

/// A catalog as schema-v1 JSON, one scenario per line (what `parse_catalog` reads back).
pub fn catalog_json(c: &dicechess_lab::scenarios::Catalog) -> String {
    use dicechess_lab::scenarios::{Expectation, SCHEMA_VERSION};
    let list = |items: Vec<String>| format!("[{}]", items.join(","));
    let scenarios: Vec<String> = c
        .scenarios
        .iter()
        .map(|s| {
            let expectation = match &s.expectation {
                Expectation::Pass => "\"expectPass\":true".to_owned(),
                Expectation::Turns(turns) => {
                    let turns = turns.iter().map(|t| list(t.iter().map(|m| json_string(m)).collect()));
                    format!("\"expectedTurns\":{}", list(turns.collect()))
                }
            };
            format!(
                "\n{{\"id\":{},\"category\":{},\"description\":{},\"dfen\":{},{expectation}}}",
                json_string(&s.id),
                json_string(s.category.as_str()),
                json_string(&s.description),
                json_string(&s.dfen)
            )
        })
        .collect();
    format!(
        "{{\"schemaVersion\":{SCHEMA_VERSION},\"id\":{},\"description\":{},\"seedSet\":{{\"id\":{},\"values\":{}}},\
         \"scenarios\":[{}\n]}}\n",
        json_string(&c.id),
        json_string(&c.description),
        json_string(&c.seed_set.id),
        list(c.seed_set.values.iter().map(u64::to_string).collect()),
        scenarios.join(","),
    )
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

// ---------------------------------------------------------------------------------------------------
// The game notation (docs/NOTATION.md).

/// The reader never panics; every game it reads writes, reads back as itself and writes the same
/// text again. With a DFEN (with dice) as the first line, the next lines are read as SAN micro-moves
/// from the root of its turn tree down: each one read is written and reads back as the same move.
pub fn notation(data: &[u8]) {
    use dicechess::notation::{parse_games, parse_san, to_san, write_game};
    use dicechess::Turns;
    let s = text(data);
    if let Ok(games) = parse_games(&s) {
        for game in &games {
            let written = write_game(game).unwrap_or_else(|e| panic!("a read game does not write: {e}"));
            let again = parse_games(&written).unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(again.as_slice(), std::slice::from_ref(game), "{written:?} reads back differently");
            assert_eq!(write_game(&again[0]).as_ref(), Ok(&written), "writing is not idempotent");
        }
    }
    let (first, rest) = split_first_line(&s);
    let Some(turns) = Position::from_dfen(first).ok().as_ref().and_then(Turns::of_position) else { return };
    let Some(mut node) = turns.follow(&[]) else { panic!("a tree without a root") };
    for line in rest.unwrap_or_default() {
        let Ok(step) = parse_san(&turns, &node, line) else { return };
        let san = to_san(&turns, &node, step.mv).unwrap_or_else(|| panic!("{line:?} read a move that is no child"));
        let back = parse_san(&turns, &node, &san).unwrap_or_else(|e| panic!("{san:?} does not read back: {e}"));
        assert_eq!(back.mv, step.mv, "{san:?} reads back as another move");
        node = step;
    }
}

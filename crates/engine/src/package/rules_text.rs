//! The rules functions of RULES.md as text in, text out: the one implementation behind the
//! JavaScript exports, the CLI and the fuzz targets.
//!
//! Every function takes DFEN text and never panics: invalid input yields the neutral value of
//! RULES.md §16 (`None`, an empty list, `"{}"` or `0`).

use crate::rules::{Judge, Legality};
use crate::{
    exceeds_tree_cap, perft_roles, Dice, Move, Outcome, Position, Role, ShapeVisitor, Square, Turns, Uci, Walk,
};
use std::ops::ControlFlow;

/// Game status by king presence (RULES.md §15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameStatus {
    /// `true` iff a king of either colour is missing.
    pub over: bool,
    /// The colour that still has a king when exactly one colour has none.
    pub winner: Option<crate::Color>,
}

/// The perft depth cap of the JavaScript API (RULES.md §12.1).
pub const PERFT_MAX_DEPTH_JS: u32 = 6;
/// The perft depth cap of the CLI and the Rust API (RULES.md §12.1).
pub const PERFT_MAX_DEPTH: u32 = 8;
/// The perft work cap of the JavaScript API (issues 17 and 18): at most 6·10^6 positions expanded
/// (every node above the last ply, which is counted in bulk), so that a call stays within a
/// second in wasm on the widest trees. The start position at depth 6 expands 5.07·10^6; kiwipete
/// at depth 5, 4.3·10^6.
pub const PERFT_MAX_NODES_JS: u64 = 6_000_000;
/// The perft work cap of the CLI (issue 18; `--max-nodes` changes it): 10^10 positions expanded,
/// about 20 min natively on the widest trees. The start position at depth 8 expands 3.4·10^9.
pub const PERFT_MAX_NODES: u64 = 10_000_000_000;

/// `getLegalUciMoves`: the first micro-moves of the legal turns, in generation order.
pub fn legal_uci_moves(dfen: &str) -> Vec<String> {
    turns_of(dfen).map_or_else(Vec::new, |t| t.first_steps().iter().map(|s| uci_string(&s.mv)).collect())
}

/// `getLegalTurnTree` as JSON text, keys in UCI order: `"{}"` for a pass, no dice or invalid input;
/// `"null"` for a roll with more than [`MAX_LEGAL_TURNS`](crate::MAX_LEGAL_TURNS) legal turns (issue 17).
pub fn legal_turn_tree_json(dfen: &str) -> String {
    turns_of(dfen).map_or_else(|| "{}".to_owned(), |t| turn_tree_json(&t))
}

/// The legal turn tree of `turns` as JSON text, byte-identical to JavaScript's `JSON.stringify`;
/// `"null"` past the cap.
pub fn turn_tree_json(turns: &Turns) -> String {
    turn_subtree_json(turns, turns.root(), 0)
}

/// `countLegalTurns`: the number of legal turns of a roll, exact and cheap on any roll (the turns
/// are counted, not made); 0 for a pass, no dice or invalid input. More than
/// [`MAX_LEGAL_TURNS`](crate::MAX_LEGAL_TURNS) means that `getLegalTurnTree` gives `null`.
pub fn count_legal_turns(dfen: &str) -> u64 {
    turns_of(dfen).map_or(0, |t| t.count())
}

/// The part of the legal turn tree of `turns` below the node `pos` (`spent` dice spent) as JSON
/// text, in the form of [`turn_tree_json`]; `"null"` when more than [`MAX_LEGAL_TURNS`](crate::MAX_LEGAL_TURNS) turns
/// pass through that node.
pub fn turn_subtree_json(turns: &Turns, pos: &Position, spent: u32) -> String {
    if exceeds_tree_cap(turns.count_below(pos, spent)) {
        return "null".to_owned();
    }
    // Built as ASCII bytes: pushing characters one by one costs more than walking the tree.
    let mut json = TreeJson { out: Vec::with_capacity(4096), open: 0, just_opened: true };
    json.out.push(b'{');
    turns.walk_shape(pos, spent, &mut json);
    let TreeJson { mut out, open, .. } = json;
    out.extend(std::iter::repeat_n(b'}', open + 1));
    String::from_utf8(out).unwrap_or_else(|_| "{}".to_owned())
}

/// The writer of [`turn_subtree_json`]: the text so far, how many objects are open below the
/// root, and whether the last thing written opened one.
struct TreeJson {
    out: Vec<u8>,
    open: usize,
    just_opened: bool,
}

impl TreeJson {
    /// Writes the key of the node `mv` with `parents` nodes above it (the root not counted).
    fn key(&mut self, parents: usize, mv: Option<&Move>, is_leaf: bool) {
        self.out.extend(std::iter::repeat_n(b'}', self.open.saturating_sub(parents)));
        if !self.just_opened {
            self.out.push(b',');
        }
        let (uci, len) = mv.map_or(([0; 5], 0), |m| m.uci().ascii());
        self.out.push(b'"');
        self.out.extend_from_slice(uci.get(..len).unwrap_or_default());
        if is_leaf {
            self.out.extend_from_slice(b"\":{}");
            (self.open, self.just_opened) = (parents, false);
        } else {
            self.out.extend_from_slice(b"\":{");
            (self.open, self.just_opened) = (parents + 1, true);
        }
    }
}

impl ShapeVisitor for TreeJson {
    fn node(&mut self, path: &[Move], is_leaf: bool) {
        self.key(path.len().saturating_sub(1), path.last(), is_leaf);
    }

    fn last(&mut self, path: &[Move], children: &[Move]) {
        for m in children {
            self.key(path.len(), Some(m), true);
        }
    }
}

/// `getLegalTurnTree` as the codes of [`turn_subtree_codes`] (what the wasm export returns):
/// empty for a pass, no dice or invalid input; `None` for a roll with more than
/// [`MAX_LEGAL_TURNS`](crate::MAX_LEGAL_TURNS) legal turns.
pub fn legal_turn_tree_codes(dfen: &str) -> Option<Vec<u16>> {
    turns_of(dfen).map_or_else(|| Some(Vec::new()), |t| turn_subtree_codes(&t, t.root(), 0))
}

/// The part of the legal turn tree of `turns` below the node `pos` (`spent` dice spent) as a flat
/// list of 16-bit codes, the tree's form between the wasm module and the wrappers (issue 15: the
/// wrapper builds the objects from it in less time than `JSON.parse` of [`turn_subtree_json`]'s
/// text); `None` when more than [`MAX_LEGAL_TURNS`](crate::MAX_LEGAL_TURNS) turns pass through that node.
///
/// The nodes in the order of the JSON text's keys (depth first, children in UCI order), one code
/// each: the from square's index in bits 0–5 (a1 = 0, h8 = 63), the to square's in bits 6–11, the
/// promotion's role in bits 12–14 (0 none, 2 knight, 3 bishop, 4 rook, 5 queen: [`Role`]'s
/// numbers) and bit 15 set when the node has children; after the last child of such a node, a 0
/// (no move is a1a1), left out at the end of the list.
pub fn turn_subtree_codes(turns: &Turns, pos: &Position, spent: u32) -> Option<Vec<u16>> {
    if exceeds_tree_cap(turns.count_below(pos, spent)) {
        return None;
    }
    // Every leaf and some of the nodes above them: the leaves are most of a tree.
    let capacity = usize::try_from(turns.count_below(pos, spent)).unwrap_or(0).saturating_add(256);
    let mut codes = TreeCodes { out: Vec::with_capacity(capacity), open: 0 };
    turns.walk_shape(pos, spent, &mut codes);
    Some(codes.out)
}

/// The writer of [`turn_subtree_codes`]: the codes so far, and how many nodes with children are
/// open (the root not counted).
struct TreeCodes {
    out: Vec<u16>,
    open: usize,
}

impl ShapeVisitor for TreeCodes {
    fn node(&mut self, path: &[Move], is_leaf: bool) {
        let parents = path.len().saturating_sub(1);
        self.out.extend(std::iter::repeat_n(0u16, self.open.saturating_sub(parents)));
        let Some(&m) = path.last() else { return };
        self.out.push(tree_code(m) | if is_leaf { 0 } else { 0x8000 });
        self.open = if is_leaf { parents } else { parents + 1 };
    }

    // The leaves below the node that `path` ends with, which is open: nothing to close.
    fn last(&mut self, _: &[Move], children: &[Move]) {
        self.out.extend(children.iter().map(|&m| tree_code(m)));
    }
}

/// The code of a move in [`turn_subtree_codes`], without the children bit: squares below 64 and
/// roles below 8 fit in 15 bits, and a move's code is never 0 (its squares differ).
#[inline]
fn tree_code(m: Move) -> u16 {
    #[allow(clippy::cast_possible_truncation)]
    let code = m.from.index() as u16 | (m.to.index() as u16) << 6 | m.promotion.map_or(0, |r| r as u16) << 12;
    code
}

/// Visits every legal turn of a roll with its final position and returns how many there are:
/// the enumeration a bot performs, used to compare wasm with native (`npm run bench`).
pub fn enumerate_legal_turns(dfen: &str) -> u64 {
    let mut n = 0u64;
    if let Some(turns) = turns_of(dfen) {
        let _ = turns.walk(Walk::turns().generation_order(), |_, step| {
            std::hint::black_box(&step.position);
            n += 1;
            ControlFlow::<()>::Continue(())
        });
    }
    n
}

/// `getPlayableDice`: the dice still spendable after `moves` (`None` = omitted), as a dice field.
pub fn playable_dice(dfen: &str, moves: Option<&[&str]>) -> Option<String> {
    let pos = Position::from_dfen(dfen).ok()?;
    let prefix = parse_moves(moves.unwrap_or(&[]))?;
    match Legality::of_position(&pos) {
        None => prefix.is_empty().then(String::new),
        Some(rule) => Some(rule.playable_below(&rule.follow(&prefix)?).to_field(pos.turn())),
    }
}

/// `generateMoves`: pseudo-legal micro-moves in generation order (RULES.md §12.2).
pub fn generate_moves(dfen: &str) -> Vec<String> {
    Position::from_dfen(dfen)
        .map_or_else(|_| Vec::new(), |pos| pos.generate(perft_roles(&pos)).iter().map(uci_string).collect())
}

/// `applyMove` (RULES.md §6); `promotion` `None` means not given.
pub fn apply_move(dfen: &str, from: &str, to: &str, promotion: Option<&str>) -> Option<String> {
    let mut pos = Position::from_dfen(dfen).ok()?;
    let (from, to) = (Square::parse(from)?, Square::parse(to)?);
    let promotion = match promotion {
        None => None,
        Some(p) => Some(match p {
            "q" => Role::Queen,
            "r" => Role::Rook,
            "b" => Role::Bishop,
            "n" => Role::Knight,
            _ => return None,
        }),
    };
    let m = pos
        .find_move(Uci { from, to, promotion: None })
        .or_else(|| pos.find_move(Uci { from, to, promotion: Some(promotion.unwrap_or(Role::Queen)) }))?;
    let dice = pos.dice();
    if !dice.is_empty() {
        if !m.is_payable(dice) {
            return None;
        }
        pos.set_dice(m.pay(dice));
    }
    pos.play_unchecked(m);
    Some(pos.to_dfen())
}

/// `applyTurn` (RULES.md §11).
pub fn apply_turn(dfen: &str, moves: &[&str]) -> Option<String> {
    let pos = Position::from_dfen(dfen).ok()?;
    let moves = parse_moves(moves)?;
    if moves.is_empty() {
        return None;
    }
    let end = Legality::of_position(&pos)?.check(&moves).ok()?;
    let mut after = end.position;
    if end.captures_king {
        after.set_dice(Dice::EMPTY);
    } else {
        after.end_turn();
    }
    Some(after.to_dfen())
}

/// `endTurn` (RULES.md §7).
pub fn end_turn(dfen: &str) -> Option<String> {
    let mut pos = Position::from_dfen(dfen).ok()?;
    pos.end_turn();
    Some(pos.to_dfen())
}

/// `perft` (RULES.md §12.1): the leaf count; 0 for invalid input or a depth above `max_depth`;
/// -1 when the tree is larger than the work cap that goes with `max_depth`
/// ([`PERFT_MAX_NODES_JS`] under the JavaScript depth cap, [`PERFT_MAX_NODES`] above it).
pub fn perft(dfen: &str, depth: i64, max_depth: u32) -> i64 {
    let max_nodes = if max_depth <= PERFT_MAX_DEPTH_JS { PERFT_MAX_NODES_JS } else { PERFT_MAX_NODES };
    match (Position::from_dfen(dfen), u32::try_from(depth)) {
        (Ok(pos), Ok(depth)) if depth <= max_depth => {
            // Within the cap a count is below 2^63 (at most 218 leaves an expanded position).
            crate::perft_within(&pos, depth, max_nodes).map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX))
        }
        _ => 0,
    }
}

/// `getPieceFromDice`: the piece letter of a die face 1..6.
pub fn piece_from_dice(face: i64) -> Option<char> {
    u8::try_from(face).ok().and_then(Role::from_face).map(Role::char)
}

/// `canonicalKey` (RULES.md §14).
pub fn canonical_key(dfen: &str) -> Option<String> {
    Position::from_dfen(dfen).ok().map(|p| p.canonical().to_dfen())
}

/// `getGameStatus` (RULES.md §15).
pub fn game_status(dfen: &str) -> Option<GameStatus> {
    let pos = Position::from_dfen(dfen).ok()?;
    let outcome = pos.outcome();
    Some(GameStatus { over: outcome.is_some(), winner: outcome.and_then(Outcome::winner) })
}

/// `normalizedFen` (RULES.md §13).
pub fn normalized_fen(dfen: &str) -> Option<String> {
    Position::from_dfen(dfen).ok().map(|p| p.normalized_fen())
}

/// The opening-book key (RULES.md §13); `None` without dice.
pub fn book_key(dfen: &str) -> Option<String> {
    Position::from_dfen(dfen).ok()?.book_key()
}

/// The UCI text of a move.
fn uci_string(m: &Move) -> String {
    let mut out = String::with_capacity(5);
    m.uci().push_to(&mut out);
    out
}

/// The legal turns of a roll given as DFEN text; `None` for invalid text or a pass.
fn turns_of(dfen: &str) -> Option<Turns> {
    Turns::of_position(&Position::from_dfen(dfen).ok()?)
}

/// Parses 0..3 UCI strings; `None` if there are more or any does not parse.
fn parse_moves(moves: &[&str]) -> Option<Vec<Uci>> {
    if moves.len() > 3 {
        return None;
    }
    moves.iter().map(|m| Uci::parse(m).ok()).collect()
}

/// `getBoard`: the 64 squares from a8 to h8, then a7 … h1 (a piece letter, `.` for an empty
/// square), a space, and the canonical DFEN's fields after the placement; `None` for an invalid
/// DFEN.
pub fn board(dfen: &str) -> Option<String> {
    let pos = Position::from_dfen(dfen).ok()?;
    let mut out = String::with_capacity(96);
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            let piece = Square::new(rank * 8 + file).and_then(|sq| pos.piece_at(sq));
            out.push(piece.map_or('.', |p| p.char()));
        }
    }
    let dfen = pos.to_dfen();
    out.push(' ');
    out.push_str(dfen.split_once(' ').map_or("", |(_, rest)| rest));
    Some(out)
}

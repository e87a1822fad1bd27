//! Micro-moves in a SAN-like form (NOTATION.md §2), written and read against the legal children
//! of one node of the turn tree: the disambiguation is the least that tells the move apart from
//! the node's other legal micro-moves.

use crate::rules::Judge;
use crate::{Move, MoveKind, Position, Role, Square, Step, Turns, Uci};

/// Why a SAN text names no legal micro-move of a node.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Not of the form of NOTATION.md §2.
    #[error("not a micro-move (expected e.g. 'Nf3', 'exd5', 'e8=Q' or 'O-O')")]
    Syntax,
    /// Well formed, but no legal micro-move of the node matches.
    #[error("no legal micro-move matches")]
    NoMatch,
    /// Several legal micro-moves match (their UCI forms, in generation order).
    #[error("ambiguous: {} legal micro-moves match ({})", .0.len(), list(.0))]
    Ambiguous(Vec<Uci>),
}

fn list(moves: &[Uci]) -> String {
    moves.iter().map(Uci::to_string).collect::<Vec<_>>().join(", ")
}

/// The SAN of `mv` at `node` (a node of `turns`: [`Turns::follow`] gives the root); `None` if `mv`
/// is not one of its legal micro-moves.
pub fn to_san(turns: &Turns, node: &Step, mv: Move) -> Option<String> {
    san_judged(turns, node, mv)
}

/// Every legal micro-move of `node` (a node of `turns`) with its SAN, in generation order.
pub fn to_san_all(turns: &Turns, node: &Step) -> Vec<(Move, String)> {
    san_all_judged(turns, node)
}

/// The child of `node` (a node of `turns`) that `text` names.
pub fn parse_san(turns: &Turns, node: &Step, text: &str) -> Result<Step, SanError> {
    resolve(turns, node, text)
}

/// [`to_san`] for a node of any [`Judge`]: only the moves that could be confused with `mv` are
/// judged.
pub(crate) fn san_judged(judge: &impl Judge, node: &Step, mv: Move) -> Option<String> {
    let child = judge.find_child(node, &mut |m| m == mv)?;
    Some(san_of_child(judge, node, &child))
}

/// The SAN of `child`, a child of `node` (a node of `judge`): only its rivals are judged.
pub(crate) fn san_of_child(judge: &impl Judge, node: &Step, child: &Step) -> String {
    let rivals = judge.children_where(node, &mut |m| is_rival(m, child.mv));
    write(&node.position, &rivals, child)
}

/// [`to_san_all`] for a node of any [`Judge`].
pub(crate) fn san_all_judged(judge: &impl Judge, node: &Step) -> Vec<(Move, String)> {
    let kids = judge.children_where(node, &mut |_| true);
    kids.iter().map(|child| (child.mv, write(&node.position, &kids, child))).collect()
}

/// Whether `m`, another move, takes a letter or a digit to tell apart from `mv` in SAN.
fn is_rival(m: Move, mv: Move) -> bool {
    m != mv && m.kind != MoveKind::Castle && m.role == mv.role && m.to == mv.to && m.promotion == mv.promotion
}

/// The SAN of `child`, a child of the node `pos`; `kids` holds the other children that could be
/// confused with it (or more of the node's children).
fn write(pos: &Position, kids: &[Step], child: &Step) -> String {
    let mv = child.mv;
    let mut out = String::with_capacity(8);
    if mv.kind == MoveKind::Castle {
        out.push_str(if mv.to.file() > mv.from.file() { "O-O" } else { "O-O-O" });
    } else {
        let capture = mv.kind == MoveKind::EnPassant || pos.role_at(mv.to).is_some();
        let rivals = || kids.iter().map(|s| s.mv).filter(move |&m| is_rival(m, mv));
        let pawn = mv.role == Role::Pawn;
        if !pawn {
            out.push(mv.role.char().to_ascii_uppercase());
        }
        let any_rival = rivals().next().is_some();
        let same_file = rivals().any(|m| m.from.file() == mv.from.file());
        let same_rank = rivals().any(|m| m.from.rank() == mv.from.rank());
        if (pawn && capture) || (any_rival && (!same_file || same_rank)) {
            out.push(mv.from.file_char());
        }
        if same_file {
            out.push(mv.from.rank_char());
        }
        if capture {
            out.push('x');
        }
        out.push(mv.to.file_char());
        out.push(mv.to.rank_char());
        if let Some(p) = mv.promotion {
            out.push('=');
            out.push(p.char().to_ascii_uppercase());
        }
    }
    if child.captures_king {
        out.push('#');
    }
    out
}

/// A SAN text read without a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum San {
    /// Castling: `true` on the king's side.
    Castle(bool),
    Normal {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<Role>,
    },
}

/// Reads the syntax of NOTATION.md §2.
fn read(text: &str) -> Option<San> {
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    match text {
        "O-O" | "0-0" => return Some(San::Castle(true)),
        "O-O-O" | "0-0-0" => return Some(San::Castle(false)),
        _ => {}
    }
    let mut b = text.as_bytes();
    let role = match b.first() {
        Some(&c @ (b'P' | b'N' | b'B' | b'R' | b'Q' | b'K')) => {
            b = &b[1..];
            Role::from_char(c as char)?
        }
        _ => Role::Pawn,
    };
    let promotion = match b {
        [rest @ .., b'=', c] | [rest @ .., c @ (b'N' | b'B' | b'R' | b'Q')] => {
            b = rest;
            match Role::from_char(*c as char)? {
                Role::Pawn | Role::King => return None,
                p => Some(p),
            }
        }
        _ => None,
    };
    let [rest @ .., f, r] = b else { return None };
    let to = Square::parse(std::str::from_utf8(&[*f, *r]).ok()?)?;
    b = rest;
    if let [rest @ .., b'x'] = b {
        b = rest;
    }
    let file_of = |c: u8| (b'a'..=b'h').contains(&c).then(|| c - b'a');
    let rank_of = |c: u8| (b'1'..=b'8').contains(&c).then(|| c - b'1');
    let (file, rank) = match *b {
        [] => (None, None),
        [c] => match (file_of(c), rank_of(c)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return None,
    };
    Some(San::Normal { role, file, rank, to, promotion })
}

/// Whether `text` has the syntax of a micro-move.
pub(super) fn read_ok(text: &str) -> bool {
    read(text).is_some()
}

/// The one child of `node` (a node of `judge`) that `text` names: only the moves that match it
/// are judged.
pub(crate) fn resolve(judge: &impl Judge, node: &Step, text: &str) -> Result<Step, SanError> {
    let san = read(text).ok_or(SanError::Syntax)?;
    let mut matches = |m: Move| match san {
        San::Castle(king_side) => m.kind == MoveKind::Castle && (m.to.file() > m.from.file()) == king_side,
        San::Normal { role, file, rank, to, promotion } => {
            m.kind != MoveKind::Castle
                && m.role == role
                && m.to == to
                && m.promotion == promotion
                && file.is_none_or(|f| m.from.file() == f)
                && rank.is_none_or(|r| m.from.rank() == r)
        }
    };
    match judge.children_where(node, &mut matches).as_slice() {
        [] => Err(SanError::NoMatch),
        [one] => Ok(*one),
        found => Err(SanError::Ambiguous(found.iter().map(|s| s.mv.uci()).collect())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(dfen: &str) -> (Turns, Step) {
        let pos = Position::from_dfen(dfen).expect("valid DFEN");
        let turns = Turns::of_position(&pos).expect("not a pass");
        let node = turns.follow(&[]).expect("the root");
        (turns, node)
    }

    fn san_of(dfen: &str, uci: &str) -> String {
        let (turns, node) = root(dfen);
        let mv = turns
            .children(&node.position, node.spent)
            .into_iter()
            .find(|s| s.mv.uci().to_string() == uci)
            .expect("a child")
            .mv;
        to_san(&turns, &node, mv).expect("a child")
    }

    #[test]
    fn writes_the_least_disambiguation_among_the_node_children() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_of(&format!("{start} PNB"), "g1f3"), "Nf3");
        assert_eq!(san_of(&format!("{start} PNB"), "e2e4"), "e4");
        // Two rooks on the first rank reach d1: the file tells them apart.
        assert_eq!(san_of("4k3/8/8/8/8/8/4K3/R6R w - - 0 1 RPP", "a1d1"), "Rad1");
        // Two rooks on the d-file reach d4: the rank.
        assert_eq!(san_of("4k3/3R4/8/8/8/8/3R4/4K3 w - - 0 1 RRR", "d2d4"), "R2d4");
        // Three queens reach e4: the file, the rank or the square.
        let queens = "4k3/8/8/8/Q6Q/8/8/K6Q w - - 0 1 QQQ";
        assert_eq!(san_of(queens, "a4e4"), "Qae4");
        assert_eq!(san_of(queens, "h1e4"), "Q1e4");
        assert_eq!(san_of(queens, "h4e4"), "Qh4e4");
        // Pawn captures name the file; a king capture is marked.
        assert_eq!(san_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 P", "e4d5"), "exd5");
        assert_eq!(san_of("k7/8/8/8/8/8/8/R3K3 w - - 0 1 R", "a1a8"), "Rxa8#");
        assert_eq!(san_of("3nk3/4P3/8/8/8/8/8/4K3 w - - 0 1 P", "e7d8q"), "exd8=Q");
    }

    #[test]
    fn reads_leniently_and_fails_precisely() {
        let (turns, node) = root("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 RKP");
        let uci = |t: &str| parse_san(&turns, &node, t).map(|s| s.mv.uci().to_string());
        assert_eq!(uci("O-O"), Ok("e1g1".into()));
        assert_eq!(uci("0-0-0+!?"), Ok("e1c1".into()));
        assert_eq!(uci("Rd1"), Ok("a1d1".into())); // the king blocks the other rook
        assert_eq!(uci("Rf1"), Ok("h1f1".into()));
        assert_eq!(uci("e4"), Err(SanError::NoMatch));
        assert_eq!(uci("Rhf1"), Ok("h1f1".into()));
        assert_eq!(uci("Zf1"), Err(SanError::Syntax));
        assert_eq!(uci("Re8"), Err(SanError::NoMatch));
    }
}

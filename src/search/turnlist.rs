//! `T(P)` as a list in canonical turn order (BOTS.md §2.1, RULES.md §9), with an abortable
//! enumeration for timed searches.

use crate::{Move, MoveKind, Position, Role, Square, Step, Turns};

const FILLER: Move =
    Move { role: Role::Pawn, from: Square::A1, to: Square::A1, promotion: None, kind: MoveKind::Normal };

/// One legal turn: its 1–3 micro-moves and where it ends.
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    moves: [Move; 3],
    len: u8,
    /// The position after the micro-moves: side to move unchanged, unspent dice kept.
    pub end: Position,
    /// The last micro-move captures a king.
    pub captures_king: bool,
}

impl Turn {
    /// The micro-moves in play order.
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..usize::from(self.len)]
    }

    /// The number of micro-moves.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always `false`: a turn has at least one move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The post-turn position: the moves played, then `endTurn` (opponent to move, no dice).
    #[inline]
    pub fn post_turn(&self) -> Position {
        let mut p = self.end;
        p.end_turn();
        p
    }

    /// The UCI strings of the moves.
    pub fn uci(&self) -> Vec<String> {
        self.moves().iter().map(Move::to_string).collect()
    }
}

/// How often an abortable enumeration asks whether to stop: every this many turns.
pub const CHECK_EVERY: usize = 1024;

/// Every legal turn of the roll, in canonical order.
pub fn legal_turns(turns: &Turns) -> Vec<Turn> {
    legal_turns_until(turns, || false).0
}

/// The legal turns in canonical order; every [`CHECK_EVERY`] turns `stop()` is asked and a
/// `true` ends the enumeration. Returns the turns found and whether the list is complete.
pub fn legal_turns_until(turns: &Turns, mut stop: impl FnMut() -> bool) -> (Vec<Turn>, bool) {
    let mut out = Vec::new();
    let mut buffers: [Vec<Step>; 3] = Default::default();
    let mut path = [FILLER; 3];
    let complete = walk(turns, turns.root(), 0, 0, &mut buffers, &mut path, &mut out, &mut stop);
    (out, complete)
}

#[allow(clippy::too_many_arguments)]
fn walk(
    turns: &Turns,
    pos: &Position,
    spent: u32,
    depth: usize,
    buffers: &mut [Vec<Step>; 3],
    path: &mut [Move; 3],
    out: &mut Vec<Turn>,
    stop: &mut impl FnMut() -> bool,
) -> bool {
    let Some(slot) = buffers.get_mut(depth) else { return true };
    let mut children = std::mem::take(slot);
    turns.children_sorted(pos, spent, &mut children);
    let mut go_on = true;
    for step in &children {
        path[depth] = step.mv;
        if step.is_leaf {
            out.push(Turn {
                moves: *path,
                len: depth as u8 + 1,
                end: step.position,
                captures_king: step.captures_king,
            });
            if out.len() % CHECK_EVERY == 0 && stop() {
                go_on = false;
            }
        } else if depth + 1 < 3 {
            go_on = walk(turns, &step.position, step.spent, depth + 1, buffers, path, out, stop);
        }
        if !go_on {
            break;
        }
    }
    buffers[depth] = children;
    go_on
}

/// The index of the first shortest king capture in `list` (canonical order), if any.
pub fn first_shortest_king_capture(list: &[Turn]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, t) in list.iter().enumerate() {
        if t.captures_king && best.is_none_or(|b| t.len() < list[b].len()) {
            best = Some(i);
        }
    }
    best
}

//! perft over the pseudo-legal micro-move tree, one micro-move and `endTurn` per ply (RULES.md §12.1).

use super::dice::RoleSet;
use super::movegen::{count_moves, for_each_move};
use super::position::Position;

/// The piece types `perft` and `generateMoves` use: the pool's faces, or all types without dice.
pub(crate) fn perft_roles(pos: &Position) -> RoleSet {
    if pos.dice().is_empty() {
        RoleSet::ALL
    } else {
        pos.dice().roles()
    }
}

/// The position one perft ply after `m`: made, turn ended, the original pool restored.
fn child(pos: &Position, m: super::moves::Move) -> Position {
    let mut next = *pos;
    next.play_unchecked(m);
    next.end_turn();
    next.set_dice(pos.dice());
    next
}

/// Leaf count of the perft tree of `depth` plies, the last ply counted in bulk.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let roles = perft_roles(pos);
    match depth {
        0 => 1,
        1 => count_moves(pos, roles),
        _ => {
            let mut n = 0;
            for_each_move(pos, roles, |m| n += perft(&child(pos, m), depth - 1));
            n
        }
    }
}

/// perft per root move, in generation order (`dicechess perft --divide`).
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for_each_move(pos, perft_roles(pos), |m| out.push((m.to_string(), perft(&child(pos, m), depth - 1))));
    out
}

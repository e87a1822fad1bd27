//! perft over the pseudo-legal micro-move tree, one micro-move and `endTurn` per ply (RULES.md §12.1),
//! with an optional work cap.

use std::ops::ControlFlow;

use super::dice::RoleSet;
use super::movegen::{count_moves, for_each_move, try_for_each_move};
use super::position::Position;

/// The piece types `perft` and `generateMoves` use: the pool's faces, or all types without dice.
pub fn perft_roles(pos: &Position) -> RoleSet {
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
    // A budget of 2^64 expanded positions cannot run out: the walk would take millennia.
    perft_within(pos, depth, u64::MAX).unwrap_or(u64::MAX)
}

/// [`perft`] with a work cap: `None` if the walk would expand more than `max_nodes` positions.
///
/// A position is expanded when its moves are generated: every node of the tree above the last ply,
/// the root included (`perft(S, 0) + … + perft(S, depth − 1)` in all); the last ply, counted in
/// bulk, is free. The walk stops as soon as the budget runs out, so its time is bounded by
/// `max_nodes` whatever the position: the expensive trees are the wide ones, where a bulk count of
/// hundreds of leaves costs about as much as one expansion.
#[inline]
pub fn perft_within(pos: &Position, depth: u32, max_nodes: u64) -> Option<u64> {
    let mut budget = max_nodes;
    walk(pos, depth, &mut budget)
}

/// [`perft_divide`] under the cap of [`perft_within`], one budget for all the root moves.
pub fn perft_divide_within(pos: &Position, depth: u32, max_nodes: u64) -> Option<Vec<(String, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let mut budget = max_nodes;
    spend(&mut budget)?;
    let mut out = Vec::new();
    let flow = try_for_each_move(pos, perft_roles(pos), |m| match walk(&child(pos, m), depth - 1, &mut budget) {
        Some(n) => {
            out.push((m.to_string(), n));
            ControlFlow::Continue(())
        }
        None => ControlFlow::Break(()),
    });
    flow.is_continue().then_some(out)
}

/// Takes one expansion from `budget`; `None` when it is spent.
fn spend(budget: &mut u64) -> Option<()> {
    *budget = budget.checked_sub(1)?;
    Some(())
}

fn walk(pos: &Position, depth: u32, budget: &mut u64) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    spend(budget)?;
    let roles = perft_roles(pos);
    if depth == 1 {
        return Some(count_moves(pos, roles));
    }
    let mut n = 0;
    let flow = try_for_each_move(pos, roles, |m| match walk(&child(pos, m), depth - 1, budget) {
        Some(k) => {
            n += k;
            ControlFlow::Continue(())
        }
        None => ControlFlow::Break(()),
    });
    flow.is_continue().then_some(n)
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

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn start() -> Position {
        Position::from_dfen(START).unwrap()
    }

    #[test]
    fn the_cap_counts_expanded_positions() {
        // Depth 3 from the start expands 1 + 20 + 400 positions.
        let pos = start();
        assert_eq!(perft_within(&pos, 3, 421), Some(8902));
        assert_eq!(perft_within(&pos, 3, 420), None);
        // Depth 0 expands nothing; depth 1 only the root.
        assert_eq!(perft_within(&pos, 0, 0), Some(1));
        assert_eq!(perft_within(&pos, 1, 0), None);
        assert_eq!(perft_within(&pos, 1, 1), Some(20));
    }

    #[test]
    fn divide_shares_one_budget() {
        let pos = start();
        let rows = perft_divide_within(&pos, 3, 421).expect("within the cap");
        assert_eq!(rows, perft_divide(&pos, 3));
        assert_eq!(perft_divide_within(&pos, 3, 420), None);
        assert_eq!(perft_divide_within(&pos, 0, 0), Some(Vec::new()));
    }

    #[test]
    fn a_huge_tree_stops_at_the_cap() {
        // Issue 18: depth 6 here takes hours; the cap stops it after 10^5 expansions.
        let pos = Position::from_dfen("qqqqqqqq/q6q/q6q/8/8/Q6Q/Q6Q/QQQQQQQQ w - - 0 1").unwrap();
        assert_eq!(perft_within(&pos, 6, 100_000), None);
        assert_eq!(perft_divide_within(&pos, 6, 100_000), None);
    }
}

//! Turns: the one turn legality rule (RULES.md §8) and everything derived from it — the legal
//! turn tree, the legal first moves, playable dice and allocation-free enumeration.
//!
//! One depth-first analysis per node gives, for a position with remaining dice, the most dice a
//! complete continuation spends counting king captures, the most a complete non-capturing one
//! spends, and whether a king capture is reachable. A child after a prefix that has spent `s`
//! dice belongs to the turn tree iff it captures a king, a king capture is reachable below it,
//! or its best non-capturing continuation reaches exactly `L* − s`.

use super::dice::{Dice, RoleSet};
use super::movegen::{count_king_captures, count_single_die_moves, for_each_move, summarize_moves};
use super::moves::{Move, MoveKind, Uci};
use super::position::Position;
use super::types::{Role, Square};

/// The deepest a turn goes: three dice.
const MAX_DEPTH: usize = 3;

/// A filler for path buffers, always overwritten before it is read.
const FILLER: Move =
    Move { role: Role::Pawn, from: Square::A1, to: Square::A1, promotion: None, kind: MoveKind::Normal };

/// What can still happen from a position with remaining dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outlook {
    /// Some micro-move is available.
    has_moves: bool,
    /// The most dice a complete continuation spends, king captures included.
    best_any: u32,
    /// The most dice a complete non-capturing continuation spends, if any exists.
    best_quiet: Option<u32>,
    /// A king-capture path is reachable.
    can_capture: bool,
}

impl Outlook {
    /// The outlook of a complete node: nothing available.
    const COMPLETE: Outlook = Outlook { has_moves: false, best_any: 0, best_quiet: Some(0), can_capture: false };
}

/// Calls `f` with every micro-move available in (`pos`, `dice`), in generation order.
#[inline]
pub fn for_each_available(pos: &Position, dice: Dice, mut f: impl FnMut(Move)) {
    for_each_move(pos, dice.roles(), |m| {
        if m.is_payable(dice) {
            f(m)
        }
    });
}

/// The outlook of (`pos`, `dice`).
fn outlook(pos: &Position, dice: Dice) -> Outlook {
    if dice.is_empty() {
        return Outlook::COMPLETE;
    }
    if dice.len() == 1 {
        // One die left: no castling, and every continuation is one move long.
        let role = dice.iter().next().unwrap_or(Role::Pawn);
        let s = summarize_moves(pos, role);
        if !s.any {
            return Outlook::COMPLETE;
        }
        return Outlook { has_moves: true, best_any: 1, best_quiet: s.quiet.then_some(1), can_capture: s.king_capture };
    }
    let mut out = Outlook { has_moves: false, best_any: 0, best_quiet: None, can_capture: false };
    for_each_available(pos, dice, |m| {
        out.has_moves = true;
        let cost = m.cost_len();
        if pos.is_king_capture(m) {
            out.best_any = out.best_any.max(cost);
            out.can_capture = true;
            return;
        }
        let mut child = *pos;
        child.play_unchecked(m);
        let below = outlook(&child, m.pay(dice));
        out.best_any = out.best_any.max(cost + below.best_any);
        if let Some(q) = below.best_quiet {
            out.best_quiet = Some(out.best_quiet.map_or(cost + q, |b| b.max(cost + q)));
        }
        out.can_capture |= below.can_capture;
    });
    if !out.has_moves {
        return Outlook::COMPLETE;
    }
    out
}

/// A child of a node of the turn tree.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The micro-move.
    pub mv: Move,
    /// The position after it, dice spent.
    pub position: Position,
    /// The dice spent so far in the turn, this move included.
    pub spent: u32,
    /// A complete legal turn ends here (a leaf of the tree).
    pub is_leaf: bool,
    /// This move captures a king.
    pub captures_king: bool,
}

/// The legal turns of one roll: the root position, `L*` and the legal first steps.
#[derive(Clone, Debug)]
pub struct Turns {
    root: Position,
    max_spent: u32,
    first: Vec<Step>,
    can_capture: bool,
}

impl Turns {
    /// Analyses the roll `pos` (its dice pool is the roll). `None` when the pool is empty or no
    /// micro-move is available: a pass.
    pub fn new(pos: &Position) -> Option<Turns> {
        if pos.dice.is_empty() {
            return None;
        }
        let mut candidates = Vec::with_capacity(64);
        let mut max_spent = 0;
        let mut can_capture = false;
        for_each_available(pos, pos.dice, |m| {
            let (child, captures_king) = Self::make(pos, m);
            let below = if captures_king { Outlook::COMPLETE } else { outlook(&child, child.dice) };
            max_spent = max_spent.max(m.cost_len() + below.best_any);
            can_capture |= captures_king || below.can_capture;
            candidates.push((m, child, captures_king, below));
        });
        if candidates.is_empty() {
            return None;
        }
        let mut turns = Turns { root: *pos, max_spent, first: Vec::with_capacity(candidates.len()), can_capture };
        let first = candidates
            .into_iter()
            .filter_map(|(m, child, kc, below)| turns.judge(m, child, m.cost_len(), kc, below))
            .collect();
        turns.first = first;
        Some(turns)
    }

    /// The rolled position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// `L*`: the most dice any complete path spends (RULES.md §8.1).
    pub fn max_spent(&self) -> u32 {
        self.max_spent
    }

    /// `true` if some legal turn captures a king (every king-capture path is a legal turn).
    pub fn has_king_capture(&self) -> bool {
        self.can_capture
    }

    /// The legal first steps in generation order.
    pub fn first_steps(&self) -> &[Step] {
        &self.first
    }

    /// The position after `m` with its cost paid, and whether `m` captures a king.
    #[inline]
    fn make(pos: &Position, m: Move) -> (Position, bool) {
        let mut child = *pos;
        child.play_unchecked(m);
        child.dice = m.pay(pos.dice);
        (child, pos.is_king_capture(m))
    }

    /// The step to `child` by `m` (after `spent` dice in all) if it belongs to the tree, given
    /// the outlook below it.
    #[inline]
    fn judge(&self, m: Move, child: Position, spent: u32, captures_king: bool, below: Outlook) -> Option<Step> {
        let step = Step { mv: m, position: child, spent, is_leaf: true, captures_king };
        if captures_king {
            return Some(step);
        }
        if !below.has_moves {
            return (spent == self.max_spent).then_some(step);
        }
        let belongs = below.can_capture || below.best_quiet.is_some_and(|q| spent + q == self.max_spent);
        belongs.then_some(Step { is_leaf: false, ..step })
    }

    /// The step for `m` from a node whose position is `pos` after `spent` dice, if it belongs to
    /// the tree.
    #[inline]
    pub fn step(&self, pos: &Position, spent: u32, m: Move) -> Option<Step> {
        let (child, captures_king) = Self::make(pos, m);
        let below = if captures_king { Outlook::COMPLETE } else { outlook(&child, child.dice) };
        self.judge(m, child, spent + m.cost_len(), captures_king, below)
    }

    /// Calls `f` with the children of a node in generation order (`spent == 0` is the root).
    pub fn for_each_child(&self, pos: &Position, spent: u32, mut f: impl FnMut(&Step)) {
        if spent == 0 {
            self.first.iter().for_each(f);
            return;
        }
        if pos.dice.len() == 1 {
            // Last die: every child is a leaf; quiet moves count only when they reach L*.
            let quiet_ok = spent + 1 == self.max_spent;
            let kings = pos.pieces(pos.turn.opponent(), Role::King);
            let role = pos.dice.iter().next().unwrap_or(Role::Pawn);
            for_each_move(pos, RoleSet::EMPTY.with(role), |m| {
                if m.kind == MoveKind::Castle {
                    return;
                }
                let captures_king = m.kind == MoveKind::Normal && kings.contains(m.to);
                if captures_king || quiet_ok {
                    let mut step = Step { mv: m, position: *pos, spent: spent + 1, is_leaf: true, captures_king };
                    step.position.play_unchecked(m);
                    step.position.dice = Dice::EMPTY;
                    f(&step);
                }
            });
            return;
        }
        for_each_available(pos, pos.dice, |m| {
            if let Some(step) = self.step(pos, spent, m) {
                f(&step)
            }
        });
    }

    /// The children of a node, sorted in UCI order (the tree's key order).
    pub fn children_sorted(&self, pos: &Position, spent: u32, out: &mut Vec<Step>) {
        out.clear();
        self.for_each_child(pos, spent, |s| out.push(*s));
        out.sort_unstable_by_key(|s| s.mv.uci_order_key());
    }

    /// The children of a node in generation order, and in `order` their indexes sorted by UCI
    /// (the tree's key order); sorting small keys instead of steps keeps the walk cheap.
    fn children_with_order(&self, pos: &Position, spent: u32, out: &mut Vec<Step>, order: &mut Vec<u64>) {
        out.clear();
        order.clear();
        self.for_each_child(pos, spent, |s| {
            order.push(u64::from(s.mv.uci_order_key()) << 32 | out.len() as u64);
            out.push(*s);
        });
        order.sort_unstable();
    }

    /// The legal first micro-moves in generation order (RULES.md §9).
    pub fn first_moves(&self) -> Vec<Move> {
        self.first.iter().map(|s| s.mv).collect()
    }

    /// Follows `prefix` from the root: the node reached, or `None` if `prefix` does not begin a
    /// legal turn. An empty prefix gives the root (spent 0, not a leaf).
    pub fn follow(&self, prefix: &[Uci]) -> Option<Step> {
        let mut node = Step { mv: FILLER, position: self.root, spent: 0, is_leaf: false, captures_king: false };
        for uci in prefix {
            if node.is_leaf {
                return None;
            }
            let mut found = None;
            self.for_each_child(&node.position, node.spent, |s| {
                if found.is_none() && uci.matches(s.mv) {
                    found = Some(*s);
                }
            });
            node = found?;
        }
        Some(node)
    }

    /// Walks the subtree below a node depth-first in canonical order (children in UCI order),
    /// calling `visit(path, step)` for every node; `path` holds the moves from the node down to
    /// and including `step.mv`. Uses one buffer per depth, no per-node allocation.
    pub fn walk(&self, pos: &Position, spent: u32, mut visit: impl FnMut(&[Move], &Step)) {
        let mut buffers: [(Vec<Step>, Vec<u64>); MAX_DEPTH] = Default::default();
        let mut path = [FILLER; MAX_DEPTH];
        self.walk_rec(pos, spent, 0, &mut buffers, &mut path, &mut visit);
    }

    fn walk_rec(
        &self,
        pos: &Position,
        spent: u32,
        depth: usize,
        buffers: &mut [(Vec<Step>, Vec<u64>); MAX_DEPTH],
        path: &mut [Move; MAX_DEPTH],
        visit: &mut impl FnMut(&[Move], &Step),
    ) {
        if depth >= MAX_DEPTH {
            return;
        }
        let (mut children, mut order) = std::mem::take(&mut buffers[depth]);
        self.children_with_order(pos, spent, &mut children, &mut order);
        for &key in &order {
            let Some(step) = children.get(key as u32 as usize) else { continue };
            path[depth] = step.mv;
            visit(&path[..=depth], step);
            if !step.is_leaf {
                self.walk_rec(&step.position, step.spent, depth + 1, buffers, path, visit);
            }
        }
        buffers[depth] = (children, order);
    }

    /// Calls `f(moves, final position)` for every legal turn in canonical order; the final
    /// position has the remaining dice and the side to move unchanged (no `endTurn`).
    pub fn for_each_turn(&self, mut f: impl FnMut(&[Move], &Step)) {
        self.walk(&self.root, 0, |path, step| {
            if step.is_leaf {
                f(path, step)
            }
        });
    }

    /// Calls `f(moves, final step)` for every legal turn in generation order (cheaper than the
    /// canonical order: nothing is sorted).
    pub fn for_each_turn_unordered(&self, mut f: impl FnMut(&[Move], &Step)) {
        fn rec(
            turns: &Turns,
            pos: &Position,
            spent: u32,
            path: &mut [Move; MAX_DEPTH],
            depth: usize,
            f: &mut impl FnMut(&[Move], &Step),
        ) {
            turns.for_each_child(pos, spent, |s| {
                if let Some(slot) = path.get_mut(depth) {
                    *slot = s.mv;
                }
                if s.is_leaf {
                    f(&path[..=depth.min(MAX_DEPTH - 1)], s);
                } else if depth + 1 < MAX_DEPTH {
                    rec(turns, &s.position, s.spent, path, depth + 1, f);
                }
            });
        }
        let mut path = [FILLER; MAX_DEPTH];
        rec(self, &self.root, 0, &mut path, 0, &mut f);
    }

    /// Counts the legal turns; nodes with one die left are counted in bulk.
    pub fn count(&self) -> u64 {
        fn rec(turns: &Turns, pos: &Position, spent: u32) -> u64 {
            if spent > 0 && pos.dice.len() == 1 {
                // Every available move ends the turn: king captures always count, quiet moves
                // when they reach L*.
                let role = pos.dice.iter().next().unwrap_or(Role::Pawn);
                let all = count_single_die_moves(pos, role);
                let captures = count_king_captures(pos, role);
                return if spent + 1 == turns.max_spent { all } else { captures };
            }
            let mut n = 0;
            turns.for_each_child(pos, spent, |s| n += if s.is_leaf { 1 } else { rec(turns, &s.position, s.spent) });
            n
        }
        rec(self, &self.root, 0)
    }

    /// The micro-moves one die of type `role` allows in `pos` (castling needs two dice, so it
    /// is excluded), counted in bulk: `(all, king captures)`. Each of them ends a path, which is
    /// how [`Turns::count`] counts the last level of the tree.
    pub fn count_single_die(pos: &Position, role: Role) -> (u64, u64) {
        (count_single_die_moves(pos, role), count_king_captures(pos, role))
    }

    /// The dice field spendable after `prefix` (RULES.md §10), or `None` if `prefix` does not
    /// begin a legal turn.
    pub fn playable_after(&self, prefix: &[Uci]) -> Option<Dice> {
        let node = self.follow(prefix)?;
        if node.is_leaf {
            return Some(Dice::EMPTY);
        }
        let start = node.position.dice;
        let mut best = Dice::EMPTY;
        self.walk(&node.position, node.spent, |_, step| {
            if step.is_leaf {
                best = best.max_per_face(spent_between(start, step.position.dice));
            }
        });
        Some(best)
    }
}

/// The dice spent going from pool `before` to pool `after` (`after` ⊆ `before`).
fn spent_between(before: Dice, after: Dice) -> Dice {
    let mut out = Dice::EMPTY;
    for role in Role::ALL {
        for _ in after.count(role)..before.count(role) {
            out = out.with(role).unwrap_or(out);
        }
    }
    out
}

impl Position {
    /// The pseudo-legal moves of the side to move for `roles`, in generation order.
    pub fn generate(&self, roles: RoleSet) -> Vec<Move> {
        let mut out = Vec::new();
        for_each_move(self, roles, |m| out.push(m));
        out
    }

    /// The pseudo-legal move with the UCI identity of `uci` among all types, if any.
    pub fn find_move(&self, uci: Uci) -> Option<Move> {
        let mut found = None;
        for_each_move(self, RoleSet::ALL, |m| {
            if found.is_none() && uci.matches(m) {
                found = Some(m);
            }
        });
        found
    }
}

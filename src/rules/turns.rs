//! Turns: the one turn legality rule (RULES.md §8) and everything derived from it — the legal
//! turn tree, the legal first moves, playable dice and enumeration without per-node allocation.
//!
//! One depth-first analysis per node gives, for a position with remaining dice, the most dice a
//! complete continuation spends counting king captures, the most a complete non-capturing one
//! spends, and whether a king capture is reachable. A child after a prefix that has spent `s`
//! dice belongs to the tree iff it captures a king, a king capture is reachable below it, or its
//! best non-capturing continuation reaches exactly `L* − s`.
//!
//! [`Turns::new`] analyses the whole roll once and keeps the verdicts of the first two levels,
//! so that a walk from the root only makes moves: below the second level every node has one
//! die left, whose children are judged by their move alone. Walks build each child in one
//! reused `Step` (`Position::restore_from`, then the move) rather than copying positions, which
//! in wasm are `memory.copy` calls.

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

/// What can still happen from a position with remaining dice (small: [`Turns`] keeps one per
/// second-level node).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outlook {
    /// Some micro-move is available.
    has_moves: bool,
    /// The most dice a complete continuation spends, king captures included.
    best_any: u8,
    /// The most dice a complete non-capturing continuation spends, if any exists.
    best_quiet: Option<u8>,
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
    if dice.len() < 2 {
        return outlook_last(pos, dice);
    }
    // Only the children of a roll's root have two dice or more, and Turns::new lists them.
    let mut child = *pos;
    outlook_listing(pos, dice, &mut child, &mut Vec::new())
}

/// The outlook of (`pos`, `dice`) with at most one die left: no castling, and every
/// continuation is one move long, so nothing is made.
#[inline]
fn outlook_last(pos: &Position, dice: Dice) -> Outlook {
    let Some(role) = dice.first() else { return Outlook::COMPLETE };
    let s = summarize_moves(pos, role);
    if !s.any {
        return Outlook::COMPLETE;
    }
    Outlook { has_moves: true, best_any: 1, best_quiet: s.quiet.then_some(1), can_capture: s.king_capture }
}

/// The outlook of (`pos`, `dice`), appending every available move to `list` with whether it
/// captures a king and the outlook below it. The moves are listed first and analysed in a plain
/// loop after, which is cheaper than analysing each in a callback of move generation. `child` is
/// a buffer for the children, a position of the same side to move.
fn outlook_listing(pos: &Position, dice: Dice, child: &mut Position, list: &mut Vec<Child>) -> Outlook {
    if dice.len() < 2 {
        return outlook_last(pos, dice);
    }
    // With two dice every child has one die left or none.
    let (start, last) = (list.len(), dice.len() == 2);
    for_each_available(pos, dice, |mv| {
        list.push(Child { mv, captures_king: false, is_leaf: false, below: Outlook::COMPLETE })
    });
    let mut out = Outlook { has_moves: list.len() > start, best_any: 0, best_quiet: None, can_capture: false };
    let kings = pos.pieces(pos.turn.opponent(), Role::King);
    for listed in list.get_mut(start..).unwrap_or_default() {
        let (m, cost) = (listed.mv, listed.mv.cost_len() as u8);
        if m.kind == MoveKind::Normal && kings.contains(m.to) {
            listed.captures_king = true;
            out.best_any = out.best_any.max(cost);
            out.can_capture = true;
            continue;
        }
        child.restore_from(pos);
        child.play_unchecked(m);
        let left = m.pay(dice);
        let below = if last { outlook_last(child, left) } else { outlook(child, left) };
        listed.below = below;
        out.best_any = out.best_any.max(cost + below.best_any);
        if let Some(q) = below.best_quiet {
            out.best_quiet = Some(out.best_quiet.map_or(cost + q, |b| b.max(cost + q)));
        }
        out.can_capture |= below.can_capture;
    }
    if !out.has_moves {
        return Outlook::COMPLETE;
    }
    out
}

/// Whether the child reached after `spent` dice in all belongs to the tree of a roll whose `L*`
/// is `max_spent`, given whether it captures a king and the outlook below it: `Some(is_leaf)`.
#[inline]
fn verdict(max_spent: u32, spent: u32, captures_king: bool, below: Outlook) -> Option<bool> {
    if captures_king {
        return Some(true);
    }
    if !below.has_moves {
        return (spent == max_spent).then_some(true);
    }
    let belongs = below.can_capture || below.best_quiet.is_some_and(|q| spent + u32::from(q) == max_spent);
    belongs.then_some(false)
}

/// A child of a node, without its position: what a walk needs to build it in place.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    captures_king: bool,
    is_leaf: bool,
    /// The outlook below it, which judges it once `L*` is known.
    below: Outlook,
}

/// The state of a canonical walk: one buffer of children and sort keys per depth, the path,
/// whether leaves get their board, and the visitor.
struct Walk<'a, 'v> {
    buffers: &'a mut [(Vec<Child>, Vec<u64>); MAX_DEPTH],
    path: &'a mut [Move; MAX_DEPTH],
    leaf_boards: bool,
    visit: &'a mut (dyn FnMut(&[Move], &Step) + 'v),
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

/// The legal turns of one roll: the root position, `L*`, the legal first steps and the children
/// of the first steps that leave two dice.
#[derive(Clone, Debug)]
pub struct Turns {
    root: Position,
    max_spent: u32,
    first: Vec<Step>,
    /// For each first step, where its children are in `second`.
    first_info: Vec<FirstInfo>,
    /// The children of the first steps that leave two dice, in order, with the outlooks below
    /// them: they are judged as they are walked (judging is cheaper than a second pass here).
    second: Vec<Child>,
    can_capture: bool,
}

/// What [`Turns`] keeps beside a first step.
#[derive(Clone, Copy, Debug)]
struct FirstInfo {
    /// Its children are `Turns::second[start..end]`.
    start: u32,
    end: u32,
    /// The outlook below it, read only by [`Turns::new`] before it knows `L*`.
    below: Outlook,
}

impl Turns {
    /// Analyses the roll `pos` (its dice pool is the roll). `None` when the pool is empty or no
    /// micro-move is available: a pass.
    pub fn new(pos: &Position) -> Option<Turns> {
        if pos.dice.is_empty() {
            return None;
        }
        let mut turns = Turns {
            root: *pos,
            max_spent: 0,
            first: Vec::new(),
            first_info: Vec::new(),
            second: Vec::new(),
            can_capture: false,
        };
        let Turns { first, first_info, second, max_spent, can_capture, .. } = &mut turns;
        let mut child = *pos;
        for_each_available(pos, pos.dice, |m| {
            if first.is_empty() {
                // Not a pass: room for a typical roll at once (a pass allocates nothing).
                first.reserve(64);
                first_info.reserve(64);
            }
            first.push(Step { mv: m, position: *pos, spent: m.cost_len(), is_leaf: false, captures_king: false });
            let Some(step) = first.last_mut() else { return };
            step.captures_king = pos.is_king_capture(m);
            step.position.play_unchecked(m);
            step.position.dice = m.pay(pos.dice);
            let start = second.len() as u32;
            let below = if step.captures_king {
                Outlook::COMPLETE
            } else {
                if step.position.dice.len() > 1 && second.capacity() == 0 {
                    second.reserve(256);
                }
                outlook_listing(&step.position, step.position.dice, &mut child, second)
            };
            *max_spent = (*max_spent).max(step.spent + u32::from(below.best_any));
            *can_capture |= step.captures_king || below.can_capture;
            first_info.push(FirstInfo { start, end: second.len() as u32, below });
        });
        if turns.first.is_empty() {
            return None;
        }
        turns.keep_tree();
        Some(turns)
    }

    /// Keeps, now that `L*` is known, the first steps that belong to the tree (in place, order
    /// unchanged), marking the leaves.
    fn keep_tree(&mut self) {
        let mut kept = 0;
        for i in 0..self.first.len() {
            let (step, info) = (&self.first[i], self.first_info[i]);
            let Some(is_leaf) = verdict(self.max_spent, step.spent, step.captures_king, info.below) else { continue };
            self.first[i].is_leaf = is_leaf;
            self.first.swap(kept, i);
            self.first_info[kept] = info;
            kept += 1;
        }
        self.first.truncate(kept);
        self.first_info.truncate(kept);
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

    /// The step for `m` from a node whose position is `pos` after `spent` dice, if it belongs to
    /// the tree.
    #[inline]
    pub fn step(&self, pos: &Position, spent: u32, m: Move) -> Option<Step> {
        let mut step =
            Step { mv: m, position: *pos, spent: spent + m.cost_len(), is_leaf: false, captures_king: false };
        step.captures_king = pos.is_king_capture(m);
        step.position.play_unchecked(m);
        step.position.dice = m.pay(pos.dice);
        let below = if step.captures_king { Outlook::COMPLETE } else { outlook(&step.position, step.position.dice) };
        step.is_leaf = verdict(self.max_spent, step.spent, step.captures_king, below)?;
        Some(step)
    }

    /// Calls `f` with the children of a node in generation order (`spent == 0` is the root).
    pub fn for_each_child(&self, pos: &Position, spent: u32, mut f: impl FnMut(&Step)) {
        self.for_each_child_dyn(pos, spent, &mut f);
    }

    /// [`Turns::for_each_child`] compiled once: move generation is inlined wherever it is used,
    /// and this is not a hot path.
    fn for_each_child_dyn(&self, pos: &Position, spent: u32, f: &mut dyn FnMut(&Step)) {
        if spent == 0 {
            self.first.iter().for_each(f);
            return;
        }
        if pos.dice.len() == 1 {
            self.for_each_last_step(pos, spent, &mut self.buffer(), f);
            return;
        }
        for_each_available(pos, pos.dice, |m| {
            if let Some(step) = self.step(pos, spent, m) {
                f(&step)
            }
        });
    }

    /// The children of `parent`, a node with one die left after `spent` dice, in generation
    /// order: all leaves, king captures always, quiet moves only when they reach `L*`.
    #[inline]
    fn for_each_last_child(&self, parent: &Position, spent: u32, mut f: impl FnMut(Move, bool)) {
        let quiet_ok = spent + 1 == self.max_spent;
        let kings = parent.pieces(parent.turn.opponent(), Role::King);
        let Some(role) = parent.dice.first() else { return };
        if !quiet_ok && kings.is_empty() {
            return;
        }
        for_each_move(parent, RoleSet::EMPTY.with(role), |m| {
            if m.kind == MoveKind::Castle {
                return;
            }
            let captures_king = m.kind == MoveKind::Normal && kings.contains(m.to);
            if captures_king || quiet_ok {
                f(m, captures_king)
            }
        });
    }

    /// A buffer for building steps in: a step whose position has the roll's side to move and
    /// full-move number, which no move changes (copied once, not per step).
    fn buffer(&self) -> Step {
        Step { mv: FILLER, position: self.root, spent: 0, is_leaf: false, captures_king: false }
    }

    /// [`Turns::for_each_last_child`] with each child built in `step`, a [`Turns::buffer`].
    #[inline]
    fn for_each_last_step(&self, parent: &Position, spent: u32, step: &mut Step, mut f: impl FnMut(&Step)) {
        (step.spent, step.is_leaf, step.position.dice) = (spent + 1, true, Dice::EMPTY);
        self.for_each_last_child(parent, spent, |m, captures_king| {
            step.position.restore_from(parent);
            step.position.play_unchecked(m);
            step.mv = m;
            step.captures_king = captures_king;
            f(step);
        });
    }

    /// Calls `f` with `children` of `parent` in their order, each built in `step`, a
    /// [`Turns::buffer`]. Without `leaf_boards` the leaves' moves are not made: their steps hold a
    /// stale board (and the right dice, move and flags).
    #[inline]
    fn for_each_built(
        &self,
        parent: &Step,
        children: impl Iterator<Item = Child>,
        leaf_boards: bool,
        step: &mut Step,
        mut f: impl FnMut(&Step),
    ) {
        for child in children {
            if leaf_boards || !child.is_leaf {
                step.position.restore_from(&parent.position);
                step.position.play_unchecked(child.mv);
            }
            step.position.dice = child.mv.pay(parent.position.dice);
            step.mv = child.mv;
            step.spent = parent.spent + child.mv.cost_len();
            step.is_leaf = child.is_leaf;
            step.captures_king = child.captures_king;
            f(step);
        }
    }

    /// The children of the first step of index `i` that belong to the tree, judged, in
    /// generation order (none unless it leaves two dice).
    #[inline]
    fn second_of(&self, i: usize) -> impl Iterator<Item = Child> + '_ {
        let (spent, info) = (self.first.get(i).map_or(0, |s| s.spent), self.first_info.get(i));
        let children = info.and_then(|info| self.second.get(info.start as usize..info.end as usize));
        children.unwrap_or(&[]).iter().filter_map(move |child| {
            let is_leaf = verdict(self.max_spent, spent + child.mv.cost_len(), child.captures_king, child.below)?;
            Some(Child { is_leaf, ..*child })
        })
    }

    /// Calls `f` with the children of `parent`, a node with one die left, in generation order,
    /// each built in `step`, a [`Turns::buffer`]. They are listed in `leaves` first, so that
    /// the loop that makes them is one tight loop rather than a callback of move generation
    /// (which matters most in wasm, where each call passes its move through memory).
    #[inline]
    fn for_each_leaf_listed(
        &self,
        parent: &Step,
        leaves: &mut Vec<(Move, bool)>,
        step: &mut Step,
        mut f: impl FnMut(&Step),
    ) {
        leaves.clear();
        leaves.reserve(32);
        self.for_each_last_child(&parent.position, parent.spent, |mv, captures_king| leaves.push((mv, captures_king)));
        (step.spent, step.is_leaf, step.position.dice) = (parent.spent + 1, true, Dice::EMPTY);
        for &(mv, captures_king) in leaves.iter() {
            step.position.restore_from(&parent.position);
            step.position.play_inline(mv);
            (step.mv, step.captures_king) = (mv, captures_king);
            f(step);
        }
    }

    /// The children of a node, sorted in UCI order (the tree's key order).
    pub fn children_sorted(&self, pos: &Position, spent: u32, out: &mut Vec<Step>) {
        out.clear();
        self.for_each_child(pos, spent, |s| out.push(*s));
        out.sort_unstable_by_key(|s| s.mv.uci_order_key());
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
        self.walk_dyn(pos, spent, true, &mut visit);
    }

    /// The canonical walk of the whole tree with only its shape: `visit(path, is_leaf)` for every
    /// node, the leaves' moves not made (all that the turn tree's JSON needs).
    pub fn walk_shape(&self, mut visit: impl FnMut(&[Move], bool)) {
        self.walk_dyn(&self.root, 0, false, &mut |path, step| visit(path, step.is_leaf));
    }

    /// [`Turns::walk`] compiled once (its callers only differ in `visit`); `leaf_boards` as in
    /// [`Turns::for_each_built`].
    fn walk_dyn(&self, pos: &Position, spent: u32, leaf_boards: bool, visit: &mut dyn FnMut(&[Move], &Step)) {
        let mut buffers: [(Vec<Child>, Vec<u64>); MAX_DEPTH] = Default::default();
        let mut path = [FILLER; MAX_DEPTH];
        let mut walk = Walk { buffers: &mut buffers, path: &mut path, leaf_boards, visit };
        if spent > 0 {
            let node = Step { mv: FILLER, position: *pos, spent, is_leaf: false, captures_king: false };
            self.walk_below(&node, None, 0, &mut walk);
            return;
        }
        // The root: its children are the first steps, and Turns::new kept most of theirs.
        let (_, mut order) = std::mem::take(&mut walk.buffers[0]);
        order.clear();
        order.extend(self.first.iter().enumerate().map(|(i, s)| sort_key(s.mv, i)));
        order.sort_unstable();
        for &key in &order {
            let i = key as u32 as usize;
            let Some(step) = self.first.get(i) else { continue };
            walk.path[0] = step.mv;
            (walk.visit)(&walk.path[..1], step);
            if !step.is_leaf {
                self.walk_below(step, Some(i), 1, &mut walk);
            }
        }
    }

    /// The canonical walk below `node` at `depth` (`first`: its index if it is a first step).
    fn walk_below(&self, node: &Step, first: Option<usize>, depth: usize, walk: &mut Walk<'_, '_>) {
        let Some(buffer) = walk.buffers.get_mut(depth) else { return };
        let (mut children, mut order) = std::mem::take(buffer);
        self.children_of(node, first, &mut children);
        order.clear();
        order.extend(children.iter().enumerate().map(|(i, c)| sort_key(c.mv, i)));
        order.sort_unstable();
        let ordered = order.iter().filter_map(|&key| children.get(key as u32 as usize).copied());
        self.for_each_built(node, ordered, walk.leaf_boards, &mut self.buffer(), |step| {
            walk.path[depth] = step.mv;
            (walk.visit)(&walk.path[..=depth], step);
            if !step.is_leaf {
                self.walk_below(step, None, depth + 1, walk);
            }
        });
        walk.buffers[depth] = (children, order);
    }

    /// The children of `node` (a node below the root; `first`: its index if it is a first step)
    /// in generation order, into `out`.
    fn children_of(&self, node: &Step, first: Option<usize>, out: &mut Vec<Child>) {
        out.clear();
        match first {
            Some(i) if node.position.dice.len() > 1 => out.extend(self.second_of(i)),
            _ if node.position.dice.len() == 1 => {
                self.for_each_last_child(&node.position, node.spent, |mv, captures_king| {
                    out.push(Child { mv, captures_king, is_leaf: true, below: Outlook::COMPLETE })
                });
            }
            _ => self.for_each_child_dyn(&node.position, node.spent, &mut |s| {
                out.push(Child {
                    mv: s.mv,
                    captures_king: s.captures_king,
                    is_leaf: s.is_leaf,
                    below: Outlook::COMPLETE,
                })
            }),
        }
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
        let mut path = [FILLER; MAX_DEPTH];
        let (mut second_buffer, mut third_buffer) = (self.buffer(), self.buffer());
        let mut leaves = Vec::new();
        for (i, first) in self.first.iter().enumerate() {
            path[0] = first.mv;
            if first.is_leaf {
                f(&path[..1], first);
            } else if first.position.dice.len() == 1 {
                self.for_each_leaf_listed(first, &mut leaves, &mut second_buffer, |second| {
                    path[1] = second.mv;
                    f(&path[..2], second);
                });
            } else {
                self.for_each_built(first, self.second_of(i), true, &mut second_buffer, |second| {
                    path[1] = second.mv;
                    if second.is_leaf {
                        f(&path[..2], second);
                        return;
                    }
                    // Below the second level every node has one die left.
                    self.for_each_leaf_listed(second, &mut leaves, &mut third_buffer, |third| {
                        path[2] = third.mv;
                        f(&path, third);
                    });
                });
            }
        }
    }

    /// Counts the legal turns; nodes with one die left are counted in bulk.
    pub fn count(&self) -> u64 {
        // Every available move of a node with one die left ends the turn: king captures always
        // count, quiet moves when they reach L*.
        let last = |node: &Step| {
            let role = node.position.dice.first().unwrap_or(Role::Pawn);
            if node.spent + 1 == self.max_spent {
                count_single_die_moves(&node.position, role)
            } else {
                count_king_captures(&node.position, role)
            }
        };
        let (mut n, mut buffer) = (0, self.buffer());
        for (i, first) in self.first.iter().enumerate() {
            if first.is_leaf {
                n += 1;
            } else if first.position.dice.len() == 1 {
                n += last(first);
            } else {
                self.for_each_built(first, self.second_of(i), false, &mut buffer, |second| {
                    n += if second.is_leaf { 1 } else { last(second) };
                });
            }
        }
        n
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

/// The key that sorts children in UCI order, then generation order (index `i`); sorting small
/// keys instead of steps keeps walks cheap.
#[inline]
fn sort_key(m: Move, i: usize) -> u64 {
    u64::from(m.uci_order_key()) << 32 | i as u64
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

//! The legal turn tree of a [`Turns`]: its children, its canonical walk (RULES.md §9), the turns
//! in either order, their count and playable dice (RULES.md §10). Every node is judged by the
//! rule of `turns.rs`.
//!
//! Walks build each child in one reused `Step` (`Position::restore_from`, then the move) rather
//! than copying positions, which in wasm are `memory.copy` calls.

use super::dice::{Dice, RoleSet};
use super::movegen::{count_king_captures, count_single_die_moves, for_each_king_capture, for_each_move};
use super::moves::{Move, MoveKind, Uci};
use super::position::Position;
use super::turns::{
    admits, for_each_available, tally_below, verdict, Child, CountPaths, FirstInfo, Step, Tally, Turns, MAX_DEPTH,
};
use super::types::Role;
use std::convert::Infallible;
use std::ops::ControlFlow;

/// A visitor of a canonical walk: `Break` ends it.
type Visit<'v> = dyn FnMut(&[Move], &Step) -> ControlFlow<()> + 'v;

/// The state of a canonical walk: one buffer of children and sort keys per depth, the path,
/// whether leaves get their board, and the visitor.
struct Walk<'a, 'v> {
    buffers: &'a mut [(Vec<Child>, Vec<u64>); MAX_DEPTH],
    path: &'a mut [Move; MAX_DEPTH],
    leaf_boards: bool,
    visit: &'a mut Visit<'v>,
}

/// The state of a batched shape walk ([`Turns::walk_shape_batched`]): the buffers and path of a
/// canonical walk, and a last level's moves in canonical order.
struct ShapeWalk {
    buffers: [(Vec<Child>, Vec<u64>); MAX_DEPTH],
    path: [Move; MAX_DEPTH],
    ordered: Vec<Move>,
}

/// What [`Turns::walk_shape_batched`] tells of the tree's shape.
pub(crate) trait ShapeVisitor {
    /// A node that is not the child of a node with one die left: its path and whether it is a
    /// leaf.
    fn node(&mut self, path: &[Move], is_leaf: bool);
    /// The children of the node `path` ends with, a node with one die left: all leaves, in
    /// canonical order.
    fn last(&mut self, path: &[Move], children: &[Move]);
}

/// The state of a sampled walk ([`Turns::try_for_each_turn_sampled`], and with no quota the
/// king-capture walks): the buffers and path of a canonical walk, the turns still to take below
/// the current first step, what to take beyond them, and the visitor.
struct Sample<'a, 'v> {
    buffers: [(Vec<Child>, Vec<u64>); MAX_DEPTH],
    path: [Move; MAX_DEPTH],
    quota: u64,
    /// King captures still to take beyond the quotas.
    captures_left: u64,
    /// King captures to pass over before the first taken beyond the quotas (counted over all
    /// lengths: used with `max_len` 3).
    skip: u64,
    /// The most micro-moves of a king capture taken beyond the quotas.
    max_len: usize,
    visit: &'a mut Visit<'v>,
}

/// Into `order`, the sort keys of `children` in canonical order (`Move::sort_key`: the index in
/// `children` in the low bits).
fn sort_children(children: &[Child], order: &mut Vec<u64>) {
    order.clear();
    order.extend(children.iter().enumerate().map(|(i, c)| c.mv.sort_key(i)));
    crate::sort::sort_keys(order);
}

impl<'a, 'v> Sample<'a, 'v> {
    fn new(captures_left: u64, skip: u64, max_len: usize, visit: &'a mut Visit<'v>) -> Sample<'a, 'v> {
        let (buffers, path) = (Default::default(), [Move::FILLER; MAX_DEPTH]);
        Sample { buffers, path, quota: 0, captures_left, skip, max_len, visit }
    }

    /// Whether the walk enters a node, or takes a leaf, at path index `depth` that holds
    /// `captures` king captures: while the quota lasts every one; beyond it those that hold a
    /// capture not to be skipped and short enough, while captures are left.
    #[inline]
    fn enters(&mut self, depth: usize, is_leaf: bool, captures: u64) -> bool {
        if self.quota > 0 {
            return true;
        }
        // A node that is not a leaf at index `depth` ends turns of at least `depth + 2` moves.
        if captures == 0 || self.captures_left == 0 || (!is_leaf && depth + 2 > self.max_len) {
            return false;
        }
        if self.skip >= captures {
            self.skip -= captures;
            return false;
        }
        true
    }

    /// Counts a turn taken against the quota, or once it is spent against the captures.
    #[inline]
    fn take(&mut self) {
        if self.quota > 0 {
            self.quota -= 1;
        } else {
            self.captures_left = self.captures_left.saturating_sub(1);
        }
    }
}

/// The share of `limit` of a part of `count` among `total` (at least 1): how a sample past a cap
/// is split in proportion. u128: `limit * count` may pass u64.
pub(crate) fn share(limit: u64, count: u64, total: u64) -> u64 {
    u64::try_from(u128::from(limit) * u128::from(count) / u128::from(total.max(1))).unwrap_or(limit).max(1)
}

/// The king captures at or below a first step: itself if it is a leaf, else those its counts hold.
#[inline]
fn captures_at_first(step: &Step, info: &FirstInfo) -> u64 {
    if step.is_leaf {
        u64::from(step.captures_king)
    } else {
        info.below.captures()
    }
}

/// The king captures at or below a child: itself if it is a leaf, else those its counts hold.
#[inline]
fn captures_at(child: &Child) -> u64 {
    if child.is_leaf {
        u64::from(child.captures_king)
    } else {
        child.below.captures()
    }
}

/// The work cap of turn enumeration (issue 17): a roll with more legal turns than this is not
/// enumerated whole. The widest roll met in 1.02 million rolls of self-play had 151,146 turns
/// (`examples/turn_counts.rs`); a tree of a million leaves is about 10 MB of JSON and 110 MB of
/// JavaScript objects.
pub const MAX_LEGAL_TURNS: u64 = 1_000_000;

impl Turns {
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
    /// order: all leaves, the legal ones of the moves of that die.
    #[inline]
    fn for_each_last_child(&self, parent: &Position, spent: u32, mut f: impl FnMut(Move, bool)) {
        let quiet_ok = admits(self.max_spent, spent + 1, false);
        let kings = parent.pieces(parent.turn.opponent(), Role::King);
        let Some(role) = parent.dice.first() else { return };
        if !quiet_ok && kings.is_empty() {
            return;
        }
        for_each_move(parent, RoleSet::of(role), |m| {
            if m.kind == MoveKind::Castle {
                return;
            }
            let captures_king = m.kind == MoveKind::Normal && kings.contains(m.to);
            if quiet_ok || captures_king {
                f(m, captures_king)
            }
        });
    }

    /// A buffer for building steps in: a step whose position has the roll's side to move and
    /// full-move number, which no move changes (copied once, not per step).
    fn buffer(&self) -> Step {
        Step { mv: Move::FILLER, position: self.root, spent: 0, is_leaf: false, captures_king: false }
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
    /// [`Turns::buffer`], until it breaks. Without `leaf_boards` the leaves' moves are not made:
    /// their steps hold a stale board (and the right dice, move and flags).
    #[inline]
    fn try_for_each_built<B>(
        &self,
        parent: &Step,
        children: impl Iterator<Item = Child>,
        leaf_boards: bool,
        step: &mut Step,
        mut f: impl FnMut(&Step) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for child in children {
            Turns::build(parent, &child, leaf_boards, step);
            f(step)?;
        }
        ControlFlow::Continue(())
    }

    /// Builds `child` of `parent` in `step`; without `leaf_board`, a leaf's move is not made (its
    /// step holds a stale board, and the right dice, move and flags).
    #[inline]
    fn build(parent: &Step, child: &Child, leaf_board: bool, step: &mut Step) {
        if leaf_board || !child.is_leaf {
            step.position.restore_from(&parent.position);
            step.position.play_unchecked(child.mv);
        }
        step.position.dice = child.mv.pay(parent.position.dice);
        step.mv = child.mv;
        step.spent = parent.spent + child.mv.cost_len();
        step.is_leaf = child.is_leaf;
        step.captures_king = child.captures_king;
    }

    /// The children of the first step of index `i` that belong to the tree, judged, in
    /// generation order (none unless it leaves two dice).
    #[inline]
    fn second_of(&self, i: usize) -> impl Iterator<Item = Child> + '_ {
        let (spent, info) = (self.first.get(i).map_or(0, |s| s.spent), self.first_info.get(i));
        let children = info.and_then(|info| self.second.get(info.start as usize..info.end as usize));
        children.unwrap_or(&[]).iter().filter_map(move |child| {
            let is_leaf = verdict(self.max_spent, spent + child.mv.cost_len(), child.captures_king, &child.below)?;
            Some(Child { is_leaf, ..*child })
        })
    }

    /// Calls `f` with the children of `parent`, a node with one die left, in generation order,
    /// each built in `step`, a [`Turns::buffer`]. They are listed in `leaves` first, so that
    /// the loop that makes them is one tight loop rather than a callback of move generation
    /// (which matters most in wasm, where each call passes its move through memory).
    #[inline]
    fn try_for_each_leaf_listed<B>(
        &self,
        parent: &Step,
        leaves: &mut Vec<(Move, bool)>,
        step: &mut Step,
        mut f: impl FnMut(&Step) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        leaves.clear();
        leaves.reserve(32);
        self.for_each_last_child(&parent.position, parent.spent, |mv, captures_king| leaves.push((mv, captures_king)));
        (step.spent, step.is_leaf, step.position.dice) = (parent.spent + 1, true, Dice::EMPTY);
        for &(mv, captures_king) in leaves.iter() {
            step.position.restore_from(&parent.position);
            step.position.play_inline(mv);
            (step.mv, step.captures_king) = (mv, captures_king);
            f(step)?;
        }
        ControlFlow::Continue(())
    }

    /// The children of a node, sorted in UCI order (the tree's key order).
    pub fn children_sorted(&self, pos: &Position, spent: u32, out: &mut Vec<Step>) {
        out.clear();
        self.for_each_child(pos, spent, |s| out.push(*s));
        crate::sort::sort_by_key(out, |s| u64::from(s.mv.uci_order_key()));
    }

    /// The legal first micro-moves in generation order (RULES.md §9).
    pub fn first_moves(&self) -> Vec<Move> {
        self.first.iter().map(|s| s.mv).collect()
    }

    /// Follows `prefix` from the root: the node reached, or `None` if `prefix` does not begin a
    /// legal turn. An empty prefix gives the root (spent 0, not a leaf).
    pub fn follow(&self, prefix: &[Uci]) -> Option<Step> {
        let mut node = self.buffer();
        for &uci in prefix {
            if node.is_leaf {
                return None;
            }
            node = self.child(&node.position, node.spent, uci)?;
        }
        Some(node)
    }

    /// The child with the UCI identity `uci` of the node at `pos` after `spent` dice, if any.
    pub fn child(&self, pos: &Position, spent: u32, uci: Uci) -> Option<Step> {
        let mut found = None;
        self.for_each_child(pos, spent, |s| {
            if found.is_none() && uci.matches(s.mv) {
                found = Some(*s);
            }
        });
        found
    }

    /// Walks the subtree below a node depth-first in canonical order (children in UCI order),
    /// calling `visit(path, step)` for every node; `path` holds the moves from the node down to
    /// and including `step.mv`. Uses one buffer per depth, no per-node allocation.
    pub fn walk(&self, pos: &Position, spent: u32, mut visit: impl FnMut(&[Move], &Step)) {
        let _ = self.try_walk(pos, spent, |path, step| {
            visit(path, step);
            ControlFlow::Continue(())
        });
    }

    /// [`Turns::walk`] until `visit` breaks; returns whether it did.
    pub fn try_walk(
        &self,
        pos: &Position,
        spent: u32,
        mut visit: impl FnMut(&[Move], &Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.walk_dyn(pos, spent, true, &mut visit)
    }

    /// The canonical walk of the whole tree with only its shape: `visit(path, is_leaf)` for every
    /// node, the leaves' moves not made (all that the turn tree's JSON needs).
    pub fn walk_shape(&self, visit: impl FnMut(&[Move], bool)) {
        self.walk_shape_below(&self.root, 0, visit);
    }

    /// [`Turns::walk_shape`] of the subtree below the node `pos` (`spent` dice spent; 0 is the
    /// root), paths relative to it.
    pub fn walk_shape_below(&self, pos: &Position, spent: u32, mut visit: impl FnMut(&[Move], bool)) {
        let _ = self.walk_dyn(pos, spent, false, &mut |path, step| {
            visit(path, step.is_leaf);
            ControlFlow::Continue(())
        });
    }

    /// [`Turns::walk_shape_below`] for writers of the whole shape (the package's turn tree,
    /// issue 15): `visitor.node(path, is_leaf)` for every node but the children of the nodes
    /// with one die left, which are all leaves and come to `visitor.last(path, children)` at
    /// once, in canonical order, right after their parent's visit (`path` ends with the parent).
    /// The same nodes in the same order as [`Turns::walk_shape_below`], in less time: the last
    /// level, most of a tree, is handed over as bare moves, without a step built and a call made
    /// per leaf.
    pub(crate) fn walk_shape_batched(&self, pos: &Position, spent: u32, visitor: &mut impl ShapeVisitor) {
        let mut walk = ShapeWalk { buffers: Default::default(), path: [Move::FILLER; MAX_DEPTH], ordered: Vec::new() };
        if spent > 0 {
            let node = Step { mv: Move::FILLER, position: *pos, spent, is_leaf: false, captures_king: false };
            return self.shape_below(&node, None, 0, &mut walk, visitor);
        }
        let mut order = Vec::new();
        self.sorted_first(&mut order);
        for &key in &order {
            let i = key as u32 as usize;
            let Some(step) = self.first.get(i) else { continue };
            walk.path[0] = step.mv;
            visitor.node(&walk.path[..1], step.is_leaf);
            if !step.is_leaf {
                self.shape_below(step, Some(i), 1, &mut walk, visitor);
            }
        }
    }

    /// The shape below `node` at `depth` (`first`: its index if it is a first step), for
    /// [`Turns::walk_shape_batched`].
    fn shape_below(
        &self,
        node: &Step,
        first: Option<usize>,
        depth: usize,
        walk: &mut ShapeWalk,
        visitor: &mut impl ShapeVisitor,
    ) {
        let Some(buffer) = walk.buffers.get_mut(depth) else { return };
        let (mut children, mut order) = std::mem::take(buffer);
        self.sorted_children(node, first, &mut children, &mut order);
        if node.position.dice.len() == 1 {
            // All its children are leaves.
            walk.ordered.clear();
            walk.ordered.extend(order.iter().filter_map(|&key| children.get(key as u32 as usize).map(|c| c.mv)));
            visitor.last(walk.path.get(..depth).unwrap_or_default(), &walk.ordered);
        } else {
            let mut step = self.buffer();
            for &key in &order {
                let Some(child) = children.get(key as u32 as usize) else { continue };
                Turns::build(node, child, false, &mut step);
                let Some(slot) = walk.path.get_mut(depth) else { break };
                *slot = step.mv;
                visitor.node(walk.path.get(..=depth).unwrap_or_default(), step.is_leaf);
                if !step.is_leaf {
                    self.shape_below(&step, None, depth + 1, walk, visitor);
                }
            }
        }
        if let Some(buffer) = walk.buffers.get_mut(depth) {
            *buffer = (children, order);
        }
    }

    /// [`Turns::try_walk`] compiled once (its callers only differ in `visit`); `leaf_boards` as
    /// in [`Turns::try_for_each_built`].
    fn walk_dyn(&self, pos: &Position, spent: u32, leaf_boards: bool, visit: &mut Visit<'_>) -> ControlFlow<()> {
        let mut buffers: [(Vec<Child>, Vec<u64>); MAX_DEPTH] = Default::default();
        let mut path = [Move::FILLER; MAX_DEPTH];
        let mut walk = Walk { buffers: &mut buffers, path: &mut path, leaf_boards, visit };
        if spent > 0 {
            let node = Step { mv: Move::FILLER, position: *pos, spent, is_leaf: false, captures_king: false };
            return self.walk_below(&node, None, 0, &mut walk);
        }
        // The root: its children are the first steps, and Turns::new kept most of theirs.
        let (_, mut order) = std::mem::take(&mut walk.buffers[0]);
        self.sorted_first(&mut order);
        for &key in &order {
            let i = key as u32 as usize;
            let Some(step) = self.first.get(i) else { continue };
            walk.path[0] = step.mv;
            (walk.visit)(&walk.path[..1], step)?;
            if !step.is_leaf {
                self.walk_below(step, Some(i), 1, &mut walk)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The canonical walk below `node` at `depth` (`first`: its index if it is a first step).
    fn walk_below(&self, node: &Step, first: Option<usize>, depth: usize, walk: &mut Walk<'_, '_>) -> ControlFlow<()> {
        let Some(buffer) = walk.buffers.get_mut(depth) else { return ControlFlow::Continue(()) };
        let (mut children, mut order) = std::mem::take(buffer);
        self.sorted_children(node, first, &mut children, &mut order);
        let ordered = order.iter().filter_map(|&key| children.get(key as u32 as usize).copied());
        let flow = self.try_for_each_built(node, ordered, walk.leaf_boards, &mut self.buffer(), |step| {
            walk.path[depth] = step.mv;
            (walk.visit)(&walk.path[..=depth], step)?;
            if !step.is_leaf {
                self.walk_below(step, None, depth + 1, walk)?;
            }
            ControlFlow::Continue(())
        });
        walk.buffers[depth] = (children, order);
        flow
    }

    /// Into `order`, the sort keys of the first steps in canonical order (`Move::sort_key`: the
    /// index in `first` in the low bits).
    fn sorted_first(&self, order: &mut Vec<u64>) {
        order.clear();
        order.extend(self.first.iter().enumerate().map(|(i, s)| s.mv.sort_key(i)));
        crate::sort::sort_keys(order);
    }

    /// The children of `node` (as [`Turns::children_of`]) into `children`, and into `order` their
    /// sort keys in canonical order (`Move::sort_key`: the index in `children` in the low bits).
    fn sorted_children(&self, node: &Step, first: Option<usize>, children: &mut Vec<Child>, order: &mut Vec<u64>) {
        self.children_of(node, first, children);
        sort_children(children, order);
    }

    /// The king captures among the children of `node`, a node with one die left, as
    /// [`Turns::sorted_children`] gives its children: found from the kings' squares, the other
    /// moves not generated.
    fn sorted_last_king_captures(node: &Step, children: &mut Vec<Child>, order: &mut Vec<u64>) {
        children.clear();
        if let Some(role) = node.position.dice.first() {
            for_each_king_capture(&node.position, role, |mv| {
                children.push(Child { mv, captures_king: true, is_leaf: true, below: Tally::default() })
            });
        }
        sort_children(children, order);
    }

    /// The children of `node` (a node below the root; `first`: its index if it is a first step)
    /// in generation order, into `out`.
    fn children_of(&self, node: &Step, first: Option<usize>, out: &mut Vec<Child>) {
        out.clear();
        let leaf = |mv, captures_king, is_leaf| Child { mv, captures_king, is_leaf, below: Tally::default() };
        match first {
            Some(i) if node.position.dice.len() > 1 => out.extend(self.second_of(i)),
            _ if node.position.dice.len() == 1 => {
                self.for_each_last_child(&node.position, node.spent, |mv, captures_king| {
                    out.push(leaf(mv, captures_king, true))
                });
            }
            _ => self.for_each_child_dyn(&node.position, node.spent, &mut |s| {
                out.push(leaf(s.mv, s.captures_king, s.is_leaf))
            }),
        }
    }

    /// Calls `f(moves, final position)` for every legal turn in canonical order; the final
    /// position has the remaining dice and the side to move unchanged (no `endTurn`).
    pub fn for_each_turn(&self, mut f: impl FnMut(&[Move], &Step)) {
        let _ = self.try_for_each_turn(|path, step| {
            f(path, step);
            ControlFlow::Continue(())
        });
    }

    /// [`Turns::for_each_turn`] until `f` breaks; returns whether it did.
    pub fn try_for_each_turn(&self, mut f: impl FnMut(&[Move], &Step) -> ControlFlow<()>) -> ControlFlow<()> {
        self.try_walk(&self.root, 0, |path, step| if step.is_leaf { f(path, step) } else { ControlFlow::Continue(()) })
    }

    /// Calls `f(moves, final step)` for every legal turn in generation order (cheaper than the
    /// canonical order: nothing is sorted).
    pub fn for_each_turn_unordered(&self, mut f: impl FnMut(&[Move], &Step)) {
        let ControlFlow::Continue(()) = self.try_for_each_turn_unordered(|path, step| {
            f(path, step);
            ControlFlow::<Infallible>::Continue(())
        });
    }

    /// [`Turns::for_each_turn_unordered`] until `f` breaks, which it returns.
    pub fn try_for_each_turn_unordered<B>(
        &self,
        mut f: impl FnMut(&[Move], &Step) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut path = [Move::FILLER; MAX_DEPTH];
        let (mut second_buffer, mut third_buffer) = (self.buffer(), self.buffer());
        let mut leaves = Vec::new();
        for (i, first) in self.first.iter().enumerate() {
            path[0] = first.mv;
            if first.is_leaf {
                f(&path[..1], first)?;
            } else if first.position.dice.len() == 1 {
                self.try_for_each_leaf_listed(first, &mut leaves, &mut second_buffer, |second| {
                    path[1] = second.mv;
                    f(&path[..2], second)
                })?;
            } else {
                self.try_for_each_built(first, self.second_of(i), true, &mut second_buffer, |second| {
                    path[1] = second.mv;
                    if second.is_leaf {
                        return f(&path[..2], second);
                    }
                    // Below the second level every node has one die left.
                    self.try_for_each_leaf_listed(second, &mut leaves, &mut third_buffer, |third| {
                        path[2] = third.mv;
                        f(&path, third)
                    })
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The number of legal turns, counted by [`Turns::new`] (nodes with one die left in bulk):
    /// known on any roll without making the turns.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The number of legal turns through the node `pos` reached after `spent` dice (0 is the
    /// root; a leaf counts once), counted without making them.
    pub fn count_below(&self, pos: &Position, spent: u32) -> u64 {
        if spent == 0 {
            return self.count;
        }
        if pos.dice.is_empty() {
            return 1;
        }
        let below = tally_below(&mut CountPaths, pos, spent, ()).continue_value().unwrap_or_default();
        below.legal(self.max_spent)
    }

    /// Whether the roll has more than [`MAX_LEGAL_TURNS`] legal turns: then the whole tree is not
    /// enumerated (`getLegalTurnTree` gives `null`, and the bots choose among a sample).
    pub fn exceeds_cap(&self) -> bool {
        self.count > MAX_LEGAL_TURNS
    }

    /// A sample of at most about `2 * limit` legal turns in canonical order, for rolls too wide
    /// to enumerate: below each first step, its first turns in canonical order in proportion to
    /// its share of all the turns (at least one), and beyond that every king capture, `limit` of
    /// them at most. Every legal turn when there are at most `limit`. `f` ends the walk by
    /// breaking; returns whether it did. The work is the count's and the turns visited.
    pub fn try_for_each_turn_sampled(
        &self,
        limit: u64,
        mut f: impl FnMut(&[Move], &Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let total = self.count;
        if total <= limit {
            return self.try_for_each_turn(f);
        }
        // At least one turn of each first step.
        self.sample(&mut Sample::new(limit, 0, MAX_DEPTH, &mut f), |count| share(limit, count, total))
    }

    /// The king captures of at most `max_len` micro-moves in canonical order until `f` breaks,
    /// visiting only the subtrees that hold one (their counts are [`Turns::new`]'s) and, at the
    /// last die, making only the moves onto a king's square. Returns whether `f` broke.
    pub fn try_for_each_king_capture(
        &self,
        max_len: usize,
        mut f: impl FnMut(&[Move], &Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.sample(&mut Sample::new(u64::MAX, 0, max_len, &mut f), |_| 0)
    }

    /// Calls `f` with the king capture of index `k` among all of them in canonical order, if
    /// there is one: only the subtrees on its path are expanded.
    pub fn nth_king_capture(&self, k: u64, f: impl FnOnce(&[Move], &Step)) {
        let mut f = Some(f);
        let _ = self.sample(
            &mut Sample::new(1, k, MAX_DEPTH, &mut |path, step| {
                if let Some(f) = f.take() {
                    f(path, step);
                }
                ControlFlow::Break(())
            }),
            |_| 0,
        );
    }

    /// The number of king captures among the legal turns.
    pub fn king_capture_count(&self) -> u64 {
        self.first.iter().zip(&self.first_info).map(|(step, info)| captures_at_first(step, info)).sum()
    }

    /// The fewest micro-moves of a king capture, or `None` without one.
    pub fn shortest_king_capture(&self) -> Option<usize> {
        if !self.can_capture {
            return None;
        }
        if self.first.iter().any(|s| s.is_leaf && s.captures_king) {
            return Some(1);
        }
        let in_two = self.first.iter().enumerate().any(|(i, s)| match s.position.dice.first() {
            _ if s.is_leaf => false,
            Some(role) if s.position.dice.len() == 1 => count_king_captures(&s.position, role) > 0,
            _ => self.second_of(i).any(|c| c.is_leaf && c.captures_king),
        });
        Some(if in_two { 2 } else { 3 })
    }

    /// The sampled walk from the root: below each first step, the first `quota(its turns)` turns
    /// in canonical order, then the king captures that `s` asks for.
    fn sample(&self, s: &mut Sample<'_, '_>, quota: impl Fn(u64) -> u64) -> ControlFlow<()> {
        let mut order = Vec::new();
        self.sorted_first(&mut order);
        for &key in &order {
            let i = key as u32 as usize;
            let (Some(step), Some(info)) = (self.first.get(i), self.first_info.get(i)) else { continue };
            s.quota = quota(info.below.legal(self.max_spent));
            if !s.enters(0, step.is_leaf, captures_at_first(step, info)) {
                continue;
            }
            s.path[0] = step.mv;
            if step.is_leaf {
                s.take();
                (s.visit)(&s.path[..1], step)?;
            } else {
                self.sample_below(step, Some(i), 1, s)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The sampled walk below `node` at `depth` (`first`: its index if it is a first step):
    /// while the quota lasts every turn, then only the king captures.
    fn sample_below(&self, node: &Step, first: Option<usize>, depth: usize, s: &mut Sample<'_, '_>) -> ControlFlow<()> {
        let Some(buffer) = s.buffers.get_mut(depth) else { return ControlFlow::Continue(()) };
        let (mut children, mut order) = std::mem::take(buffer);
        // Past the quota only king captures are taken: at the last die, only they are made.
        if s.quota == 0 && node.position.dice.len() == 1 {
            Turns::sorted_last_king_captures(node, &mut children, &mut order);
        } else {
            self.sorted_children(node, first, &mut children, &mut order);
        }
        let mut flow = ControlFlow::Continue(());
        let mut step = self.buffer();
        for &key in &order {
            let Some(child) = children.get(key as u32 as usize) else { continue };
            if !s.enters(depth, child.is_leaf, captures_at(child)) {
                continue;
            }
            Turns::build(node, child, true, &mut step);
            s.path[depth] = child.mv;
            flow = if step.is_leaf {
                s.take();
                (s.visit)(&s.path[..=depth], &step)
            } else {
                self.sample_below(&step, None, depth + 1, s)
            };
            if flow.is_break() {
                break;
            }
        }
        if let Some(buffer) = s.buffers.get_mut(depth) {
            *buffer = (children, order);
        }
        flow
    }

    /// The micro-moves one die of type `role` allows in `pos` (castling needs two dice, so it
    /// is excluded), counted in bulk: `(all, king captures)`. Each of them ends a path, which is
    /// how [`Turns::count`] counts the last level of the tree.
    pub fn count_single_die(pos: &Position, role: Role) -> (u64, u64) {
        (count_single_die_moves(pos, role), count_king_captures(pos, role))
    }

    /// The dice field spendable after `prefix` (RULES.md §10), or `None` if `prefix` does not
    /// begin a legal turn: the per-face maximum of the dice the legal turns through that node
    /// spend after it, read from the judged first two levels (the turns are never made).
    pub fn playable_after(&self, prefix: &[Uci]) -> Option<Dice> {
        let node = self.follow(prefix)?;
        if node.is_leaf {
            return Some(Dice::EMPTY);
        }
        if node.spent == 0 {
            let spent = |(i, s): (usize, &Step)| {
                if s.is_leaf {
                    s.mv.cost()
                } else {
                    s.mv.cost().plus(self.spendable_after_first(i)).unwrap_or(Dice::EMPTY)
                }
            };
            return Some(self.first.iter().enumerate().map(spent).fold(Dice::EMPTY, Dice::max_per_face));
        }
        match self.first.iter().position(|s| prefix.len() == 1 && s.mv == node.mv) {
            Some(i) => Some(self.spendable_after_first(i)),
            // Deeper than the first step, a node that is not a leaf has one die left: its
            // children are legal turns that spend it.
            None => Some(node.position.dice),
        }
    }

    /// The per-face maximum of the dice that the legal turns through the first step of index
    /// `i`, not a leaf, spend after it.
    fn spendable_after_first(&self, i: usize) -> Dice {
        let pool = self.first.get(i).map_or(Dice::EMPTY, |s| s.position.dice);
        if pool.len() <= 1 {
            return pool;
        }
        // Its children that are not leaves have one die left, which their children spend.
        self.second_of(i).map(|c| if c.is_leaf { c.mv.cost() } else { pool }).fold(Dice::EMPTY, Dice::max_per_face)
    }
}

//! The legal turn tree of a [`Turns`]: its children, the one walk over it ([`Turns::walk`], its
//! options a [`Walk`]; the canonical order of RULES.md §9), the turns' count and playable dice
//! (RULES.md §10), and the queries on its king captures. Every node is judged by the rule of
//! `turns.rs`; what is capped on wide rolls is `cap.rs`.
//!
//! Walks build each child in one reused `Step` (`Position::restore_from`, then the move) rather
//! than copying positions, which in wasm are `memory.copy` calls.

use super::cap::{exceeds_tree_cap, share};
use super::dice::{Dice, RoleSet};
use super::movegen::{count_king_captures, for_each_king_capture, for_each_move};
use super::moves::{Move, MoveKind, Uci};
use super::position::Position;
use super::turns::{
    admits, for_each_available, tally_below, verdict, Child, CountPaths, FirstInfo, Step, Tally, Turns, MAX_DEPTH,
};
use super::types::Role;
use std::ops::ControlFlow;

/// How [`Turns::walk`] goes: which nodes it visits (every node, every legal turn, a sample of the
/// turns or the king captures), in which order and from which node. Depth first, each node
/// before its children; by default in canonical order (children in UCI order, RULES.md §9).
///
/// ```
/// # use dicechess::{Position, Turns, Walk};
/// # use std::ops::ControlFlow;
/// let pos = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PBR").unwrap();
/// let turns = Turns::of_position(&pos).unwrap();
/// let mut n = 0;
/// let _ = turns.walk(Walk::turns().generation_order(), |_moves, _end| {
///     n += 1;
///     ControlFlow::<()>::Continue(())
/// });
/// assert_eq!(n, turns.count());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    visit: Visit,
    order: Order,
    /// The node whose subtree is walked (its position and the dice spent); `None` for the root.
    below: Option<(Position, u32)>,
}

/// Which nodes a [`Walk`] visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Visit {
    Nodes,
    Turns,
    Sample { limit: u64 },
    KingCaptures { max_len: usize },
}

/// The order of a node's children in a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// UCI order (RULES.md §9): the tree's key order.
    Canonical,
    /// Move-generation order: cheaper, nothing is sorted.
    Generation,
}

impl Walk {
    /// Every node of the tree: the inner ones and the leaves (the legal turns).
    pub const fn nodes() -> Walk {
        Walk { visit: Visit::Nodes, order: Order::Canonical, below: None }
    }

    /// Every legal turn (the leaves), visited with its moves and final step: the final position
    /// has the remaining dice and the side to move unchanged (no `endTurn`).
    pub const fn turns() -> Walk {
        Walk { visit: Visit::Turns, ..Walk::nodes() }
    }

    /// The nodes (as [`Walk::nodes`]) of the subtree below the node `pos` reached after `spent`
    /// dice (0 is the root), the paths relative to it.
    pub const fn nodes_below(pos: &Position, spent: u32) -> Walk {
        Walk { below: if spent == 0 { None } else { Some((*pos, spent)) }, ..Walk::nodes() }
    }

    /// The legal turns (as [`Walk::turns`]) through the node `pos` reached after `spent` dice
    /// (0 is the root), the paths relative to it.
    pub const fn turns_below(pos: &Position, spent: u32) -> Walk {
        Walk { visit: Visit::Turns, ..Walk::nodes_below(pos, spent) }
    }

    /// A sample of at most about `2 * limit` legal turns, for rolls too wide to list: below each
    /// first step, its first turns in the walk's order in proportion to its share of all the
    /// turns (at least one), and beyond that every king capture, `limit` of them at most. Every
    /// legal turn when there are at most `limit`. The work is the count's and the turns visited.
    pub const fn sample(limit: u64) -> Walk {
        Walk { visit: Visit::Sample { limit }, ..Walk::nodes() }
    }

    /// The king captures of at most `max_len` micro-moves, visiting only the subtrees that hold
    /// one (their counts are [`Turns::new`]'s) and, at the last die, making only the moves onto
    /// a king's square.
    pub const fn king_captures(max_len: usize) -> Walk {
        Walk { visit: Visit::KingCaptures { max_len }, ..Walk::nodes() }
    }

    /// The same walk with each node's children in move-generation order: cheaper (nothing is
    /// sorted), for callers that do not show or choose by the order.
    #[must_use]
    pub const fn generation_order(self) -> Walk {
        Walk { order: Order::Generation, ..self }
    }
}

/// A visitor of a walk compiled once: `Break` ends the walk.
type Visitor<'v> = dyn FnMut(&[Move], &Step) -> ControlFlow<()> + 'v;

/// The state of a walk of every node: one buffer of children and sort keys per depth, the path,
/// the order and the visitor.
struct DepthFirst<'a, 'v> {
    buffers: &'a mut [(Vec<Child>, Vec<u64>); MAX_DEPTH],
    path: &'a mut [Move; MAX_DEPTH],
    order: Order,
    visit: &'a mut Visitor<'v>,
}

/// The state of a shape walk ([`Turns::walk_shape`]): the buffers and path of a canonical walk,
/// and a last level's moves in canonical order.
struct ShapeWalk {
    buffers: [(Vec<Child>, Vec<u64>); MAX_DEPTH],
    path: [Move; MAX_DEPTH],
    ordered: Vec<Move>,
}

/// What [`Turns::walk_shape`] tells of the tree's shape.
pub trait ShapeVisitor {
    /// A node that is not the child of a node with one die left: its path and whether it is a
    /// leaf.
    fn node(&mut self, path: &[Move], is_leaf: bool);
    /// The children of the node `path` ends with, a node with one die left: all leaves, in
    /// canonical order.
    fn last(&mut self, path: &[Move], children: &[Move]);
}

/// The state of a sampled walk ([`Walk::sample`], and with no quota the king-capture walks):
/// the buffers, path and order of a walk of every node, the turns still to take below the
/// current first step, what to take beyond them, and the visitor.
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
    order: Order,
    visit: &'a mut Visitor<'v>,
}

/// Into `keys`, the keys of `children` in the walk's `order`: each holds its child's index in
/// the low 32 bits (`Move::sort_key` for the canonical order).
fn order_children(children: &[Child], order: Order, keys: &mut Vec<u64>) {
    match order {
        Order::Canonical => sort_children(children, keys),
        Order::Generation => {
            keys.clear();
            keys.extend(0..children.len() as u64);
        }
    }
}

/// Into `keys`, the sort keys of `children` in canonical order (`Move::sort_key`: the index in
/// `children` in the low bits).
fn sort_children(children: &[Child], keys: &mut Vec<u64>) {
    keys.clear();
    keys.extend(children.iter().enumerate().map(|(i, c)| c.mv.sort_key(i)));
    crate::sort::sort_keys(keys);
}

impl<'a, 'v> Sample<'a, 'v> {
    fn new(captures_left: u64, skip: u64, max_len: usize, order: Order, visit: &'a mut Visitor<'v>) -> Sample<'a, 'v> {
        let (buffers, path) = (Default::default(), [Move::FILLER; MAX_DEPTH]);
        Sample { buffers, path, quota: 0, captures_left, skip, max_len, order, visit }
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

    /// The children of a node in generation order (`spent == 0` is the root; none at a leaf).
    pub fn children(&self, pos: &Position, spent: u32) -> Vec<Step> {
        let mut out = Vec::new();
        self.for_each_child_dyn(pos, spent, &mut |s| out.push(*s));
        out
    }

    /// Calls `f` with the children of a node in generation order, compiled once: move generation
    /// is inlined wherever it is used, and this is not a hot path.
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
    /// [`Turns::buffer`], until it breaks.
    #[inline]
    fn try_for_each_built<B>(
        parent: &Step,
        children: impl Iterator<Item = Child>,
        step: &mut Step,
        mut f: impl FnMut(&Step) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for child in children {
            Turns::build(parent, &child, true, step);
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
        self.for_each_child_dyn(pos, spent, &mut |s| {
            if found.is_none() && uci.matches(s.mv) {
                found = Some(*s);
            }
        });
        found
    }

    /// Walks the tree as `walk` says, calling `visit(path, step)` for each node it visits until
    /// `visit` breaks, which it returns; `path` holds the moves from the walk's first node down
    /// to and including `step.mv`. One buffer per depth, no per-node allocation.
    #[inline]
    pub fn walk<B>(&self, walk: Walk, mut visit: impl FnMut(&[Move], &Step) -> ControlFlow<B>) -> ControlFlow<B> {
        if (walk.visit, walk.order, walk.below.is_none()) == (Visit::Turns, Order::Generation, true) {
            // The bots' enumeration: the fixed three levels in one monomorphised loop.
            return self.walk_turns_generated(visit);
        }
        let mut broke = None;
        // Only a walk of every node visits inner nodes: the others' leaves are kept here, in
        // the one call per node that crosses to the walk compiled once.
        let nodes = walk.visit == Visit::Nodes;
        let flow = self.walk_dyn(walk, &mut |path, step| {
            if !nodes && !step.is_leaf {
                return ControlFlow::Continue(());
            }
            visit(path, step).map_break(|b| {
                broke = Some(b);
            })
        });
        match (flow, broke) {
            (ControlFlow::Break(()), Some(b)) => ControlFlow::Break(b),
            _ => ControlFlow::Continue(()),
        }
    }

    /// [`Turns::walk`] compiled once (its callers only differ in `visit`), but for keeping the
    /// leaves: a walk of the turns visits every node here, and [`Turns::walk`] passes the
    /// leaves on.
    fn walk_dyn(&self, walk: Walk, visit: &mut Visitor<'_>) -> ControlFlow<()> {
        match walk.visit {
            Visit::Nodes | Visit::Turns => self.walk_nodes(walk.below, walk.order, visit),
            Visit::Sample { limit } => self.walk_sample(limit, walk.order, visit),
            Visit::KingCaptures { max_len } => {
                self.sample(&mut Sample::new(u64::MAX, 0, max_len, walk.order, visit), |_| 0)
            }
        }
    }

    /// The canonical walk of the tree's shape, for writers of the whole shape (the package's
    /// turn tree, issue 15): from the node `pos` (`spent` dice spent; 0 is the root),
    /// `visitor.node(path, is_leaf)` for every node but the children of the nodes with one die
    /// left, which are all leaves and come to `visitor.last(path, children)` at once, in
    /// canonical order, right after their parent's visit (`path` ends with the parent). The
    /// nodes of [`Walk::nodes_below`] in its order, in less time: the leaves' moves are not made,
    /// and the last level, most of a tree, is handed over as bare moves, without a step built
    /// and a call made per leaf.
    #[inline]
    pub fn walk_shape(&self, pos: &Position, spent: u32, visitor: &mut impl ShapeVisitor) {
        let mut walk = ShapeWalk { buffers: Default::default(), path: [Move::FILLER; MAX_DEPTH], ordered: Vec::new() };
        if spent > 0 {
            let node = Step { mv: Move::FILLER, position: *pos, spent, is_leaf: false, captures_king: false };
            return self.shape_below(&node, None, 0, &mut walk, visitor);
        }
        let mut order = Vec::new();
        self.sorted_first(Order::Canonical, &mut order);
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
    /// [`Turns::walk_shape`].
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
        self.sorted_children(node, first, Order::Canonical, &mut children, &mut order);
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

    /// The walk of every node below `below` (`None`: the root) in `order`.
    fn walk_nodes(&self, below: Option<(Position, u32)>, order: Order, visit: &mut Visitor<'_>) -> ControlFlow<()> {
        let mut buffers: [(Vec<Child>, Vec<u64>); MAX_DEPTH] = Default::default();
        let mut path = [Move::FILLER; MAX_DEPTH];
        let mut walk = DepthFirst { buffers: &mut buffers, path: &mut path, order, visit };
        if let Some((position, spent)) = below {
            let node = Step { mv: Move::FILLER, position, spent, is_leaf: false, captures_king: false };
            return self.walk_below(&node, None, 0, &mut walk);
        }
        // The root: its children are the first steps, and Turns::new kept most of theirs.
        let (_, mut keys) = std::mem::take(&mut walk.buffers[0]);
        self.sorted_first(order, &mut keys);
        for &key in &keys {
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

    /// The walk of every node below `node` at `depth` (`first`: its index if it is a first step).
    fn walk_below(
        &self,
        node: &Step,
        first: Option<usize>,
        depth: usize,
        walk: &mut DepthFirst<'_, '_>,
    ) -> ControlFlow<()> {
        let Some(buffer) = walk.buffers.get_mut(depth) else { return ControlFlow::Continue(()) };
        let (mut children, mut order) = std::mem::take(buffer);
        self.sorted_children(node, first, walk.order, &mut children, &mut order);
        let ordered = order.iter().filter_map(|&key| children.get(key as u32 as usize).copied());
        let flow = Turns::try_for_each_built(node, ordered, &mut self.buffer(), |step| {
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

    /// Into `keys`, the keys of the first steps in `order` (their index in `first` in the low
    /// bits).
    fn sorted_first(&self, order: Order, keys: &mut Vec<u64>) {
        keys.clear();
        match order {
            Order::Canonical => {
                keys.extend(self.first.iter().enumerate().map(|(i, s)| s.mv.sort_key(i)));
                crate::sort::sort_keys(keys);
            }
            Order::Generation => keys.extend(0..self.first.len() as u64),
        }
    }

    /// The children of `node` (as [`Turns::children_of`]) into `children`, and into `keys` their
    /// keys in `order` (their index in `children` in the low bits).
    fn sorted_children(
        &self,
        node: &Step,
        first: Option<usize>,
        order: Order,
        children: &mut Vec<Child>,
        keys: &mut Vec<u64>,
    ) {
        self.children_of(node, first, children);
        order_children(children, order, keys);
    }

    /// The king captures among the children of `node`, a node with one die left, as
    /// [`Turns::sorted_children`] gives its children: found from the kings' squares, the other
    /// moves not generated.
    fn sorted_last_king_captures(node: &Step, order: Order, children: &mut Vec<Child>, keys: &mut Vec<u64>) {
        children.clear();
        if let Some(role) = node.position.dice.first() {
            for_each_king_capture(&node.position, role, |mv| {
                children.push(Child { mv, captures_king: true, is_leaf: true, below: Tally::default() })
            });
        }
        order_children(children, order, keys);
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

    /// The legal turns from the root in generation order ([`Walk::turns`] in
    /// [`Walk::generation_order`]), monomorphised: the walk of the bots' replies.
    #[inline]
    fn walk_turns_generated<B>(&self, mut f: impl FnMut(&[Move], &Step) -> ControlFlow<B>) -> ControlFlow<B> {
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
                Turns::try_for_each_built(first, self.second_of(i), &mut second_buffer, |second| {
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

    /// Whether the roll is too wide to list its tree whole ([`MAX_LEGAL_TURNS`], the work cap):
    /// `getLegalTurnTree` gives `null`, and the bots choose among a sample ([`Walk::sample`]).
    ///
    /// [`MAX_LEGAL_TURNS`]: crate::MAX_LEGAL_TURNS
    pub fn exceeds_cap(&self) -> bool {
        exceeds_tree_cap(self.count)
    }

    /// Calls `f` with the king capture of index `k` among all of them in canonical order, if
    /// there is one: only the subtrees on its path are expanded.
    pub fn nth_king_capture(&self, k: u64, f: impl FnOnce(&[Move], &Step)) {
        let mut f = Some(f);
        let _ = self.sample(
            &mut Sample::new(1, k, MAX_DEPTH, Order::Canonical, &mut |path, step| {
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

    /// [`Walk::sample`] in `order`.
    fn walk_sample(&self, limit: u64, order: Order, visit: &mut Visitor<'_>) -> ControlFlow<()> {
        let total = self.count;
        if total <= limit {
            // Every turn (the inner nodes are passed over by `Turns::walk`).
            return self.walk_nodes(None, order, visit);
        }
        // At least one turn of each first step.
        self.sample(&mut Sample::new(limit, 0, MAX_DEPTH, order, visit), |count| share(limit, count, total))
    }

    /// The sampled walk from the root: below each first step, the first `quota(its turns)` turns
    /// in the walk's order, then the king captures that `s` asks for.
    fn sample(&self, s: &mut Sample<'_, '_>, quota: impl Fn(u64) -> u64) -> ControlFlow<()> {
        let mut order = Vec::new();
        self.sorted_first(s.order, &mut order);
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
            Turns::sorted_last_king_captures(node, s.order, &mut children, &mut order);
        } else {
            self.sorted_children(node, first, s.order, &mut children, &mut order);
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

//! Turns: the one turn legality rule (RULES.md §8) and the one walk over a roll's paths that
//! everything deriving turns is built on — the legal turn tree ([`Turns`], walked in
//! `tree.rs`), the rollout sampler and expectimax's replies.
//!
//! [`tally_below`] walks the paths below a node depth-first and sums up the complete ones by the
//! dice they spend in all ([`Tally`]), each summarised by a [`PathVisitor`]: counted, scored or
//! just noted. The last die of a path is never played: its moves each end a path and are
//! summarised in bulk by the visitor. A visitor may stop the walk at a king capture. With the
//! tallies, the rule is applied in one place: `L*` is the most dice a complete path spends
//! ([`Tally::max_spent`]), the legal turns through a node are its king-capture paths and its
//! non-capturing complete paths spending `L*` ([`Tally::legal`], [`admits`], [`verdict`]).
//!
//! [`Turns::new`] analyses the whole roll once and keeps the verdicts of the first two levels,
//! so that a walk from the root only makes moves: below the second level every node has one
//! die left, whose children are judged by their move alone.

use super::bitboard::Bitboard;
use super::dice::{Dice, RoleSet};
use super::movegen::{
    count_king_captures, count_piece_moves, count_single_die_moves, for_each_move, try_for_each_move,
};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::roll::Roll;
use super::types::Role;
use std::convert::Infallible;
use std::ops::ControlFlow;

/// The deepest a turn goes: three dice.
pub(crate) const MAX_DEPTH: usize = 3;

/// A summary of a set of complete paths: their number, the range of a score, or whether any.
pub(crate) trait Summary: Copy + Default {
    /// The summary of the union of two disjoint sets.
    fn merge(self, other: Self) -> Self;
    /// `true` for the empty set (the default).
    fn is_empty(&self) -> bool;
}

impl Summary for bool {
    #[inline]
    fn merge(self, other: bool) -> bool {
        self | other
    }
    #[inline]
    fn is_empty(&self) -> bool {
        !*self
    }
}

impl Summary for u64 {
    #[inline]
    fn merge(self, other: u64) -> u64 {
        self + other
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == 0
    }
}

/// The complete paths below a node (RULES.md §8.1), by the dice they spend in all (counted from
/// the roll).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally<S> {
    /// The non-capturing complete paths spending 0..=3 dice.
    quiet: [S; 4],
    /// The king-capture paths.
    captures: S,
    /// The most dice a complete path spends, king captures included.
    max_spent: u8,
}

impl<S: Summary> Tally<S> {
    /// One non-capturing complete path, or a set of them, spending `spent` dice.
    #[inline]
    pub(crate) fn quiet(spent: u32, paths: S) -> Tally<S> {
        let mut t = Tally::default();
        t.add_quiet(spent, paths);
        t
    }

    /// King-capture paths spending `spent` dice.
    #[inline]
    pub(crate) fn capture(spent: u32, paths: S) -> Tally<S> {
        Tally { captures: paths, max_spent: spent as u8, ..Tally::default() }
    }

    #[inline]
    fn add_quiet(&mut self, spent: u32, paths: S) {
        if let Some(q) = self.quiet.get_mut(spent as usize) {
            *q = q.merge(paths);
        }
        self.max_spent = self.max_spent.max(spent as u8);
    }

    /// Adds the paths of `other`, disjoint from these.
    #[inline]
    pub(crate) fn add(&mut self, other: Tally<S>) {
        for (q, o) in self.quiet.iter_mut().zip(other.quiet) {
            *q = q.merge(o);
        }
        self.captures = self.captures.merge(other.captures);
        self.max_spent = self.max_spent.max(other.max_spent);
    }

    #[inline]
    fn add_capture(&mut self, spent: u32, paths: S) {
        self.captures = self.captures.merge(paths);
        self.max_spent = self.max_spent.max(spent as u8);
    }

    /// The most dice a complete path spends, king captures included: `L*` for the whole roll.
    #[inline]
    pub(crate) fn max_spent(&self) -> u32 {
        u32::from(self.max_spent)
    }

    /// The king-capture paths (every one is a legal turn).
    #[inline]
    pub(crate) fn captures(&self) -> S {
        self.captures
    }

    /// The non-capturing complete paths spending `spent` dice.
    #[inline]
    fn quiet_at(&self, spent: u32) -> S {
        self.quiet.get(spent as usize).copied().unwrap_or_default()
    }

    /// The non-capturing legal turns among these paths, for a roll whose `L*` is `max_spent`.
    #[inline]
    pub(crate) fn legal_quiet(&self, max_spent: u32) -> S {
        self.quiet_at(max_spent)
    }

    /// The legal turns among these paths for a roll whose `L*` is `max_spent` (RULES.md §8.2):
    /// the king captures and the non-capturing paths spending `L*`.
    #[inline]
    pub(crate) fn legal(&self, max_spent: u32) -> S {
        self.legal_quiet(max_spent).merge(self.captures)
    }
}

/// Whether a complete path spending `spent` dice is a legal turn of a roll whose `L*` is
/// `max_spent` (RULES.md §8.2).
#[inline]
pub(super) fn admits(max_spent: u32, spent: u32, captures_king: bool) -> bool {
    captures_king || spent == max_spent
}

/// Whether the child reached after `spent` dice in all belongs to the tree of a roll whose `L*`
/// is `max_spent`, given whether it captures a king and the paths through it: `Some(is_leaf)`.
#[inline]
pub(super) fn verdict<S: Summary>(max_spent: u32, spent: u32, captures_king: bool, below: &Tally<S>) -> Option<bool> {
    if captures_king {
        return Some(true);
    }
    if below.legal(max_spent).is_empty() {
        return None;
    }
    // A child with a move has only paths longer than itself.
    Some(!below.quiet_at(spent).is_empty())
}

/// The moves of a last die, each ending a path, summarised: the non-capturing ones and the king
/// captures.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LastDie<S> {
    pub quiet: S,
    pub captures: S,
}

/// What [`tally_below`] computes along the paths and how it summarises them.
pub(crate) trait PathVisitor {
    /// What a path carries from move to move (the material gained so far, or nothing).
    type Acc: Copy;
    /// The summary of a set of complete paths.
    type Sum: Summary;

    /// The accumulator after `m`, played from `pos`.
    fn enter(&mut self, pos: &Position, m: Move, acc: Self::Acc) -> Self::Acc;

    /// The summary of one complete path whose accumulator is `acc`.
    fn finish(&mut self, acc: Self::Acc) -> Self::Sum;

    /// The moves of the last die, a `role`, from `pos` (castling excluded), summarised without
    /// making them. By default they are generated and each summarised.
    #[inline]
    fn last_die(&mut self, pos: &Position, role: Role, acc: Self::Acc) -> LastDie<Self::Sum> {
        let mut last = LastDie::<Self::Sum>::default();
        for_each_move(pos, RoleSet::of(role), |m| {
            if m.kind != MoveKind::Castle {
                let after = self.enter(pos, m, acc);
                let path = self.finish(after);
                let into = if pos.is_king_capture(m) { &mut last.captures } else { &mut last.quiet };
                *into = into.merge(path);
            }
        });
        last
    }

    /// The moves of the last die, a `role`, after the move `m` from `pos` (neither castling nor
    /// a king capture), summarised without making `m`; `None` (the default) to have `m` made
    /// and [`PathVisitor::last_die`] asked.
    #[inline]
    fn last_die_after(
        &mut self,
        _pos: &Position,
        _m: Move,
        _role: Role,
        _acc: Self::Acc,
    ) -> Option<LastDie<Self::Sum>> {
        None
    }

    /// A king capture was found: `Break` ends the walk.
    #[inline]
    fn king_capture(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// The complete paths below the node `pos` (its dice are the dice left) reached after `spent`
/// dice with the accumulator `acc`; `Break` if the visitor stopped at a king capture.
pub(crate) fn tally_below<V: PathVisitor>(
    v: &mut V,
    pos: &Position,
    spent: u32,
    acc: V::Acc,
) -> ControlFlow<(), Tally<V::Sum>> {
    let mut tally = Tally::default();
    add_below(v, pos, spent, acc, &mut tally)?;
    ControlFlow::Continue(tally)
}

/// The complete paths through the child of the node `pos` (after `spent` dice, accumulator
/// `acc`) by the available move `m`.
#[inline]
#[cfg(feature = "search")]
pub(crate) fn tally_child<V: PathVisitor>(
    v: &mut V,
    pos: &Position,
    spent: u32,
    acc: V::Acc,
    m: Move,
) -> ControlFlow<(), Tally<V::Sum>> {
    let mut tally = Tally::default();
    add_child(v, pos, spent, acc, m, &mut pos.copied(), &mut tally)?;
    ControlFlow::Continue(tally)
}

/// [`tally_below`] adding to `into` (one tally for a whole walk: nothing is merged per node).
fn add_below<V: PathVisitor>(
    v: &mut V,
    pos: &Position,
    spent: u32,
    acc: V::Acc,
    into: &mut Tally<V::Sum>,
) -> ControlFlow<()> {
    let dice = pos.dice;
    let Some(role) = dice.first() else {
        into.add_quiet(spent, v.finish(acc));
        return ControlFlow::Continue(());
    };
    if dice.len() == 1 {
        let last = v.last_die(pos, role, acc);
        return add_last_die(v, spent, acc, last, into);
    }
    let (mut any, mut child) = (false, pos.copied());
    try_for_each_available(pos, dice, |m| {
        any = true;
        add_child(v, pos, spent, acc, m, &mut child, into)
    })?;
    if !any {
        into.add_quiet(spent, v.finish(acc));
    }
    ControlFlow::Continue(())
}

/// [`tally_child`] adding to `into`, the child built in `child`, a copy of `pos` or of another
/// position of the same turn (one buffer per node rather than a whole copy per child).
#[inline]
fn add_child<V: PathVisitor>(
    v: &mut V,
    pos: &Position,
    spent: u32,
    acc: V::Acc,
    m: Move,
    child: &mut Position,
    into: &mut Tally<V::Sum>,
) -> ControlFlow<()> {
    let spent = spent + m.cost_len();
    if pos.is_king_capture(m) {
        v.king_capture()?;
        let after = v.enter(pos, m, acc);
        into.add_capture(spent, v.finish(after));
        return ControlFlow::Continue(());
    }
    let acc = v.enter(pos, m, acc);
    let left = m.pay(pos.dice);
    if left.len() == 1 && m.kind != MoveKind::Castle {
        if let Some(last) = left.first().and_then(|role| v.last_die_after(pos, m, role, acc)) {
            return add_last_die(v, spent, acc, last, into);
        }
    }
    child.restore_from(pos);
    child.play_unchecked(m);
    child.dice = left;
    add_below(v, child, spent, acc, into)
}

/// Adds the paths of a node at `spent` (accumulator `acc`) with one die left whose moves are
/// `last`, each spending that die and ending a path; with none, the node itself is complete.
#[inline]
fn add_last_die<V: PathVisitor>(
    v: &mut V,
    spent: u32,
    acc: V::Acc,
    last: LastDie<V::Sum>,
    into: &mut Tally<V::Sum>,
) -> ControlFlow<()> {
    if last.captures.is_empty() {
        let at_node = last.quiet.is_empty();
        into.add_quiet(if at_node { spent } else { spent + 1 }, if at_node { v.finish(acc) } else { last.quiet });
        return ControlFlow::Continue(());
    }
    v.king_capture()?;
    into.add_capture(spent + 1, last.captures);
    if !last.quiet.is_empty() {
        into.add_quiet(spent + 1, last.quiet);
    }
    ControlFlow::Continue(())
}

/// Calls `f` with every micro-move available in (`pos`, `dice`), in generation order.
#[inline]
pub(crate) fn for_each_available(pos: &Position, dice: Dice, mut f: impl FnMut(Move)) {
    let ControlFlow::Continue(()) = try_for_each_available(pos, dice, |m| {
        f(m);
        ControlFlow::<Infallible>::Continue(())
    });
}

/// [`for_each_available`] stopping at the first `Break` of `f`, which it returns.
#[inline]
pub(crate) fn try_for_each_available<B>(
    pos: &Position,
    dice: Dice,
    mut f: impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    try_for_each_move(pos, dice.roles(), |m| if m.is_payable(dice) { f(m) } else { ControlFlow::Continue(()) })
}

/// The visitor that counts paths, the last die's moves counted in bulk (after a move of another
/// piece type from the sets that move changes, without making it).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CountPaths;

impl PathVisitor for CountPaths {
    type Acc = ();
    type Sum = u64;

    #[inline]
    fn enter(&mut self, _: &Position, _: Move, _: ()) {}

    #[inline]
    fn finish(&mut self, _: ()) -> u64 {
        1
    }

    #[inline]
    fn last_die(&mut self, pos: &Position, role: Role, _: ()) -> LastDie<u64> {
        let (all, captures) = (count_single_die_moves(pos, role), count_king_captures(pos, role));
        LastDie { quiet: all - captures, captures }
    }

    #[inline]
    fn last_die_after(&mut self, pos: &Position, m: Move, role: Role, _: ()) -> Option<LastDie<u64>> {
        let us = pos.turn;
        let (from, to) = (Bitboard::from_square(m.from), Bitboard::from_square(m.to));
        if role == Role::Pawn {
            // A pawn die left and no pawn after `m`: the path ends with that die unused.
            let mut pawns = pos.pieces(us, Role::Pawn);
            if m.role == Role::Pawn {
                pawns = (pawns & !from) | if m.promotion.is_none() { to } else { Bitboard::EMPTY };
            }
            return pawns.is_empty().then_some(LastDie { quiet: 0, captures: 0 });
        }
        // Only occupancy, own pieces and the pieces of that type change.
        let mut occupied = (pos.occupied() & !from) | to;
        if let Some(victim) = m.en_passant_victim(us) {
            occupied.remove(victim);
        }
        let mut pieces = pos.pieces(us, role);
        if m.role == role {
            pieces &= !from;
        }
        if m.promotion.unwrap_or(m.role) == role {
            pieces |= to;
        }
        let kings = pos.pieces(us.opponent(), Role::King);
        let (all, captures) = count_piece_moves(role, pieces, occupied, (pos.by_color(us) & !from) | to, kings);
        Some(LastDie { quiet: all - captures, captures })
    }
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

/// A child of a node, without its position: what a walk needs to build it in place.
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    pub(super) mv: Move,
    pub(super) captures_king: bool,
    pub(super) is_leaf: bool,
    /// The paths through it, counted, which judge it once `L*` is known.
    pub(super) below: Tally<u64>,
}

/// The legal turns of one roll: the root position, `L*`, the legal first steps and the children
/// of the first steps that leave two dice.
#[derive(Clone, Debug)]
pub struct Turns {
    pub(super) root: Position,
    pub(super) max_spent: u32,
    pub(super) first: Vec<Step>,
    /// For each first step, where its children are in `second`.
    pub(super) first_info: Vec<FirstInfo>,
    /// The children of the first steps that leave two dice, in order, with the paths through
    /// them: they are judged as they are walked (judging is cheaper than a second pass here).
    pub(super) second: Vec<Child>,
    pub(super) can_capture: bool,
    /// The number of legal turns.
    pub(super) count: u64,
}

/// What [`Turns`] keeps beside a first step.
#[derive(Clone, Copy, Debug)]
pub(super) struct FirstInfo {
    /// Its children are `Turns::second[start..end]`.
    pub(super) start: u32,
    pub(super) end: u32,
    /// The paths through it, counted: they judge it once `L*` is known, and count its turns.
    pub(super) below: Tally<u64>,
}

impl Turns {
    /// The most micro-moves a turn has: one per die.
    pub const MAX_DEPTH: usize = MAX_DEPTH;

    /// Analyses `roll` once. `None` when no micro-move is available: a pass.
    #[inline]
    pub fn new(roll: Roll<'_>) -> Option<Turns> {
        Turns::of_position(roll.position())
    }

    /// Analyses any position with dice, kings or not, as the rules functions do (RULES.md §15:
    /// they keep working once a king is gone). `None` when the pool is empty or no micro-move is
    /// available. Turn-level code takes a [`Roll`] and [`Turns::new`].
    pub fn of_position(pos: &Position) -> Option<Turns> {
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
            count: 0,
        };
        let (Turns { first, first_info, second, .. }, mut all) = (&mut turns, Tally::default());
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
                Tally::capture(step.spent, 1)
            } else if step.position.dice.len() < 2 {
                tally_below(&mut CountPaths, &step.position, step.spent, ()).continue_value().unwrap_or_default()
            } else {
                if second.capacity() == 0 {
                    second.reserve(256);
                }
                tally_listed(&step.position, step.spent, second)
            };
            all.add(below);
            first_info.push(FirstInfo { start, end: second.len() as u32, below });
        });
        if turns.first.is_empty() {
            return None;
        }
        (turns.max_spent, turns.can_capture) = (all.max_spent(), !all.captures().is_empty());
        turns.count = all.legal(turns.max_spent);
        turns.keep_tree();
        Some(turns)
    }

    /// Keeps, now that `L*` is known, the first steps that belong to the tree (in place, order
    /// unchanged), marking the leaves.
    fn keep_tree(&mut self) {
        let mut kept = 0;
        for i in 0..self.first.len() {
            let (step, info) = (&self.first[i], self.first_info[i]);
            let Some(is_leaf) = verdict(self.max_spent, step.spent, step.captures_king, &info.below) else { continue };
            self.first[i].is_leaf = is_leaf;
            self.first.swap(kept, i);
            self.first_info[kept] = info;
            kept += 1;
        }
        self.first.truncate(kept);
        self.first_info.truncate(kept);
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
        let below = if step.captures_king {
            Tally::capture(step.spent, 1)
        } else {
            tally_below(&mut CountPaths, &step.position, step.spent, ()).continue_value().unwrap_or_default()
        };
        step.is_leaf = verdict(self.max_spent, step.spent, step.captures_king, &below)?;
        Some(step)
    }
}

/// The paths below `pos`, a node with two dice left after `spent` dice, appending its children
/// to `list` with the paths through each. The moves are listed first and walked in a plain loop
/// after, which is cheaper than walking each in a callback of move generation.
fn tally_listed(pos: &Position, spent: u32, list: &mut Vec<Child>) -> Tally<u64> {
    let start = list.len();
    for_each_available(pos, pos.dice, |mv| {
        list.push(Child { mv, captures_king: false, is_leaf: false, below: Tally::default() })
    });
    let (mut out, mut child) = (Tally::default(), pos.copied());
    for listed in list.get_mut(start..).unwrap_or_default() {
        listed.captures_king = pos.is_king_capture(listed.mv);
        let mut below = Tally::default();
        // CountPaths never stops a walk.
        let _ = add_child(&mut CountPaths, pos, spent, (), listed.mv, &mut child, &mut below);
        listed.below = below;
        out.add(below);
    }
    if list.len() == start {
        return Tally::quiet(spent, 1);
    }
    out
}

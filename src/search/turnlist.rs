//! `T(P)` as a list in canonical turn order (BOTS.md §2.1, RULES.md §9), with an abortable
//! enumeration for timed searches.

use crate::rules::{attacks, for_each_available};
use crate::{Bitboard, Color, Move, MoveKind, Position, Role, Square, Step, Turns};

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

/// The legal turns in canonical order; every `CHECK_EVERY` (1024) turns `stop()` is asked and a
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

/// The complete paths below a node: the non-capturing ones by the dice they spend in all, the
/// king captures, and the most dice any of them spends.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    quiet: [u64; 4],
    captures: u64,
    max_spent: u32,
}

impl Tally {
    /// A complete non-capturing path spending `spent` dice.
    #[inline]
    fn complete(&mut self, spent: u32, n: u64) {
        if let Some(q) = self.quiet.get_mut(spent as usize) {
            *q += n;
        }
        self.max_spent = self.max_spent.max(spent);
    }

    /// The legal turns among these paths when the roll's `L*` is `max_spent`: king captures
    /// (when counted) and the non-capturing paths spending `L*` (RULES.md §8).
    #[inline]
    fn turns(&self, max_spent: u32, king_captures: bool) -> u64 {
        let quiet = self.quiet.get(max_spent as usize).copied().unwrap_or(0);
        if king_captures {
            quiet + self.captures
        } else {
            quiet
        }
    }

    /// Adds the complete paths below (`pos`, `spent`), `pos.dice` being the dice left.
    fn add_below(&mut self, pos: &Position, spent: u32) {
        let dice = pos.dice();
        if dice.is_empty() {
            return self.complete(spent, 1);
        }
        if dice.len() == 1 {
            // Every move of the last die ends a path: counted in bulk.
            let role = Role::ALL.into_iter().find(|&r| dice.has(r)).unwrap_or(Role::Pawn);
            let (all, captures) = if role == Role::Pawn {
                Turns::count_single_die(pos, role)
            } else {
                let us = pos.turn();
                let kings = pos.pieces(us.opponent(), Role::King);
                count_piece_moves(role, pos.pieces(us, role), pos.occupied(), pos.by_color(us), kings)
            };
            if all == 0 {
                return self.complete(spent, 1);
            }
            self.complete(spent + 1, all - captures);
            self.captures += captures;
            return;
        }
        let us = pos.turn();
        let (occupied, own) = (pos.occupied(), pos.by_color(us));
        let kings = pos.pieces(us.opponent(), Role::King);
        // With two dice `a ≤ b`, a move of type `a` leaves `b` and any other leaves `a`.
        let two = if dice.len() == 2 {
            let a = Role::ALL.into_iter().find(|&r| dice.has(r)).unwrap_or(Role::Pawn);
            let b = dice.without(a).and_then(|d| Role::ALL.into_iter().find(|&r| d.has(r))).unwrap_or(Role::Pawn);
            Some((a, b))
        } else {
            None
        };
        let mut any = false;
        for_each_available(pos, dice, |m| {
            any = true;
            let spent = spent + m.cost_len();
            if m.kind == MoveKind::Normal && kings.contains(m.to) {
                self.captures += 1;
                self.max_spent = self.max_spent.max(spent);
                return;
            }
            let last = match two {
                Some((a, b)) if m.kind != MoveKind::Castle => Some(if m.role == a { b } else { a }),
                _ => None,
            };
            if last == Some(Role::Pawn) {
                // A pawn die left and no pawn after `m`: the path ends with that die unused.
                let mut pawns = pos.pieces(us, Role::Pawn);
                if m.role == Role::Pawn {
                    pawns.remove(m.from);
                    if m.promotion.is_none() {
                        pawns.add(m.to);
                    }
                }
                if pawns.is_empty() {
                    return self.complete(spent, 1);
                }
            }
            if let Some(last) = last.filter(|&r| r != Role::Pawn) {
                // One die of a piece type left: count its moves on the board after `m` without
                // making `m` (only occupancy, own pieces and the pieces of that type change).
                let (from, to) = (Bitboard::from_square(m.from), Bitboard::from_square(m.to));
                let mut occupied = (occupied & !from) | to;
                if m.kind == MoveKind::EnPassant {
                    if let Some(victim) = m.to.offset(if us == Color::White { -8 } else { 8 }) {
                        occupied.remove(victim);
                    }
                }
                let mut pieces = pos.pieces(us, last);
                if m.role == last {
                    pieces &= !from;
                }
                if m.promotion.unwrap_or(m.role) == last {
                    pieces |= to;
                }
                let (all, captures) = count_piece_moves(last, pieces, occupied, (own & !from) | to, kings);
                if all == 0 {
                    return self.complete(spent, 1);
                }
                self.complete(spent + 1, all - captures);
                self.captures += captures;
                return;
            }
            let mut child = *pos;
            child.play_unchecked(m);
            child.set_dice(m.pay(dice));
            self.add_below(&child, spent);
        });
        if !any {
            self.complete(spent, 1);
        }
    }
}

/// The single-die moves of the pieces `pieces` of the non-pawn type `role` (castling excluded),
/// counted in bulk like `Turns::count_single_die`: `(all, king captures)`.
#[inline]
fn count_piece_moves(role: Role, pieces: Bitboard, occupied: Bitboard, own: Bitboard, kings: Bitboard) -> (u64, u64) {
    let (mut all, mut captures) = (0, 0);
    for from in pieces {
        let targets = match role {
            Role::Knight => attacks::knight(from),
            Role::Bishop => attacks::bishop(from, occupied),
            Role::Rook => attacks::rook(from, occupied),
            Role::Queen => attacks::queen(from, occupied),
            _ => attacks::king(from),
        } & !own;
        all += u64::from(targets.count());
        captures += u64::from((targets & kings).count());
    }
    (all, captures)
}

/// Picks legal turns by their index in canonical order without listing them. [`count`] walks
/// the roll's paths once (the last die counted in bulk), which gives `L*` and the number of
/// turns below each first move; [`nth`] then descends into the one subtree holding the index,
/// sorting only the children on its path. It applies the turn rule of RULES.md §8 directly (a
/// turn is a king-capture path or a complete path spending `L*`), so it needs no [`Turns`];
/// its buffers are reused from call to call.
///
/// [`count`]: TurnSampler::count
/// [`nth`]: TurnSampler::nth
#[derive(Clone, Debug, Default)]
pub struct TurnSampler {
    /// The first moves in generation order with the paths below each.
    first: Vec<(Step, Tally)>,
    /// Sort keys of the children of one node: UCI order key << 32 | generation index.
    order: Vec<u64>,
    /// The children of one node in generation order.
    children: Vec<Step>,
    /// `L*` of the last counted roll.
    max_spent: u32,
    /// Whether king captures are counted.
    king_captures: bool,
}

impl TurnSampler {
    /// Counts the legal turns of the roll `pos` (its dice pool is the roll), the king captures
    /// only when `king_captures`: `T(P)`'s length, or that of `T(P)` without king captures.
    /// 0 for a pass.
    pub fn count(&mut self, pos: &Position, king_captures: bool) -> u64 {
        self.king_captures = king_captures;
        self.first.clear();
        self.max_spent = 0;
        if pos.dice().is_empty() {
            return 0;
        }
        let first = &mut self.first;
        for_each_available(pos, pos.dice(), |m| {
            let (step, tally) = child_step(pos, 0, m);
            first.push((step, tally));
        });
        self.max_spent = self.first.iter().map(|(_, t)| t.max_spent).max().unwrap_or(0);
        self.first.iter().map(|(_, t)| t.turns(self.max_spent, king_captures)).sum()
    }

    /// The counted turn of index `k` (0-based) in canonical order, for the roll of the last
    /// [`TurnSampler::count`]; `None` when `k` is not below that count.
    pub fn nth(&mut self, mut k: u64) -> Option<Turn> {
        let (max_spent, king_captures) = (self.max_spent, self.king_captures);
        self.order.clear();
        self.order.extend(self.first.iter().enumerate().map(|(i, (s, _))| sort_key(s, i)));
        self.order.sort_unstable();
        let mut found = None;
        for &key in &self.order {
            let (step, tally) = self.first.get(key as u32 as usize)?;
            let n = tally.turns(max_spent, king_captures);
            if k < n {
                found = Some(*step);
                break;
            }
            k -= n;
        }
        let mut step = found?;
        let mut moves = [FILLER; 3];
        for depth in 0..3 {
            moves[depth] = step.mv;
            let (children, order) = (&mut self.children, &mut self.order);
            children.clear();
            order.clear();
            if !step.captures_king {
                for_each_available(&step.position, step.position.dice(), |m| {
                    order.push(sort_key_of(m, children.len()));
                    children.push(child_step(&step.position, step.spent, m).0);
                });
            }
            if children.is_empty() {
                // A complete path: the turn (`k` is 0 here, the path counting once).
                return Some(Turn {
                    moves,
                    len: depth as u8 + 1,
                    end: step.position,
                    captures_king: step.captures_king,
                });
            }
            order.sort_unstable();
            let mut next = None;
            for &key in order.iter() {
                let child = children.get(key as u32 as usize)?;
                let n = if child.captures_king {
                    u64::from(king_captures)
                } else {
                    let mut tally = Tally::default();
                    tally.add_below(&child.position, child.spent);
                    tally.turns(max_spent, king_captures)
                };
                if k < n {
                    next = Some(*child);
                    break;
                }
                k -= n;
            }
            step = next?;
        }
        None
    }
}

/// The step by `m` from (`pos`, `spent`) and the complete paths through it (`is_leaf` is not
/// used by the sampler and left `false`).
#[inline]
fn child_step(pos: &Position, spent: u32, m: Move) -> (Step, Tally) {
    let spent = spent + m.cost_len();
    let mut child = *pos;
    child.play_unchecked(m);
    child.set_dice(m.pay(pos.dice()));
    let captures_king = pos.is_king_capture(m);
    let mut tally = Tally::default();
    if captures_king {
        tally.captures = 1;
        tally.max_spent = spent;
    } else {
        tally.add_below(&child, spent);
    }
    (Step { mv: m, position: child, spent, is_leaf: false, captures_king }, tally)
}

/// The sort key of the child of generation index `i`: UCI order, then generation order.
#[inline]
fn sort_key(step: &Step, i: usize) -> u64 {
    sort_key_of(step.mv, i)
}

#[inline]
fn sort_key_of(m: Move, i: usize) -> u64 {
    u64::from(m.uci_order_key()) << 32 | i as u64
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{advance, Rng};
    use crate::Dice;

    /// The sampler counts what the list holds and finds every index where the list has it, with
    /// and without king captures, on random rolls of positions from random play.
    #[test]
    fn sampler_agrees_with_the_list() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
            "k7/8/8/8/8/8/8/R3K2R w - - 0 1",
            "4k3/8/8/8/3q4/8/8/4K3 w - - 0 1",
        ];
        let mut rng = Rng::from_seed(3);
        let mut sampler = TurnSampler::default();
        let mut checked = 0;
        for dfen in starts {
            let mut pos = Position::from_dfen(dfen).expect("valid DFEN");
            for _ in 0..16 {
                for _ in 0..6 {
                    let mut dice = Dice::EMPTY;
                    for _ in 0..3 {
                        dice = Role::from_face(rng.die()).and_then(|r| dice.with(r)).unwrap_or(dice);
                    }
                    let mut roll = pos;
                    roll.set_dice(dice);
                    let Some(turns) = Turns::new(&roll) else {
                        assert_eq!(sampler.count(&roll, true), 0);
                        continue;
                    };
                    let all = legal_turns(&turns);
                    for king_captures in [false, true] {
                        let list: Vec<&Turn> = all.iter().filter(|t| king_captures || !t.captures_king).collect();
                        assert_eq!(sampler.count(&roll, king_captures), list.len() as u64, "{}", roll.to_dfen());
                        for (k, want) in list.iter().enumerate() {
                            let got = sampler.nth(k as u64).expect("an index below the count");
                            assert_eq!(got.moves(), want.moves(), "{} #{k}", roll.to_dfen());
                            assert_eq!(got.end, want.end, "{} #{k}", roll.to_dfen());
                            assert_eq!(got.captures_king, want.captures_king);
                            checked += 1;
                        }
                        assert!(sampler.nth(list.len() as u64).is_none());
                    }
                }
                if !advance(&mut pos, &mut rng) {
                    break;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}

//! `T(P)` as a list in canonical turn order (BOTS.md §2.1, RULES.md §9), with an abortable
//! enumeration for timed searches, bounded on the widest rolls by a sample.

use crate::rules::{for_each_available, tally_child, CountPaths, Tally, MAX_CANDIDATE_TURNS};
use crate::{Move, Position, Step, Turns, Uci, Walk};
use std::ops::ControlFlow;

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
    /// The turn of the path `path` ending at `step`.
    #[inline]
    fn of(path: &[Move], step: &Step) -> Turn {
        let mut moves = [Move::FILLER; 3];
        moves.iter_mut().zip(path).for_each(|(m, &p)| *m = p);
        Turn { moves, len: path.len() as u8, end: step.position, captures_king: step.captures_king }
    }

    /// The legal turn whose moves are `ucis`, if they make one.
    pub fn followed(turns: &Turns, ucis: &[Uci]) -> Option<Turn> {
        let mut path = [Move::FILLER; 3];
        for (k, m) in path.iter_mut().enumerate().take(ucis.len()) {
            *m = turns.follow(ucis.get(..=k)?)?.mv;
        }
        let end = turns.follow(ucis).filter(|end| end.is_leaf)?;
        Some(Turn::of(path.get(..ucis.len())?, &end))
    }

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
pub(super) const CHECK_EVERY: usize = 1024;

/// Every legal turn of the roll, in canonical order, however many (tools and tests; what the
/// bots and analyses choose among is [`candidate_turns`]).
pub fn legal_turns(turns: &Turns) -> Vec<Turn> {
    let mut out = Vec::new();
    let _ = turns.walk(Walk::turns(), |path, step| {
        out.push(Turn::of(path, step));
        ControlFlow::<()>::Continue(())
    });
    out
}

/// The turns a bot or an analysis chooses among, in canonical order: every legal turn, or on a
/// roll with more than [`MAX_CANDIDATE_TURNS`] of them, a sample of about as many with every
/// first micro-move and the king captures ([`Walk::sample`]: the work cap, `rules/cap.rs`), so
/// that the work and memory of a choice are bounded on any roll (issue 17).
pub fn candidate_turns(turns: &Turns) -> Vec<Turn> {
    candidate_turns_until(turns, || false).0
}

/// [`candidate_turns`] asking `stop()` every `CHECK_EVERY` (1024) turns, where a `true` ends the
/// listing. Returns the turns found and whether the list is complete.
pub(crate) fn candidate_turns_until(turns: &Turns, mut stop: impl FnMut() -> bool) -> (Vec<Turn>, bool) {
    // Reserved for the turns the quotas take (one list, not a doubling's two: a sample is
    // about 160 MB of turns at its peak otherwise); king captures beyond them grow it.
    let mut out = Vec::with_capacity(listed_capacity(turns));
    let flow = turns.walk(Walk::sample(MAX_CANDIDATE_TURNS), |path, step| {
        out.push(Turn::of(path, step));
        if out.len() % CHECK_EVERY == 0 && stop() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    (out, flow.is_continue())
}

/// How many turns [`candidate_turns`] lists on `turns` but for king captures beyond the quotas:
/// the count, or past the cap the quotas' sum (at most one more per first step).
fn listed_capacity(turns: &Turns) -> usize {
    let quotas = MAX_CANDIDATE_TURNS + turns.first_steps().len() as u64;
    usize::try_from(turns.count().min(quotas)).unwrap_or(0)
}

/// The shortest king captures of the roll in canonical order (at most [`MAX_CANDIDATE_TURNS`]):
/// all that a bot that plays one of them chooses among (`Bot::plays_a_shortest_king_capture`:
/// the tie-break key, BOTS.md §2.4, and the searches, §4.6–§4.8). Each needs all its moves, so
/// there are few, where a roll can have hundreds of thousands of longer ones.
pub(crate) fn shortest_king_captures(turns: &Turns) -> Vec<Turn> {
    let mut out = Vec::new();
    let Some(len) = turns.shortest_king_capture() else { return out };
    let _ = turns.walk(Walk::king_captures(len), |path, step| {
        out.push(Turn::of(path, step));
        if out.len() as u64 >= MAX_CANDIDATE_TURNS {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    out
}

/// The king capture of index `k` among all of them in canonical order.
pub(crate) fn nth_king_capture(turns: &Turns, k: u64) -> Option<Turn> {
    let mut found = None;
    turns.nth_king_capture(k, |path, step| found = Some(Turn::of(path, step)));
    found
}

/// Picks legal turns by their index in canonical order without listing them. [`count`] walks
/// the roll's paths once (`rules::tally_child`, the last die counted in bulk), which gives `L*`
/// and the number of turns below each first move; [`nth`] then descends into the one subtree
/// holding the index, sorting only the children on its path. It needs no [`Turns`]; its buffers
/// are reused from call to call.
///
/// [`count`]: TurnSampler::count
/// [`nth`]: TurnSampler::nth
#[derive(Clone, Debug, Default)]
pub(super) struct TurnSampler {
    /// The roll of the last count.
    root: Position,
    /// The first moves in generation order with the paths through each.
    first: Vec<(Move, Tally<u64>)>,
    /// The children of one node below the root in generation order, with their turn counts.
    children: Vec<(Move, u64)>,
    /// Sort keys of the children of one node (`Move::sort_key`).
    order: Vec<u64>,
    /// `L*` of the last counted roll.
    max_spent: u32,
    /// Whether king captures are counted.
    king_captures: bool,
}

impl TurnSampler {
    /// Counts the legal turns of the roll `pos` (its dice pool is the roll), the king captures
    /// only when `king_captures`: `T(P)`'s length, or that of `T(P)` without king captures.
    /// 0 for a pass.
    pub(super) fn count(&mut self, pos: &Position, king_captures: bool) -> u64 {
        (self.root, self.king_captures, self.max_spent) = (*pos, king_captures, 0);
        self.first.clear();
        if pos.dice().is_empty() {
            return 0;
        }
        let (first, mut all) = (&mut self.first, Tally::default());
        for_each_available(pos, pos.dice(), |m| {
            let tally = tally_child(&mut CountPaths, pos, 0, (), m).continue_value().unwrap_or_default();
            all.add(tally);
            first.push((m, tally));
        });
        self.max_spent = all.max_spent();
        counted(&all, self.max_spent, king_captures)
    }

    /// The counted turn of index `k` (0-based) in canonical order, for the roll of the last
    /// [`TurnSampler::count`]; `None` when `k` is not below that count.
    pub(super) fn nth(&mut self, mut k: u64) -> Option<Turn> {
        let (mut pos, mut spent) = (self.root, 0);
        let mut turn = Turn { moves: [Move::FILLER; 3], len: 0, end: pos, captures_king: false };
        for depth in 0..3 {
            let (children, order) = (&mut self.children, &mut self.order);
            children.clear();
            let (max_spent, king_captures) = (self.max_spent, self.king_captures);
            if depth == 0 {
                children.extend(self.first.iter().map(|(m, t)| (*m, counted(t, max_spent, king_captures))));
            } else if !turn.captures_king {
                for_each_available(&pos, pos.dice(), |m| {
                    let tally = tally_child(&mut CountPaths, &pos, spent, (), m).continue_value().unwrap_or_default();
                    children.push((m, counted(&tally, max_spent, king_captures)));
                });
            }
            if children.is_empty() {
                // A complete path: the turn (`k` is 0 here, the path counting once).
                return (depth > 0).then_some(Turn { end: pos, ..turn });
            }
            order.clear();
            order.extend(children.iter().enumerate().map(|(i, (m, _))| m.sort_key(i)));
            crate::sort::sort_keys(order);
            let mut next = None;
            for &key in order.iter() {
                let &(m, n) = children.get(key as u32 as usize)?;
                if k < n {
                    next = Some(m);
                    break;
                }
                k -= n;
            }
            let m = next?;
            turn.moves[depth] = m;
            turn.len += 1;
            turn.captures_king = pos.is_king_capture(m);
            spent += m.cost_len();
            let dice = m.pay(pos.dice());
            pos.play_unchecked(m);
            pos.set_dice(dice);
        }
        Some(Turn { end: pos, ..turn })
    }
}

/// The legal turns among the paths of `tally` for a roll whose `L*` is `max_spent`, the king
/// captures only when `king_captures`.
#[inline]
fn counted(tally: &Tally<u64>, max_spent: u32, king_captures: bool) -> u64 {
    if king_captures {
        tally.legal(max_spent)
    } else {
        tally.legal_quiet(max_spent)
    }
}

/// The index of the first shortest king capture in `list` (canonical order), if any.
pub(crate) fn first_shortest_king_capture(list: &[Turn]) -> Option<usize> {
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
    use crate::{Dice, Role};

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
                    let Some(turns) = Turns::of_position(&roll) else {
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

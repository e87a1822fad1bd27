//! A turn's legality without its tree (RULES.md §8, §10): [`Legality`] judges any node of a
//! roll's turn tree by searches that stop at the first witness, allocating nothing. `L*` is the
//! longest complete path, found by a search that stops at the first path spending every die; a
//! child belongs to the tree when it captures a king or some legal turn goes through it, found
//! by a search that stops at the first one. What the tree ([`Turns`]) keeps for a whole roll,
//! this finds for one node: replaying a turn costs the moves' nodes, not the roll's tree.
//!
//! [`Judge`] is what both answer, the node's children and the checks of a turn
//! ([`Judge::check`]) built on it, with the one wording of a turn that fails ([`TurnFailure`]).

use super::dice::Dice;
use super::movegen::{count_king_captures, count_single_die_moves};
use super::moves::{sort_in_uci_order, Move, Uci};
use super::position::Position;
use super::turns::{Step, Turns};

/// Why a sequence of moves is not a legal turn: the one wording of the book validator's, the
/// record replay's and the game's turn errors.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TurnFailure {
    /// The roll has no legal turn.
    #[cfg(feature = "book")]
    #[error("no legal turn for these dice (pass)")]
    Pass,
    /// The moves begin a legal turn that must continue; `max_spent` = `L*`.
    #[error("incomplete: after '{}' the turn must continue (legal turns spend {max_spent} dice)", join_moves(.played))]
    Incomplete { played: Vec<Uci>, max_spent: u32 },
    /// `moves[played.len()]` cannot be played after `played`; `legal` = the legal moves there,
    /// sorted.
    #[error("{}", cannot_play(.played, *.token, .legal))]
    CannotPlay { played: Vec<Uci>, token: Uci, legal: Vec<Uci> },
}

/// The moves joined by commas, as the turn errors show them.
pub(crate) fn join_moves(moves: &[Uci]) -> String {
    moves.iter().map(Uci::to_string).collect::<Vec<_>>().join(",")
}

/// The message of [`TurnFailure::CannotPlay`]: the move, where, and up to 10 legal moves there.
fn cannot_play(played: &[Uci], token: Uci, legal: &[Uci]) -> String {
    let mut out = if played.is_empty() {
        format!("'{token}' cannot be played as the first move")
    } else {
        format!("'{token}' cannot be played after '{}'", join_moves(played))
    };
    let shown: Vec<String> = legal.iter().take(10).map(|u| u.to_string()).collect();
    out += &format!("; legal here: {}", if shown.is_empty() { "none".to_owned() } else { shown.join(" ") });
    if legal.len() > 10 {
        out += &format!(" … ({})", legal.len());
    }
    out
}

/// What judges the nodes of a roll's turn tree: the tree kept ([`Turns`]) or the searches of
/// [`Legality`]. A node is a [`Step`] (the root: spent 0, no move); its children are the
/// available micro-moves that [`Judge::step`] accepts, in generation order.
pub(crate) trait Judge {
    /// The rolled position.
    fn root(&self) -> &Position;

    /// `L*`: the most dice a complete path spends (RULES.md §8.1).
    fn max_spent(&self) -> u32;

    /// The step for `m`, available at the node `pos` reached after `spent` dice, if it belongs
    /// to the tree.
    fn step(&self, pos: &Position, spent: u32, m: Move) -> Option<Step>;

    /// The root as a node.
    fn root_step(&self) -> Step {
        Step { mv: Move::FILLER, position: *self.root(), spent: 0, is_leaf: false, captures_king: false }
    }

    /// The first child of `node` (none at a leaf) whose move `accept`s, in generation order.
    fn find_child(&self, node: &Step, accept: &mut dyn FnMut(Move) -> bool) -> Option<Step> {
        if node.is_leaf {
            return None;
        }
        let pos = &node.position;
        available_moves(pos).into_iter().find_map(|m| accept(m).then(|| self.step(pos, node.spent, m)).flatten())
    }

    /// The children of `node` whose move `accept`s, in generation order (none at a leaf).
    fn children_where(&self, node: &Step, accept: &mut dyn FnMut(Move) -> bool) -> Vec<Step> {
        if node.is_leaf {
            return Vec::new();
        }
        let pos = &node.position;
        available_moves(pos)
            .into_iter()
            .filter_map(|m| accept(m).then(|| self.step(pos, node.spent, m)).flatten())
            .collect()
    }

    /// Follows `prefix` from the root: the node reached, or `None` if `prefix` does not begin a
    /// legal turn (as [`Turns::follow`]).
    fn follow(&self, prefix: &[Uci]) -> Option<Step> {
        prefix.iter().try_fold(self.root_step(), |node, &uci| self.find_child(&node, &mut |m| uci.matches(m)))
    }

    /// The per-face maximum of the dice that the legal turns through `node`, a node of the
    /// tree, spend after it (RULES.md §10): a search that stops once every die left is spent.
    fn playable_below(&self, node: &Step) -> Dice {
        let (pos, mut out) = (&node.position, Dice::EMPTY);
        if node.is_leaf {
            return out;
        }
        for m in available_moves(pos) {
            let Some(child) = self.step(pos, node.spent, m) else { continue };
            let after = if child.is_leaf { Dice::EMPTY } else { self.playable_below(&child) };
            out = out.max_per_face(m.cost().plus(after).unwrap_or(Dice::EMPTY));
            if out == pos.dice {
                break;
            }
        }
        out
    }

    /// Whether `moves` is a legal turn of the roll: the leaf it reaches, or the first move that
    /// leaves the tree (with the legal moves there) or where the turn must go on. Only the
    /// moves' nodes are judged, and the legal moves of a node only on a failure.
    fn check(&self, moves: &[Uci]) -> Result<Step, TurnFailure> {
        let mut node = self.root_step();
        for (i, &uci) in moves.iter().enumerate() {
            node = match self.find_child(&node, &mut |m| uci.matches(m)) {
                Some(child) => child,
                None => {
                    let mut legal: Vec<Move> = self.children_where(&node, &mut |_| true).iter().map(|s| s.mv).collect();
                    sort_in_uci_order(&mut legal);
                    let mut legal: Vec<Uci> = legal.iter().map(|m| m.uci()).collect();
                    legal.dedup();
                    return Err(TurnFailure::CannotPlay { played: moves[..i].to_vec(), token: uci, legal });
                }
            };
        }
        if node.is_leaf {
            Ok(node)
        } else {
            Err(TurnFailure::Incomplete { played: moves.to_vec(), max_spent: self.max_spent() })
        }
    }
}

impl Judge for Turns {
    fn root(&self) -> &Position {
        Turns::root(self)
    }

    fn max_spent(&self) -> u32 {
        Turns::max_spent(self)
    }

    #[inline(never)]
    fn step(&self, pos: &Position, spent: u32, m: Move) -> Option<Step> {
        if spent == 0 {
            // The first steps are kept.
            return self.first_steps().iter().find(|s| s.mv == m).copied();
        }
        Turns::step(self, pos, spent, m)
    }
}

/// A roll judged without its tree: the rolled position and `L*`. Small and `Copy`: what a game
/// keeps of its roll.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Legality {
    root: Position,
    max_spent: u32,
}

impl Legality {
    /// Judges any position with dice, as [`Turns::of_position`] does: `None` when the pool is
    /// empty or no micro-move is available (a pass).
    pub(crate) fn of_position(pos: &Position) -> Option<Legality> {
        if pos.dice.is_empty() {
            return None;
        }
        // `L*`: the longest a path goes, tried from every die down (the first search, at least,
        // stops at its first path).
        let max_spent = (1..=pos.dice.len()).rev().find(|&goal| reaches(pos, 0, goal, false))?;
        Some(Legality { root: *pos, max_spent })
    }

    /// Whether some legal turn captures a king (every king-capture path is one): a search that
    /// stops at the first.
    #[cfg(feature = "book")]
    pub(crate) fn has_king_capture(&self) -> bool {
        reaches(&self.root, 0, u32::MAX, true)
    }
}

impl Judge for Legality {
    fn root(&self) -> &Position {
        &self.root
    }

    fn max_spent(&self) -> u32 {
        self.max_spent
    }

    #[inline(never)]
    fn step(&self, pos: &Position, spent: u32, m: Move) -> Option<Step> {
        let mut step = Step { mv: m, position: *pos, spent: spent + m.cost_len(), is_leaf: true, captures_king: false };
        step.captures_king = pos.is_king_capture(m);
        step.position.play_unchecked(m);
        step.position.dice = m.pay(pos.dice);
        if step.captures_king {
            return Some(step);
        }
        // In the tree when some path through it captures a king or spends `L*` (a complete path
        // itself when it has no move: a legal turn when it spends `L*`).
        let (child, max_spent) = (&step.position, self.max_spent);
        let legal = if child.dice.len() < 2 {
            step.is_leaf = !has_move(child);
            reaches(child, step.spent, max_spent, true)
        } else {
            let moves = available_moves(child);
            step.is_leaf = moves.is_empty();
            reaches_by(child, &moves, step.spent, max_spent, true)
        };
        legal.then_some(step)
    }
}

/// The micro-moves available at `pos` with its dice, in generation order: move generation
/// compiled once for every search here (it is inlined where it is called with a closure, and
/// each copy costs kilobytes of wasm).
pub(crate) fn available_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.generate(pos.dice.roles());
    moves.retain(|m| m.is_payable(pos.dice));
    moves
}

/// Whether a micro-move is available at `pos`.
fn has_move(pos: &Position) -> bool {
    reaches(pos, 0, 1, false)
}

/// Whether some complete path from `pos`, reached after `spent` dice, spends at least `goal`
/// dice in all, king captures included, or with `any_capture` captures a king: depth first,
/// stopping at the first. The one search of this file: `L*` is the most dice some path spends,
/// a node belongs to the tree when a path through it captures a king or spends `L*` (no path
/// spends more), and a node has a move when a path spends one die more.
fn reaches(pos: &Position, spent: u32, goal: u32, any_capture: bool) -> bool {
    let dice = pos.dice;
    let Some(role) = dice.first() else { return spent >= goal };
    if dice.len() == 1 {
        // Each move of the last die ends a path, counted without making it.
        if count_single_die_moves(pos, role) == 0 {
            return spent >= goal;
        }
        return spent + 1 >= goal || (any_capture && count_king_captures(pos, role) > 0);
    }
    reaches_by(pos, &available_moves(pos), spent, goal, any_capture)
}

/// [`reaches`] at a node with two dice or more whose available moves are `moves`.
fn reaches_by(pos: &Position, moves: &[Move], spent: u32, goal: u32, any_capture: bool) -> bool {
    let (dice, mut child) = (pos.dice, pos.copied());
    moves.is_empty() && spent >= goal
        || moves.iter().any(|&m| {
            let after = spent + m.cost_len();
            if pos.is_king_capture(m) {
                return any_capture || after >= goal;
            }
            child.restore_from(pos);
            child.play_unchecked(m);
            child.dice = m.pay(dice);
            reaches(&child, after, goal, any_capture)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::rules::tree::Walk;
    use crate::rules::turns::for_each_available;
    use crate::rules::types::Role;
    use std::ops::ControlFlow;

    const PIECES: [char; 12] = ['P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'];

    /// A random roll: a sparse board (kings or not) or a position of random play from the start,
    /// with one to three dice.
    fn random_roll(rng: &mut Rng) -> Position {
        let mut pos = if rng.index(2) == 0 { sparse(rng) } else { played(rng) };
        let mut dice = rng.three_dice();
        for _ in 0..rng.index(3) {
            dice = dice.first().and_then(|r| dice.without(r)).unwrap_or(dice);
        }
        pos.set_dice(dice);
        pos
    }

    fn sparse(rng: &mut Rng) -> Position {
        loop {
            let mut board = [None; 64];
            for _ in 0..2 + rng.index(12) {
                board[rng.index(64)] = Some(PIECES[rng.index(12)]);
            }
            let ranks: Vec<String> = (0..8)
                .map(|r| {
                    let mut text = String::new();
                    let mut empty = 0;
                    for f in 0..8 {
                        match board[r * 8 + f] {
                            Some(c) => {
                                if empty > 0 {
                                    text += &empty.to_string();
                                }
                                empty = 0;
                                text.push(c);
                            }
                            None => empty += 1,
                        }
                    }
                    if empty > 0 {
                        text += &empty.to_string();
                    }
                    text
                })
                .collect();
            let side = if rng.index(2) == 0 { "w" } else { "b" };
            if let Ok(pos) = Position::from_dfen(&format!("{} {side} - - 0 1", ranks.join("/"))) {
                return pos;
            }
        }
    }

    fn played(rng: &mut Rng) -> Position {
        let mut pos = Position::initial();
        for _ in 0..rng.index(30) {
            pos.set_dice(rng.three_dice());
            let Some(turns) = Turns::of_position(&pos) else {
                pos.end_turn();
                continue;
            };
            let mut node = turns.root_step();
            while !node.is_leaf {
                let kids = turns.children(&node.position, node.spent);
                node = kids[rng.index(kids.len())];
            }
            if node.captures_king {
                break;
            }
            pos = node.position;
            pos.end_turn();
        }
        pos.with_dice(Dice::EMPTY)
    }

    /// Every node of the tree and every available move from it, each as a sequence of moves:
    /// the turns, their prefixes, and sequences that leave the tree.
    fn sequences(turns: &Turns) -> Vec<Vec<Move>> {
        let mut out = vec![Vec::new()];
        let _ = turns.walk(Walk::nodes().generation_order(), |path, step| {
            out.push(path.to_vec());
            for_each_available(&step.position, step.position.dice, |m| {
                out.push([path, &[m]].concat());
            });
            ControlFlow::<()>::Continue(())
        });
        // Off the tree from the root, and moves of a piece type not rolled.
        for_each_available(turns.root(), turns.root().dice, |m| out.push(vec![m]));
        for m in turns.root().generate(crate::rules::dice::RoleSet::of(Role::King)) {
            out.push(vec![m]);
        }
        out
    }

    /// What tells children apart: their moves and flags.
    fn summary(kids: &[Step]) -> Vec<(Move, bool, bool)> {
        kids.iter().map(|s| (s.mv, s.is_leaf, s.captures_king)).collect()
    }

    #[test]
    fn the_search_judges_every_sequence_as_the_tree_does() {
        let mut rng = Rng::from_seed(31);
        let mut checked = 0;
        for _ in 0..400 {
            let pos = random_roll(&mut rng);
            let (turns, rule) = (Turns::of_position(&pos), Legality::of_position(&pos));
            assert_eq!(turns.is_some(), rule.is_some(), "{}", pos.to_dfen());
            let (Some(turns), Some(rule)) = (turns, rule) else { continue };
            if turns.count() > 3_000 {
                continue;
            }
            assert_eq!(rule.max_spent(), turns.max_spent(), "{}", pos.to_dfen());
            #[cfg(feature = "book")]
            assert_eq!(rule.has_king_capture(), turns.has_king_capture(), "{}", pos.to_dfen());
            for moves in sequences(&turns) {
                let ucis: Vec<Uci> = moves.iter().map(|m| m.uci()).collect();
                let by_tree = turns.follow(&ucis);
                let checked_turn = rule.check(&ucis);
                let what = format!("{} {ucis:?}", pos.to_dfen());
                assert_eq!(checked_turn.is_ok(), by_tree.is_some_and(|s| s.is_leaf), "{what}");
                assert_eq!(checked_turn.clone().err(), Judge::check(&turns, &ucis).err(), "{what}");
                if let (Ok(end), Some(leaf)) = (checked_turn, by_tree) {
                    assert_eq!(
                        (end.position, end.spent, end.captures_king),
                        (leaf.position, leaf.spent, leaf.captures_king)
                    );
                }
                let followed = Judge::follow(&rule, &ucis).map(|s| (s.position, s.spent, s.is_leaf, s.captures_king));
                assert_eq!(followed, by_tree.map(|s| (s.position, s.spent, s.is_leaf, s.captures_king)), "{what}");
                let Some(node) = by_tree else { continue };
                assert_eq!(
                    summary(&rule.children_where(&node, &mut |_| true)),
                    summary(&turns.children_where(&node, &mut |_| true)),
                    "{what}"
                );
                assert_eq!(Some(rule.playable_below(&node)), turns.playable_after(&ucis), "{what}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked} nodes checked");
    }

    #[test]
    fn a_wide_roll_is_judged_as_its_tree_does() {
        let wide = "QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ";
        let pos = Position::from_dfen(wide).unwrap();
        let (turns, rule) = (Turns::of_position(&pos).unwrap(), Legality::of_position(&pos).unwrap());
        assert_eq!(rule.max_spent(), turns.max_spent());
        #[cfg(feature = "book")]
        assert_eq!(rule.has_king_capture(), turns.has_king_capture());
        let root = rule.root_step();
        assert_eq!(
            summary(&rule.children_where(&root, &mut |_| true)),
            summary(&turns.children_where(&root, &mut |_| true))
        );
        let turn: Vec<Uci> = ["h2g2", "g2f2", "f2e2"].iter().map(|u| u.parse().unwrap()).collect();
        assert_eq!(rule.check(&turn).map(|s| s.position), Ok(turns.follow(&turn).unwrap().position));
        assert_eq!(rule.check(&turn[..2]).err(), Judge::check(&turns, &turn[..2]).err());
    }
}

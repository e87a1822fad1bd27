//! The dice distribution (BOTS.md §2.5) and king-capture probability (BOTS.md §8).

use crate::rules::{attacks, for_each_available};
use crate::{Bitboard, Color, Dice, Position, Role, RoleSet};

/// One of the 56 multisets of three dice with its weight out of 216.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    pub dice: Dice,
    /// 1 for `AAA`, 3 for `AAB`/`ABB`, 6 for `ABC`.
    pub weight: u32,
}

/// The 56 multisets `R56` in the order `d1 = 1..6, d2 = d1..6, d3 = d2..6`.
pub fn rolls56() -> &'static [Roll; 56] {
    static ROLLS: std::sync::OnceLock<[Roll; 56]> = std::sync::OnceLock::new();
    ROLLS.get_or_init(|| {
        let mut out = [Roll { dice: Dice::EMPTY, weight: 0 }; 56];
        let mut n = 0;
        for a in 0..6 {
            for b in a..6 {
                for c in b..6 {
                    let dice = [a, b, c].iter().fold(Dice::EMPTY, |d, &i| d.with(Role::ALL[i]).unwrap_or(d));
                    let weight = if a == c {
                        1
                    } else if a == b || b == c {
                        3
                    } else {
                        6
                    };
                    out[n] = Roll { dice, weight };
                    n += 1;
                }
            }
        }
        out
    })
}

/// The numerator `k` of `kcp(P, defender, target) = k / 216`: the weight of the rolls with which
/// the defender's opponent, moving next, can land on a defender piece of type `target` during its
/// turn (the maximum-dice rule is ignored).
pub fn kcp_numerator(pos: &Position, defender: Color, target: Role) -> u32 {
    let targets = pos.pieces(defender, target);
    if targets.is_empty() {
        return 0;
    }
    let mut attacker = *pos;
    attacker.set_turn(defender.opponent());
    // The roles that reach a target in one move: any roll holding one of them succeeds at once.
    let mut direct = RoleSet::EMPTY;
    for role in Role::ALL {
        if hits(&attacker, role, targets) {
            direct = direct.with(role);
        }
    }
    rolls56()
        .iter()
        .filter(|r| r.dice.iter().any(|role| direct.contains(role)) || reaches(&attacker, r.dice, targets))
        .map(|r| r.weight)
        .sum()
}

/// `kcp` as a probability: exactly `k / 216`.
pub fn kcp(pos: &Position, defender: Color, target: Role) -> f64 {
    f64::from(kcp_numerator(pos, defender, target)) / 216.0
}

/// `true` if a single move of type `role` by the side to move lands on a square of `targets`.
/// Only captures can land on an occupied square, and every capture onto an enemy piece is
/// pseudo-legal, so this is the geometric attack test (en passant and castling land on empty
/// squares; a pawn on its last rank has no attacks in the table, like in move generation).
#[inline]
fn hits(pos: &Position, role: Role, targets: Bitboard) -> bool {
    let us = pos.turn();
    let pieces = pos.pieces(us, role);
    if pieces.is_empty() {
        return false;
    }
    let occupied = pos.occupied();
    let mut squares = targets;
    Iterator::any(&mut squares, |t| {
        let from = match role {
            Role::Pawn => attacks::pawn(us.opponent(), t),
            Role::Knight => attacks::knight(t),
            Role::Bishop => attacks::bishop(t, occupied),
            Role::Rook => attacks::rook(t, occupied),
            Role::Queen => attacks::queen(t, occupied),
            Role::King => attacks::king(t),
        };
        (from & pieces).any()
    })
}

/// `true` if some sequence of micro-moves with `dice` (at least one die) lands on a square of
/// `targets`, the moves of this node excepted (the caller checked them with [`hits`]).
fn reaches(pos: &Position, dice: Dice, targets: Bitboard) -> bool {
    if dice.len() < 2 {
        return false;
    }
    let mut found = false;
    for_each_available(pos, dice, |m| {
        if found {
            return;
        }
        let rest = m.pay(dice);
        if rest.is_empty() {
            return;
        }
        let mut child = *pos;
        child.play_unchecked(m);
        found = Role::ALL.iter().any(|&r| rest.has(r) && hits(&child, r, targets)) || reaches(&child, rest, targets);
    });
    found
}

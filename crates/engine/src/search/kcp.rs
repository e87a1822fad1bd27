//! The dice distribution (BOTS.md §2.5) and king-capture probability (BOTS.md §8).

use crate::rules::attacks::{self, attacks};
use crate::rules::for_each_move;
use crate::{Bitboard, Color, Dice, Move, MoveKind, Position, Role, RoleSet};

/// One of the 56 multisets of three dice with its weight out of 216.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightedDice {
    pub dice: Dice,
    /// 1 for `AAA`, 3 for `AAB`/`ABB`, 6 for `ABC`.
    pub weight: u32,
}

/// The 56 multisets `R56` in the order `d1 = 1..6, d2 = d1..6, d3 = d2..6`: the one table of the
/// rolls, built at compile time; other tables over the rolls derive from it.
pub(crate) const ROLLS56: [WeightedDice; 56] = rolls_table();

/// The 56 multisets `R56` in the order `d1 = 1..6, d2 = d1..6, d3 = d2..6`.
pub fn rolls56() -> &'static [WeightedDice; 56] {
    static ROLLS: [WeightedDice; 56] = ROLLS56;
    &ROLLS
}

/// `dice` with one more die `role` (unchanged when full; a constant context has no `unwrap_or`).
const fn add_die(dice: Dice, role: Role) -> Dice {
    match dice.with(role) {
        Some(d) => d,
        None => dice,
    }
}

const fn rolls_table() -> [WeightedDice; 56] {
    let mut out = [WeightedDice { dice: Dice::EMPTY, weight: 0 }; 56];
    let mut n = 0;
    let mut a = 0;
    while a < 6 {
        let mut b = a;
        while b < 6 {
            let mut c = b;
            while c < 6 {
                let dice = add_die(add_die(add_die(Dice::EMPTY, Role::ALL[a]), Role::ALL[b]), Role::ALL[c]);
                let weight = if a == c {
                    1
                } else if a == b || b == c {
                    3
                } else {
                    6
                };
                out[n] = WeightedDice { dice, weight };
                n += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// The numerator `k` of `kcp(P, defender, target) = k / 216`: the weight of the rolls with which
/// the defender's opponent, moving next, can land on a defender piece of type `target` during its
/// turn (the maximum-dice rule is ignored).
///
/// All 56 rolls are settled together: a roll holding a die whose type hits a target in one move
/// succeeds at once; the others are settled by one shared walk over first moves (every type at
/// once) and, below each, second moves, instead of a search per roll. A roll `{x, y, z}` then
/// succeeds iff some first move of type `x` (or castling, spending K and R) leads to a position
/// where a remaining die hits a target, or a second move of a remaining type `y` leads to one
/// where the last die `z` does — exactly the sequences the per-roll search of BOTS.md §8 tries.
pub fn kcp_numerator(pos: &Position, defender: Color, target: Role) -> u32 {
    let targets = pos.pieces(defender, target);
    if targets.is_empty() {
        return 0;
    }
    let mut attacker = *pos;
    attacker.set_turn(defender.opponent());
    let tables = tables();
    let root = Board::of(&attacker);
    let direct = root.hit_roles(attacker.turn(), targets, ALL_ROLES);
    // The rolls not yet known to succeed.
    let mut open = !0u64 >> 8;
    for r in Role::ALL {
        if direct & bit(r) != 0 {
            open &= !tables.with_role[r.index()];
        }
    }
    if open != 0 {
        settle_by_search(&attacker, targets, tables, &mut open);
    }
    216 - tables.weight_of(open)
}

/// Removes from `open` every roll that reaches a target within two or three moves from `pos`
/// (side to move = attacker), first move at `pos` included.
fn settle_by_search(pos: &Position, targets: Bitboard, tables: &Tables, open: &mut u64) {
    let us = pos.turn();
    // The squares from which a pawn, knight or king hits a target: independent of occupancy.
    let mut leapers = [Bitboard::EMPTY; 6];
    for t in targets {
        leapers[Role::Pawn.index()] |= attacks::pawn(us.opponent(), t);
        leapers[Role::Knight.index()] |= attacks::knight(t);
        leapers[Role::King.index()] |= attacks::king(t);
    }
    // The types the attacker has: a die of another type can only move a piece that a promotion
    // creates.
    let mut present = 0u8;
    for r in Role::ALL {
        if pos.pieces(us, r).any() {
            present |= bit(r);
        }
    }
    let mut roles = RoleSet::EMPTY;
    for r in Role::ALL {
        if *open & tables.with_role[r.index()] != 0 {
            roles = roles.with(r);
        }
    }
    for_each_move(pos, roles, |m1| {
        if *open == 0 {
            return;
        }
        if m1.kind == MoveKind::Castle {
            // Spends K and R: the one die left must hit a target at once.
            let rolls = *open & tables.with_role[Role::King.index()] & tables.with_role[Role::Rook.index()];
            if rolls == 0 {
                return;
            }
            let mut child = *pos;
            child.play_unchecked(m1);
            let hits = Board::of(&child).hit_roles(us, targets, ALL_ROLES);
            for i in Bits(rolls) {
                if tables.after_castle[i] & hits != 0 {
                    *open &= !(1 << i);
                }
            }
            return;
        }
        let x = m1.role.index();
        // The open rolls with an `x` whose other dice can move something after this move.
        let movable = present | m1.promotion.map_or(0, bit);
        let mut rolls = *open & tables.leaving(x, movable);
        if rolls == 0 {
            return;
        }
        let mut child = *pos;
        child.play_unchecked(m1);
        let board = Board::of(&child);
        // One of the two remaining dice hits at once.
        let hits = board.hit_roles(us, targets, ALL_ROLES);
        let settled = rolls & tables.leaving(x, hits);
        rolls &= !settled;
        *open &= !settled;
        if rolls == 0 {
            return;
        }
        // A second move of one remaining die `y`, then the last die `z` hits. `wanted[y]`: the
        // types `z` of the open rolls `{x, y, z}`; none of them hits here (those rolls are
        // settled above), so after a second move one hits iff the mover lands on a square
        // hitting a target, or the move opens or changes a line from a target (then the
        // sliders are tested again on the new board).
        let mut wanted = [0u8; 6];
        for i in Bits(rolls) {
            let rest = tables.rest[x][i];
            for y in Bits(u64::from(rest)) {
                // Two dice of one type leave that type; two types leave the other.
                wanted[y] |= if rest.count_ones() == 1 { rest } else { rest & !(1 << y) };
            }
        }
        let (mut diagonal, mut straight) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for t in targets {
            diagonal |= attacks::bishop(t, board.occupied);
            straight |= attacks::rook(t, board.occupied);
        }
        let lines = diagonal | straight;
        let mut second = Second { board: &board, child: &child, targets, leapers: &leapers, diagonal, straight, us, x };
        // Pawns through the generator (pushes, promotions, en passant); the other pieces by
        // their destination sets, keeping only the destinations that can make a hit.
        if wanted[Role::Pawn.index()] != 0 {
            for_each_move(&child, RoleSet::EMPTY.with(Role::Pawn), |m2| {
                second.try_move(m2, &mut wanted, tables, open);
            });
        }
        let own = child.by_color(us);
        for y in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
            for from in board.ours[y.index()] {
                let want = wanted[y.index()];
                if want == 0 {
                    break;
                }
                let dest = attacks(y, us, from, board.occupied) & !own;
                let useful = if lines.contains(from) {
                    dest
                } else if want & bit(y) != 0 {
                    dest & second.landing(y)
                } else {
                    continue;
                };
                for to in useful {
                    let m2 = Move { role: y, from, to, promotion: None, kind: MoveKind::Normal };
                    second.try_move(m2, &mut wanted, tables, open);
                }
            }
        }
    });
}

/// The second-move stage below one first move.
struct Second<'a> {
    /// The board and position after the first move.
    board: &'a Board,
    child: &'a Position,
    targets: Bitboard,
    leapers: &'a [Bitboard; 6],
    /// The squares on a diagonal, and on a file or rank, from a target, up to and including
    /// the first blocker.
    diagonal: Bitboard,
    straight: Bitboard,
    us: Color,
    /// The type of the first move.
    x: usize,
}

impl Second<'_> {
    /// The squares where a piece of type `role` arriving hits a target, when nothing else
    /// changes on the lines from the targets.
    #[inline]
    fn landing(&self, role: Role) -> Bitboard {
        match role {
            Role::Bishop => self.diagonal,
            Role::Rook => self.straight,
            Role::Queen => self.diagonal | self.straight,
            _ => self.leapers[role.index()],
        }
    }

    /// Settles the open rolls `{x, y, z}` for which the non-castling move `m2` of type `y` lets
    /// the last die `z` hit.
    #[inline]
    fn try_move(&mut self, m2: Move, wanted: &mut [u8; 6], tables: &Tables, open: &mut u64) {
        if m2.kind == MoveKind::Castle {
            return;
        }
        let y = m2.role.index();
        let want = wanted[y];
        if want == 0 {
            return;
        }
        let lines = self.diagonal | self.straight;
        let victim = m2.en_passant_victim(self.us);
        let opens = lines.contains(m2.from) || victim.is_some_and(|v| lines.contains(v));
        let landed = m2.promotion.unwrap_or(m2.role);
        let mut hits = 0u8;
        if want & bit(landed) != 0 && self.landing(landed).contains(m2.to) {
            // Landing where it hits. With `opens` false the lines from the targets only lose
            // the squares beyond `to`, so this is exact for sliders too.
            hits |= bit(landed);
        }
        if opens && want & SLIDERS != 0 {
            // A line opens: any slider may hit now.
            hits |= self.board.after(self.child, m2).hit_roles(self.us, self.targets, want & SLIDERS);
        }
        for z in Bits(u64::from(hits & want)) {
            *open &= !(1 << tables.roll_of[self.x][y][z]);
            wanted[y] &= !(1 << z);
            wanted[z] &= !(1 << y);
        }
    }
}

/// Bishops, rooks and queens as a role mask.
const SLIDERS: u8 = 1 << 2 | 1 << 3 | 1 << 4;

/// All six roles as a role mask.
const ALL_ROLES: u8 = 0b11_1111;

/// The mask bit of a role.
#[inline]
const fn bit(role: Role) -> u8 {
    1 << role.index()
}

/// The squares of a bitmask over 0..64 as indices.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// What the hit test needs of a position: the occupancy and the attacker's pieces by type.
#[derive(Clone, Copy)]
struct Board {
    occupied: Bitboard,
    ours: [Bitboard; 6],
}

impl Board {
    #[inline]
    fn of(pos: &Position) -> Board {
        let us = pos.turn();
        Board { occupied: pos.occupied(), ours: Role::ALL.map(|r| pos.pieces(us, r)) }
    }

    /// The board after the non-castling move `m` of the side to move of `pos` (whose board this
    /// is): the mover leaves `from` and lands on `to` (promoted if so), an en-passant victim
    /// leaves the board. Captured enemy pieces need no update: `to` stays occupied.
    #[inline]
    fn after(&self, pos: &Position, m: Move) -> Board {
        let mut b = *self;
        let from = Bitboard::from_square(m.from);
        let to = Bitboard::from_square(m.to);
        b.occupied = (b.occupied & !from) | to;
        b.ours[m.role.index()] &= !from;
        b.ours[m.promotion.unwrap_or(m.role).index()] |= to;
        if let Some(victim) = m.en_passant_victim(pos.turn()) {
            b.occupied.remove(victim);
        }
        b
    }

    /// The roles among `wanted` for which a single move of the side `us` lands on a square of
    /// `targets` (the geometric attack test: only captures land on occupied squares, and every
    /// capture of an enemy piece is pseudo-legal).
    #[inline]
    fn hit_roles(&self, us: Color, targets: Bitboard, wanted: u8) -> u8 {
        let mut out = 0u8;
        let has = |r: Role| wanted & bit(r) != 0 && self.ours[r.index()].any();
        let (pawn, knight, bishop, rook, queen, king) =
            (has(Role::Pawn), has(Role::Knight), has(Role::Bishop), has(Role::Rook), has(Role::Queen), has(Role::King));
        for t in targets {
            if pawn && (attacks::pawn(us.opponent(), t) & self.ours[0]).any() {
                out |= bit(Role::Pawn);
            }
            if knight && (attacks::knight(t) & self.ours[1]).any() {
                out |= bit(Role::Knight);
            }
            if king && (attacks::king(t) & self.ours[5]).any() {
                out |= bit(Role::King);
            }
            if bishop || queen {
                let diagonal = attacks::bishop(t, self.occupied);
                if bishop && (diagonal & self.ours[2]).any() {
                    out |= bit(Role::Bishop);
                }
                if queen && (diagonal & self.ours[4]).any() {
                    out |= bit(Role::Queen);
                }
            }
            if rook || queen {
                let straight = attacks::rook(t, self.occupied);
                if rook && (straight & self.ours[3]).any() {
                    out |= bit(Role::Rook);
                }
                if queen && (straight & self.ours[4]).any() {
                    out |= bit(Role::Queen);
                }
            }
        }
        out
    }
}

/// Lookup tables over the 56 rolls (indices into [`rolls56`]).
struct Tables {
    /// The rolls holding at least one die of each type.
    with_role: [u64; 6],
    /// `rest[x][i]`: the types of the two dice left when a die `x` is spent from roll `i` (0 if
    /// roll `i` holds no `x`).
    rest: [[u8; 56]; 6],
    /// `leaving[x][r]`: the rolls where spending a die `x` leaves a die `r`.
    leaving: [[u64; 6]; 6],
    /// `after_castle[i]`: the type of the die left when K and R are spent from roll `i`.
    after_castle: [u8; 56],
    /// The roll holding the dice `x`, `y`, `z` (in any order).
    roll_of: [[[usize; 6]; 6]; 6],
    /// The weight of each roll.
    weight: [u32; 56],
}

impl Tables {
    /// The rolls where spending a die `x` leaves a die of a type in the role mask `roles`.
    #[inline]
    fn leaving(&self, x: usize, roles: u8) -> u64 {
        Bits(u64::from(roles)).fold(0, |acc, r| acc | self.leaving[x][r])
    }

    /// The total weight of the rolls of `mask`.
    #[inline]
    fn weight_of(&self, mask: u64) -> u32 {
        Bits(mask).map(|i| self.weight[i]).sum()
    }
}

/// The role mask of the faces of `dice` (a constant context has no iterators).
const fn faces(dice: Dice) -> u8 {
    let (mut out, mut r) = (0, 0);
    while r < 6 {
        if dice.has(Role::ALL[r]) {
            out |= 1 << r;
        }
        r += 1;
    }
    out
}

/// The tables, computed at compile time.
static TABLES: Tables = tables_table();

#[inline]
fn tables() -> &'static Tables {
    &TABLES
}

const fn tables_table() -> Tables {
    let rolls = rolls_table();
    let mut t = Tables {
        with_role: [0; 6],
        rest: [[0; 56]; 6],
        leaving: [[0; 6]; 6],
        after_castle: [0; 56],
        roll_of: [[[0; 6]; 6]; 6],
        weight: [0; 56],
    };
    let mut i = 0;
    while i < 56 {
        let dice = rolls[i].dice;
        t.weight[i] = rolls[i].weight;
        let mut r = 0;
        while r < 6 {
            if let Some(rest) = dice.without(Role::ALL[r]) {
                t.with_role[r] |= 1 << i;
                t.rest[r][i] = faces(rest);
                let mut d = 0;
                while d < 6 {
                    if rest.has(Role::ALL[d]) {
                        t.leaving[r][d] |= 1 << i;
                    }
                    d += 1;
                }
            }
            r += 1;
        }
        if let Some(rest) = dice.without(Role::King) {
            if let Some(rest) = rest.without(Role::Rook) {
                t.after_castle[i] = faces(rest);
            }
        }
        i += 1;
    }
    let mut x = 0;
    while x < 6 {
        let mut y = 0;
        while y < 6 {
            let mut z = 0;
            while z < 6 {
                let dice = add_die(add_die(add_die(Dice::EMPTY, Role::ALL[x]), Role::ALL[y]), Role::ALL[z]);
                let mut i = 0;
                while i < 56 && rolls[i].dice.bits() != dice.bits() {
                    i += 1;
                }
                t.roll_of[x][y][z] = i;
                z += 1;
            }
            y += 1;
        }
        x += 1;
    }
    t
}

/// `true` if the side to move of `pos` can take an enemy king with the dice `dice` (a subset of
/// the pool, at most three): the per-roll search of BOTS.md §8 for one roll (the maximum-dice
/// rule is ignored, as in [`kcp_numerator`]).
pub(crate) fn captures_king_with(pos: &Position, dice: Dice) -> bool {
    let targets = pos.pieces(pos.turn().opponent(), Role::King);
    targets.any() && (Role::ALL.iter().any(|&r| dice.has(r) && hits(pos, r, targets)) || reaches(pos, dice, targets))
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
        let from = attacks(role, us.opponent(), t, occupied);
        (from & pieces).any()
    })
}

/// `true` if some sequence of micro-moves with `dice` (at least one die) lands on a square of
/// `targets`, the moves of this node excepted (the caller checked them with [`hits`]).
fn reaches(pos: &Position, dice: Dice, targets: Bitboard) -> bool {
    if dice.len() < 2 {
        return false;
    }
    // The moves as a list (`generate`, which the package already has), not a new instance of
    // the generic move walk: this runs only for rolls the threat estimate flags, and stays small
    // in the .wasm.
    pos.generate(dice.roles()).into_iter().filter(|m| m.is_payable(dice)).any(|m| {
        let rest = m.pay(dice);
        if rest.is_empty() {
            return false;
        }
        let mut child = *pos;
        child.play_unchecked(m);
        Role::ALL.iter().any(|&r| rest.has(r) && hits(&child, r, targets)) || reaches(&child, rest, targets)
    })
}

#[cfg(test)]
/// The per-roll search as BOTS.md §8 states it (the reference for tests).
/// The numerator `k` of `kcp(P, defender, target) = k / 216`: the weight of the rolls with which
/// the defender's opponent, moving next, can land on a defender piece of type `target` during its
/// turn (the maximum-dice rule is ignored).
fn kcp_numerator_reference(pos: &Position, defender: Color, target: Role) -> u32 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{advance, Rng};

    /// The shared walk gives the per-roll search's numerator on positions from random play
    /// (castling rights, en-passant targets and promotions included), for every defender and
    /// target.
    #[test]
    fn matches_the_per_roll_search() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
            "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
            "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
            "4r3/4p3/8/4K3/8/8/8/8 b - - 0 1",
        ];
        let mut rng = Rng::from_seed(11);
        let mut checked = 0;
        for dfen in starts {
            let start = Position::from_dfen(dfen).expect("valid DFEN");
            for game in 0..4 {
                let mut pos = start;
                for _ in 0..(12 + 8 * game) {
                    for p in [pos, pos.mirror()] {
                        for defender in [Color::White, Color::Black] {
                            for target in [Role::King, Role::Queen, Role::Rook, Role::Pawn] {
                                assert_eq!(
                                    kcp_numerator(&p, defender, target),
                                    kcp_numerator_reference(&p, defender, target),
                                    "{} defender {defender:?} target {target:?}",
                                    p.to_dfen()
                                );
                                checked += 1;
                            }
                        }
                    }
                    if !advance(&mut pos, &mut rng) {
                        break;
                    }
                }
            }
        }
        assert!(checked > 1000);
    }
}

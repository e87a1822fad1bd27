//! Pseudo-legal move generation in the documented order (RULES.md §4), through a callback so that
//! no move list is allocated in the hot path; a callback returning `Break` stops it.

use super::attacks::attacks;
use super::bitboard::Bitboard;
use super::dice::RoleSet;
use super::moves::{Move, MoveKind, Uci};
use super::position::{Castling, Position};
use super::types::{Color, Role, Square};
use std::convert::Infallible;
use std::ops::ControlFlow;

const PROMOTIONS: [Option<Role>; 4] = [Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight)];

/// The destinations of a non-pawn piece of type `role` on `sq`, own pieces excluded.
#[inline(always)]
fn piece_targets(role: Role, sq: Square, occupied: Bitboard, own: Bitboard) -> Bitboard {
    // The colour only matters for pawns, which have their own generator.
    attacks(role, Color::White, sq, occupied) & !own
}

/// The king's square from which `color` castles, and its back rank.
#[inline]
const fn castle_home(color: Color) -> (Square, u8) {
    match color {
        Color::White => (Square::E1, 0),
        Color::Black => (Square::E8, 7),
    }
}

/// Calls `f` with the castling moves of the king on `from`, king-side first (RULES.md §4.5).
#[inline]
fn castling_moves<B>(pos: &Position, from: Square, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
    let us = pos.turn;
    let (home, rank) = castle_home(us);
    if from != home {
        return ControlFlow::Continue(());
    }
    let occupied = pos.occupied();
    let rooks = pos.pieces(us, Role::Rook);
    let sq = |file| Square::from_coords(file, rank);
    let empty = |files: &[u8]| files.iter().all(|&file| !occupied.contains(sq(file)));
    if pos.castling.has(Castling::king_side(us)) && rooks.contains(sq(7)) && empty(&[5, 6]) {
        f(Move { role: Role::King, from, to: sq(6), promotion: None, kind: MoveKind::Castle })?;
    }
    if pos.castling.has(Castling::queen_side(us)) && rooks.contains(sq(0)) && empty(&[1, 2, 3]) {
        f(Move { role: Role::King, from, to: sq(2), promotion: None, kind: MoveKind::Castle })?;
    }
    ControlFlow::Continue(())
}

/// Direction data of a pawn of `color`: forward step, the capture toward h, toward a, last rank.
#[inline]
const fn pawn_geometry(color: Color) -> (i8, i8, i8, u8) {
    match color {
        Color::White => (8, 9, 7, 7),
        Color::Black => (-8, -7, -9, 0),
    }
}

/// The en-passant targets usable by the side to move: on its capture rank and empty.
#[inline]
fn usable_ep_targets(pos: &Position) -> Bitboard {
    let rank = if pos.turn == Color::White { 5 } else { 2 };
    pos.ep & Bitboard::rank(rank) & !pos.occupied()
}

/// Calls `f` with the moves of `pawns` (the side to move's) in generation order: by ascending
/// square, each pawn's push (or its four promotions), double push, capture toward h, toward a,
/// then en passant by ascending target (RULES.md §4.1, §4.2, §4.4). The destinations come
/// set-wise from [`pawn_targets`]; a pawn only looks its own up (`from` plus an offset is in a
/// set only if `from` put it there) and hands its moves to `f` from one buffer, so that `f` is
/// inlined once.
#[inline]
fn pawn_moves<B>(pos: &Position, pawns: Bitboard, f: &mut impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
    let t = pawn_targets(pos, pawns);
    let them = pos.turn.opponent();
    let enemies = pos.by_color(them);
    let (forward, toward_h, toward_a, last_rank) = pawn_geometry(pos.turn);
    let promoting = Bitboard::rank(last_rank) & !pos.pieces(them, Role::King);
    let (captures_h, captures_a) = (t.toward_h & enemies, t.toward_a & enemies);
    let (en_passant_h, en_passant_a) = (t.toward_h & !enemies, t.toward_a & !enemies);
    let arrival = |set: Bitboard, from: Square, delta: i8| from.offset(delta).filter(|&to| set.contains(to));
    // The pawns with a move: each set of destinations shifted back by its offset.
    let sources = |set: Bitboard, delta: i8| Bitboard(if delta > 0 { set.0 >> delta } else { set.0 << -delta });
    let movers = sources(t.single, forward) | sources(t.toward_h, toward_h) | sources(t.toward_a, toward_a);
    let mut moves = [Move::FILLER; 12];
    for from in movers {
        let mut n = 0;
        let mut add = |to: Square, kind: MoveKind, promotes: bool| {
            let promotions: &[Option<Role>] = if promotes { &PROMOTIONS } else { &[None] };
            for &promotion in promotions {
                if let Some(slot) = moves.get_mut(n) {
                    *slot = Move { role: Role::Pawn, from, to, promotion, kind };
                    n += 1;
                }
            }
        };
        if let Some(push) = arrival(t.single, from, forward) {
            add(push, MoveKind::Normal, promoting.contains(push));
            if let Some(double) = arrival(t.double, push, forward) {
                add(double, MoveKind::DoublePush, false);
            }
        }
        if let Some(to) = arrival(captures_h, from, toward_h) {
            add(to, MoveKind::Normal, promoting.contains(to));
        }
        if let Some(to) = arrival(captures_a, from, toward_a) {
            add(to, MoveKind::Normal, promoting.contains(to));
        }
        // Toward a is the lower target for both colours.
        if let Some(to) = arrival(en_passant_a, from, toward_a) {
            add(to, MoveKind::EnPassant, false);
        }
        if let Some(to) = arrival(en_passant_h, from, toward_h) {
            add(to, MoveKind::EnPassant, false);
        }
        moves.iter().take(n).try_for_each(|&m| f(m))?;
    }
    ControlFlow::Continue(())
}

/// Calls `f` with every pseudo-legal move of the side to move for the types in `roles`, in
/// generation order (RULES.md §4.1). Castling comes with the King type.
#[inline]
pub(crate) fn for_each_move(pos: &Position, roles: RoleSet, mut f: impl FnMut(Move)) {
    // `Infallible`: the compiler knows the walk never breaks and drops the checks.
    let ControlFlow::Continue(()) = try_for_each_move(pos, roles, |m| {
        f(m);
        ControlFlow::<Infallible>::Continue(())
    });
}

/// [`for_each_move`] stopping at the first `Break` of `f`, which it returns.
#[inline]
pub(crate) fn try_for_each_move<B>(
    pos: &Position,
    roles: RoleSet,
    mut f: impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let us = pos.turn;
    let own = pos.by_color(us);
    let occupied = pos.occupied();
    for role in Role::ALL {
        if !roles.contains(role) {
            continue;
        }
        let pieces = pos.pieces(us, role);
        if role == Role::Pawn {
            if pieces.any() {
                pawn_moves(pos, pieces, &mut f)?;
            }
            continue;
        }
        for from in pieces {
            for to in piece_targets(role, from, occupied, own) {
                f(Move { role, from, to, promotion: None, kind: MoveKind::Normal })?;
            }
            if role == Role::King {
                castling_moves(pos, from, &mut f)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Calls `f` with the moves of type `role` that capture an enemy king, in generation order (no
/// castling or en passant does), found from the kings' squares rather than filtered from every move.
pub(crate) fn for_each_king_capture(pos: &Position, role: Role, mut f: impl FnMut(Move)) {
    let us = pos.turn;
    let kings = pos.pieces(us.opponent(), Role::King);
    let occupied = pos.occupied();
    // A pawn's capture of a king is a plain move, no promotion (`pawn_moves`).
    for from in pos.pieces(us, role) {
        for to in attacks(role, us, from, occupied) & kings {
            f(Move { role, from, to, promotion: None, kind: MoveKind::Normal });
        }
    }
}

/// The number of moves [`for_each_move`] would produce, counted in bulk.
pub(crate) fn count_moves(pos: &Position, roles: RoleSet) -> u64 {
    count_moves_with(pos, roles, true)
}

/// The number of moves of type `role` available with a single die: castling excluded.
pub(super) fn count_single_die_moves(pos: &Position, role: Role) -> u64 {
    count_moves_with(pos, RoleSet::EMPTY.with(role), false)
}

fn count_moves_with(pos: &Position, roles: RoleSet, castling: bool) -> u64 {
    let us = pos.turn;
    let own = pos.by_color(us);
    let occupied = pos.occupied();
    let mut n = 0u64;
    for role in Role::ALL {
        if !roles.contains(role) {
            continue;
        }
        let pieces = pos.pieces(us, role);
        match role {
            Role::Pawn => n += count_pawn_moves(pos, pieces),
            _ => {
                for from in pieces {
                    n += u64::from(piece_targets(role, from, occupied, own).count());
                }
                if role == Role::King && castling {
                    let (home, _) = castle_home(us);
                    if pieces.contains(home) {
                        let ControlFlow::Continue(()) = castling_moves(pos, home, |_| {
                            n += 1;
                            ControlFlow::<Infallible>::Continue(())
                        });
                    }
                }
            }
        }
    }
    n
}

/// The destinations of a set of pawns of the side to move, set-wise: single pushes, double
/// pushes, and captures toward the h-file and toward the a-file (enemy pieces and usable
/// en-passant targets with their victim). Pawns on their last rank have none: every shift takes
/// them off the board.
struct PawnTargets {
    single: Bitboard,
    double: Bitboard,
    toward_h: Bitboard,
    toward_a: Bitboard,
}

#[inline]
fn pawn_targets(pos: &Position, pawns: Bitboard) -> PawnTargets {
    let us = pos.turn;
    let them = us.opponent();
    let empty = !pos.occupied().0;
    let (pawns_h, pawns_a) = ((pawns & !Bitboard::file(7)).0, (pawns & !Bitboard::file(0)).0);
    let victims = pos.pieces(them, Role::Pawn).0;
    let targets = pos.by_color(them).0;
    match us {
        Color::White => {
            let prey = targets | (usable_ep_targets(pos).0 & (victims << 8));
            let single = (pawns.0 << 8) & empty;
            PawnTargets {
                single: Bitboard(single),
                double: Bitboard(((single & Bitboard::rank(2).0) << 8) & empty),
                toward_h: Bitboard((pawns_h << 9) & prey),
                toward_a: Bitboard((pawns_a << 7) & prey),
            }
        }
        Color::Black => {
            let prey = targets | (usable_ep_targets(pos).0 & (victims >> 8));
            let single = (pawns.0 >> 8) & empty;
            PawnTargets {
                single: Bitboard(single),
                double: Bitboard(((single & Bitboard::rank(5).0) >> 8) & empty),
                toward_h: Bitboard((pawns_h >> 7) & prey),
                toward_a: Bitboard((pawns_a >> 9) & prey),
            }
        }
    }
}

/// Pawn moves counted set-wise: pushes, captures (promotions times four, except king captures)
/// and en passant (its targets are never on a last rank).
fn count_pawn_moves(pos: &Position, pawns: Bitboard) -> u64 {
    let t = pawn_targets(pos, pawns);
    let kings = pos.pieces(pos.turn.opponent(), Role::King);
    let last = match pos.turn {
        Color::White => Bitboard::rank(7),
        Color::Black => Bitboard::rank(0),
    };
    let promoting = last & !kings;
    let promo = |b: Bitboard| u64::from((b & promoting).count()) * 4 + u64::from((b & !promoting).count());
    promo(t.single) + u64::from(t.double.count()) + promo(t.toward_h) + promo(t.toward_a)
}

/// What the moves of one type amount to, for deciding turns without making them.
#[cfg(feature = "search")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveSummary {
    /// At least one move exists.
    pub any: bool,
    /// At least one move captures an enemy king.
    pub king_capture: bool,
    /// At least one move does not capture a king.
    pub quiet: bool,
}

/// Summarises the moves of type `role` (castling excluded) with set operations only.
#[inline]
#[cfg(feature = "search")]
pub(crate) fn summarize_moves(pos: &Position, role: Role) -> MoveSummary {
    let us = pos.turn;
    let pieces = pos.pieces(us, role);
    if pieces.is_empty() {
        return MoveSummary::default();
    }
    let own = pos.by_color(us);
    let occupied = pos.occupied();
    let kings = pos.pieces(us.opponent(), Role::King);
    let mut targets = Bitboard::EMPTY;
    let mut quiet = false;
    if role == Role::Pawn {
        // En-passant targets are empty squares, so the king captures are the captures onto kings.
        let t = pawn_targets(pos, pieces);
        let captures = t.toward_h | t.toward_a;
        let king_capture = (captures & kings).any();
        let quiet = t.single.any() || (captures & !kings).any();
        return MoveSummary { any: king_capture || quiet, king_capture, quiet };
    }
    for from in pieces {
        let t = piece_targets(role, from, occupied, own);
        quiet |= (t & !kings).any();
        targets |= t;
    }
    MoveSummary { any: targets.any(), king_capture: (targets & kings).any(), quiet }
}

/// The number of moves of type `role` that capture an enemy king (castling never does).
pub(super) fn count_king_captures(pos: &Position, role: Role) -> u64 {
    let us = pos.turn;
    let kings = pos.pieces(us.opponent(), Role::King);
    if kings.is_empty() {
        return 0;
    }
    let occupied = pos.occupied();
    pos.pieces(us, role).map(|from| u64::from((attacks(role, us, from, occupied) & kings).count())).sum()
}

/// The single-die moves of `pieces`, of the non-pawn type `role` (castling excluded), on a board
/// given by its sets: `(all, king captures)`. It counts the last die after a move that is not
/// made, from the sets that move changes.
#[inline]
pub(crate) fn count_piece_moves(
    role: Role,
    pieces: Bitboard,
    occupied: Bitboard,
    own: Bitboard,
    kings: Bitboard,
) -> (u64, u64) {
    let (mut all, mut captures) = (0, 0);
    for from in pieces {
        let targets = piece_targets(role, from, occupied, own);
        all += u64::from(targets.count());
        captures += u64::from((targets & kings).count());
    }
    (all, captures)
}

impl Position {
    /// The pseudo-legal moves of the side to move for `roles`, in generation order.
    pub fn generate(&self, roles: RoleSet) -> Vec<Move> {
        // Room for a typical position's moves at once (no regrowth in the searches' loops).
        let mut out = Vec::with_capacity(64);
        for_each_move(self, roles, |m| out.push(m));
        out
    }

    /// The pseudo-legal move with the UCI identity of `uci` among all types, if any.
    pub fn find_move(&self, uci: Uci) -> Option<Move> {
        let found = |m| if uci.matches(m) { ControlFlow::Break(m) } else { ControlFlow::Continue(()) };
        try_for_each_move(self, RoleSet::ALL, found).break_value()
    }
}

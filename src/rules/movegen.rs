//! Pseudo-legal move generation in the documented order (RULES.md §4), through a callback so that
//! no move list is allocated in the hot path.

use super::attacks;
use super::bitboard::Bitboard;
use super::dice::RoleSet;
use super::moves::{Move, MoveKind};
use super::position::{Castling, Position};
use super::types::{Color, Role, Square};

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// The destinations of a non-pawn piece of type `role` on `sq`, own pieces excluded.
#[inline(always)]
fn piece_targets(role: Role, sq: Square, occupied: Bitboard, own: Bitboard) -> Bitboard {
    let attacks = match role {
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, occupied),
        Role::Rook => attacks::rook(sq, occupied),
        Role::Queen => attacks::queen(sq, occupied),
        Role::King => attacks::king(sq),
        Role::Pawn => Bitboard::EMPTY,
    };
    attacks & !own
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
fn castling_moves(pos: &Position, from: Square, mut f: impl FnMut(Move)) {
    let us = pos.turn;
    let (home, rank) = castle_home(us);
    if from != home {
        return;
    }
    let occupied = pos.occupied();
    let rooks = pos.pieces(us, Role::Rook);
    let sq = |file| Square::from_coords(file, rank);
    let empty = |files: &[u8]| files.iter().all(|&file| !occupied.contains(sq(file)));
    if pos.castling.has(Castling::king_side(us)) && rooks.contains(sq(7)) && empty(&[5, 6]) {
        f(Move { role: Role::King, from, to: sq(6), promotion: None, kind: MoveKind::Castle });
    }
    if pos.castling.has(Castling::queen_side(us)) && rooks.contains(sq(0)) && empty(&[1, 2, 3]) {
        f(Move { role: Role::King, from, to: sq(2), promotion: None, kind: MoveKind::Castle });
    }
}

/// Direction data of a pawn of `color`: forward step, the capture toward h, toward a, last rank,
/// the rank a double push starts from.
#[inline]
const fn pawn_geometry(color: Color) -> (i8, i8, i8, u8, u8) {
    match color {
        Color::White => (8, 9, 7, 7, 1),
        Color::Black => (-8, -7, -9, 0, 6),
    }
}

/// The en-passant targets usable by the side to move: on its capture rank and empty.
#[inline]
fn usable_ep_targets(pos: &Position) -> Bitboard {
    let rank = if pos.turn == Color::White { 5 } else { 2 };
    pos.ep & Bitboard::rank(rank) & !pos.occupied()
}

/// Calls `f` with the moves of the pawn on `from` in order: push(es), capture toward h, toward a,
/// en passant by ascending target (RULES.md §4.1, §4.2, §4.4).
#[inline]
fn pawn_moves(pos: &Position, from: Square, ep: Bitboard, f: &mut impl FnMut(Move)) {
    let us = pos.turn;
    let them = us.opponent();
    let (forward, toward_h, toward_a, last_rank, start_rank) = pawn_geometry(us);
    let occupied = pos.occupied();
    let enemies = pos.by_color(them);
    let enemy_kings = pos.pieces(them, Role::King);
    let mut emit = |to: Square, capture_king: bool, kind: MoveKind| {
        if to.rank() == last_rank && !capture_king {
            for p in PROMOTIONS {
                f(Move { role: Role::Pawn, from, to, promotion: Some(p), kind });
            }
        } else {
            f(Move { role: Role::Pawn, from, to, promotion: None, kind });
        }
    };
    if from.rank() == last_rank {
        return;
    }
    if let Some(push) = from.offset(forward).filter(|&sq| !occupied.contains(sq)) {
        emit(push, false, MoveKind::Normal);
        if from.rank() == start_rank {
            if let Some(double) = push.offset(forward).filter(|&sq| !occupied.contains(sq)) {
                emit(double, false, MoveKind::DoublePush);
            }
        }
    }
    let attacks = attacks::pawn(us, from);
    for (delta, file_ok) in [(toward_h, from.file() < 7), (toward_a, from.file() > 0)] {
        if let Some(to) = from.offset(delta).filter(|&sq| file_ok && enemies.contains(sq)) {
            emit(to, enemy_kings.contains(to), MoveKind::Normal);
        }
    }
    for to in ep & attacks {
        let victim = to.offset(-forward);
        if victim.is_some_and(|v| pos.pieces(them, Role::Pawn).contains(v)) {
            f(Move { role: Role::Pawn, from, to, promotion: None, kind: MoveKind::EnPassant });
        }
    }
}

/// Calls `f` with every pseudo-legal move of the side to move for the types in `roles`, in
/// generation order (RULES.md §4.1). Castling comes with the King type.
#[inline]
pub fn for_each_move(pos: &Position, roles: RoleSet, mut f: impl FnMut(Move)) {
    let us = pos.turn;
    let own = pos.by_color(us);
    let occupied = pos.occupied();
    for role in Role::ALL {
        if !roles.contains(role) {
            continue;
        }
        let pieces = pos.pieces(us, role);
        if role == Role::Pawn {
            let ep = usable_ep_targets(pos);
            for from in pieces {
                pawn_moves(pos, from, ep, &mut f);
            }
            continue;
        }
        for from in pieces {
            for to in piece_targets(role, from, occupied, own) {
                f(Move { role, from, to, promotion: None, kind: MoveKind::Normal });
            }
            if role == Role::King {
                castling_moves(pos, from, &mut f);
            }
        }
    }
}

/// The number of moves [`for_each_move`] would produce, counted in bulk.
pub fn count_moves(pos: &Position, roles: RoleSet) -> u64 {
    count_moves_with(pos, roles, true)
}

/// The number of moves of type `role` available with a single die: castling excluded.
pub fn count_single_die_moves(pos: &Position, role: Role) -> u64 {
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
                        castling_moves(pos, home, |_| n += 1);
                    }
                }
            }
        }
    }
    n
}

/// Pawn moves counted set-wise: pushes, captures (promotions times four, except king captures)
/// and en passant.
fn count_pawn_moves(pos: &Position, pawns: Bitboard) -> u64 {
    let us = pos.turn;
    let them = us.opponent();
    let empty = !pos.occupied();
    let enemies = pos.by_color(them);
    let kings = pos.pieces(them, Role::King);
    let (last, third) = match us {
        Color::White => (Bitboard::rank(7), Bitboard::rank(2)),
        Color::Black => (Bitboard::rank(0), Bitboard::rank(5)),
    };
    let not_a = !Bitboard::file(0);
    let not_h = !Bitboard::file(7);
    let (single, double, cap_h, cap_a) = match us {
        Color::White => {
            let single = Bitboard((pawns.0 << 8) & empty.0);
            let double = Bitboard(((single & third).0 << 8) & empty.0);
            (
                single,
                double,
                Bitboard(((pawns & not_h).0 << 9) & enemies.0),
                Bitboard(((pawns & not_a).0 << 7) & enemies.0),
            )
        }
        Color::Black => {
            let single = Bitboard((pawns.0 >> 8) & empty.0);
            let double = Bitboard(((single & third).0 >> 8) & empty.0);
            (
                single,
                double,
                Bitboard(((pawns & not_h).0 >> 7) & enemies.0),
                Bitboard(((pawns & not_a).0 >> 9) & enemies.0),
            )
        }
    };
    let promo = |b: Bitboard| u64::from((b & last & !kings).count()) * 4 + u64::from((b & !(last & !kings)).count());
    let mut n = promo(single) + u64::from(double.count()) + promo(cap_h) + promo(cap_a);
    let ep = usable_ep_targets(pos);
    if ep.any() {
        let back: i8 = if us == Color::White { -8 } else { 8 };
        for from in pawns {
            for to in ep & attacks::pawn(us, from) {
                if to.offset(back).is_some_and(|v| pos.pieces(them, Role::Pawn).contains(v)) {
                    n += 1;
                }
            }
        }
    }
    n
}

/// What the moves of one type amount to, for deciding turns without making them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveSummary {
    /// At least one move exists.
    pub any: bool,
    /// At least one move captures an enemy king.
    pub king_capture: bool,
    /// At least one move does not capture a king.
    pub quiet: bool,
}

/// Summarises the moves of type `role` (castling excluded) with set operations only.
pub fn summarize_moves(pos: &Position, role: Role) -> MoveSummary {
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
        let mut found = false;
        let mut capture = false;
        let ep = usable_ep_targets(pos);
        for from in pieces {
            pawn_moves(pos, from, ep, &mut |m: Move| {
                found = true;
                if kings.contains(m.to) && m.kind == MoveKind::Normal {
                    capture = true;
                } else {
                    quiet = true;
                }
            });
            if capture && quiet {
                break;
            }
        }
        return MoveSummary { any: found, king_capture: capture, quiet };
    }
    for from in pieces {
        let t = piece_targets(role, from, occupied, own);
        quiet |= (t & !kings).any();
        targets |= t;
    }
    MoveSummary { any: targets.any(), king_capture: (targets & kings).any(), quiet }
}

/// The number of moves of type `role` that capture an enemy king (castling never does).
pub fn count_king_captures(pos: &Position, role: Role) -> u64 {
    let us = pos.turn;
    let kings = pos.pieces(us.opponent(), Role::King);
    if kings.is_empty() {
        return 0;
    }
    let occupied = pos.occupied();
    let own = pos.by_color(us);
    pos.pieces(us, role)
        .map(|from| {
            let targets = match role {
                Role::Pawn => attacks::pawn(us, from),
                _ => piece_targets(role, from, occupied, own),
            };
            u64::from((targets & kings).count())
        })
        .sum()
}

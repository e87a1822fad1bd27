//! Making a micro-move (RULES.md §5) and ending a turn (RULES.md §7).

use super::moves::{Move, MoveKind};
use super::position::{Castling, Position, MAX_FULLMOVE, MAX_HALFMOVE};
use super::types::{Color, Piece, Role, Square};

impl Position {
    /// `true` if `m` lands on a king of the opponent of the side to move (RULES.md §4.6).
    #[inline]
    pub fn is_king_capture(&self, m: Move) -> bool {
        m.kind == MoveKind::Normal && self.pieces(self.turn.opponent(), Role::King).contains(m.to)
    }

    /// Applies a generated micro-move: board, castling rights, en-passant set and half-move clock.
    /// Dice are not touched; side to move and full-move number never change.
    pub fn play_unchecked(&mut self, m: Move) {
        self.play_inline(m);
    }

    /// [`Position::play_unchecked`] inlined, for the one loop that makes the leaves of an
    /// enumeration (`Walk::turns().generation_order()`), where the call costs more than the move.
    #[inline(always)]
    pub(crate) fn play_inline(&mut self, m: Move) {
        let us = self.turn;
        let back: i8 = if us == Color::White { -8 } else { 8 };
        let mover = Piece { color: us, role: m.role };
        self.toggle(m.from, mover);
        let captured = match m.kind {
            MoveKind::EnPassant => m.en_passant_victim(us).and_then(|v| self.take(v)),
            _ if self.by_color[us.opponent().index()].contains(m.to) => self.take(m.to),
            _ => None,
        };
        self.toggle(m.to, Piece { color: us, role: m.promotion.unwrap_or(m.role) });
        if m.kind == MoveKind::Castle {
            let rank = m.to.rank();
            let (rook_from, rook_to) = if m.to.file() == 6 { (7, 5) } else { (0, 3) };
            let rook = Piece { color: us, role: Role::Rook };
            self.toggle(Square::from_coords(rook_from, rank), rook);
            self.toggle(Square::from_coords(rook_to, rank), rook);
        }

        // Castling rights (§5.2), in order.
        if let Some(victim) = captured {
            if m.kind == MoveKind::Normal && victim.role == Role::Rook {
                self.castling.clear(Castling::of_corner(m.to));
            }
            if victim.role == Role::King {
                self.castling.clear(Castling::both(victim.color));
            }
        }
        match mover.role {
            Role::King => self.castling.clear(Castling::both(us)),
            Role::Rook => {
                let corner = Castling::of_corner(m.from);
                if corner == Castling::king_side(us) || corner == Castling::queen_side(us) {
                    self.castling.clear(corner);
                }
            }
            _ => {}
        }

        // En-passant set (§5.3), in order.
        self.ep.remove(m.to);
        if m.role == Role::Pawn && m.kind != MoveKind::DoublePush {
            if let Some(sq) = m.from.offset(back) {
                self.ep.remove(sq);
            }
        }
        if m.kind == MoveKind::Normal && captured.is_some_and(|p| p.role == Role::Pawn) {
            if let Some(sq) = m.to.offset(-back) {
                self.ep.remove(sq);
            }
        }
        if m.kind == MoveKind::DoublePush {
            if let Some(sq) = m.to.offset(back) {
                self.ep.add(sq);
            }
        }

        // Half-move clock (§5.4).
        self.halfmove =
            if m.role == Role::Pawn || captured.is_some() { 0 } else { (self.halfmove + 1).min(MAX_HALFMOVE) };
    }

    /// Plays a turn's micro-moves (generated ones, in order): `true` when one captures a king, which
    /// ends the game (the turn is not ended, RULES.md §4.6); otherwise the turn is ended.
    pub fn play_turn(&mut self, moves: &[Move]) -> bool {
        for &m in moves {
            let captures_king = self.is_king_capture(m);
            self.play_unchecked(m);
            if captures_king {
                return true;
            }
        }
        self.end_turn();
        false
    }

    /// Ends the turn (RULES.md §7): expires the next side's old targets, passes the move, empties
    /// the dice pool.
    #[inline]
    pub fn end_turn(&mut self) {
        let next = self.turn.opponent();
        let own_rank = if next == Color::White { 2 } else { 5 };
        self.ep &= !super::bitboard::Bitboard::rank(own_rank);
        if self.turn == Color::Black {
            self.fullmove = (self.fullmove + 1).min(MAX_FULLMOVE);
        }
        self.turn = next;
        self.dice = super::dice::Dice::EMPTY;
    }
}

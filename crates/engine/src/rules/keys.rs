//! The keys books use: `normalizedFen` and the opening-book key (RULES.md §13).

use super::attacks;
use super::bitboard::Bitboard;
use super::position::Position;
use super::types::{Color, Role};

impl Position {
    /// The en-passant targets kept by `normalizedFen`: on the capture rank of the side to move,
    /// empty, and attacked by a pawn of the side to move (the victim is not checked).
    pub fn normalized_ep(&self) -> Bitboard {
        let us = self.turn();
        let rank = if us == Color::White { 5 } else { 2 };
        let mut out = Bitboard::EMPTY;
        for t in self.ep_squares() & Bitboard::rank(rank) & !self.occupied() {
            // A pawn of `us` attacks `t` iff `t` is in its attack set, i.e. the pawn stands on a
            // square a pawn of the other colour on `t` would attack.
            if (attacks::pawn(us.opponent(), t) & self.pieces(us, Role::Pawn)).any() {
                out.add(t);
            }
        }
        out
    }

    /// `normalizedFen`: placement, side, castling and the canonical en-passant field.
    pub fn normalized_fen(&self) -> String {
        let side = if self.turn() == Color::White { 'w' } else { 'b' };
        format!(
            "{} {side} {} {}",
            self.placement_field(),
            self.castling().to_field(),
            Self::squares_field(self.normalized_ep())
        )
    }

    /// The opening-book key: `normalizedFen` and the dice letters cased for the side to move,
    /// sorted by character code; `None` without dice.
    pub fn book_key(&self) -> Option<String> {
        if self.dice().is_empty() {
            return None;
        }
        let mut letters: Vec<u64> = self.dice().to_field(self.turn()).bytes().map(u64::from).collect();
        crate::sort::sort_keys(&mut letters);
        let letters: String = letters.into_iter().filter_map(|b| char::from_u32(b as u32)).collect();
        Some(format!("{} {letters}", self.normalized_fen()))
    }
}

//! Symmetry: the canonical representative of a position's class (RULES.md §14).

use super::position::Position;
use super::types::Color;

impl Position {
    /// White to move (colour flip if Black is), then, only without castling rights, the smaller
    /// of it and its mirror by DFEN byte order.
    pub fn canonical(&self) -> Position {
        let base = if self.turn() == Color::Black { self.color_flip() } else { *self };
        if !base.castling().is_empty() {
            return base;
        }
        let mirrored = base.mirror();
        if mirrored.to_dfen() < base.to_dfen() {
            mirrored
        } else {
            base
        }
    }
}

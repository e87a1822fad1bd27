//! The position: placement, side to move, castling rights, en-passant set, clocks and dice.

use super::bitboard::Bitboard;
use super::dice::Dice;
use super::outcome::Outcome;
use super::types::{Color, Piece, Role, Square};

/// Castling rights: four independent flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Castling(u8);

impl Castling {
    pub const NONE: Castling = Castling(0);
    pub const WHITE_KING: Castling = Castling(1);
    pub const WHITE_QUEEN: Castling = Castling(2);
    pub const BLACK_KING: Castling = Castling(4);
    pub const BLACK_QUEEN: Castling = Castling(8);
    pub const ALL: Castling = Castling(15);

    /// The king-side right of `color`.
    #[inline]
    pub const fn king_side(color: Color) -> Castling {
        match color {
            Color::White => Self::WHITE_KING,
            Color::Black => Self::BLACK_KING,
        }
    }

    /// The queen-side right of `color`.
    #[inline]
    pub const fn queen_side(color: Color) -> Castling {
        match color {
            Color::White => Self::WHITE_QUEEN,
            Color::Black => Self::BLACK_QUEEN,
        }
    }

    /// Both rights of `color`.
    #[inline]
    pub const fn both(color: Color) -> Castling {
        Castling(Self::king_side(color).0 | Self::queen_side(color).0)
    }

    /// The right cleared when the corner square `sq` changes (a1 → Q, h1 → K, a8 → q, h8 → k).
    #[inline]
    pub const fn of_corner(sq: Square) -> Castling {
        match sq.index() {
            0 => Self::WHITE_QUEEN,
            7 => Self::WHITE_KING,
            56 => Self::BLACK_QUEEN,
            63 => Self::BLACK_KING,
            _ => Self::NONE,
        }
    }

    #[inline]
    pub const fn has(self, right: Castling) -> bool {
        self.0 & right.0 == right.0 && right.0 != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn insert(&mut self, right: Castling) {
        self.0 |= right.0;
    }

    #[inline]
    pub fn clear(&mut self, right: Castling) {
        self.0 &= !right.0;
    }

    /// Rights with colours swapped (K ↔ k, Q ↔ q).
    #[inline]
    pub const fn flip_colors(self) -> Castling {
        Castling(((self.0 & 3) << 2) | ((self.0 >> 2) & 3))
    }

    /// Rights with sides swapped (K ↔ Q, k ↔ q).
    #[inline]
    pub const fn flip_sides(self) -> Castling {
        Castling(((self.0 & 5) << 1) | ((self.0 >> 1) & 5))
    }

    /// The FEN field: `KQkq` order, `-` when empty.
    pub fn to_field(self) -> String {
        if self.0 == 0 {
            return "-".to_owned();
        }
        [(Self::WHITE_KING, 'K'), (Self::WHITE_QUEEN, 'Q'), (Self::BLACK_KING, 'k'), (Self::BLACK_QUEEN, 'q')]
            .into_iter()
            .filter(|&(r, _)| self.has(r))
            .map(|(_, c)| c)
            .collect()
    }
}

/// A Dice Chess position (RULES.md §2.2). Nothing about the placement is validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) turn: Color,
    pub(crate) castling: Castling,
    pub(crate) ep: Bitboard,
    pub(crate) halfmove: u8,
    pub(crate) fullmove: u32,
    pub(crate) dice: Dice,
}

/// The largest half-move clock.
pub(crate) const MAX_HALFMOVE: u8 = 127;
/// The largest full-move number.
pub(crate) const MAX_FULLMOVE: u32 = 2_147_483_647;

impl Default for Position {
    fn default() -> Self {
        Position::empty()
    }
}

impl Position {
    /// An empty board, White to move, no rights, clocks 0 and 1, no dice.
    pub const fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: Color::White,
            castling: Castling::NONE,
            ep: Bitboard::EMPTY,
            halfmove: 0,
            fullmove: 1,
            dice: Dice::EMPTY,
        }
    }

    /// The standard initial position, White to move, no dice.
    #[inline]
    pub fn initial() -> Position {
        // A constant input: the parser cannot fail on it.
        Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_or_default()
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The en-passant set.
    #[inline]
    pub fn ep_squares(&self) -> Bitboard {
        self.ep
    }

    #[inline]
    pub fn halfmove_clock(&self) -> u8 {
        self.halfmove
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    #[inline]
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// Sets the side to move (nothing else changes; used by searches that ask what the other
    /// side could do, e.g. king-capture probability).
    #[inline]
    pub fn set_turn(&mut self, color: Color) {
        self.turn = color;
    }

    /// Replaces the dice pool.
    #[inline]
    pub fn set_dice(&mut self, dice: Dice) {
        self.dice = dice;
    }

    /// This position with the dice pool `dice` (`Dice::EMPTY`: before the roll).
    #[inline]
    #[must_use]
    pub fn with_dice(mut self, dice: Dice) -> Position {
        self.dice = dice;
        self
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of type `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `color`'s pieces of type `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The role on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL.into_iter().find(|&r| self.by_role[r.index()].contains(sq))
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, replacing what was there.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.take(sq);
        self.by_color[piece.color.index()].add(sq);
        self.by_role[piece.role.index()].add(sq);
    }

    /// Flips `piece` on `sq`: adds it to an empty square or removes it from where it stands.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] ^= bit;
        self.by_role[piece.role.index()] ^= bit;
    }

    /// A copy of this position that is not one `memory.copy` call in wasm (see
    /// [`Position::restore_from`]): the start of a child built in place.
    #[inline(always)]
    pub(crate) fn copied(&self) -> Position {
        let mut copy = Position::empty();
        copy.restore_from(self);
        (copy.turn, copy.fullmove, copy.dice) = (self.turn, self.fullmove, self.dice);
        copy
    }

    /// Resets what [`Position::play_unchecked`] changes (placement, castling rights, en-passant
    /// set, half-move clock) to `from`'s, so that one buffer can hold child after child of the
    /// same parent. Field by field on purpose: a whole `Position` is larger than what LLVM copies
    /// inline, and in wasm `*self = *from` becomes a `memory.copy` call that costs about as much
    /// as making the move.
    #[inline(always)]
    pub(crate) fn restore_from(&mut self, from: &Position) {
        self.by_color = from.by_color;
        self.by_role = from.by_role;
        self.ep = from.ep;
        self.castling = from.castling;
        self.halfmove = from.halfmove;
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_color[piece.color.index()].remove(sq);
        self.by_role[piece.role.index()].remove(sq);
        Some(piece)
    }

    /// `true` if `color` has at least one king.
    #[inline]
    pub fn has_king(&self, color: Color) -> bool {
        self.pieces(color, Role::King).any()
    }

    /// `true` when the game is over: a king of either colour is missing (RULES.md §15). Bots pass
    /// and decline; the rules functions keep working.
    #[inline]
    pub fn is_finished(&self) -> bool {
        !(self.has_king(Color::White) && self.has_king(Color::Black))
    }

    /// How the game stands decided by the board (RULES.md §15): the win of the side that still has
    /// a king when the other has none, a draw when both are gone (over without a winner), `None`
    /// while both kings stand. The host's draw rules are not the position's business.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        match (self.has_king(Color::White), self.has_king(Color::Black)) {
            (true, true) => None,
            (true, false) => Some(Outcome::Decisive { winner: Color::White }),
            (false, true) => Some(Outcome::Decisive { winner: Color::Black }),
            (false, false) => Some(Outcome::Draw),
        }
    }

    /// The position with colours flipped (RULES.md §14): ranks mirrored, colours, side, rights swapped.
    pub fn color_flip(&self) -> Position {
        Position {
            by_color: [self.by_color[1].flip_vertical(), self.by_color[0].flip_vertical()],
            by_role: self.by_role.map(Bitboard::flip_vertical),
            turn: self.turn.opponent(),
            castling: self.castling.flip_colors(),
            ep: self.ep.flip_vertical(),
            ..*self
        }
    }

    /// The horizontal mirror (RULES.md §14): files a ↔ h, rights K ↔ Q and k ↔ q.
    pub fn mirror(&self) -> Position {
        Position {
            by_color: self.by_color.map(Bitboard::flip_horizontal),
            by_role: self.by_role.map(Bitboard::flip_horizontal),
            castling: self.castling.flip_sides(),
            ep: self.ep.flip_horizontal(),
            ..*self
        }
    }
}

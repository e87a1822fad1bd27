//! Micro-moves and their UCI form.

use super::dice::Dice;
use super::types::{Color, Role, Square};
use std::fmt;

/// What a micro-move does beyond moving a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture, promotions included.
    Normal,
    /// A pawn's two-square push.
    DoublePush,
    /// An en-passant capture; `to` is the target.
    EnPassant,
    /// Castling, written as the king's two-square move.
    Castle,
}

/// A micro-move (RULES.md §2.3): the moving role, squares, promotion and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub role: Role,
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
    pub kind: MoveKind,
}

impl Move {
    /// A placeholder for move buffers, always overwritten before it is read.
    pub const FILLER: Move =
        Move { role: Role::Pawn, from: Square::A1, to: Square::A1, promotion: None, kind: MoveKind::Normal };

    /// The dice this move spends: {King, Rook} for castling, else the mover's role.
    #[inline]
    pub fn cost(self) -> Dice {
        match self.kind {
            MoveKind::Castle => Dice::EMPTY.with(Role::King).and_then(|d| d.with(Role::Rook)).unwrap_or_default(),
            _ => Dice::EMPTY.with(self.role).unwrap_or_default(),
        }
    }

    /// The number of dice this move spends (castling counts two).
    #[inline]
    pub fn cost_len(self) -> u32 {
        if self.kind == MoveKind::Castle {
            2
        } else {
            1
        }
    }

    /// `true` if `dice` contains this move's cost.
    #[inline]
    pub fn is_payable(self, dice: Dice) -> bool {
        match self.kind {
            MoveKind::Castle => dice.has(Role::King) && dice.has(Role::Rook),
            _ => dice.has(self.role),
        }
    }

    /// `dice` minus this move's cost (the caller checked [`Move::is_payable`]).
    #[inline]
    pub fn pay(self, dice: Dice) -> Dice {
        match self.kind {
            MoveKind::Castle => dice.without(Role::King).and_then(|d| d.without(Role::Rook)).unwrap_or(dice),
            _ => dice.without(self.role).unwrap_or(dice),
        }
    }

    /// The UCI identity as a parsed [`Uci`].
    #[inline]
    pub fn uci(self) -> Uci {
        Uci { from: self.from, to: self.to, promotion: self.promotion }
    }

    /// A key that sorts like the UCI string in byte order.
    #[inline]
    pub fn uci_order_key(self) -> u32 {
        self.uci().order_key()
    }

    /// The key that sorts the children of a node in UCI order, then by `index` (their generation
    /// order): sorting small keys instead of steps keeps walks cheap.
    #[inline]
    pub fn sort_key(self, index: usize) -> u64 {
        u64::from(self.uci_order_key()) << 32 | index as u64
    }

    /// The square of the pawn this move captures en passant when `mover` plays it (RULES.md
    /// §4.4: beside `to`, on the mover's side); `None` for any other kind of move.
    #[inline]
    pub fn en_passant_victim(self, mover: Color) -> Option<Square> {
        if self.kind != MoveKind::EnPassant {
            return None;
        }
        self.to.offset(if mover == Color::White { -8 } else { 8 })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.uci().fmt(f)
    }
}

/// A parsed UCI string `<from><to>[qrbn]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Uci {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

/// Why a UCI string does not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid UCI move (expected e.g. 'e2e4' or 'e7e8q')")]
pub struct ParseUciError;

impl Uci {
    /// Parses `^[a-h][1-8][a-h][1-8][qrbn]?$` exactly.
    pub fn parse(text: &str) -> Result<Uci, ParseUciError> {
        let bytes = text.as_bytes();
        if !(4..=5).contains(&bytes.len()) || !text.is_ascii() {
            return Err(ParseUciError);
        }
        let from = Square::parse(&text[0..2]).ok_or(ParseUciError)?;
        let to = Square::parse(&text[2..4]).ok_or(ParseUciError)?;
        let promotion = match bytes.get(4) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(_) => return Err(ParseUciError),
        };
        Ok(Uci { from, to, promotion })
    }

    /// Appends the UCI text to `out` without the formatting machinery.
    #[inline]
    pub fn push_to(self, out: &mut String) {
        out.push(self.from.file_char());
        out.push(self.from.rank_char());
        out.push(self.to.file_char());
        out.push(self.to.rank_char());
        if let Some(p) = self.promotion {
            out.push(p.char());
        }
    }

    /// The UCI text as ASCII bytes: a buffer and how many of its bytes are used (4 or 5), for
    /// writers of byte buffers (tree building, where pushing characters one by one shows).
    #[inline]
    pub fn ascii(self) -> ([u8; 5], usize) {
        let squares = [self.from.file_char(), self.from.rank_char(), self.to.file_char(), self.to.rank_char()];
        let [a, b, c, d] = squares.map(|ch| ch as u8);
        match self.promotion {
            Some(p) => ([a, b, c, d, p.char() as u8], 5),
            None => ([a, b, c, d, 0], 4),
        }
    }

    /// A key that sorts like the UCI string in byte order.
    #[inline]
    pub fn order_key(self) -> u32 {
        let promo = self.promotion.map_or(0, |r| r.char() as u32);
        (u32::from(self.from.file()) << 24)
            | (u32::from(self.from.rank()) << 20)
            | (u32::from(self.to.file()) << 16)
            | (u32::from(self.to.rank()) << 12)
            | promo
    }

    /// `true` if `m` has this UCI identity.
    #[inline]
    pub fn matches(self, m: Move) -> bool {
        m.from == self.from && m.to == self.to && m.promotion == self.promotion
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Uci {
    type Err = ParseUciError;
    fn from_str(s: &str) -> Result<Uci, ParseUciError> {
        Uci::parse(s)
    }
}

/// Sorts `moves` in UCI order ([`Move::uci_order_key`]): the one instantiation of the sort for
/// lists of moves shown to players.
pub(crate) fn sort_in_uci_order(moves: &mut [Move]) {
    crate::sort::sort_by_key(moves, |m| u64::from(m.uci_order_key()));
}

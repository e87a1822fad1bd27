//! DFEN: the lenient parser and the canonical serializer (RULES.md §3).

use super::bitboard::Bitboard;
use super::dice::Dice;
use super::position::{Castling, Position, MAX_FULLMOVE, MAX_HALFMOVE};
use super::types::{Color, Piece, Role, Square};
use std::fmt::Write as _;

/// The longest accepted DFEN in bytes.
pub const MAX_DFEN_LEN: usize = 256;

/// Why a DFEN does not parse, in the order the parser checks (RULES.md §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DfenError {
    #[error("DFEN longer than 256 bytes")]
    TooLong,
    #[error("DFEN contains a non-ASCII character")]
    NonAscii,
    #[error("DFEN has {0} fields, expected at least 4")]
    TooFewFields(usize),
    #[error("DFEN has {0} fields, expected at most 7")]
    TooManyFields(usize),
    #[error("invalid side to move (expected 'w' or 'b')")]
    InvalidSide,
    #[error("invalid castling field (expected '-' or 1 to 4 of 'KQkq')")]
    InvalidCastling,
    #[error("castling right listed twice")]
    DuplicateCastling,
    #[error("invalid en-passant field (expected '-' or squares like 'e3')")]
    InvalidEnPassant,
    #[error("en-passant square listed twice")]
    DuplicateEnPassant,
    #[error("invalid half-move clock (expected 0..127)")]
    InvalidHalfmoveClock,
    #[error("invalid full-move number (expected 1..2147483647)")]
    InvalidFullmoveNumber,
    #[error("more than 3 dice")]
    TooManyDice,
    #[error("invalid die (expected '-' or letters of 'pnbrqk')")]
    InvalidDie,
    #[error("placement has {0} ranks, expected 8")]
    RankCount(usize),
    #[error("rank {0}: piece after file h")]
    PieceAfterFileH(u8),
    #[error("rank {0}: invalid character")]
    InvalidPlacementChar(u8),
    #[error("rank {0}: does not describe exactly 8 files")]
    WrongFileCount(u8),
}

/// Splits at `sep` and drops every empty piece at the end.
fn split_trimmed(text: &str, sep: char) -> impl Iterator<Item = &str> {
    let trimmed = text.trim_end_matches(sep);
    let empty = trimmed.is_empty();
    trimmed.split(sep).filter(move |_| !empty)
}

/// Parses `1*DIGIT` as a number, saturating far above every cap.
fn parse_digits(field: &str) -> Option<u64> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(field.bytes().fold(0u64, |n, b| n.saturating_mul(10).saturating_add(u64::from(b - b'0')).min(u64::MAX / 20)))
}

fn parse_castling(field: &str) -> Result<Castling, DfenError> {
    if field == "-" {
        return Ok(Castling::NONE);
    }
    if field.is_empty() || field.len() > 4 {
        return Err(DfenError::InvalidCastling);
    }
    let mut rights = Castling::NONE;
    for c in field.chars() {
        let right = match c {
            'K' => Castling::WHITE_KING,
            'Q' => Castling::WHITE_QUEEN,
            'k' => Castling::BLACK_KING,
            'q' => Castling::BLACK_QUEEN,
            _ => return Err(DfenError::InvalidCastling),
        };
        if rights.has(right) {
            return Err(DfenError::DuplicateCastling);
        }
        rights.insert(right);
    }
    Ok(rights)
}

fn parse_ep(field: &str) -> Result<Bitboard, DfenError> {
    if field == "-" {
        return Ok(Bitboard::EMPTY);
    }
    if field.is_empty() || field.len() % 2 != 0 {
        return Err(DfenError::InvalidEnPassant);
    }
    let mut set = Bitboard::EMPTY;
    for pair in field.as_bytes().chunks_exact(2) {
        let sq = std::str::from_utf8(pair).ok().and_then(Square::parse).ok_or(DfenError::InvalidEnPassant)?;
        if set.contains(sq) {
            return Err(DfenError::DuplicateEnPassant);
        }
        set.add(sq);
    }
    Ok(set)
}

fn parse_dice(field: &str) -> Result<Dice, DfenError> {
    if field == "-" {
        return Ok(Dice::EMPTY);
    }
    if field.len() > 3 {
        return Err(DfenError::TooManyDice);
    }
    field.chars().try_fold(Dice::EMPTY, |dice, c| {
        let role = Role::from_char(c).ok_or(DfenError::InvalidDie)?;
        dice.with(role).ok_or(DfenError::TooManyDice)
    })
}

/// The piece of a FEN letter byte.
#[inline]
fn piece_of_byte(b: u8) -> Option<Piece> {
    let role = match b | 0x20 {
        b'p' => Role::Pawn,
        b'n' => Role::Knight,
        b'b' => Role::Bishop,
        b'r' => Role::Rook,
        b'q' => Role::Queen,
        b'k' => Role::King,
        _ => return None,
    };
    Some(Piece { color: if b.is_ascii_uppercase() { Color::White } else { Color::Black }, role })
}

fn parse_placement(field: &str, pos: &mut Position) -> Result<(), DfenError> {
    let field = field.trim_end_matches('/').as_bytes();
    let count = if field.is_empty() { 0 } else { 1 + field.iter().filter(|&&b| b == b'/').count() };
    if count != 8 {
        return Err(DfenError::RankCount(count));
    }
    for (i, text) in field.split(|&b| b == b'/').enumerate() {
        let rank = 7 - i as u8;
        let label = rank + 1;
        let mut file: u32 = 0;
        for &b in text {
            if b.is_ascii_digit() {
                file += u32::from(b - b'0');
            } else if let Some(piece) = piece_of_byte(b) {
                if file >= 8 {
                    return Err(DfenError::PieceAfterFileH(label));
                }
                // Each square is written once: the file counter only grows.
                pos.toggle(Square::from_coords(file as u8, rank), piece);
                file += 1;
            } else {
                return Err(DfenError::InvalidPlacementChar(label));
            }
        }
        if file != 8 {
            return Err(DfenError::WrongFileCount(label));
        }
    }
    Ok(())
}

impl Position {
    /// Parses a DFEN (RULES.md §3), reporting the first failure in the order of §3.4.
    pub fn from_dfen(text: &str) -> Result<Position, DfenError> {
        if text.len() > MAX_DFEN_LEN {
            return Err(DfenError::TooLong);
        }
        if !text.is_ascii() {
            return Err(DfenError::NonAscii);
        }
        let mut fields = [""; 7];
        let mut count = 0;
        for field in split_trimmed(text, ' ') {
            if count < 7 {
                fields[count] = field;
            }
            count += 1;
        }
        if count < 4 {
            return Err(DfenError::TooFewFields(count));
        }
        if count > 7 {
            return Err(DfenError::TooManyFields(count));
        }
        let mut pos = Position::empty();
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(DfenError::InvalidSide),
        };
        pos.castling = parse_castling(fields[2])?;
        pos.ep = parse_ep(fields[3])?;
        if count > 4 {
            pos.halfmove = parse_digits(fields[4])
                .filter(|&n| n <= u64::from(MAX_HALFMOVE))
                .ok_or(DfenError::InvalidHalfmoveClock)? as u8;
        }
        if count > 5 {
            pos.fullmove = parse_digits(fields[5])
                .filter(|&n| (1..=u64::from(MAX_FULLMOVE)).contains(&n))
                .ok_or(DfenError::InvalidFullmoveNumber)? as u32;
        }
        if count > 6 {
            pos.dice = parse_dice(fields[6])?;
        }
        parse_placement(fields[0], &mut pos)?;
        Ok(pos)
    }

    /// The placement field: rank 8 to rank 1, runs of empty squares as digits.
    pub fn placement_field(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0u8;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// A set of squares as an EP field: ascending square index, `-` when empty.
    pub(crate) fn squares_field(set: Bitboard) -> String {
        if set.is_empty() {
            return "-".to_owned();
        }
        set.map(|sq| sq.to_string()).collect()
    }

    /// The canonical DFEN (RULES.md §3.5).
    pub fn to_dfen(&self) -> String {
        let mut out = self.placement_field();
        let side = if self.turn == Color::White { 'w' } else { 'b' };
        // Writing into a String cannot fail.
        let _ = write!(
            out,
            " {side} {} {} {} {}",
            self.castling.to_field(),
            Self::squares_field(self.ep),
            self.halfmove,
            self.fullmove
        );
        if !self.dice.is_empty() {
            out.push(' ');
            out.push_str(&self.dice.to_field(self.turn));
        }
        out
    }
}

impl std::str::FromStr for Position {
    type Err = DfenError;
    fn from_str(s: &str) -> Result<Position, DfenError> {
        Position::from_dfen(s)
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_dfen())
    }
}

//! Turn signatures and their packing (BOOK.md §2.2, §7.4).
//!
//! A book entry denotes a multiset of micro-moves: its [`Signature`] holds them sorted in UCI string
//! order. The binary format stores it as one `u64` ([`Signature::pack`]), which is also the order of
//! the alternatives of a key (BOOK.md §3 step 6).

use std::fmt;

use super::tsv::tokens;
use crate::{Move, Role, Square, Uci};

/// A filler for unused slots, never read.
const FILLER: Uci = Uci { from: Square::A1, to: Square::A1, promotion: None };

/// The micro-moves of a turn (1 to 3), sorted in UCI string order (byte order of their UCI text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    moves: [Uci; 3],
    len: u8,
}

/// Why a moves text cannot be stored (BOOK.md §7.4; the `moves-invalid` warning of §5).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// 0 tokens, or more than 3.
    #[error("{0} moves; a turn has 1 to 3")]
    Count(usize),
    /// A token that is not a storable UCI move.
    #[error("'{0}' is not a UCI move")]
    Token(String),
}

/// Why a packed `moves` field is invalid (the `bad-record` code of BOOK.md §7.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    #[error("move count {0} is not 1 to 3")]
    Count(u8),
    #[error("bits 56-63 of moves are set")]
    HighBits,
    #[error("slot {0} has bit 15 set")]
    Bit15(usize),
    #[error("slot {0} has promotion code {1}")]
    PromotionCode(usize, u8),
    #[error("slot {0} is not a storable move")]
    NotStorable(usize),
    #[error("unused slot {0} is not zero")]
    UnusedSlot(usize),
    #[error("slots are not in UCI order")]
    Order,
}

/// `true` iff `uci` can be stored: from ≠ to, and a promotion only from rank 7 to rank 8 or from
/// rank 2 to rank 1 (BOOK.md §7.4).
pub(crate) fn is_storable(uci: Uci) -> bool {
    if uci.from == uci.to {
        return false;
    }
    match uci.promotion {
        None => true,
        Some(_) => (uci.from.rank() == 6 && uci.to.rank() == 7) || (uci.from.rank() == 1 && uci.to.rank() == 0),
    }
}

fn promotion_code(p: Option<Role>) -> u16 {
    match p {
        None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(_) => 4,
    }
}

impl Signature {
    /// The signature of 1 to 3 UCI moves in any order; `None` for another count.
    pub fn new(moves: &[Uci]) -> Option<Signature> {
        if !(1..=3).contains(&moves.len()) {
            return None;
        }
        let mut out = Signature { moves: [FILLER; 3], len: moves.len() as u8 };
        out.moves[..moves.len()].copy_from_slice(moves);
        crate::sort::sort_by_key(&mut out.moves[..moves.len()], |u| u64::from(u.order_key()));
        Some(out)
    }

    /// The signature of a played turn (1 to 3 micro-moves).
    pub fn of_turn(moves: &[Move]) -> Option<Signature> {
        let mut ucis = [FILLER; 3];
        if moves.len() > 3 {
            return None;
        }
        for (slot, m) in ucis.iter_mut().zip(moves) {
            *slot = m.uci();
        }
        Signature::new(&ucis[..moves.len()])
    }

    /// Parses a moves text (BOOK.md §2.2): 1 to 3 storable tokens after splitting at `,`.
    pub fn parse(moves_text: &str) -> Result<Signature, MovesError> {
        let mut ucis = [FILLER; 3];
        let mut n = 0;
        for token in tokens(moves_text) {
            let uci = Uci::parse(token).ok().filter(|&u| is_storable(u));
            match uci {
                Some(u) if n < 3 => ucis[n] = u,
                Some(_) => {}
                None => return Err(MovesError::Token(token.to_owned())),
            }
            n += 1;
        }
        Signature::new(&ucis[..n.min(3)]).filter(|_| n <= 3).ok_or(MovesError::Count(n))
    }

    /// The moves in UCI string order.
    pub fn moves(&self) -> &[Uci] {
        &self.moves[..usize::from(self.len)]
    }

    /// The number of moves (1 to 3).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always `false`: a signature has at least one move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The packed form (BOOK.md §7.4).
    pub fn pack(&self) -> u64 {
        let mut out = u64::from(self.len) << 48;
        for (i, u) in self.moves().iter().enumerate() {
            let slot = u.from.index() as u16 | (u.to.index() as u16) << 6 | promotion_code(u.promotion) << 12;
            out |= u64::from(slot) << (16 * i);
        }
        out
    }

    /// Unpacks and checks a `moves` field (every `bad-record` condition on moves of BOOK.md §7.8).
    pub fn unpack(packed: u64) -> Result<Signature, PackError> {
        let count = ((packed >> 48) & 0xff) as u8;
        if packed >> 56 != 0 {
            return Err(PackError::HighBits);
        }
        if !(1..=3).contains(&count) {
            return Err(PackError::Count(count));
        }
        let mut out = Signature { moves: [FILLER; 3], len: count };
        for i in 0..3 {
            let slot = ((packed >> (16 * i)) & 0xffff) as u16;
            if i >= usize::from(count) {
                if slot != 0 {
                    return Err(PackError::UnusedSlot(i));
                }
                continue;
            }
            if slot & 0x8000 != 0 {
                return Err(PackError::Bit15(i));
            }
            let promotion = match (slot >> 12) & 7 {
                0 => None,
                1 => Some(Role::Knight),
                2 => Some(Role::Bishop),
                3 => Some(Role::Rook),
                4 => Some(Role::Queen),
                code => return Err(PackError::PromotionCode(i, code as u8)),
            };
            let from = Square::from_index_masked(u32::from(slot & 63));
            let to = Square::from_index_masked(u32::from((slot >> 6) & 63));
            let uci = Uci { from, to, promotion };
            if !is_storable(uci) {
                return Err(PackError::NotStorable(i));
            }
            out.moves[i] = uci;
        }
        if out.moves().windows(2).any(|w| w[0].order_key() > w[1].order_key()) {
            return Err(PackError::Order);
        }
        Ok(out)
    }
}

impl fmt::Display for Signature {
    /// The moves in UCI string order joined with `,`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, u) in self.moves().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{u}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_example() {
        let s = Signature::parse("f1c4,e2e4").unwrap();
        assert_eq!(s.pack(), 0x0002_0000_0685_070C);
        assert_eq!(s.to_string(), "e2e4,f1c4");
        assert_eq!(Signature::unpack(s.pack()), Ok(s));
    }

    #[test]
    fn bad_texts() {
        assert_eq!(Signature::parse(" , ,"), Err(MovesError::Count(0)));
        assert_eq!(Signature::parse("a2a3,b2b3,c2c3,d2d3"), Err(MovesError::Count(4)));
        assert_eq!(Signature::parse("e2e4q"), Err(MovesError::Token("e2e4q".into())));
        assert_eq!(Signature::parse("e2e2"), Err(MovesError::Token("e2e2".into())));
        assert!(Signature::parse("a7a8q, b2b1n").is_ok());
    }
}

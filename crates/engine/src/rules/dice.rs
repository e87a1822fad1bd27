//! The dice pool: a multiset of at most three faces.

use super::types::{Color, Role};

/// A multiset of 0..3 die faces, packed as a 2-bit count per face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice(u16);

impl Dice {
    /// The empty pool.
    pub const EMPTY: Dice = Dice(0);

    /// Capacity of a pool.
    pub const MAX: u32 = 3;

    #[inline]
    const fn shift(role: Role) -> u32 {
        2 * role.index() as u32
    }

    /// How many dice show `role`.
    #[inline]
    pub const fn count(self, role: Role) -> u32 {
        ((self.0 >> Self::shift(role)) & 3) as u32
    }

    /// The number of dice: the six 2-bit counts added pairwise into three nibbles, then summed
    /// (no loop, and no popcount, which baseline x86-64 lacks).
    #[inline]
    pub const fn len(self) -> u32 {
        let pairs = (self.0 & 0x333) + ((self.0 >> 2) & 0x333);
        ((pairs & 0xf) + ((pairs >> 4) & 0xf) + (pairs >> 8)) as u32
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds one die; `None` if the pool is full.
    #[inline]
    pub const fn with(self, role: Role) -> Option<Dice> {
        if self.len() >= Self::MAX {
            None
        } else {
            Some(Dice(self.0 + (1 << Self::shift(role))))
        }
    }

    /// The two pools together; `None` past three dice.
    #[inline]
    pub const fn plus(self, other: Dice) -> Option<Dice> {
        if self.len() + other.len() > Self::MAX {
            None
        } else {
            // Two-bit counts that add up to at most three cannot carry.
            Some(Dice(self.0 + other.0))
        }
    }

    /// Removes one die showing `role`; `None` if there is none.
    #[inline]
    pub const fn without(self, role: Role) -> Option<Dice> {
        if self.count(role) == 0 {
            None
        } else {
            Some(Dice(self.0 - (1 << Self::shift(role))))
        }
    }

    /// `true` if the pool holds at least one die showing `role`.
    #[inline]
    pub const fn has(self, role: Role) -> bool {
        self.count(role) > 0
    }

    /// The distinct faces as a role set.
    #[inline]
    pub fn roles(self) -> RoleSet {
        let mut set = RoleSet::EMPTY;
        for role in Role::ALL {
            if self.has(role) {
                set = set.with(role);
            }
        }
        set
    }

    /// The lowest face, if any (cheaper than `iter().next()`, which is a flattening iterator).
    #[inline]
    pub const fn first(self) -> Option<Role> {
        Role::from_face((self.0.trailing_zeros() / 2 + 1) as u8)
    }

    /// The faces in ascending order, with repetitions.
    pub fn iter(self) -> impl Iterator<Item = Role> {
        Role::ALL.into_iter().flat_map(move |r| std::iter::repeat_n(r, self.count(r) as usize))
    }

    /// The dice field: letters in face order, upper case for White (empty string for no dice).
    pub fn to_field(self, color: Color) -> String {
        self.iter().map(|r| r.letter(color)).collect()
    }

    /// The per-face maximum of two pools (used for playable dice).
    pub fn max_per_face(self, other: Dice) -> Dice {
        let mut out = 0u16;
        for role in Role::ALL {
            out |= (self.count(role).max(other.count(role)) as u16) << Self::shift(role);
        }
        Dice(out)
    }

    /// The packed representation (for keys).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

/// A set of roles (which piece types to generate, which dice hit), one bit per role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoleSet(u8);

impl RoleSet {
    pub const EMPTY: RoleSet = RoleSet(0);
    pub const ALL: RoleSet = RoleSet(0b11_1111);
    /// Bishops, rooks and queens.
    pub const SLIDERS: RoleSet = RoleSet(0b1_1100);

    /// The set holding `role` only.
    #[inline]
    pub const fn of(role: Role) -> RoleSet {
        RoleSet(1 << role.index())
    }

    #[inline]
    pub const fn with(self, role: Role) -> RoleSet {
        RoleSet(self.0 | 1 << role.index())
    }

    #[inline]
    pub const fn without(self, role: Role) -> RoleSet {
        RoleSet(self.0 & !(1 << role.index()))
    }

    #[inline]
    pub const fn contains(self, role: Role) -> bool {
        self.0 & 1 << role.index() != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of roles.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn union(self, other: RoleSet) -> RoleSet {
        RoleSet(self.0 | other.0)
    }

    #[inline]
    pub const fn intersection(self, other: RoleSet) -> RoleSet {
        RoleSet(self.0 & other.0)
    }

    #[inline]
    pub const fn difference(self, other: RoleSet) -> RoleSet {
        RoleSet(self.0 & !other.0)
    }

    /// The roles in ascending face order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Role> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            // 8 trailing zeros once empty: no face 9.
            let role = Role::from_face(bits.trailing_zeros() as u8 + 1);
            bits &= bits.wrapping_sub(1);
            role
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_arithmetic() {
        let d = Dice::EMPTY.with(Role::Pawn).and_then(|d| d.with(Role::Pawn)).and_then(|d| d.with(Role::King)).unwrap();
        assert_eq!(d.len(), 3);
        assert_eq!(d.count(Role::Pawn), 2);
        assert!(d.with(Role::Queen).is_none());
        assert_eq!(d.to_field(Color::White), "PPK");
        assert_eq!(d.to_field(Color::Black), "ppk");
        let d2 = d.without(Role::Pawn).unwrap();
        assert_eq!(d2.count(Role::Pawn), 1);
        assert!(d2.without(Role::Queen).is_none());
        assert_eq!(d.first(), Some(Role::Pawn));
        assert_eq!(d2.without(Role::Pawn).and_then(Dice::first), Some(Role::King));
        assert_eq!(Dice::EMPTY.first(), None);
    }
}

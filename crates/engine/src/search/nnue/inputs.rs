//! The network's inputs: sparse one-hots of a position seen from one side (its *view*), the
//! view's pieces "up" (with Black's view the board is mirrored vertically and the colours swap):
//!
//! * piece-square: `side · 384 + role · 64 + square`, side 0 the view's own pieces, squares in the
//!   view's frame (rank 1 its back rank) — 768 inputs;
//! * castling rights: the view's king side, queen side, then the other side's — 4 inputs;
//! * en-passant squares, in the view's frame: the third rank's files then the sixth's — 16 inputs
//!   (an ep set holds squares on those ranks only).
//!
//! Every input is 0 or 1, and a micro-move changes a handful of them, so an accumulator follows
//! them incrementally (`accumulator.rs`). The threats that the linear model computes from attack
//! sets are left to the network to learn from the pieces: they cost a scan of the board per
//! evaluation (docs/NOTES.md, "The NNUE evaluator").

use crate::{Bitboard, Castling, Color, Position, Role, Square};

/// Piece-square inputs.
pub const PIECE_INPUTS: usize = 2 * 6 * 64;
/// The first castling input.
pub const CASTLING_BASE: usize = PIECE_INPUTS;
/// The first en-passant input.
pub const EP_BASE: usize = CASTLING_BASE + 4;
/// All inputs.
pub const INPUTS: usize = EP_BASE + 16;
/// The scan inputs (`scan.rs`): the linear model's dense inputs, one value each, beside the
/// one-hots.
pub const SCAN_INPUTS: usize = crate::search::winprob::DENSE_LEN;

/// The input of a `color` `role` on `sq` (board frame) in `view`'s inputs.
#[inline]
pub fn piece_input(view: Color, color: Color, role: Role, sq: Square) -> usize {
    let side = usize::from(color != view);
    let sq = if view == Color::Black { sq.flip_vertical() } else { sq };
    side * 384 + role.index() * 64 + sq.index()
}

/// The castling inputs of `rights` in `view`'s inputs, as a bit set (bit `i` is input
/// `CASTLING_BASE + i`).
#[inline]
pub fn castling_bits(view: Color, rights: Castling) -> u32 {
    [
        Castling::king_side(view),
        Castling::queen_side(view),
        Castling::king_side(view.opponent()),
        Castling::queen_side(view.opponent()),
    ]
    .into_iter()
    .enumerate()
    .fold(0, |bits, (i, right)| bits | (u32::from(rights.has(right)) << i))
}

/// The en-passant inputs of the set `ep` in `view`'s inputs, as a bit set (bit `i` is input
/// `EP_BASE + i`).
#[inline]
pub fn ep_bits(view: Color, ep: Bitboard) -> u32 {
    ep.fold(0, |bits, sq| {
        let sq = if view == Color::Black { sq.flip_vertical() } else { sq };
        match sq.rank() {
            2 => bits | 1 << sq.file(),
            5 => bits | 1 << (8 + sq.file()),
            _ => bits,
        }
    })
}

/// Calls `f` with every active input of `pos` in `view`'s inputs, each once.
#[inline]
pub fn for_each_input(pos: &Position, view: Color, mut f: impl FnMut(usize)) {
    for color in [view, view.opponent()] {
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                f(piece_input(view, color, role, sq));
            }
        }
    }
    for_each_bit(castling_bits(view, pos.castling()), CASTLING_BASE, &mut f);
    for_each_bit(ep_bits(view, pos.ep_squares()), EP_BASE, &mut f);
}

/// Calls `f` with `base + i` for every bit `i` set in `bits`.
#[inline]
pub(super) fn for_each_bit(mut bits: u32, base: usize, f: &mut impl FnMut(usize)) {
    while bits != 0 {
        f(base + bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(pos: &Position, view: Color) -> Vec<usize> {
        let mut v = Vec::new();
        for_each_input(pos, view, |i| v.push(i));
        v.sort_unstable();
        v
    }

    #[test]
    fn a_position_and_its_colour_flip_have_the_same_inputs_from_their_movers_views() {
        let pos = Position::from_dfen("r3k2r/pppq1ppp/2n5/3Pp3/8/8/PPP2PPP/R3K1NR w KQk e6 0 9").expect("a DFEN");
        let mover = inputs(&pos, Color::White);
        assert_eq!(mover, inputs(&pos.color_flip(), Color::Black));
        assert_eq!(mover.len(), 23 + 3 + 1, "23 pieces, KQk, e6");
        assert!(mover.contains(&(EP_BASE + 8 + 4)), "e6 is the sixth rank's file e: {mover:?}");
        assert!(mover.windows(2).all(|w| w[0] < w[1]), "each input once");
    }
}

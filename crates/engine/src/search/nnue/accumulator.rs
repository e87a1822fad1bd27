//! The network's first layer kept incrementally: one [`FirstLayer`] per view (White's, Black's),
//! each the input bias plus the rows of the view's active inputs and the sum of their
//! piece-square logits, updated by the inputs that a micro-move changes (a move 2, a capture 3,
//! castling 4, a promotion 3, plus the castling and en-passant inputs it flips), so that an
//! evaluation only runs the dense part.

use super::inputs::{castling_bits, ep_bits, for_each_bit, for_each_input, piece_input, CASTLING_BASE, EP_BASE};
use super::network::{FirstLayer, Logits, Network};
use super::scan::scan_inputs;
use crate::{Color, Position, Role};

/// The first layer of a position from both views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator<const H: usize> {
    /// Per view (indexed by `Color::index`).
    views: [FirstLayer<H>; 2],
}

impl<const H: usize> Accumulator<H> {
    /// The accumulator of `pos`, from scratch.
    pub fn refresh<const D: usize>(net: &Network<'_, H, D>, pos: &Position) -> Accumulator<H> {
        Accumulator { views: [Color::White, Color::Black].map(|view| refresh_view(net, view, pos)) }
    }

    /// Follows the change from `before` to `after`: a micro-move, a whole turn, or any change
    /// (the inputs that differ are removed and added; the side to move plays no part).
    #[inline]
    pub fn update<const D: usize>(&mut self, net: &Network<'_, H, D>, before: &Position, after: &Position) {
        for view in [Color::White, Color::Black] {
            update_view(&mut self.views[view.index()], net, view, before, after);
        }
    }

    /// The first layer of `view`.
    #[inline]
    pub fn view(&self, view: Color) -> &FirstLayer<H> {
        &self.views[view.index()]
    }

    /// The network's logits for `pos`'s side to move (`self` must follow `pos`).
    #[inline]
    pub fn logits<const D: usize>(&self, net: &Network<'_, H, D>, pos: &Position) -> Logits {
        net.logits(self.view(pos.turn()), &scan_inputs(pos))
    }
}

/// One view's first layer of `pos`, from scratch (what [`Accumulator::refresh`] computes per view).
#[inline]
pub fn refresh_view<const H: usize, const D: usize>(
    net: &Network<'_, H, D>,
    view: Color,
    pos: &Position,
) -> FirstLayer<H> {
    let mut first = FirstLayer { lanes: *net.input_bias, psqt: [0; 3] };
    for_each_input(pos, view, |i| first.add(net, i));
    first
}

/// Follows the change from `before` to `after` in one view's first layer (what
/// [`Accumulator::update`] does per view): for an evaluator that needs the side to move's view alone.
#[inline]
pub fn update_view<const H: usize, const D: usize>(
    first: &mut FirstLayer<H>,
    net: &Network<'_, H, D>,
    view: Color,
    before: &Position,
    after: &Position,
) {
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            let (was, is) = (before.pieces(color, role), after.pieces(color, role));
            if was == is {
                continue;
            }
            for sq in was & !is {
                first.sub(net, piece_input(view, color, role, sq));
            }
            for sq in is & !was {
                first.add(net, piece_input(view, color, role, sq));
            }
        }
    }
    if before.castling() == after.castling() && before.ep_squares() == after.ep_squares() {
        return;
    }
    let flags = [
        (castling_bits(view, before.castling()), castling_bits(view, after.castling()), CASTLING_BASE),
        (ep_bits(view, before.ep_squares()), ep_bits(view, after.ep_squares()), EP_BASE),
    ];
    for (was, is, base) in flags {
        for_each_bit(was & !is, base, &mut |i| first.sub(net, i));
        for_each_bit(is & !was, base, &mut |i| first.add(net, i));
    }
}

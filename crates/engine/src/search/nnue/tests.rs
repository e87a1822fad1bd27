//! The accumulator against a refresh over random games, and the fixture net against the trainer's
//! vectors.

use super::*;
use crate::search::{legal_turns, Rng};
use crate::{Position, Turns};

/// A net's weights, owned (random ones for the tests).
struct Weights<const H: usize, const D: usize> {
    input_weights: Box<[[i16; H]; INPUTS]>,
    input_bias: [i16; H],
    hidden_weights: [[i16; H]; D],
    hidden_bias: [i32; D],
    output_weights: [[i16; D]; 3],
    output_bias: [i32; 3],
}

impl<const H: usize, const D: usize> Weights<H, D> {
    fn random(seed: u64) -> Self {
        let mut rng = Rng::from_seed(seed);
        let mut small = |span: usize| rng.index(2 * span + 1) as i32 - span as i32;
        let mut input_weights = Box::new([[0i16; H]; INPUTS]);
        input_weights.iter_mut().flatten().for_each(|w| *w = small(40) as i16);
        Weights {
            input_weights,
            input_bias: std::array::from_fn(|_| small(60) as i16),
            hidden_weights: std::array::from_fn(|_| std::array::from_fn(|_| small(127) as i16)),
            hidden_bias: std::array::from_fn(|_| small(4000)),
            output_weights: std::array::from_fn(|_| std::array::from_fn(|_| small(127) as i16)),
            output_bias: std::array::from_fn(|_| small(4000)),
        }
    }

    fn network(&self) -> Network<'_, H, D> {
        Network {
            input_weights: &self.input_weights,
            input_bias: &self.input_bias,
            hidden_weights: &self.hidden_weights,
            hidden_bias: &self.hidden_bias,
            output_weights: &self.output_weights,
            output_bias: &self.output_bias,
        }
    }
}

/// Seeded random games (castling, en passant, promotions and captures included): after every
/// micro-move and every turn's end, the accumulator updated from the previous position equals a
/// refresh, and so do its logits.
#[test]
fn the_updated_accumulator_equals_a_refresh_after_every_micro_move() {
    let weights = Weights::<40, 12>::random(5);
    let net = weights.network();
    let mut rng = Rng::from_seed(11);
    let (mut checked, mut distinct) = (0, std::collections::HashSet::new());
    for _ in 0..16 {
        let mut pos = Position::initial();
        let mut acc = Accumulator::refresh(&net, &pos);
        for _ in 0..80 {
            if pos.is_finished() {
                break;
            }
            let mut node = pos;
            node.set_dice(rng.three_dice());
            if let Some(turns) = Turns::of_position(&node) {
                let list = legal_turns(&turns);
                let turn = &list[rng.index(list.len())];
                let mut spent = 0;
                for &m in turn.moves() {
                    let step = turns.step(&node, spent, m).expect("a legal micro-move");
                    acc.update(&net, &node, &step.position);
                    (node, spent) = (step.position, step.spent);
                    assert_eq!(acc, Accumulator::refresh(&net, &node), "{}", node.to_dfen());
                    checked += 1;
                }
            }
            let before = node;
            node.end_turn();
            acc.update(&net, &before, &node);
            let fresh = Accumulator::refresh(&net, &node);
            assert_eq!(acc, fresh, "{}", node.to_dfen());
            let logits = acc.logits(&net, &node);
            assert_eq!(logits, fresh.logits(&net, &node));
            distinct.insert(logits);
            pos = node;
        }
    }
    assert!(checked > 1000, "{checked} micro-moves");
    assert!(distinct.len() > 100, "the logits vary: {}", distinct.len());
}

/// The chances are a distribution, whatever the logits.
#[test]
fn the_chances_of_any_logits_sum_to_one() {
    for z in [[0, 0, 0], [LOGIT_SCALE * 40, 0, -LOGIT_SCALE * 40], [i32::MIN, 0, i32::MAX]] {
        let c = Logits(z).chances();
        assert!((c.mover + c.draw + c.opponent - 1.0).abs() < 1e-5, "{z:?}: {c:?}");
    }
}

//! The NNUE cost fixture shared by `benches/nnue.rs` (criterion, native), `examples/native_search.rs`
//! and the benchmark-only wasm export `nnue_update_output` (src/wasm/bench.rs), so that both sides
//! of `npm run bench` time the same work: a net of the target shape (hidden [`H`], dense [`D`]),
//! or of the shipped net's ([`Shipped`]), with seeded random weights (the cost does not depend on
//! their values), and the micro-moves of seeded random games, each with the accumulator of its
//! start.

use dicechess::search::nnue::{Accumulator, Network, DENSE, HIDDEN, INPUTS, SCAN_INPUTS};
use dicechess::{legal_turns, Position, Rng, Turns};

/// The target shape's hidden width (the accumulator's lanes).
pub const H: usize = 256;
/// The target shape's dense width.
pub const D: usize = 16;

/// Weights of the target shape.
pub type Target = Weights<H, D>;
/// Weights of the shipped net's shape (`nnue::HIDDEN`, `nnue::DENSE`).
pub type Shipped = Weights<HIDDEN, DENSE>;

/// The weights of a net of shape `H`, `D`.
pub struct Weights<const H: usize, const D: usize> {
    input_weights: Box<[[i8; H]; INPUTS]>,
    input_bias: [i16; H],
    hidden_weights: Box<[[i16; H]; D]>,
    hidden_bias: [i32; D],
    output_weights: [[i16; D]; 3],
    output_bias: [i32; 3],
    psqt_weights: Box<[[i32; 3]; INPUTS]>,
    scan_weights: [[i32; 3]; SCAN_INPUTS],
}

impl<const H: usize, const D: usize> Weights<H, D> {
    /// Seeded random weights within the ranges the trainer exports.
    pub fn random() -> Weights<H, D> {
        let mut rng = Rng::from_seed(3);
        let mut small = |span: usize| (rng.index(2 * span + 1) as i32 - span as i32) as i16;
        let mut input_weights = Box::new([[0i8; H]; INPUTS]);
        input_weights.iter_mut().flatten().for_each(|w| *w = small(30) as i8);
        let mut hidden_weights = Box::new([[0i16; H]; D]);
        hidden_weights.iter_mut().flatten().for_each(|w| *w = small(127));
        Weights {
            input_weights,
            input_bias: std::array::from_fn(|_| small(60)),
            hidden_weights,
            hidden_bias: std::array::from_fn(|_| i32::from(small(2000))),
            output_weights: std::array::from_fn(|_| std::array::from_fn(|_| small(127))),
            output_bias: std::array::from_fn(|_| i32::from(small(2000))),
            psqt_weights: Box::new(std::array::from_fn(|_| std::array::from_fn(|_| i32::from(small(2000))))),
            scan_weights: std::array::from_fn(|_| std::array::from_fn(|_| i32::from(small(200)))),
        }
    }

    /// The network over these weights.
    pub fn network(&self) -> Network<'_, H, D> {
        Network {
            input_weights: &self.input_weights,
            input_bias: &self.input_bias,
            hidden_weights: &self.hidden_weights,
            hidden_bias: &self.hidden_bias,
            output_weights: &self.output_weights,
            output_bias: &self.output_bias,
            psqt_weights: &self.psqt_weights,
            scan_weights: &self.scan_weights,
        }
    }
}

/// The (before, after) pairs of every micro-move and turn end of seeded random games.
pub fn micro_moves() -> Vec<(Position, Position)> {
    let mut rng = Rng::from_seed(9);
    let mut pairs = Vec::new();
    for _ in 0..8 {
        let mut pos = Position::initial();
        for _ in 0..60 {
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
                    let Some(step) = turns.step(&node, spent, m) else { break };
                    pairs.push((node, step.position));
                    (node, spent) = (step.position, step.spent);
                }
            }
            let before = node;
            node.end_turn();
            pairs.push((before, node));
            pos = node;
        }
    }
    pairs
}

/// The accumulator before each pair of `pairs`, from scratch (any net's shape).
pub fn starts<const H: usize, const D: usize>(
    net: &Network<'_, H, D>,
    pairs: &[(Position, Position)],
) -> Vec<Accumulator<H>> {
    pairs.iter().map(|(before, _)| Accumulator::refresh(net, before)).collect()
}

/// One pass of the measured work: each pair's update from its start and the output after it;
/// returns a value of all the logits, so that no pass can be skipped.
pub fn update_and_output<const H: usize, const D: usize>(
    net: &Network<'_, H, D>,
    pairs: &[(Position, Position)],
    starts: &[Accumulator<H>],
) -> i32 {
    let mut sink = 0;
    for ((before, after), start) in pairs.iter().zip(starts) {
        let mut acc = *start;
        acc.update(net, std::hint::black_box(before), std::hint::black_box(after));
        sink ^= acc.logits(net, after).0[0];
    }
    sink
}

//! The accumulator against a refresh over random games, and the fixture and shipped nets against
//! the trainer's vectors and manifests.

use super::*;
use crate::search::{legal_turns, Rng};
use crate::{Position, Turns};
use sha2::{Digest, Sha256};

/// A generated net's files: the weights' source, the manifest, and the trainer's vectors
/// (`dfen \t win \t draw \t loss`, its integer logits).
struct Files {
    source: &'static str,
    manifest: &'static str,
    vectors: &'static str,
}

const FIXTURE: Files = Files {
    source: include_str!("fixture_weights.rs"),
    manifest: include_str!("fixture_manifest.json"),
    vectors: include_str!("fixture_vectors.tsv"),
};

const SHIPPED_FILES: Files = Files {
    source: include_str!("weights.rs"),
    manifest: include_str!("manifest.json"),
    vectors: include_str!("vectors.tsv"),
};

fn fixture_net() -> Network<'static, { fixture::HIDDEN }, { fixture::DENSE }> {
    Network {
        input_weights: &fixture::INPUT_WEIGHTS,
        input_bias: &fixture::INPUT_BIAS,
        hidden_weights: &fixture::HIDDEN_WEIGHTS,
        hidden_bias: &fixture::HIDDEN_BIAS,
        output_weights: &fixture::OUTPUT_WEIGHTS,
        output_bias: &fixture::OUTPUT_BIAS,
        psqt_weights: &fixture::PSQT_WEIGHTS,
        scan_weights: &fixture::SCAN_WEIGHTS,
    }
}

/// The manifest describes these weights: their checksum, shape, format and scales; returns it.
fn check_manifest(files: &Files, format_version: u32, hidden: usize, dense: usize) -> serde_json::Value {
    let m: serde_json::Value = serde_json::from_str(files.manifest).expect("the manifest is JSON");
    assert_eq!(m["formatVersion"].as_u64(), Some(u64::from(format_version)));
    let hex: String = Sha256::digest(files.source.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(m["weightsSha256"].as_str(), Some(hex.as_str()));
    let shape = &m["shape"];
    assert_eq!(shape["inputs"].as_u64(), Some(INPUTS as u64));
    assert_eq!(shape["hidden"].as_u64(), Some(hidden as u64));
    assert_eq!(shape["dense"].as_u64(), Some(dense as u64));
    let scales = &m["scales"];
    assert_eq!(scales["qa"].as_i64(), Some(i64::from(network::QA)));
    assert_eq!(scales["qb"].as_i64(), Some(i64::from(network::QB)));
    assert_eq!(scales["logitScale"].as_i64(), Some(i64::from(LOGIT_SCALE)));
    assert_eq!(scales["hiddenShift"].as_u64(), Some(u64::from(network::QB_SHIFT)));
    m
}

/// The trainer's integer logits, exactly, from a refresh and from an accumulator carried from the
/// start position by one update.
fn check_vectors<const H: usize, const D: usize>(net: &Network<'_, H, D>, vectors: &str) {
    let start = Accumulator::refresh(net, &Position::initial());
    let mut distinct = std::collections::HashSet::new();
    for line in vectors.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let pos = Position::from_dfen(f[0]).expect("a DFEN");
        let expected = Logits([1, 2, 3].map(|i| f[i].parse().expect("an integer")));
        assert_eq!(Accumulator::refresh(net, &pos).logits(net, &pos), expected, "{line}");
        let mut carried = start;
        carried.update(net, &Position::initial(), &pos);
        assert_eq!(carried.logits(net, &pos), expected, "{line}");
        distinct.insert(expected);
    }
    assert!(distinct.len() >= 16, "the vectors vary: {} distinct", distinct.len());
}

#[test]
fn the_fixture_net_matches_its_manifest() {
    let m = check_manifest(&FIXTURE, fixture::FORMAT_VERSION, fixture::HIDDEN, fixture::DENSE);
    assert_eq!(m["fixture"].as_bool(), Some(true), "the fixture says it is one");
}

#[test]
fn the_fixture_net_reproduces_the_trainers_vectors() {
    check_vectors(&fixture_net(), FIXTURE.vectors);
}

#[test]
fn the_shipped_net_matches_its_manifest() {
    check_manifest(&SHIPPED_FILES, FORMAT_VERSION, HIDDEN, DENSE);
}

#[test]
fn the_shipped_net_reproduces_the_trainers_vectors() {
    check_vectors(&SHIPPED, SHIPPED_FILES.vectors);
}

/// A net's weights, owned (random ones for the tests).
struct Weights<const H: usize, const D: usize> {
    input_weights: Box<[[i8; H]; INPUTS]>,
    input_bias: [i16; H],
    hidden_weights: [[i16; H]; D],
    hidden_bias: [i32; D],
    output_weights: [[i16; D]; 3],
    output_bias: [i32; 3],
    psqt_weights: Box<[[i32; 3]; INPUTS]>,
    scan_weights: [[i32; 3]; SCAN_INPUTS],
}

impl<const H: usize, const D: usize> Weights<H, D> {
    fn random(seed: u64) -> Self {
        let mut rng = Rng::from_seed(seed);
        let mut small = |span: usize| rng.index(2 * span + 1) as i32 - span as i32;
        let mut input_weights = Box::new([[0i8; H]; INPUTS]);
        input_weights.iter_mut().flatten().for_each(|w| *w = small(40) as i8);
        Weights {
            input_weights,
            input_bias: std::array::from_fn(|_| small(60) as i16),
            hidden_weights: std::array::from_fn(|_| std::array::from_fn(|_| small(127) as i16)),
            hidden_bias: std::array::from_fn(|_| small(4000)),
            output_weights: std::array::from_fn(|_| std::array::from_fn(|_| small(127) as i16)),
            output_bias: std::array::from_fn(|_| small(4000)),
            psqt_weights: Box::new(std::array::from_fn(|_| std::array::from_fn(|_| small(2000)))),
            scan_weights: std::array::from_fn(|_| std::array::from_fn(|_| small(200))),
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
            psqt_weights: &self.psqt_weights,
            scan_weights: &self.scan_weights,
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

/// Counts the allocations of the current thread, for the test below (the lib tests' allocator).
mod counting {
    #![allow(unsafe_code)] // a GlobalAlloc is unsafe to implement; this one forwards to System

    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local!(static ALLOCATIONS: Cell<usize> = const { Cell::new(0) });

    struct Counting;

    // SAFETY: every call forwards to `System` with the same arguments.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
            // SAFETY: the caller's contract is `System`'s.
            unsafe { System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: the caller's contract is `System`'s.
            unsafe { System.dealloc(ptr, layout) }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
            // SAFETY: the caller's contract is `System`'s.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    #[global_allocator]
    static COUNTING: Counting = Counting;

    /// The allocations of this thread so far.
    pub(super) fn allocations() -> usize {
        ALLOCATIONS.with(Cell::get)
    }
}

/// An update and an output allocate nothing (the accumulator, the activations and the hidden layer
/// are arrays).
#[test]
fn an_update_and_an_output_allocate_nothing() {
    let weights = Weights::<64, 16>::random(2);
    let net = weights.network();
    let before = Position::from_dfen("r3k2r/pppq1ppp/2n5/3Pp3/8/8/PPP2PPP/R3K1NR w KQk e6 0 9").expect("a DFEN");
    let after = Position::from_dfen("r3k2r/pppq1ppp/2nP4/8/8/8/PPP2PPP/R3K1NR w KQk - 0 9").expect("a DFEN");
    let mut acc = Accumulator::refresh(&net, &before);
    let start = counting::allocations();
    acc.update(&net, &before, &after);
    let logits = acc.logits(&net, &after);
    assert_eq!(counting::allocations(), start, "no allocation");
    drop(std::hint::black_box(Box::new(1)));
    assert_eq!(counting::allocations(), start + 1, "the counter counts");
    assert_eq!(acc, Accumulator::refresh(&net, &after));
    assert_eq!(logits, Accumulator::refresh(&net, &after).logits(&net, &after));
}

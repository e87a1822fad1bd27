//! The NNUE kernels on wasm SIMD128 (issue 32), run in Node by scripts/test:
//! `RUSTFLAGS="-C target-feature=+simd128" wasm-pack test --node --no-default-features --features
//! search --test wasm_nnue` (without SIMD128 the file is empty).
//!
//! The engine keeps its kernels private, so their two sources, the SIMD128 one and the scalar
//! reference, are compiled into this test as they are and compared on seeded random slices (the
//! native tests compare SSE2 with the same reference). Then the engine itself, built with SIMD128:
//! over the micro-moves of seeded random games, an updated accumulator equals a refresh, and the
//! network's logits equal the scalar reference's evaluation of the same accumulator.
#![cfg(all(target_arch = "wasm32", target_feature = "simd128"))]

#[allow(dead_code)]
#[path = "../benches/common/nnue_fixture.rs"]
mod nnue_fixture;
#[path = "../crates/engine/src/search/nnue/kernels/scalar.rs"]
mod scalar;
#[path = "../crates/engine/src/search/nnue/kernels/simd128.rs"]
mod simd128;

use dicechess::search::nnue::network::{QA, QB_SHIFT};
use dicechess::search::nnue::{scan_inputs, Accumulator, FirstLayer, Network, SCAN_INPUTS};
use dicechess::Rng;
use nnue_fixture::{micro_moves, starts, Weights, D, H};
use wasm_bindgen_test::wasm_bindgen_test;

/// Random slices per kernel.
const CASES: usize = 500;

/// A pair of random i16 slices of one random length in `0..80` (the vectors take 8 lanes at a
/// time; the lengths cover every remainder).
fn pair(rng: &mut Rng) -> (Vec<i16>, Vec<i16>) {
    let n = rng.index(80);
    let mut lanes = || (0..n).map(|_| rng.next_u64() as i16).collect::<Vec<_>>();
    (lanes(), lanes())
}

/// An accumulator's random i16 lanes and an input row's random i8, of one random length in
/// `0..80`.
fn lanes_and_row(rng: &mut Rng) -> (Vec<i16>, Vec<i8>) {
    let n = rng.index(80);
    let lanes = (0..n).map(|_| rng.next_u64() as i16).collect();
    let row = (0..n).map(|_| rng.next_u64() as i8).collect();
    (lanes, row)
}

#[wasm_bindgen_test]
fn the_simd128_add_and_sub_equal_the_scalar_ones() {
    let mut rng = Rng::from_seed(1);
    for _ in 0..CASES {
        let (a, b) = lanes_and_row(&mut rng);
        let (mut v, mut s) = (a.clone(), a.clone());
        simd128::add(&mut v, &b);
        scalar::add(&mut s, &b);
        assert_eq!(v, s);
        simd128::sub(&mut v, &b);
        scalar::sub(&mut s, &b);
        assert_eq!(v, s);
        assert_eq!(v, a);
    }
}

#[wasm_bindgen_test]
fn the_simd128_clipped_relu_equals_the_scalar_one() {
    let mut rng = Rng::from_seed(2);
    for _ in 0..CASES {
        let (a, _) = pair(&mut rng);
        let ceiling = rng.index(i16::MAX as usize + 1) as i16;
        let (mut v, mut s) = (vec![0; a.len()], vec![0; a.len()]);
        simd128::clipped_relu(&a, ceiling, &mut v);
        scalar::clipped_relu(&a, ceiling, &mut s);
        assert_eq!(v, s);
        assert!(s.iter().all(|&x| (0..=ceiling).contains(&x)));
    }
}

#[wasm_bindgen_test]
fn the_simd128_dot_equals_the_scalar_one() {
    let mut rng = Rng::from_seed(3);
    for _ in 0..CASES {
        let (a, b) = pair(&mut rng);
        assert_eq!(simd128::dot(&a, &b), scalar::dot(&a, &b));
        let wide: i64 = a.iter().zip(&b).map(|(&x, &y)| i64::from(x) * i64::from(y)).sum();
        assert_eq!(scalar::dot(&a, &b), wide as i32, "the sum wraps like i64 cut to i32");
    }
}

/// The network's logits of one view's first layer and a position's scan inputs by the scalar kernels.
fn scalar_logits(net: &Network<'_, H, D>, first: &FirstLayer<H>, scan: &[i32; SCAN_INPUTS]) -> [i32; 3] {
    let mut active = [0i16; H];
    scalar::clipped_relu(&first.lanes, QA, &mut active);
    let hidden: [i16; D] = std::array::from_fn(|j| {
        let sum = net.hidden_bias[j].wrapping_add(scalar::dot(&active, &net.hidden_weights[j]));
        (sum >> QB_SHIFT).clamp(0, i32::from(QA)) as i16
    });
    std::array::from_fn(|k| {
        let linear =
            scan.iter().zip(net.scan_weights).fold(first.psqt[k], |z, (&x, w)| z.wrapping_add(x.wrapping_mul(w[k])));
        net.output_bias[k].wrapping_add(scalar::dot(&hidden, &net.output_weights[k])).wrapping_add(linear)
    })
}

#[wasm_bindgen_test]
fn the_engine_on_simd128_updates_and_evaluates_as_the_scalar_reference() {
    let weights = Weights::random();
    let net = weights.network();
    let pairs = micro_moves();
    assert!(pairs.len() > 1000, "{} micro-moves", pairs.len());
    for ((before, after), start) in pairs.iter().zip(starts(&net, &pairs)) {
        let mut acc = start;
        acc.update(&net, before, after);
        assert_eq!(acc, Accumulator::refresh(&net, after), "{} -> {}", before.to_dfen(), after.to_dfen());
        let expected = scalar_logits(&net, acc.view(after.turn()), &scan_inputs(after));
        assert_eq!(acc.logits(&net, after).0, expected, "{}", after.to_dfen());
    }
}

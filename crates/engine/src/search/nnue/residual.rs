//! The residual evaluator: a net trained on top of the linear model ([`crate::search::winprob`]),
//! its logits added to the model's so that it learns the model's correction
//! (`scripts/train/nnue/train.py --base`; the manifest's `"base": "winprob-model"`). A zero net,
//! or any net whose three logits are equal, is the model exactly.

use super::network::{Logits, LOGIT_SCALE};
use crate::search::winprob::{chances_of_logits, decided, features, logits, WinChances};
use crate::Position;

/// The chances of `pos` for its side to move under a residual net whose logits for it are `net`:
/// the softmax of the model's logits plus the net's (over [`LOGIT_SCALE`]). A finished game is
/// decided, as in [`crate::search::winprob::model_chances`].
pub fn residual_chances(pos: &Position, net: Logits) -> WinChances {
    decided(pos).unwrap_or_else(|| chances_of_sum(logits(&features(pos)), net))
}

/// The chances of the model's logits `model` (win, draw; the loss's 0) plus the net's: the net's
/// taken relative to its loss logit, so that the model's softmax does the rest.
#[inline]
fn chances_of_sum(model: [f32; 2], net: Logits) -> WinChances {
    let [win, draw, loss] = net.0;
    let over_loss = |z: i32| (i64::from(z) - i64::from(loss)) as f32 / LOGIT_SCALE as f32;
    chances_of_logits([model[0] + over_loss(win), model[1] + over_loss(draw)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::nnue::{refresh_view, SHIPPED};
    use crate::search::winprob::model_chances;

    const MANIFEST: &str = include_str!("manifest.json");
    const VECTORS: &str = include_str!("vectors.tsv");

    fn vector_positions() -> impl Iterator<Item = (Position, Vec<&'static str>)> {
        VECTORS.lines().map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (Position::from_dfen(f[0]).expect("a DFEN"), f)
        })
    }

    #[test]
    fn a_zero_net_is_the_model_exactly() {
        let positions = vector_positions().map(|(pos, _)| pos).chain([Position::initial()]);
        for pos in positions {
            for net in [Logits([0; 3]), Logits([-5_000; 3]), Logits([123_456; 3])] {
                assert_eq!(residual_chances(&pos, net), model_chances(&pos), "{}", pos.to_dfen());
            }
        }
    }

    /// The trainer's chances of the sum (columns 5 to 7 of a residual net's vectors: win, draw,
    /// loss), computed in f64 from the model's f32 logits; the crate sums and normalises in f32.
    /// Logits within ±20 carry an f32 rounding of about 2e-6, which moves a probability by less
    /// than that; the vectors print nine decimals: 1e-5 leaves room for both.
    #[test]
    fn a_residual_net_reproduces_the_trainers_chances() {
        let manifest: serde_json::Value = serde_json::from_str(MANIFEST).expect("the manifest is JSON");
        if manifest["base"].as_str() != Some("winprob-model") {
            return; // the shipped net is not a residual one: its vectors hold no sum
        }
        let mut checked = 0;
        for (pos, f) in vector_positions() {
            let net = SHIPPED.logits(&refresh_view(&SHIPPED, pos.turn(), &pos));
            let got = residual_chances(&pos, net);
            let want: Vec<f32> = f[4..7].iter().map(|x| x.parse().expect("a probability")).collect();
            for (g, w) in [got.mover, got.draw, got.opponent].into_iter().zip(want) {
                assert!((g - w).abs() < 1e-5, "{}: {got:?} against {:?}", f[0], &f[4..7]);
            }
            checked += 1;
        }
        assert!(checked >= 16, "the vectors hold the sum's chances");
    }
}

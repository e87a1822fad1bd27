//! Match statistics of the arena (BOTS.md §10.5, §10.6): pair spreads, resolution and the
//! GSPRT. Pure functions of the counts, so the CLI and any other runner share them.

/// The 97.5 % normal quantile used for every 95 % interval.
pub const Z95: f64 = 1.959964;

/// The values of the pentanomial bins: pair scores 0, ¼, ½, ¾, 1.
pub const PAIR_VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// The values of the trinomial bins (losses, draws, wins).
pub const GAME_VALUES: [f64; 3] = [0.0, 0.5, 1.0];

/// Single games counted by result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub losses: u64,
    pub draws: u64,
    pub wins: u64,
}

impl Trinomial {
    /// The counts in value order (losses, draws, wins).
    pub fn bins(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }
}

/// `score(elo) = 1 / (1 + 10^(−elo/400))`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo of a score fraction `s`: `−400·log10(1/s − 1)` for `0 < s < 1`, else `None`.
pub fn elo_of_score(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10())
}

/// The mean of a binned sample, `None` when it is empty.
fn mean(values: &[f64], counts: &[u64]) -> Option<f64> {
    let n: u64 = counts.iter().sum();
    (n > 0).then(|| values.iter().zip(counts).map(|(x, &c)| x * c as f64).sum::<f64>() / n as f64)
}

/// The sample standard deviation (`n − 1`) of a binned sample, `None` for fewer than two.
fn sample_sd(values: &[f64], counts: &[u64]) -> Option<f64> {
    let n: u64 = counts.iter().sum();
    if n < 2 {
        return None;
    }
    let m = mean(values, counts)?;
    let ss: f64 = values.iter().zip(counts).map(|(x, &c)| (x - m) * (x - m) * c as f64).sum();
    Some((ss / (n - 1) as f64).sqrt())
}

/// The pair statistics of `sprt.json` → `pairVariance` (BOTS.md §10.5).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairStats {
    pub n: u64,
    pub mean: Option<f64>,
    pub sd: Option<f64>,
    pub standard_error: Option<f64>,
    pub ci95_half_width_percent: Option<f64>,
    pub pairs_to_resolve_2pc: Option<u64>,
    pub pairs_to_resolve_4pc: Option<u64>,
}

/// `pairsToResolve(δ) = ⌈(1.959964·sd/(δ/100))²⌉`; `None` when `sd` is undefined or 0.
pub fn pairs_to_resolve(sd: Option<f64>, delta_pp: f64) -> Option<u64> {
    let sd = sd.filter(|&s| s > 0.0)?;
    Some(((Z95 * sd / (delta_pp / 100.0)).powi(2)).ceil() as u64)
}

/// The statistics of a pentanomial.
pub fn pair_stats(pentanomial: [u64; 5]) -> PairStats {
    let n: u64 = pentanomial.iter().sum();
    let sd = sample_sd(&PAIR_VALUES, &pentanomial);
    let se = sd.map(|s| s / (n as f64).sqrt());
    PairStats {
        n,
        mean: mean(&PAIR_VALUES, &pentanomial),
        sd,
        standard_error: se,
        ci95_half_width_percent: se.map(|e| Z95 * e * 100.0),
        pairs_to_resolve_2pc: pairs_to_resolve(sd, 2.0),
        pairs_to_resolve_4pc: pairs_to_resolve(sd, 4.0),
    }
}

/// Paired against unpaired resolution (BOTS.md §10.5).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resolution {
    pub pair_score_sd: Option<f64>,
    pub game_score_sd: Option<f64>,
    pub variance_reduction: Option<f64>,
    pub games_to_resolve_2pc_paired: Option<u64>,
    pub games_to_resolve_2pc_unpaired: Option<u64>,
    pub games_to_resolve_3pc_paired: Option<u64>,
    pub games_to_resolve_3pc_unpaired: Option<u64>,
}

/// The resolution of a match: pair sd over the pentanomial, game sd over the trinomial.
pub fn resolution(pentanomial: [u64; 5], games: Trinomial) -> Resolution {
    let sd_pair = sample_sd(&PAIR_VALUES, &pentanomial);
    let sd_game = sample_sd(&GAME_VALUES, &games.bins());
    let both = matches!((sd_pair, sd_game), (Some(p), Some(g)) if p > 0.0 && g > 0.0);
    let games_to = |sd: Option<f64>, delta: f64, paired: bool| -> Option<u64> {
        if !both {
            return None;
        }
        let k = pairs_to_resolve(sd, delta)?;
        Some(if paired { 2 * k } else { k })
    };
    Resolution {
        pair_score_sd: sd_pair,
        game_score_sd: sd_game,
        variance_reduction: match (sd_pair, sd_game) {
            (Some(p), Some(g)) if p > 0.0 => Some(g / (p * std::f64::consts::SQRT_2)),
            _ => None,
        },
        games_to_resolve_2pc_paired: games_to(sd_pair, 2.0, true),
        games_to_resolve_2pc_unpaired: games_to(sd_game, 2.0, false),
        games_to_resolve_3pc_paired: games_to(sd_pair, 3.0, true),
        games_to_resolve_3pc_unpaired: games_to(sd_game, 3.0, false),
    }
}

/// The SPRT's parameters: the two Elo hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Why `--sprt ELO0,ELO1,ALPHA,BETA` is refused (a usage error, BOOK.md §11.1).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SprtParamsError {
    #[error("'{0}' is not ELO0,ELO1,ALPHA,BETA")]
    Format(String),
    #[error("the elos must be finite with ELO0 < ELO1")]
    Elos,
    #[error("ALPHA and BETA must lie strictly between 0 and 1")]
    Probabilities,
}

impl std::str::FromStr for SprtParams {
    type Err = SprtParamsError;

    /// `ELO0,ELO1,ALPHA,BETA`: finite elos, elo0 < elo1, 0 < α, β < 1.
    fn from_str(text: &str) -> Result<SprtParams, SprtParamsError> {
        let format = || SprtParamsError::Format(text.to_owned());
        let parts: Vec<f64> =
            text.split(',').map(|p| p.trim().parse::<f64>()).collect::<Result<_, _>>().map_err(|_| format())?;
        let [elo0, elo1, alpha, beta] = parts[..] else { return Err(format()) };
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtParamsError::Elos);
        }
        if !(alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0) {
            return Err(SprtParamsError::Probabilities);
        }
        Ok(SprtParams { elo0, elo1, alpha, beta })
    }
}

/// The SPRT's state after some observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    AcceptH1,
    AcceptH0,
    Continue,
}

impl Verdict {
    /// `"AcceptH1"`, `"AcceptH0"` or `"Continue"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::AcceptH1 => "AcceptH1",
            Verdict::AcceptH0 => "AcceptH0",
            Verdict::Continue => "Continue",
        }
    }
}

/// The result of [`sprt`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtResult {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub verdict: Verdict,
    /// Pairs plus single games.
    pub observations: u64,
}

/// One family's LLR term (normal approximation, +0.5 pseudo-count per bin).
fn family_llr(values: &[f64], counts: &[u64], s0: f64, s1: f64) -> f64 {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return 0.0;
    }
    let smoothed: Vec<f64> = counts.iter().map(|&c| c as f64 + 0.5).collect();
    let total: f64 = smoothed.iter().sum();
    let m = values.iter().zip(&smoothed).map(|(x, c)| x * c).sum::<f64>() / total;
    let v = values.iter().zip(&smoothed).map(|(x, c)| x * x * c).sum::<f64>() / total - m * m;
    n as f64 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v)
}

/// The GSPRT of BOTS.md §10.6 over pairs (pentanomial) and single games (trinomial).
pub fn sprt(pentanomial: [u64; 5], singles: Trinomial, params: SprtParams) -> SprtResult {
    let (s0, s1) = (score_of_elo(params.elo0), score_of_elo(params.elo1));
    let lower = (params.beta / (1.0 - params.alpha)).ln();
    let upper = ((1.0 - params.beta) / params.alpha).ln();
    let llr = family_llr(&PAIR_VALUES, &pentanomial, s0, s1) + family_llr(&GAME_VALUES, &singles.bins(), s0, s1);
    let verdict = if llr >= upper {
        Verdict::AcceptH1
    } else if llr <= lower {
        Verdict::AcceptH0
    } else {
        Verdict::Continue
    };
    let observations = pentanomial.iter().sum::<u64>() + singles.bins().iter().sum::<u64>();
    SprtResult { llr, lower, upper, verdict, observations }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_params_and_their_errors() {
        assert_eq!("0,10,0.05,0.05".parse(), Ok(SprtParams { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 }));
        assert_eq!("0,10,0.05".parse::<SprtParams>(), Err(SprtParamsError::Format("0,10,0.05".to_owned())));
        assert_eq!("10,0,0.05,0.05".parse::<SprtParams>(), Err(SprtParamsError::Elos));
        assert_eq!("0,10,1,0.05".parse::<SprtParams>(), Err(SprtParamsError::Probabilities));
    }
}

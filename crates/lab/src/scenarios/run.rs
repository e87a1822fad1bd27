//! The run of a [`Suite`] (BOTS.md §11): a candidate bot and a baseline decide every scenario with
//! every seed, each decision judged against the legal turns and the expectation, and the counts.

use super::catalog_check::Suite;
use super::schema::Expectation;
use dicechess::search::{choose_turn, Bot, Budgeting, Choice, Clock, Deadline, Rng};
use dicechess::Roll;

/// A budget per decision for budgeted bots: `ms` milliseconds on `clock` from the start of the
/// decision.
#[derive(Clone, Copy)]
pub struct MoveTime<'a> {
    pub clock: &'a dyn Clock,
    pub ms: u64,
}

impl Suite {
    /// Every run in report order: each scenario in catalog order with each seed in seed-set order.
    pub fn runs(&self) -> Vec<(usize, u64)> {
        let seeds = &self.catalog.seed_set.values;
        (0..self.catalog.scenarios.len()).flat_map(|i| seeds.iter().map(move |&s| (i, s))).collect()
    }

    /// `bot`'s decision on scenario `i` with its stream seeded by `seed`, judged against `T` and
    /// the expectation. `deadline`: `None` runs budgeted bots untimed.
    pub fn decide(&self, i: usize, bot: &dyn Bot, seed: u64, deadline: Option<Deadline<'_>>) -> Decision {
        // Every scenario is a roll (validated with the catalog).
        let choice = Roll::new(&self.positions[i])
            .map_or_else(|_| Choice::pass(), |roll| choose_turn(bot, roll, &mut Rng::from_seed(seed), deadline));
        let moves: Vec<String> = choice.moves.iter().map(ToString::to_string).collect();
        let legal = self.legal[i].contains(&moves) || (moves.is_empty() && self.legal[i].is_empty());
        let matched = legal
            && match &self.catalog.scenarios[i].expectation {
                Expectation::Turns(expected) => expected.contains(&moves),
                Expectation::Pass => moves.is_empty(),
            };
        let score = (!moves.is_empty()).then_some(choice.score);
        Decision { moves, score, legal, matched }
    }

    /// One run: the baseline's and the candidate's decisions on scenario `i` with seed `seed`.
    /// With `move_time`, budgeted bots run timed, each deadline counting from the start of its own
    /// decision; without, they run untimed (every result is then exact).
    pub fn run(
        &self,
        i: usize,
        seed: u64,
        candidate: &dyn Bot,
        baseline: &dyn Bot,
        move_time: Option<MoveTime<'_>>,
    ) -> RunResult {
        let deadline = |bot: &dyn Bot| match (bot.budgeting(), move_time) {
            (Budgeting::Budgeted { .. }, Some(t)) => Some(Deadline { clock: t.clock, at: t.clock.now().plus_ms(t.ms) }),
            _ => None,
        };
        let baseline = self.decide(i, baseline, seed, deadline(baseline));
        let candidate = self.decide(i, candidate, seed, deadline(candidate));
        RunResult { scenario: i, seed, baseline, candidate }
    }
}

/// One bot's decision in one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The UCI list; empty for a pass.
    pub moves: Vec<String>,
    /// The bot's score; `None` for a pass.
    pub score: Option<i64>,
    /// A turn of `T`, or a pass when `T` is empty.
    pub legal: bool,
    /// Legal and listed in `expectedTurns`, or a legal pass when the scenario expects one.
    pub matched: bool,
}

impl Decision {
    /// `true` for a pass.
    pub fn passed(&self) -> bool {
        self.moves.is_empty()
    }
}

/// How the two decisions of a run compare with the expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// Only the candidate matched.
    CandidateImproved,
    /// Only the baseline matched.
    CandidateRegressed,
    BothMatched,
    BothMissed,
}

impl Comparison {
    /// The report spelling: `candidate_improved`, `candidate_regressed`, `both_matched`,
    /// `both_missed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Comparison::CandidateImproved => "candidate_improved",
            Comparison::CandidateRegressed => "candidate_regressed",
            Comparison::BothMatched => "both_matched",
            Comparison::BothMissed => "both_missed",
        }
    }
}

/// One scenario with one seed: both decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// Index of the scenario in the catalog.
    pub scenario: usize,
    pub seed: u64,
    pub baseline: Decision,
    pub candidate: Decision,
}

impl RunResult {
    pub fn comparison(&self) -> Comparison {
        match (self.candidate.matched, self.baseline.matched) {
            (true, false) => Comparison::CandidateImproved,
            (false, true) => Comparison::CandidateRegressed,
            (true, true) => Comparison::BothMatched,
            (false, false) => Comparison::BothMissed,
        }
    }

    /// Both bots made the same decision (the same turn, or both passed).
    pub fn same_decision(&self) -> bool {
        self.baseline.moves == self.candidate.moves
    }
}

/// The counts of a run of the suite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub runs: u64,
    pub same_decisions: u64,
    pub different_decisions: u64,
    pub baseline_matched: u64,
    pub candidate_matched: u64,
    pub improvements: u64,
    pub regressions: u64,
    pub both_matched: u64,
    pub both_missed: u64,
    pub baseline_illegal: u64,
    pub candidate_illegal: u64,
}

impl Summary {
    pub fn of(results: &[RunResult]) -> Summary {
        let mut s = Summary::default();
        for r in results {
            s.runs += 1;
            if r.same_decision() {
                s.same_decisions += 1;
            } else {
                s.different_decisions += 1;
            }
            s.baseline_matched += u64::from(r.baseline.matched);
            s.candidate_matched += u64::from(r.candidate.matched);
            match r.comparison() {
                Comparison::CandidateImproved => s.improvements += 1,
                Comparison::CandidateRegressed => s.regressions += 1,
                Comparison::BothMatched => s.both_matched += 1,
                Comparison::BothMissed => s.both_missed += 1,
            }
            s.baseline_illegal += u64::from(!r.baseline.legal);
            s.candidate_illegal += u64::from(!r.candidate.legal);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::core_search_v1;
    use super::*;

    #[test]
    fn comparisons_and_summary() {
        let suite = Suite::new(core_search_v1()).unwrap();
        let registry = dicechess::search::Registry::new();
        let get = |id: &str| registry.get(id).unwrap().as_ref();
        let results: Vec<RunResult> = suite
            .runs()
            .into_iter()
            .map(|(i, seed)| suite.run(i, seed, get("aggressive"), get("greedy"), None))
            .collect();
        let s = Summary::of(&results);
        assert_eq!((s.runs, s.candidate_matched, s.candidate_illegal, s.baseline_illegal), (36, 36, 0, 0));
        assert_eq!(s.regressions + s.both_missed, 0);
        assert_eq!(s.improvements + s.both_matched, 36);
        assert_eq!(s.same_decisions + s.different_decisions, 36);
        // greedy takes the queen in defensive-block-open-file whatever the seed.
        for r in results.iter().filter(|r| r.scenario == 4) {
            assert_eq!(r.comparison(), Comparison::CandidateImproved);
            assert_eq!(r.baseline.moves, ["c3h8"]);
            assert!(r.baseline.legal && !r.baseline.matched && !r.same_decision());
        }
        // Forced passes: a legal, matched pass without a score.
        for r in results.iter().filter(|r| r.scenario >= 10) {
            assert!(r.candidate.passed() && r.candidate.matched && r.candidate.score.is_none());
        }
    }
}

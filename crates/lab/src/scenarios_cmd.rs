//! `dicechess scenarios` (BOTS.md §11): a candidate bot against a baseline on a scenario catalog.
//!
//! Thin over `crate::scenarios`: this file reads a `--fixtures` file and has the library
//! parse it into a [`Catalog`], runs every scenario with every seed, prints the summary and writes
//! the JSON report. The rules of the catalog, the run and the comparison live in the library.

use clap::Args;
use rayon::prelude::*;
use serde::Serialize;

use crate::scenarios::{
    core_search_v1, parse_catalog, Catalog, Comparison, Decision, Expectation, MoveTime, RunResult, Suite, Summary,
    SCHEMA_VERSION,
};
use dicechess::search::SystemClock;

use dicechess_cli::args::bot_id;
use dicechess_cli::args::move_time;
use dicechess_cli::files::{read_input, write_output, Input};
use dicechess_cli::io::{self, Exit, Failure, Outcome};

#[derive(Debug, Args)]
pub struct ScenariosArgs {
    /// The candidate bot.
    #[arg(long, value_name = "ID", default_value = "aggressive", value_parser = bot_id)]
    bot: String,
    /// The baseline bot.
    #[arg(long, value_name = "ID", default_value = "greedy", value_parser = bot_id)]
    baseline: String,
    /// A scenario catalog (JSON, schema v1); default the bundled core-search-v1.
    #[arg(long, value_name = "FILE")]
    fixtures: Option<String>,
    /// Write the JSON report to PATH.
    #[arg(long, value_name = "PATH")]
    json: Option<String>,
    /// Budget per decision of budgeted bots (0 = their untimed modes: every result is exact).
    #[arg(long, value_name = "MS", default_value = "0", value_parser = move_time)]
    move_time: u64,
}

/// `dicechess scenarios` (BOTS.md §11). Exit 0 whatever the bots decided; 1 for a catalog that
/// breaks schema v1.
pub fn scenarios(args: ScenariosArgs) -> Outcome {
    let catalog = match &args.fixtures {
        Some(path) => read_catalog(path)?,
        None => core_search_v1(),
    };
    let source = args.fixtures.as_deref().unwrap_or("core-search-v1");
    let suite = Suite::new(catalog).map_err(|e| Failure::invalid(format!("{source}: {e}")))?;
    let registry = dicechess::search::Registry::new();
    let candidate = registry.get(&args.bot).expect("ids are checked by clap");
    let baseline = registry.get(&args.baseline).expect("ids are checked by clap");
    let clock = SystemClock::new();
    // Runs are independent; the results keep report order.
    let results: Vec<RunResult> = suite
        .runs()
        .into_par_iter()
        .map(|(i, seed)| {
            let move_time = (args.move_time > 0).then_some(MoveTime { clock: &clock, ms: args.move_time });
            suite.run(i, seed, candidate.as_ref(), baseline.as_ref(), move_time)
        })
        .collect();
    let summary = Summary::of(&results);
    let (candidate, baseline) = (candidate.info(), baseline.info());
    let text = summary_text(&suite, &results, &summary, (&candidate.id, &baseline.id), args.move_time);
    // Keep stdout a JSON document when the report goes there.
    if args.json.as_deref() == Some("-") {
        eprint!("{text}");
    } else {
        let mut out = io::Output::stdout();
        for line in text.lines() {
            out.line(line)?;
        }
        out.flush()?;
    }
    if let Some(path) = &args.json {
        let report = report(&suite, &results, &summary, (candidate.id, candidate.name), (baseline.id, baseline.name));
        let mut text = serde_json::to_string_pretty(&report).expect("a report serializes");
        text.push('\n');
        write_output(path, text.as_bytes())?;
    }
    Ok(Exit::Success)
}

// ---------------------------------------------------------------------------------------------------
// The summary

fn moves_text(d: &Decision) -> String {
    if d.passed() {
        "pass".to_owned()
    } else {
        d.moves.join(",")
    }
}

fn summary_text(
    suite: &Suite,
    results: &[RunResult],
    s: &Summary,
    (candidate, baseline): (&str, &str),
    move_time: u64,
) -> String {
    let catalog = suite.catalog();
    let timing = if move_time == 0 { "untimed".to_owned() } else { format!("{move_time} ms per decision") };
    let mut t = format!(
        "{}: {} scenarios x {} seeds, candidate {candidate} vs baseline {baseline} ({timing})\n",
        catalog.id,
        catalog.scenarios.len(),
        catalog.seed_set.values.len()
    );
    // The runs that tell the bots apart or that neither matched.
    let notable: Vec<&RunResult> = results
        .iter()
        .filter(|r| r.comparison() != Comparison::BothMatched || !r.candidate.legal || !r.baseline.legal)
        .collect();
    if !notable.is_empty() {
        t += &format!(
            "\n{:<40} {:>6} {:<20} {:<16} {:<16}\n",
            "scenario", "seed", "comparison", "candidate", "baseline"
        );
        for r in notable {
            let mark = |d: &Decision| if d.legal { moves_text(d) } else { format!("{} (illegal)", moves_text(d)) };
            t += &format!(
                "{:<40} {:>6} {:<20} {:<16} {:<16}\n",
                catalog.scenarios[r.scenario].id,
                r.seed,
                r.comparison().as_str(),
                mark(&r.candidate),
                mark(&r.baseline)
            );
        }
    }
    t += &format!(
        "\nruns                 {}\n\
         same decisions       {}\n\
         different decisions  {}\n\
         expectation hits     candidate {}/{}, baseline {}/{}\n\
         improvements         {}\n\
         regressions          {}\n\
         both matched         {}\n\
         both missed          {}\n\
         illegal decisions    candidate {}, baseline {}\n",
        s.runs,
        s.same_decisions,
        s.different_decisions,
        s.candidate_matched,
        s.runs,
        s.baseline_matched,
        s.runs,
        s.improvements,
        s.regressions,
        s.both_matched,
        s.both_missed,
        s.candidate_illegal,
        s.baseline_illegal
    );
    t
}

// ---------------------------------------------------------------------------------------------------
// The JSON report (BOTS.md §11)

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportJson<'a> {
    kind: &'static str,
    schema_version: u64,
    fixtures: FixturesJson<'a>,
    baseline: BotJson,
    candidate: BotJson,
    summary: SummaryJson,
    results: Vec<ResultJson<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FixturesJson<'a> {
    id: &'a str,
    description: &'a str,
    seed_set: SeedSetJson<'a>,
}

#[derive(Serialize)]
struct SeedSetJson<'a> {
    id: &'a str,
    values: &'a [u64],
}

#[derive(Serialize)]
struct BotJson {
    id: String,
    name: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SummaryJson {
    runs: u64,
    same_decisions: u64,
    different_decisions: u64,
    baseline_matched: u64,
    candidate_matched: u64,
    improvements: u64,
    regressions: u64,
    both_matched: u64,
    both_missed: u64,
    baseline_illegal: u64,
    candidate_illegal: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultJson<'a> {
    scenario_id: &'a str,
    category: &'static str,
    seed: u64,
    expectation: ExpectationJson<'a>,
    baseline: DecisionJson<'a>,
    candidate: DecisionJson<'a>,
    comparison: &'static str,
    same_decision: bool,
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum ExpectationJson<'a> {
    Pass,
    Turns { allowed: &'a [Vec<String>] },
}

#[derive(Serialize)]
struct DecisionJson<'a> {
    passed: bool,
    moves: &'a [String],
    score: Option<i64>,
    legal: bool,
    matched: bool,
}

impl<'a> DecisionJson<'a> {
    fn of(d: &'a Decision) -> DecisionJson<'a> {
        DecisionJson { passed: d.passed(), moves: &d.moves, score: d.score, legal: d.legal, matched: d.matched }
    }
}

fn report<'a>(
    suite: &'a Suite,
    results: &'a [RunResult],
    s: &Summary,
    (candidate_id, candidate_name): (String, String),
    (baseline_id, baseline_name): (String, String),
) -> ReportJson<'a> {
    let catalog = suite.catalog();
    ReportJson {
        kind: "search_evaluation",
        schema_version: SCHEMA_VERSION,
        fixtures: FixturesJson {
            id: &catalog.id,
            description: &catalog.description,
            seed_set: SeedSetJson { id: &catalog.seed_set.id, values: &catalog.seed_set.values },
        },
        baseline: BotJson { id: baseline_id, name: baseline_name },
        candidate: BotJson { id: candidate_id, name: candidate_name },
        summary: SummaryJson {
            runs: s.runs,
            same_decisions: s.same_decisions,
            different_decisions: s.different_decisions,
            baseline_matched: s.baseline_matched,
            candidate_matched: s.candidate_matched,
            improvements: s.improvements,
            regressions: s.regressions,
            both_matched: s.both_matched,
            both_missed: s.both_missed,
            baseline_illegal: s.baseline_illegal,
            candidate_illegal: s.candidate_illegal,
        },
        results: results
            .iter()
            .map(|r| {
                let sc = &catalog.scenarios[r.scenario];
                ResultJson {
                    scenario_id: &sc.id,
                    category: sc.category.as_str(),
                    seed: r.seed,
                    expectation: match &sc.expectation {
                        Expectation::Pass => ExpectationJson::Pass,
                        Expectation::Turns(allowed) => ExpectationJson::Turns { allowed },
                    },
                    baseline: DecisionJson::of(&r.baseline),
                    candidate: DecisionJson::of(&r.candidate),
                    comparison: r.comparison().as_str(),
                    same_decision: r.same_decision(),
                }
            })
            .collect(),
    }
}

// ---------------------------------------------------------------------------------------------------
// Reading a catalog file

/// Reads a catalog file; the library parses it strictly (schema v1). Unreadable files and invalid
/// UTF-8 exit 3, text that is not JSON or breaks a rule 1.
fn read_catalog(path: &str) -> Result<Catalog, Failure> {
    let bytes = read_input(path, Input::Json)?;
    let text = String::from_utf8(bytes).map_err(|e| Failure::io(format!("cannot read {path}: invalid UTF-8 ({e})")))?;
    parse_catalog(&text).map_err(|e| Failure::invalid(format!("{path}: {e}")))
}

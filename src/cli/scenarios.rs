//! `dicechess scenarios` (BOTS.md §11): a candidate bot against a baseline on a scenario catalog.
//!
//! Thin over `dicechess::search::scenarios`: this file reads a `--fixtures` file strictly into the
//! library's [`Catalog`] (JSON shape: unknown and duplicate fields, types), runs every scenario
//! with every seed, prints the summary and writes the JSON report. The rules of the catalog, the
//! run and the comparison live in the library.

use clap::Args;
use rayon::prelude::*;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Serialize;

use dicechess::search::scenarios::{
    core_search_v1, Catalog, CatalogError, CatalogProblem, Category, Comparison, Decision, Expectation, MoveTime,
    RunResult, Scenario, SeedSet, Suite, Summary, SCHEMA_VERSION,
};
use dicechess::search::{Registry, SystemClock};

use super::book::{read_input, write_output};
use super::io::{self, Exit, Failure, Outcome};
use super::play::{bot_id, non_negative};

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
    #[arg(long, value_name = "MS", default_value = "0", value_parser = non_negative)]
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
    let registry = Registry::new();
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
        let mut out = io::Output::new();
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
// Reading a catalog strictly (schema v1)

/// A JSON value that keeps every member of an object, duplicates included, in file order, so that
/// a duplicate field is reported rather than silently overwritten.
enum Json {
    Null,
    Bool(bool),
    /// A non-negative integer.
    Unsigned(u64),
    /// A negative integer.
    Negative,
    Float,
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Unsigned(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Json, E> {
        Ok(u64::try_from(v).map_or(Json::Negative, Json::Unsigned))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Json, E> {
        Ok(Json::Float)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Json, E> {
        Ok(Json::Str(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Json, E> {
        Ok(Json::Str(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut members = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            members.push((key, value));
        }
        Ok(Json::Object(members))
    }
}

/// Reads and checks the JSON shape of a catalog file; the library checks the rest. Unreadable
/// files and invalid UTF-8 exit 3, any broken rule 1.
fn read_catalog(path: &str) -> Result<Catalog, Failure> {
    let bytes = read_input(path)?;
    let text = String::from_utf8(bytes).map_err(|e| Failure::io(format!("cannot read {path}: invalid UTF-8 ({e})")))?;
    let json: Json =
        serde_json::from_str(&text).map_err(|e| Failure::invalid(format!("{path}: not valid JSON: {e}")))?;
    catalog(&json).map_err(|e| Failure::invalid(format!("{path}: {e}")))
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    }
}

/// An object's members, checked against the fields its schema allows: no unknown field, none twice.
struct Object<'a> {
    path: String,
    members: &'a [(String, Json)],
}

impl<'a> Object<'a> {
    fn new(v: &'a Json, path: &str, allowed: &[&str]) -> Result<Object<'a>, CatalogError> {
        let Json::Object(members) = v else { return Err(wrong_type(path, "an object")) };
        for (k, (name, _)) in members.iter().enumerate() {
            if !allowed.contains(&name.as_str()) {
                return Err(CatalogError::new(join(path, name), CatalogProblem::UnknownField(name.clone())));
            }
            if members[..k].iter().any(|(other, _)| other == name) {
                return Err(CatalogError::new(join(path, name), CatalogProblem::DuplicateField(name.clone())));
            }
        }
        Ok(Object { path: path.to_owned(), members })
    }

    fn field(&self, name: &str) -> String {
        join(&self.path, name)
    }

    fn get(&self, name: &str) -> Option<&'a Json> {
        self.members.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    fn required(&self, name: &str) -> Result<&'a Json, CatalogError> {
        self.get(name).ok_or_else(|| CatalogError::new(self.field(name), CatalogProblem::MissingField))
    }

    fn string(&self, name: &str) -> Result<String, CatalogError> {
        match self.required(name)? {
            Json::Str(s) => Ok(s.clone()),
            _ => Err(wrong_type(&self.field(name), "a string")),
        }
    }
}

fn wrong_type(field: &str, expected: &'static str) -> CatalogError {
    CatalogError::new(field, CatalogProblem::WrongType(expected))
}

fn array<'a>(v: &'a Json, field: &str) -> Result<&'a [Json], CatalogError> {
    match v {
        Json::Array(items) => Ok(items),
        _ => Err(wrong_type(field, "an array")),
    }
}

fn catalog(root: &Json) -> Result<Catalog, CatalogError> {
    let o = Object::new(root, "", &["schemaVersion", "id", "description", "seedSet", "scenarios"])?;
    match o.required("schemaVersion")? {
        Json::Unsigned(SCHEMA_VERSION) => {}
        Json::Unsigned(_) | Json::Negative | Json::Float => {
            return Err(CatalogError::new("schemaVersion", CatalogProblem::UnsupportedVersion));
        }
        _ => return Err(wrong_type("schemaVersion", "the integer 1")),
    }
    let seeds = Object::new(o.required("seedSet")?, "seedSet", &["id", "values"])?;
    let values = array(seeds.required("values")?, "seedSet.values")?
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            Json::Unsigned(n) => Ok(*n),
            _ => Err(wrong_type(&format!("seedSet.values[{i}]"), "an integer 0..18446744073709551615")),
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let scenarios = array(o.required("scenarios")?, "scenarios")?
        .iter()
        .enumerate()
        .map(|(i, v)| scenario(v, &format!("scenarios[{i}]")))
        .collect::<Result<Vec<Scenario>, _>>()?;
    Ok(Catalog {
        id: o.string("id")?,
        description: o.string("description")?,
        seed_set: SeedSet { id: seeds.string("id")?, values },
        scenarios,
    })
}

fn scenario(v: &Json, path: &str) -> Result<Scenario, CatalogError> {
    let o = Object::new(v, path, &["id", "category", "description", "dfen", "expectedTurns", "expectPass"])?;
    let id = o.string("id")?;
    let category = o.string("category")?;
    let category = Category::from_name(&category)
        .ok_or_else(|| CatalogError::new(o.field("category"), CatalogProblem::UnknownCategory(category)))?;
    let description = o.string("description")?;
    let dfen = o.string("dfen")?;
    let expectation = match (o.get("expectedTurns"), o.get("expectPass")) {
        (Some(_), Some(_)) => return Err(CatalogError::new(path, CatalogProblem::BothExpectations)),
        (None, None) => return Err(CatalogError::new(path, CatalogProblem::NoExpectation)),
        (None, Some(Json::Bool(true))) => Expectation::Pass,
        (None, Some(Json::Bool(false))) => {
            return Err(CatalogError::new(o.field("expectPass"), CatalogProblem::ExpectPassFalse));
        }
        (None, Some(_)) => return Err(wrong_type(&o.field("expectPass"), "true")),
        (Some(turns), None) => {
            let field = o.field("expectedTurns");
            let turns = array(turns, &field)?
                .iter()
                .enumerate()
                .map(|(k, t)| {
                    let field = format!("{field}[{k}]");
                    array(t, &field)?
                        .iter()
                        .enumerate()
                        .map(|(m, mv)| match mv {
                            Json::Str(s) => Ok(s.clone()),
                            _ => Err(wrong_type(&format!("{field}[{m}]"), "a UCI string")),
                        })
                        .collect::<Result<Vec<String>, _>>()
                })
                .collect::<Result<Vec<Vec<String>>, _>>()?;
            Expectation::Turns(turns)
        }
    };
    Ok(Scenario { id, category, description, dfen, expectation })
}

//! Reading a catalog strictly from the JSON of a fixture file (schema v1), and the bundled
//! `core-search-v1` catalog, a JSON file of this directory.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};

use super::schema::{Catalog, CatalogError, CatalogProblem, Category, Expectation, Scenario, SeedSet, SCHEMA_VERSION};

/// The text of the bundled catalog (BOTS.md §11), the `catalog` of the conformance file
/// `search/scenarios.json`.
const CORE_SEARCH_V1: &str = include_str!("core-search-v1.json");

/// The bundled `core-search-v1` catalog (BOTS.md §11) with the seed set `stable-0-7-42-v1`.
pub fn core_search_v1() -> Catalog {
    parse_catalog(CORE_SEARCH_V1).expect("the bundled catalog is schema v1 (tested)")
}

/// Reads a catalog from the JSON text of a fixture file (schema v1, BOTS.md §11), strictly:
/// no unknown field, no field twice, every field of its type, `schemaVersion` 1, a known
/// category, exactly one expectation and `expectPass` only as `true`. The first violation is
/// the error, naming the field; text that is not JSON is an error of the whole document
/// (`CatalogProblem::InvalidJson`, empty field). The other rules (seeds, unique ids, DFENs,
/// legal turns) are [`Suite::new`](super::Suite::new)'s.
pub fn parse_catalog(text: &str) -> Result<Catalog, CatalogError> {
    // Syntax first, so that text that is not JSON is never reported as a field's problem.
    serde_json::from_str::<IgnoredAny>(text)
        .map_err(|e| CatalogError::new("", CatalogProblem::InvalidJson(e.to_string())))?;
    let mut de = serde_json::Deserializer::from_str(text);
    let catalog: Object<CatalogJson> = serde_path_to_error::deserialize(&mut de).map_err(schema_error)?;
    catalog.0.into_catalog()
}

/// A serde error at a path: the path as the field (empty for the root) and serde's message
/// without its line and column, which the path makes redundant.
fn schema_error(e: serde_path_to_error::Error<serde_json::Error>) -> CatalogError {
    let path = e.path().to_string();
    let field = if path == "." { String::new() } else { path };
    let e = e.into_inner();
    let text = e.to_string();
    if !e.is_data() {
        return CatalogError::new("", CatalogProblem::InvalidJson(text));
    }
    let location = format!(" at line {} column {}", e.line(), e.column());
    let message = text.strip_suffix(&location).unwrap_or(&text).to_owned();
    CatalogError::new(field, CatalogProblem::Schema(message))
}

/// `T` read from a JSON object only (serde's derived structs also accept an array of the
/// fields in order).
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Object<T>, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = Object<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(Object)
            }
        }

        deserializer.deserialize_map(ObjectVisitor(PhantomData))
    }
}

/// The root object as written; `schemaVersion` any number, so that a wrong one is reported as
/// unsupported rather than as mistyped.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CatalogJson {
    schema_version: serde_json::Number,
    id: String,
    description: String,
    seed_set: Object<SeedSetJson>,
    scenarios: Vec<Object<ScenarioJson>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SeedSetJson {
    id: String,
    values: Vec<u64>,
}

/// A scenario as written: the expectation as its two exclusive fields.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ScenarioJson {
    id: String,
    category: String,
    description: String,
    dfen: String,
    #[serde(default, deserialize_with = "present")]
    expected_turns: Option<Vec<Vec<String>>>,
    #[serde(default, deserialize_with = "present")]
    expect_pass: Option<bool>,
}

/// An optional field that may be absent but not `null`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

impl CatalogJson {
    fn into_catalog(self) -> Result<Catalog, CatalogError> {
        if self.schema_version.as_u64() != Some(SCHEMA_VERSION) {
            return Err(CatalogError::new("schemaVersion", CatalogProblem::UnsupportedVersion));
        }
        let scenarios = self
            .scenarios
            .into_iter()
            .enumerate()
            .map(|(i, s)| s.0.into_scenario(&format!("scenarios[{i}]")))
            .collect::<Result<Vec<Scenario>, _>>()?;
        let seed_set = SeedSet { id: self.seed_set.0.id, values: self.seed_set.0.values };
        Ok(Catalog { id: self.id, description: self.description, seed_set, scenarios })
    }
}

impl ScenarioJson {
    /// The scenario at `path`, with exactly one expectation.
    fn into_scenario(self, path: &str) -> Result<Scenario, CatalogError> {
        let category = Category::from_name(&self.category).ok_or_else(|| {
            CatalogError::new(format!("{path}.category"), CatalogProblem::UnknownCategory(self.category.clone()))
        })?;
        let expectation = match (self.expected_turns, self.expect_pass) {
            (Some(_), Some(_)) => return Err(CatalogError::new(path, CatalogProblem::BothExpectations)),
            (None, None) => return Err(CatalogError::new(path, CatalogProblem::NoExpectation)),
            (None, Some(true)) => Expectation::Pass,
            (None, Some(false)) => {
                return Err(CatalogError::new(format!("{path}.expectPass"), CatalogProblem::ExpectPassFalse))
            }
            (Some(turns), None) => Expectation::Turns(turns),
        };
        Ok(Scenario { id: self.id, category, description: self.description, dfen: self.dfen, expectation })
    }
}

#[cfg(test)]
mod tests {
    use super::super::Suite;
    use super::*;

    /// A schema-v1 catalog of one scenario, with `scenario` as its only scenario's members.
    fn one_scenario(scenario: &str) -> String {
        format!(
            r#"{{"schemaVersion": 1, "id": "c", "description": "d", "seedSet": {{"id": "s", "values": [0, 7]}},
                "scenarios": [{{{scenario}}}]}}"#
        )
    }

    const CAPTURE: &str =
        r#""id": "x", "category": "tactical", "description": "", "dfen": "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 P""#;

    #[test]
    fn bundled_catalog_reads() {
        let c = core_search_v1();
        assert_eq!(
            (c.id.as_str(), c.seed_set.values.as_slice(), c.scenarios.len()),
            ("core-search-v1", &[0, 7, 42][..], 12)
        );
        assert_eq!(c.scenarios[10].expectation, Expectation::Pass);
    }

    #[test]
    fn parse_reads_a_catalog() {
        let c = parse_catalog(&one_scenario(&format!(r#"{CAPTURE}, "expectedTurns": [["d4e5"], ["d4c5"]]"#))).unwrap();
        assert_eq!((c.id.as_str(), c.description.as_str()), ("c", "d"));
        assert_eq!(c.seed_set, SeedSet { id: "s".into(), values: vec![0, 7] });
        assert_eq!(c.scenarios.len(), 1);
        let sc = &c.scenarios[0];
        assert_eq!((sc.id.as_str(), sc.category), ("x", Category::Tactical));
        assert_eq!(sc.expectation, Expectation::Turns(vec![vec!["d4e5".into()], vec!["d4c5".into()]]));
        Suite::new(c).unwrap();
        let pass = r#""id": "p", "category": "forced-pass", "description": "", "dfen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP", "expectPass": true"#;
        let c = parse_catalog(&one_scenario(pass)).unwrap();
        assert_eq!(c.scenarios[0].expectation, Expectation::Pass);
        Suite::new(c).unwrap();
    }

    /// Every way to break the schema, with the field and the message.
    #[test]
    fn parse_is_strict() {
        use CatalogProblem::*;
        let good = one_scenario(&format!(r#"{CAPTURE}, "expectedTurns": [["d4e5"]]"#));
        let edit = |from: &str, to: &str| {
            assert!(good.contains(from), "{from}");
            good.replacen(from, to, 1)
        };
        let scenario_fields = "expected one of `id`, `category`, `description`, `dfen`, `expectedTurns`, `expectPass`";
        let schema = |s: &str| Schema(s.to_owned());
        let cases = [
            (
                edit(r#"[["d4e5"]]"#, r#"[["d4e5"]], "weight": 1"#),
                "scenarios[0].weight",
                schema(&format!("unknown field `weight`, {scenario_fields}")),
            ),
            (edit(r#""id": "x","#, r#""id": "x", "id": "y","#), "scenarios[0]", schema("duplicate field `id`")),
            (edit(r#"[["d4e5"]]"#, r#"[["d4e5"]], "expectPass": true"#), "scenarios[0]", BothExpectations),
            (edit(r#", "expectedTurns": [["d4e5"]]"#, ""), "scenarios[0]", NoExpectation),
            (
                edit(r#"[["d4e5"]]"#, r#"[["d4e5", 3]]"#),
                "scenarios[0].expectedTurns[0][1]",
                schema("invalid type: integer `3`, expected a string"),
            ),
            (
                edit(r#"[["d4e5"]]"#, "{}"),
                "scenarios[0].expectedTurns",
                schema("invalid type: map, expected a sequence"),
            ),
            (
                edit(r#"[["d4e5"]]"#, "null"),
                "scenarios[0].expectedTurns",
                schema("invalid type: null, expected a sequence"),
            ),
            (
                edit(r#""expectedTurns": [["d4e5"]]"#, r#""expectPass": false"#),
                "scenarios[0].expectPass",
                ExpectPassFalse,
            ),
            (
                edit(r#""expectedTurns": [["d4e5"]]"#, r#""expectPass": 1"#),
                "scenarios[0].expectPass",
                schema("invalid type: integer `1`, expected a boolean"),
            ),
            (edit(r#""tactical""#, r#""Tactical""#), "scenarios[0].category", UnknownCategory("Tactical".into())),
            (
                edit(r#""tactical""#, r#"{"tactical": null}"#),
                "scenarios[0].category",
                schema("invalid type: map, expected a string"),
            ),
            (
                edit(r#""dfen""#, r#""fen""#),
                "scenarios[0].fen",
                schema(&format!("unknown field `fen`, {scenario_fields}")),
            ),
            (
                edit(r#", "dfen": "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 P""#, ""),
                "scenarios[0]",
                schema("missing field `dfen`"),
            ),
            (edit(r#""id": "x""#, r#""id": null"#), "scenarios[0].id", schema("invalid type: null, expected a string")),
            (edit("[{", "[7, {"), "scenarios[0]", schema("invalid type: integer `7`, expected an object")),
            (edit("[0, 7]", "[0, -7]"), "seedSet.values[1]", schema("invalid value: integer `-7`, expected u64")),
            (edit("[0, 7]", "[0.5]"), "seedSet.values[0]", schema("invalid type: floating point `0.5`, expected u64")),
            (
                edit(r#"{"id": "s", "#, r#"{"ids": "s", "#),
                "seedSet.ids",
                schema("unknown field `ids`, expected `id` or `values`"),
            ),
            (edit(r#""schemaVersion": 1"#, r#""schemaVersion": 2"#), "schemaVersion", UnsupportedVersion),
            (edit(r#""schemaVersion": 1"#, r#""schemaVersion": 1.0"#), "schemaVersion", UnsupportedVersion),
            (
                edit(r#""schemaVersion": 1"#, r#""schemaVersion": "1""#),
                "schemaVersion",
                schema("invalid type: string \"1\", expected a JSON number"),
            ),
            (edit(r#""schemaVersion": 1, "#, ""), "", schema("missing field `schemaVersion`")),
            (
                edit(r#""schemaVersion": 1"#, r#""schemaVersion": 1, "schemaVersion": 1"#),
                "",
                schema("duplicate field `schemaVersion`"),
            ),
            ("[]".into(), "", schema("invalid type: sequence, expected an object")),
            (
                edit(r#"{"id": "s", "values": [0, 7]}"#, r#"["s", [0, 7]]"#),
                "seedSet",
                schema("invalid type: sequence, expected an object"),
            ),
        ];
        let wrong: Vec<String> = cases
            .into_iter()
            .filter_map(|(text, field, problem)| {
                let e = parse_catalog(&text).expect_err("the catalog is accepted");
                ((e.field.as_str(), &e.problem) != (field, &problem)).then(|| format!("{text}\n  {e:?}"))
            })
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        // Not JSON: an error of the whole document, shown without a field, even after a field
        // that breaks the schema.
        let e = parse_catalog(r#"{"schemaVersion": 1, "comment": 3,"#).unwrap_err();
        assert!(e.field.is_empty() && matches!(e.problem, InvalidJson(_)), "{e:?}");
        assert!(parse_catalog("{} {}").unwrap_err().to_string().starts_with("not valid JSON: trailing characters"));
        assert_eq!(parse_catalog("[]").unwrap_err().to_string(), "invalid type: sequence, expected an object");
        assert_eq!(CatalogError::new("seedSet.values", NoSeeds).to_string(), "seedSet.values: no seed");
    }
}

#[cfg(test)]
mod example {
    use super::*;

    /// A catalog read, run and rejected.
    #[test]
    fn parse_catalog_reads_strictly() {
        use super::super::schema::CatalogProblem;
        use super::super::Suite;

        let text = r#"{"schemaVersion": 1, "id": "mini", "description": "One capture",
            "seedSet": {"id": "one", "values": [7]},
            "scenarios": [{"id": "rook-takes-king", "category": "tactical", "description": "",
                           "dfen": "k7/8/8/8/8/8/8/R3K3 w - - 0 1 PPR", "expectedTurns": [["a1a8"]]}]}"#;
        let suite = Suite::new(parse_catalog(text).unwrap()).unwrap();
        assert_eq!(suite.runs(), [(0, 7)]);

        let err = parse_catalog(&text.replace("\"dfen\"", "\"fen\"")).unwrap_err();
        assert_eq!(err.field, "scenarios[0].fen");
        assert!(err.to_string().starts_with("scenarios[0].fen: unknown field `fen`, expected one of `id`,"));
        assert!(matches!(parse_catalog("{").unwrap_err().problem, CatalogProblem::InvalidJson(_)));
    }
}

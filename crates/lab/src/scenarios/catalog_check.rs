//! The validation of a catalog into a [`Suite`] (BOTS.md §11): every rule the typed catalog can
//! still break, every position parsed and its legal turns listed.

use std::collections::HashSet;

use super::schema::{Catalog, CatalogError, CatalogProblem, Expectation};
use dicechess::search::legal_turns;
use dicechess::{Color, Position, Roll, Turns};

/// A validated catalog: every scenario's position and its legal turns `T` (canonical order, UCI).
#[derive(Clone, Debug)]
pub struct Suite {
    pub catalog: Catalog,
    pub positions: Vec<Position>,
    pub legal: Vec<Vec<Vec<String>>>,
}

impl Suite {
    /// Checks every rule of BOTS.md §11 that the typed catalog can still break: seeds non-empty
    /// and distinct, unique scenario ids, canonical DFENs with dice and both kings, expected turns
    /// non-empty, distinct and legal, `expectPass` only on a roll without legal turns. The first
    /// violation rejects the whole catalog.
    pub fn new(catalog: Catalog) -> Result<Suite, CatalogError> {
        if catalog.seed_set.values.is_empty() {
            return Err(CatalogError::new("seedSet.values", CatalogProblem::NoSeeds));
        }
        let mut seeds = HashSet::new();
        for (i, &seed) in catalog.seed_set.values.iter().enumerate() {
            if !seeds.insert(seed) {
                return Err(CatalogError::new(format!("seedSet.values[{i}]"), CatalogProblem::DuplicateSeed(seed)));
            }
        }
        let mut ids = HashSet::new();
        let mut positions = Vec::with_capacity(catalog.scenarios.len());
        let mut legal = Vec::with_capacity(catalog.scenarios.len());
        for (i, sc) in catalog.scenarios.iter().enumerate() {
            let field = |name: &str| format!("scenarios[{i}].{name}");
            if !ids.insert(sc.id.as_str()) {
                return Err(CatalogError::new(field("id"), CatalogProblem::DuplicateId(sc.id.clone())));
            }
            let pos = Position::from_dfen(&sc.dfen)
                .map_err(|e| CatalogError::new(field("dfen"), CatalogProblem::InvalidDfen(e)))?;
            let canonical = pos.to_dfen();
            if canonical != sc.dfen {
                return Err(CatalogError::new(field("dfen"), CatalogProblem::NonCanonicalDfen(canonical)));
            }
            if pos.dice().is_empty() {
                return Err(CatalogError::new(field("dfen"), CatalogProblem::NoDice));
            }
            if let Some(outcome) = pos.outcome() {
                // The side without a king: the loser, or White when neither has one.
                let side = outcome.winner().map_or(Color::White, Color::opponent);
                return Err(CatalogError::new(field("dfen"), CatalogProblem::MissingKing(side)));
            }
            let turns: Vec<Vec<String>> = Roll::new(&pos)
                .ok()
                .and_then(Turns::new)
                .map(|t| legal_turns(&t).iter().map(|t| t.uci()).collect())
                .unwrap_or_default();
            match &sc.expectation {
                Expectation::Pass if !turns.is_empty() => {
                    return Err(CatalogError::new(field("expectPass"), CatalogProblem::NotAPass(turns.len())));
                }
                Expectation::Pass => {}
                Expectation::Turns(expected) => check_expected(expected, &turns, &field("expectedTurns"))?,
            }
            positions.push(pos);
            legal.push(turns);
        }
        Ok(Suite { catalog, positions, legal })
    }

    /// The catalog.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The legal turns of scenario `i` in canonical order (empty: the mover must pass).
    pub fn legal_turns(&self, i: usize) -> &[Vec<String>] {
        &self.legal[i]
    }
}

/// `expectedTurns` at `field`: non-empty, each turn non-empty, distinct and one of `turns`.
fn check_expected(expected: &[Vec<String>], turns: &[Vec<String>], field: &str) -> Result<(), CatalogError> {
    if expected.is_empty() {
        return Err(CatalogError::new(field, CatalogProblem::Empty));
    }
    let mut seen = HashSet::new();
    for (k, turn) in expected.iter().enumerate() {
        let field = format!("{field}[{k}]");
        if turn.is_empty() {
            return Err(CatalogError::new(field, CatalogProblem::Empty));
        }
        if !seen.insert(turn) {
            return Err(CatalogError::new(field, CatalogProblem::DuplicateTurn(turn.clone())));
        }
        if !turns.contains(turn) {
            return Err(CatalogError::new(field, CatalogProblem::IllegalTurn(turn.clone())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::core_search_v1;
    use super::super::schema::Scenario;
    use super::*;

    fn with_scenario(edit: impl FnOnce(&mut Scenario)) -> Result<Suite, CatalogError> {
        let mut catalog = core_search_v1();
        edit(&mut catalog.scenarios[3]);
        Suite::new(catalog)
    }

    fn field_of(r: Result<Suite, CatalogError>) -> (String, CatalogProblem) {
        match r {
            Ok(_) => panic!("the catalog is accepted"),
            Err(e) => (e.field, e.problem),
        }
    }

    #[test]
    fn bundled_catalog_is_valid() {
        let suite = Suite::new(core_search_v1()).unwrap();
        assert_eq!(suite.runs().len(), 36);
        assert_eq!(suite.legal_turns(0).len(), 10);
        assert!(suite.legal_turns(10).is_empty());
    }

    #[test]
    fn rules_of_the_catalog() {
        let mut c = core_search_v1();
        c.seed_set.values.clear();
        assert_eq!(field_of(Suite::new(c)), ("seedSet.values".into(), CatalogProblem::NoSeeds));
        let mut c = core_search_v1();
        c.seed_set.values.push(7);
        assert_eq!(field_of(Suite::new(c)), ("seedSet.values[3]".into(), CatalogProblem::DuplicateSeed(7)));
        let mut c = core_search_v1();
        c.scenarios[5].id = c.scenarios[2].id.clone();
        assert_eq!(field_of(Suite::new(c)).0, "scenarios[5].id");
        let r = with_scenario(|s| s.dfen = "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 p".into());
        assert_eq!(field_of(r).0, "scenarios[3].dfen"); // a black die on White's turn
        let r = with_scenario(|s| s.dfen = "4k3/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1".into());
        assert_eq!(field_of(r), ("scenarios[3].dfen".into(), CatalogProblem::NoDice));
        let r = with_scenario(|s| s.dfen = "8/8/8/2n1q3/3P4/8/8/4K3 w - - 0 1 PPP".into());
        assert_eq!(field_of(r), ("scenarios[3].dfen".into(), CatalogProblem::MissingKing(Color::Black)));
        let r = with_scenario(|s| s.dfen = "nonsense".into());
        assert!(matches!(field_of(r).1, CatalogProblem::InvalidDfen(_)));
        let r = with_scenario(|s| s.expectation = Expectation::Turns(vec![]));
        assert_eq!(field_of(r), ("scenarios[3].expectedTurns".into(), CatalogProblem::Empty));
        let r = with_scenario(|s| s.expectation = Expectation::Turns(vec![vec!["d4e5".into()], vec![]]));
        assert_eq!(field_of(r), ("scenarios[3].expectedTurns[1]".into(), CatalogProblem::Empty));
        let twice = vec![vec!["d4e5".to_owned()], vec!["d4e5".to_owned()]];
        let r = with_scenario(|s| s.expectation = Expectation::Turns(twice));
        assert_eq!(field_of(r).0, "scenarios[3].expectedTurns[1]");
        let r = with_scenario(|s| s.expectation = Expectation::Turns(vec![vec!["d4d6".into()]]));
        assert_eq!(
            field_of(r),
            ("scenarios[3].expectedTurns[0]".into(), CatalogProblem::IllegalTurn(vec!["d4d6".into()]))
        );
        let r = with_scenario(|s| s.expectation = Expectation::Pass);
        assert_eq!(field_of(r), ("scenarios[3].expectPass".into(), CatalogProblem::NotAPass(3)));
    }
}

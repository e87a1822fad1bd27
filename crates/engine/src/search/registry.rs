//! The bot registry (BOTS.md §3): built-ins plus custom bots, no global state.

use super::bot::{Bot, BotInfo, Budgeting, Builtin, CheckmateAwareBot, EvalBot, RandomBot};
use super::deepening::DeepeningBot;
use super::expectimax::ExpectimaxBot;
use super::montecarlo::MonteCarloBot;
use std::sync::Arc;

/// Longest bot id, in UTF-16 code units; longer `algorithm` strings match nothing.
pub const MAX_ID_LEN: usize = 64;
/// Longest bot name, in UTF-16 code units.
pub const MAX_NAME_LEN: usize = 256;
/// Most custom bots registered at a time.
pub const MAX_CUSTOM_BOTS: usize = 256;

/// Why a registration was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    #[error("a bot id must not be empty")]
    EmptyId,
    #[error("a built-in bot cannot be replaced")]
    BuiltinId,
    #[error("a bot id has at most 64 UTF-16 code units")]
    IdTooLong,
    #[error("a bot name has at most 256 UTF-16 code units")]
    NameTooLong,
    #[error("at most 256 custom bots can be registered")]
    TooManyBots,
}

/// The bots one engine instance knows. Immutable while searches run (`&Registry`), so parallel
/// games share it without locks; registration takes `&mut Registry`.
#[derive(Clone)]
pub struct Registry {
    builtins: Vec<Arc<dyn Bot>>,
    /// Custom bots keyed by lower-cased id, in order of latest registration.
    custom: Vec<(String, Arc<dyn Bot>)>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry::new()
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.bots().iter().map(|b| &b.id)).finish()
    }
}

/// The bot of a built-in.
fn builtin_bot(builtin: Builtin) -> Arc<dyn Bot> {
    match builtin {
        Builtin::Random => Arc::new(RandomBot),
        Builtin::CheckmateAware => Arc::new(CheckmateAwareBot),
        Builtin::Greedy => Arc::new(EvalBot::GREEDY),
        Builtin::GreedyV2 => Arc::new(EvalBot::GREEDY_V2),
        Builtin::Aggressive => Arc::new(EvalBot::AGGRESSIVE),
        Builtin::MonteCarlo => Arc::new(MonteCarloBot),
        Builtin::Expectimax => Arc::new(ExpectimaxBot),
        Builtin::ExpectimaxV2 => Arc::new(DeepeningBot::<super::deepening::DefaultEvaluator>::default()),
        Builtin::ExpectimaxNnue => Arc::new(DeepeningBot::<super::deepening::Neural>::default()),
    }
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

impl Registry {
    /// The built-ins and no custom bot.
    #[inline]
    pub fn new() -> Registry {
        let builtins = Builtin::ALL.into_iter().map(builtin_bot).collect();
        Registry { builtins, custom: Vec::new() }
    }

    /// `getAvailableBots()`: by difficulty, stable; built-ins first among equals, then custom
    /// bots by latest registration.
    pub fn bots(&self) -> Vec<BotInfo> {
        let mut out: Vec<BotInfo> = Vec::new();
        for bot in self.builtins.iter().chain(self.custom.iter().map(|(_, b)| b)) {
            let mut info = bot.info();
            info.takes_budget = matches!(bot.budgeting(), Budgeting::Budgeted { .. });
            out.push(info);
        }
        crate::sort::sort_by_key(&mut out, |b| u64::from(b.difficulty));
        out
    }

    /// The bot with this id, ASCII-case-insensitively.
    pub fn get(&self, id: &str) -> Option<&Arc<dyn Bot>> {
        if utf16_len(id) > MAX_ID_LEN {
            return None;
        }
        Builtin::from_id(id)
            .and_then(|b| self.builtins.get(b as usize))
            .or_else(|| self.custom.iter().find(|(k, _)| k.eq_ignore_ascii_case(id)).map(|(_, b)| b))
    }

    /// `true` if `id` names a built-in (ASCII-case-insensitively).
    #[inline]
    pub fn is_builtin(&self, id: &str) -> bool {
        Builtin::from_id(id).is_some()
    }

    /// The bot an `algorithm` option selects: the registered id, else [`Builtin::DEFAULT`].
    pub fn resolve(&self, algorithm: Option<&str>) -> &Arc<dyn Bot> {
        algorithm.and_then(|id| self.get(id)).unwrap_or(&self.builtins[Builtin::DEFAULT as usize])
    }

    /// The number of custom bots.
    pub fn custom_count(&self) -> usize {
        self.custom.len()
    }

    /// The custom bots in order of latest registration.
    #[inline]
    pub fn custom_bots(&self) -> impl Iterator<Item = &Arc<dyn Bot>> {
        self.custom.iter().map(|(_, b)| b)
    }

    /// Registers a custom bot under its info's id, lower-cased, replacing a custom bot with the
    /// same id (which then counts as the latest registration). Nothing changes on an error.
    pub fn register(&mut self, bot: Arc<dyn Bot>) -> Result<(), RegisterError> {
        let info = bot.info();
        if info.id.is_empty() {
            return Err(RegisterError::EmptyId);
        }
        if utf16_len(&info.id) > MAX_ID_LEN {
            return Err(RegisterError::IdTooLong);
        }
        if utf16_len(&info.name) > MAX_NAME_LEN {
            return Err(RegisterError::NameTooLong);
        }
        if self.is_builtin(&info.id) {
            return Err(RegisterError::BuiltinId);
        }
        let key = info.id.to_ascii_lowercase();
        let existing = self.custom.iter().position(|(k, _)| *k == key);
        if existing.is_none() && self.custom.len() >= MAX_CUSTOM_BOTS {
            return Err(RegisterError::TooManyBots);
        }
        if let Some(i) = existing {
            self.custom.remove(i);
        }
        self.custom.push((key, bot));
        Ok(())
    }

    /// Removes a custom bot; `false` for built-in or unknown ids.
    pub fn unregister(&mut self, id: &str) -> bool {
        match self.custom.iter().position(|(k, _)| k.eq_ignore_ascii_case(id)) {
            Some(i) => {
                self.custom.remove(i);
                true
            }
            None => false,
        }
    }
}

//! A game between two bots without clocks, with the arena's loop (BOTS.md §10.3): dice from their
//! own stream, each side its own stream, king capture wins, and the host rules of every game
//! ([`GameOptions`]: the half-move draw and the turn cap).

use std::convert::Infallible;
use std::ops::ControlFlow;

use super::{choose_turn, Bot, Choice};
use crate::game::drive;
pub use crate::random::GameSeeds;
use crate::random::Rng;
use crate::{Color, GameOptions, Position, Roll};

/// Plays from `start` (side to move as given, dice ignored) until the game ends, `bots` by
/// colour index (White, Black), each untimed. Returns the winner, `None` for a draw.
pub fn play_untimed(start: &Position, bots: [&dyn Bot; 2], seeds: GameSeeds) -> Option<Color> {
    let mut rngs = [Rng::from_seed(seeds.white), Rng::from_seed(seeds.black)];
    let ending = drive(start, GameOptions::default(), &mut Rng::from_seed(seeds.dice), |pos| {
        let i = pos.turn().index();
        ControlFlow::<Infallible, _>::Continue(untimed_turn(bots[i], pos, &mut rngs[i]))
    });
    ending.ending().outcome.winner()
}

/// The micro-moves `bot` plays, untimed, on the rolled position `pos` (none for a pass).
pub fn untimed_turn(bot: &dyn Bot, pos: &Position, rng: &mut Rng) -> Vec<crate::Move> {
    Roll::new(pos).map_or_else(|_| Choice::pass(), |roll| choose_turn(bot, roll, rng, None)).moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Registry;

    #[test]
    fn a_king_in_reach_is_taken_and_seeds_replay_the_game() {
        let registry = Registry::new();
        let greedy = registry.get("greedy").unwrap().as_ref();
        // Black's king is one rook move away and White moves first: any roll with an R or the
        // K wins at once; other rolls may let Black escape, so only replays are compared.
        let pos = Position::from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let seeds = GameSeeds { dice: 1, white: 2, black: 3 };
        let first = play_untimed(&pos, [greedy, greedy], seeds);
        assert_eq!(play_untimed(&pos, [greedy, greedy], seeds), first);
        let wins = (0..200u64)
            .filter(|&i| {
                play_untimed(&pos, [greedy, greedy], GameSeeds { dice: i, white: 0, black: 0 }) == Some(Color::White)
            })
            .count();
        assert!(wins > 100, "{wins}");
    }

    #[test]
    fn a_dead_position_is_drawn_by_the_halfmove_clock() {
        let registry = Registry::new();
        let random = registry.get("random").unwrap().as_ref();
        let pos = Position::from_dfen("k7/8/8/8/8/8/8/7K w - - 99 80").unwrap();
        // The kings are far apart: the first turn cannot capture and the clock reaches 100.
        assert_eq!(play_untimed(&pos, [random, random], GameSeeds { dice: 5, white: 6, black: 7 }), None);
    }
}

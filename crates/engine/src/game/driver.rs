//! The one game loop (BOTS.md §10.3) under the host rules of [`GameOptions`]: the arena, self-play,
//! data generation and book playouts drive their games with [`drive`]; [`Game`](super::Game)
//! applies the same rules turn by turn through [`GameOptions::ending`].

use std::convert::Infallible;
use std::ops::ControlFlow;

use super::{Ending, GameOptions, Outcome, Termination};
use crate::random::Rng;
use crate::{Dice, Move, Position};

/// How a driven game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driven<S> {
    /// By the rules: a king capture, the half-move draw or the turn cap.
    Played(Ending),
    /// A player stopped it (a flag fall) with `S`.
    Stopped(S),
}

impl Driven<Infallible> {
    /// The ending of a game no player can stop.
    pub fn ending(self) -> Ending {
        match self {
            Driven::Played(ending) => ending,
            Driven::Stopped(never) => match never {},
        }
    }
}

/// Plays from `start` (dice ignored) until the game ends. Each turn: the host rules `rules`
/// (the half-move draw and the turn cap of [`GameOptions`]), three dice from `dice`, then `choose` gives the mover's micro-moves
/// for the rolled position (empty for a pass) or stops the game; a move that captures a king ends
/// it, the mover winning.
pub fn drive<S>(
    start: &Position,
    rules: GameOptions,
    dice: &mut Rng,
    mut choose: impl FnMut(&Position) -> ControlFlow<S, Vec<Move>>,
) -> Driven<S> {
    let mut pos = start.with_dice(Dice::EMPTY);
    let mut played = 0usize;
    loop {
        if let Some(ending) = rules.ending(&pos, played) {
            return Driven::Played(ending);
        }
        pos.set_dice(dice.three_dice());
        let mover = pos.turn();
        let moves = match choose(&pos) {
            ControlFlow::Continue(moves) => moves,
            ControlFlow::Break(stop) => return Driven::Stopped(stop),
        };
        if pos.play_turn(&moves) {
            let outcome = Outcome::Decisive { winner: mover };
            return Driven::Played(Ending { outcome, termination: Termination::KingCapture });
        }
        played += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::HALFMOVE_DRAW;
    use crate::Color;

    fn pass(_: &Position) -> ControlFlow<Infallible, Vec<Move>> {
        ControlFlow::Continue(Vec::new())
    }

    #[test]
    fn passes_forever_reach_the_turn_cap() {
        let bare = Position::from_dfen("k7/8/8/8/8/8/8/7K w - - 0 1").unwrap();
        let rules = GameOptions { halfmove_draw: true, turn_cap: Some(7) };
        let mut turns = 0;
        let ending = drive(&bare, rules, &mut Rng::from_seed(1), |pos| {
            turns += 1;
            pass(pos)
        });
        assert_eq!(ending.ending(), Ending { outcome: Outcome::Draw, termination: Termination::TurnCap });
        assert_eq!(turns, 7);
    }

    #[test]
    fn the_halfmove_draw_waits_for_a_turn_of_the_game() {
        let tired = Position::from_dfen(&format!("k7/8/8/8/8/8/8/7K w - - {HALFMOVE_DRAW} 80")).unwrap();
        let mut turns = 0;
        let ending = drive(&tired, GameOptions::default(), &mut Rng::from_seed(1), |pos| {
            turns += 1;
            pass(pos)
        });
        assert_eq!(ending.ending(), Ending { outcome: Outcome::Draw, termination: Termination::HalfmoveClock });
        assert_eq!(turns, 1);
    }

    #[test]
    fn a_finished_start_is_won_and_a_player_may_stop_the_game() {
        let won = Position::from_dfen("8/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        let ending = drive(&won, GameOptions::default(), &mut Rng::from_seed(1), pass);
        let white_won =
            Ending { outcome: Outcome::Decisive { winner: Color::White }, termination: Termination::KingCapture };
        assert_eq!(ending.ending(), white_won);
        let start = Position::initial();
        let ending =
            drive(&start, GameOptions::default(), &mut Rng::from_seed(1), |pos| ControlFlow::Break(pos.turn()));
        assert_eq!(ending, Driven::Stopped(Color::White));
    }
}

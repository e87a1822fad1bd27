//! Turn starts of seeded games between built-in bots, for the tests that need realistic positions.

use dicechess::{choose_turn, Position, Registry, Rng, Roll};

/// The positions at the start of each turn (no dice) of `games` games of `bot` against itself
/// from the standard start, at most `turns` turns each; dice from the seed `dice_seed`, the bot's
/// choices from `bot_seed`.
pub fn turn_starts(bot: &str, games: usize, turns: usize, dice_seed: u64, bot_seed: u64) -> Vec<Position> {
    let registry = Registry::new();
    let bot = registry.get(bot).expect("a built-in bot").as_ref();
    let (mut dice, mut rng) = (Rng::from_seed(dice_seed), Rng::from_seed(bot_seed));
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::initial();
        for _ in 0..turns {
            out.push(pos);
            pos.set_dice(dice.three_dice());
            let Ok(roll) = Roll::new(&pos) else { break };
            let choice = choose_turn(bot, roll, &mut rng, None);
            if pos.play_turn(&choice.moves) {
                break;
            }
        }
    }
    out
}

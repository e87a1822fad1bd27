//! Random positions for the property tests: positions reached by random play from the start, and
//! the DFEN of a random sparse board.

use dicechess::{Dice, Position, Role, Turns, Walk};
use proptest::prelude::*;

/// SplitMix64: drives random play from a proptest-chosen seed.
pub struct Mix(pub u64);

impl Mix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Three random dice.
pub fn roll(rng: &mut Mix) -> Dice {
    (0..3).fold(Dice::EMPTY, |d, _| d.with(Role::ALL[rng.below(6)]).unwrap())
}

/// A position with a fresh roll after `plies` random legal turns from the start.
pub fn played(seed: u64, plies: usize) -> Position {
    let mut rng = Mix(seed);
    let mut pos = Position::initial();
    for _ in 0..plies {
        pos.set_dice(roll(&mut rng));
        let Some(turns) = Turns::of_position(&pos) else {
            pos.end_turn();
            continue;
        };
        let mut leaves = Vec::new();
        let _ = turns.walk(Walk::turns(), |_, step| {
            leaves.push(*step);
            std::ops::ControlFlow::<()>::Continue(())
        });
        let chosen = leaves[rng.below(leaves.len())];
        if chosen.captures_king {
            break;
        }
        pos = chosen.position;
        pos.end_turn();
    }
    pos.set_dice(roll(&mut rng));
    pos
}

/// [`played`] from a random seed, after 0 to 39 turns.
pub fn played_strategy() -> impl Strategy<Value = Position> {
    (any::<u64>(), 0usize..40).prop_map(|(seed, plies)| played(seed, plies))
}

/// The position of a sparse strategy's draw: `board` (a1 first) holds indices into
/// `PNBRQKpnbrqk`, `black` is the side to move, bit i of `rights` the i-th castling right of
/// `KQkq`, each of `eps` an en-passant square (file, on the 6th rank or the 3rd) and `faces` the
/// dice, halfmove clock 0 and fullmove 1.
pub fn sparse_position(
    board: &[Option<usize>; 64],
    black: bool,
    rights: u8,
    eps: &[(u8, bool)],
    faces: &[u8],
) -> Position {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(b"PNBRQKpnbrqk"[p] as char);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let side = if black { "b" } else { "w" };
    let castling: String = "KQkq".chars().enumerate().filter(|(i, _)| rights & (1 << i) != 0).map(|(_, c)| c).collect();
    let castling = if castling.is_empty() { "-".to_owned() } else { castling };
    let mut ep: Vec<String> =
        eps.iter().map(|&(f, r6)| format!("{}{}", (b'a' + f) as char, if r6 { 6 } else { 3 })).collect();
    ep.sort();
    ep.dedup();
    let ep = if ep.is_empty() { "-".to_owned() } else { ep.concat() };
    let dice: String = faces.iter().map(|&f| Role::from_face(f).unwrap().char()).collect();
    Position::from_dfen(&format!("{text} {side} {castling} {ep} 0 1 {dice}")).unwrap()
}

/// A sparse position with both kings and up to `others` other pieces on random squares, random
/// castling rights, en-passant squares and 1–3 dice. With `finished_one_in = n > 0`, one case in
/// `n` drops Black's king (a finished game).
pub fn sparse_with_kings(others: usize, finished_one_in: u8) -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(0u8..64, 2),
        0u8..finished_one_in.max(1),
        prop::collection::vec((0u8..64, 0usize..12), 0..=others),
        any::<bool>(),
        0u8..16,
        prop::collection::vec((0u8..8, any::<bool>()), 0..3),
        prop::collection::vec(1u8..=6, 1..=3),
    )
        .prop_map(move |(kings, drop, pieces, black, rights, eps, faces)| {
            let mut board = [None; 64];
            for (sq, p) in pieces {
                board[sq as usize] = Some(p);
            }
            // Kings last, so that they are not overwritten (they may overwrite each other).
            board[kings[0] as usize] = Some(5);
            board[kings[1] as usize] = Some(11);
            if finished_one_in > 0 && drop == 0 {
                board[kings[1] as usize] = None;
            }
            sparse_position(&board, black, rights, &eps, &faces)
        })
}

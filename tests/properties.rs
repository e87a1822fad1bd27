//! Property tests of the rules invariants (issue 2) on positions reached by random play from the
//! start and on random sparse positions.
// proptest is a native-only dev-dependency; `wasm-pack test` builds every test target for wasm32.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::random::{played_strategy, sparse_position, sparse_with_kings};
use dicechess::package as api;
use dicechess::{perft, Color, Dice, Move, Piece, Position, Role, Square, Turns, Walk};
use proptest::prelude::*;
use std::ops::ControlFlow;

fn sparse_strategy() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec((0u8..64, 0usize..12), 1..14),
        any::<bool>(),
        0u8..16,
        prop::collection::vec((0u8..8, any::<bool>()), 0..3),
        prop::collection::vec(1u8..=6, 1..=3),
    )
        .prop_map(|(pieces, black, rights, eps, faces)| {
            let mut board = [None; 64];
            for (sq, p) in pieces {
                board[sq as usize] = Some(p);
            }
            sparse_position(&board, black, rights, &eps, &faces)
        })
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![played_strategy(), sparse_strategy()]
}

/// The legal turns of a roll as (moves, final step) in canonical order.
fn leaves(pos: &Position) -> Vec<(Vec<Move>, dicechess::Step)> {
    let mut out = Vec::new();
    if let Some(turns) = Turns::of_position(pos) {
        let _ = turns.walk(Walk::turns(), |path, step| {
            out.push((path.to_vec(), *step));
            ControlFlow::<()>::Continue(())
        });
    }
    out
}

fn uci_list(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn dfen_round_trip(pos in any_position()) {
        let text = pos.to_dfen();
        let reparsed = Position::from_dfen(&text).unwrap();
        prop_assert_eq!(reparsed, pos);
        prop_assert_eq!(reparsed.to_dfen(), text);
    }

    #[test]
    fn leaves_are_legal_complete_turns(pos in any_position()) {
        let dfen = pos.to_dfen();
        let turns = Turns::of_position(&pos);
        let all = leaves(&pos);
        prop_assert_eq!(turns.is_none(), all.is_empty());
        let Some(turns) = turns else { return Ok(()) };
        let leaf_set: std::collections::HashSet<Vec<String>> = all.iter().map(|(m, _)| uci_list(m)).collect();
        prop_assert_eq!(leaf_set.len(), all.len(), "turns are distinct");
        for (moves, step) in &all {
            let ucis = uci_list(moves);
            let refs: Vec<&str> = ucis.iter().map(String::as_str).collect();
            prop_assert!(api::apply_turn(&dfen, &refs).is_some(), "leaf {:?} does not replay", ucis);
            prop_assert!(step.captures_king || step.spent == turns.max_spent());
            if !step.captures_king {
                for k in 1..ucis.len() {
                    prop_assert!(!leaf_set.contains(&ucis[..k]), "prefix of {:?} is a leaf", ucis);
                }
            }
        }
        prop_assert_eq!(turns.count(), all.len() as u64);
    }

    #[test]
    fn first_level_equals_first_moves(pos in any_position()) {
        let dfen = pos.to_dfen();
        let tree: serde_json::Value = serde_json::from_str(&api::legal_turn_tree_json(&dfen)).unwrap();
        let mut keys: Vec<String> = tree.as_object().unwrap().keys().cloned().collect();
        let mut firsts = api::legal_uci_moves(&dfen);
        keys.sort();
        firsts.sort();
        prop_assert_eq!(keys, firsts);
    }

    #[test]
    fn tree_codes_are_the_json_tree(pos in any_position()) {
        // The wasm export's form of the tree (issue 15), decoded as pkg-template/js/protocol.js
        // does, is the JSON text's tree: at the root, and below each first move.
        let dfen = pos.to_dfen();
        let codes = api::legal_turn_tree_codes(&dfen).unwrap();
        prop_assert_eq!(codes_to_json(&codes), api::legal_turn_tree_json(&dfen));
        if let Some(turns) = Turns::of_position(&pos) {
            for first in api::legal_uci_moves(&dfen) {
                let node = turns.follow(&[first.parse().unwrap()]).unwrap();
                let below = api::turn_subtree_codes(&turns, &node.position, node.spent).unwrap();
                prop_assert_eq!(codes_to_json(&below), api::turn_subtree_json(&turns, &node.position, node.spent));
            }
        }
    }

    #[test]
    fn playable_dice_at_root_are_what_leaves_spend(pos in any_position()) {
        let dfen = pos.to_dfen();
        let mut best = Dice::EMPTY;
        for (_, step) in leaves(&pos) {
            let mut spent = Dice::EMPTY;
            for role in Role::ALL {
                for _ in step.position.dice().count(role)..pos.dice().count(role) {
                    spent = spent.with(role).unwrap();
                }
            }
            best = best.max_per_face(spent);
        }
        prop_assert_eq!(api::playable_dice(&dfen, None), Some(best.to_field(pos.turn())));
    }

    #[test]
    fn playable_dice_after_a_prefix_are_what_its_leaves_spend(pos in any_position(), pick in any::<prop::sample::Index>(), depth in 1usize..3) {
        let all = leaves(&pos);
        prop_assume!(!all.is_empty());
        let (moves, _) = &all[pick.index(all.len())];
        let prefix = &moves[..depth.min(moves.len())];
        let turns = Turns::of_position(&pos).unwrap();
        let node = turns.follow(&prefix.iter().map(|m| m.uci()).collect::<Vec<_>>()).unwrap();
        let mut best = Dice::EMPTY;
        for (path, step) in &all {
            if path.starts_with(prefix) {
                let mut spent = Dice::EMPTY;
                for role in Role::ALL {
                    for _ in step.position.dice().count(role)..node.position.dice().count(role) {
                        spent = spent.with(role).unwrap();
                    }
                }
                best = best.max_per_face(spent);
            }
        }
        let ucis = uci_list(prefix);
        let refs: Vec<&str> = ucis.iter().map(String::as_str).collect();
        prop_assert_eq!(api::playable_dice(&pos.to_dfen(), Some(&refs)), Some(best.to_field(pos.turn())));
    }

    #[test]
    fn a_sample_is_a_canonical_subsequence_with_every_first_step_and_king_capture(pos in any_position(), limit in 1u64..40) {
        let all = leaves(&pos);
        let Some(turns) = Turns::of_position(&pos) else { return Ok(()) };
        let mut sample = Vec::new();
        let _ = turns.walk(Walk::sample(limit), |path, step| {
            sample.push((path.to_vec(), *step));
            ControlFlow::<()>::Continue(())
        });
        prop_assert_eq!(turns.count(), all.len() as u64);
        if all.len() as u64 <= limit {
            prop_assert_eq!(sample.iter().map(|t| &t.0).collect::<Vec<_>>(), all.iter().map(|t| &t.0).collect::<Vec<_>>());
            return Ok(());
        }
        // A subsequence of the canonical order, each turn with its final step.
        let mut rest = all.iter();
        for (path, step) in &sample {
            let found = rest.find(|t| &t.0 == path);
            prop_assert!(found.is_some(), "{:?} out of order or not legal", uci_list(path));
            prop_assert_eq!(found.unwrap().1.position, step.position);
        }
        let firsts = turns.first_steps().len() as u64;
        prop_assert!(sample.len() as u64 <= 2 * limit + firsts, "{} turns for a limit of {}", sample.len(), limit);
        for step in turns.first_steps() {
            prop_assert!(sample.iter().any(|t| t.0[0] == step.mv), "no turn begins with {}", step.mv);
        }
        let captures = all.iter().filter(|t| t.1.captures_king).count() as u64;
        let sampled_captures = sample.iter().filter(|t| t.1.captures_king).count() as u64;
        prop_assert!(sampled_captures >= captures.min(limit));
    }

    #[test]
    fn every_walk_order_visits_the_same_tree(pos in any_position()) {
        let Some(turns) = Turns::of_position(&pos) else { return Ok(()) };
        let walked = |walk: Walk, leaves_only: bool| {
            let mut out = Vec::new();
            let _ = turns.walk(walk, |path, step| {
                if step.is_leaf || !leaves_only {
                    out.push((uci_list(path), step.position, step.is_leaf));
                }
                ControlFlow::<()>::Continue(())
            });
            out
        };
        // The bots' loop (turns in generation order) and the walk of every node in that order.
        let generated = walked(Walk::turns().generation_order(), false);
        prop_assert_eq!(&generated, &walked(Walk::nodes().generation_order(), true));
        prop_assert_eq!(generated.len() as u64, turns.count());
        // The same turns as the canonical walk, which holds them sorted.
        let mut sorted = generated.clone();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        prop_assert_eq!(&sorted, &walked(Walk::turns(), false));
        // A subtree's walk is its part of the whole walk, paths relative to its node.
        let nodes = walked(Walk::nodes(), false);
        if let Some(first) = turns.first_steps().iter().find(|s| !s.is_leaf) {
            let head = first.mv.to_string();
            let part: Vec<_> = nodes
                .iter()
                .filter(|n| n.0.len() > 1 && n.0[0] == head)
                .map(|n| (n.0[1..].to_vec(), n.1, n.2))
                .collect();
            prop_assert_eq!(part, walked(Walk::nodes_below(&first.position, first.spent), false));
        }
    }

    #[test]
    fn the_king_capture_walks_find_the_legal_king_captures_in_order(pos in prop_oneof![sparse_with_kings(12, 8), any_position()], pick in any::<prop::sample::Index>()) {
        king_capture_walks_agree_with_the_leaves(&pos, |n| pick.index(n))?;
    }

    #[test]
    fn turn_count_is_symmetric(pos in any_position()) {
        let n = dicechess::count_legal_turns(&pos);
        prop_assert_eq!(dicechess::count_legal_turns(&pos.color_flip()), n);
        if pos.castling().is_empty() {
            prop_assert_eq!(dicechess::count_legal_turns(&pos.mirror()), n);
        }
    }

    #[test]
    fn perft_one_is_generate_moves(pos in any_position()) {
        prop_assert_eq!(perft(&pos, 1), api::generate_moves(&pos.to_dfen()).len() as u64);
    }

    #[test]
    fn canonical_key_is_idempotent(pos in any_position()) {
        let key = api::canonical_key(&pos.to_dfen()).unwrap();
        prop_assert_eq!(api::canonical_key(&key), Some(key.clone()));
        prop_assert!(key.split(' ').nth(1) == Some("w"));
    }
}

#[test]
fn sparse_generator_covers_both_colours() {
    // Guards the generator itself: indices into `PNBRQKpnbrqk` on a1-first squares, the side, the
    // castling bits, the en-passant squares and the faces come out as the DFEN they describe.
    let mut board = [None; 64];
    board[0] = Some(5); // K on a1
    board[7] = Some(11); // k on h1
    board[8 + 4] = Some(0); // P on e2
    board[6 * 8 + 3] = Some(7); // n on d7
    let pos = sparse_position(&board, false, 0, &[], &[6, 1]);
    assert_eq!(pos.to_dfen(), "8/3n4/8/8/8/8/4P3/K6k w - - 0 1 PK");
    assert_eq!(pos.piece_at(Square::A1), Some(Piece { color: Color::White, role: Role::King }));
    assert_eq!(pos.piece_at(Square::H1), Some(Piece { color: Color::Black, role: Role::King }));
    let black = sparse_position(&board, true, 0, &[], &[2]);
    assert_eq!(black.turn(), Color::Black);
    assert_eq!(black.to_dfen(), "8/3n4/8/8/8/8/4P3/K6k b - - 0 1 n");
}

/// The king-capture walks of `Turns` against the leaves of the canonical walk: their count, the
/// shortest length, the captures of at most 1, 2 and 3 moves in order, and the one of index
/// `pick(count)`; none past the last.
fn king_capture_walks_agree_with_the_leaves(
    pos: &Position,
    pick: impl FnOnce(usize) -> usize,
) -> Result<(), TestCaseError> {
    let Some(turns) = Turns::of_position(pos) else { return Ok(()) };
    let captures: Vec<_> = leaves(pos).into_iter().filter(|t| t.1.captures_king).collect();
    prop_assert_eq!(turns.king_capture_count(), captures.len() as u64);
    prop_assert_eq!(turns.shortest_king_capture(), captures.iter().map(|t| t.0.len()).min());
    for max_len in 1..=3 {
        let mut listed = Vec::new();
        let _ = turns.walk(Walk::king_captures(max_len), |path, step| {
            listed.push((path.to_vec(), *step));
            ControlFlow::<()>::Continue(())
        });
        let wanted: Vec<_> = captures.iter().filter(|t| t.0.len() <= max_len).collect();
        prop_assert_eq!(listed.len(), wanted.len(), "at most {} moves on {}", max_len, pos.to_dfen());
        for ((path, step), (want_path, want)) in listed.iter().zip(wanted) {
            prop_assert_eq!(uci_list(path), uci_list(want_path));
            prop_assert!(step.captures_king && step.is_leaf);
            prop_assert_eq!(step.position, want.position);
        }
    }
    if !captures.is_empty() {
        let k = pick(captures.len());
        let mut nth = None;
        turns.nth_king_capture(k as u64, |path, step| nth = Some((path.to_vec(), *step)));
        let Some((path, step)) = nth else {
            return Err(TestCaseError::fail(format!("no king capture of index {k} on {}", pos.to_dfen())));
        };
        prop_assert_eq!(uci_list(&path), uci_list(&captures[k].0));
        prop_assert_eq!(step.position, captures[k].1.position);
    }
    let mut beyond = false;
    turns.nth_king_capture(captures.len() as u64, |_, _| beyond = true);
    prop_assert!(!beyond);
    Ok(())
}

#[test]
fn king_capture_walks_at_every_knight_distance() {
    // A knight on b1 and three knight dice: the black king one, two or three jumps away, or
    // further (no capture); every king square is checked, the last index of each picked.
    let mut shortest = std::collections::BTreeSet::new();
    for file in 0..8 {
        for rank in 2..=8 {
            // Ranks 8 to 2, then the first rank with the knight and the white king.
            let mut rows = vec!["8".to_string(); 7];
            rows[8 - rank] =
                [(file > 0).then(|| file.to_string()), Some("k".into()), (file < 7).then(|| (7 - file).to_string())]
                    .into_iter()
                    .flatten()
                    .collect();
            let pos = Position::from_dfen(&format!("{}/1N5K w - - 0 1 NNN", rows.join("/"))).unwrap();
            shortest.insert(Turns::of_position(&pos).as_ref().and_then(Turns::shortest_king_capture));
            king_capture_walks_agree_with_the_leaves(&pos, |n| n - 1).unwrap();
        }
    }
    assert_eq!(shortest.into_iter().collect::<Vec<_>>(), [None, Some(1), Some(2), Some(3)]);
}

/// The JSON text of a tree given as the codes of `js::turn_subtree_codes`, decoded as
/// pkg-template/js/protocol.js decodes them.
fn codes_to_json(codes: &[u16]) -> String {
    let square = |i: u16| format!("{}{}", (b'a' + (i & 7) as u8) as char, (i >> 3) + 1);
    let mut out = String::from("{");
    // Whether the object being written has a child yet, for each open object.
    let mut open = vec![false];
    for &c in codes {
        if c == 0 {
            open.pop();
            out.push('}');
            continue;
        }
        let top = open.last_mut().unwrap();
        if *top {
            out.push(',');
        }
        *top = true;
        let promotion = ["", "", "n", "b", "r", "q", "", ""][usize::from((c >> 12) & 7)];
        out.push_str(&format!("\"{}{}{}\":{{", square(c & 63), square((c >> 6) & 63), promotion));
        if c & 0x8000 == 0 {
            out.push('}');
        } else {
            open.push(false);
        }
    }
    for _ in 0..open.len() {
        out.push('}');
    }
    out
}

//! Opening-book round trips and properties (issue 5): TSV → binary → probe gives the same lines
//! and weights for every key, a book built from random games validates without a problem, and
//! playout judging enters a legal turn for every roll a book decides.
#![cfg(all(not(target_arch = "wasm32"), feature = "book"))] // native only: wasm-pack test builds every test target for wasm32
#![cfg(feature = "book")]

mod common;

use common::random::sparse_with_kings;
use dicechess::book::{encode_tsv, validate_tsv};
use dicechess::book::{judge, Judging, Playout};
use dicechess::book::{process_line, Aggregator, BuildOptions};
use dicechess::book::{Book, DcbBook, Signature, TsvBook};
use dicechess::{legal_turns, Registry, Rng};
use dicechess::{Color, Dice, Position, Role, Turns};
use proptest::prelude::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// Every key of `tsv` probed in its binary encoding gives the TSV's move multisets and weights.
fn assert_round_trip(tsv: &str) {
    let parsed = TsvBook::parse(tsv).expect("parses");
    let bytes = encode_tsv(tsv).expect("encodes");
    let dcb = DcbBook::new(&bytes[..]).expect("loads");
    assert_eq!(dcb.len(), parsed.entries());
    for (key, entry) in parsed.iter() {
        let mut want: Vec<(u64, u32)> =
            entry.alternatives.iter().map(|a| (Signature::parse(&a.moves).unwrap().pack(), a.weight as u32)).collect();
        want.sort_unstable();
        let got: Vec<(u64, u32)> = dcb.probe(key).map(|r| (r.moves, r.weight)).collect();
        assert_eq!(got, want, "key {key}");
    }
    assert_eq!(dcb.probe("no such key").count(), 0);
}

#[test]
fn tsv_binary_probe_round_trip() {
    assert_round_trip("");
    assert_round_trip(&format!(
        "{START} w KQkq - BPR\tf1c4,e2e4\t3\n{START} w KQkq - BPR\td2d4, c1f4\n{START} b KQkq - bpr\tb7b6,c8a6\n\
         7k/P7/8/8/8/8/8/7K w - - P\ta7a8q\t5\n7k/P7/8/8/8/8/8/7K w - - P\ta7a8n\n\
         any key at all\ta1a2,a1a2\t4294967295\n"
    ));
    // Many keys, so that the binary search crosses many records.
    let mut many = String::new();
    for i in 0..500 {
        many.push_str(&format!("key {i}\te2e4\nkey {i}\td2d4,d4d5\t{}\n", i + 1));
    }
    assert_round_trip(&many);
}

/// A random game as a JSON record: random rolls, a uniformly random legal turn each time.
fn random_game(rng: &mut Rng, id: usize) -> String {
    let mut pos = Position::initial();
    let mut turns = Vec::new();
    let mut result = "1/2-1/2";
    for _ in 0..30 {
        let mut dice = Dice::EMPTY;
        for _ in 0..3 {
            dice = dice.with(Role::from_face(rng.die()).unwrap()).unwrap();
        }
        let mut rolled = pos;
        rolled.set_dice(dice);
        let field = dice.to_field(pos.turn());
        let Some(legal) = Turns::of_position(&rolled) else {
            turns.push(format!("{{\"dice\":\"{field}\",\"moves\":[]}}"));
            pos.end_turn();
            continue;
        };
        let list = legal_turns(&legal);
        let turn = &list[rng.index(list.len())];
        let moves: Vec<String> = turn.uci().iter().map(|m| format!("\"{m}\"")).collect();
        turns.push(format!("{{\"dice\":\"{field}\",\"moves\":[{}]}}", moves.join(",")));
        if turn.captures_king {
            result = if pos.turn() == Color::White { "1-0" } else { "0-1" };
            break;
        }
        pos = turn.post_turn();
    }
    format!("{{\"id\":{id},\"result\":\"{result}\",\"turns\":[{}]}}", turns.join(","))
}

#[test]
fn book_built_from_random_games_validates_cleanly() {
    let mut rng = Rng::from_seed(5);
    let options = BuildOptions { min_games: 1, max_ply: 8, ..BuildOptions::default() };
    let mut agg = Aggregator::new();
    for id in 0..60 {
        let line = random_game(&mut rng, id);
        let outcome = process_line(line.as_bytes(), &options);
        assert!(outcome.is_ok(), "game {id} skipped: {:?}\n{line}", outcome.err());
        agg.add(&outcome);
    }
    let built = agg.finish(&options);
    assert!(built.summary.pairs_kept > 0);
    for tsv in [built.best_line_tsv(), built.weighted_tsv()] {
        let v = validate_tsv(&tsv);
        assert!(v.ok && v.errors.is_empty() && v.warnings.is_empty(), "{v:?}");
        assert_round_trip(&tsv);
    }
    let bytes = built.dcb().expect("no collision");
    let book = Book::load(bytes).expect("the built binary book loads");
    assert_eq!(book.entries() as u64, built.summary.pairs_kept);
}

proptest! {
    // Each case plays up to a few thousand greedy games on a small board.
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Playout judging (docs/BOOKS.md) on random sparse rolls (the kings may overlap, which leaves a
    /// finished game): a judgement exists exactly for the rolls a book decides, enters a legal turn of the roll under the roll's key, the survivor
    /// only with a positive interval, otherwise the bot's own turn, and a seed reproduces it.
    #[test]
    fn a_playout_judgement_enters_a_legal_turn(pos in sparse_with_kings(5, 0), seed in any::<u64>()) {
        let registry = Registry::new();
        let greedy = registry.get("greedy").unwrap().as_ref();
        let judging = Judging { first_round: 1, confirmation: 8 };
        let mut run = |batch: &[Playout]| -> Vec<u8> { batch.iter().map(|p| p.play(greedy)).collect() };
        let judged = judge(&pos, greedy, judging, seed, &mut run);
        let turns = Turns::of_position(&pos);
        let decidable = !pos.is_finished() && turns.as_ref().is_some_and(|t| !t.has_king_capture());
        prop_assert_eq!(judged.is_some(), decidable, "{}", pos.to_dfen());
        let Some(j) = judged else { return Ok(()) };
        let list = legal_turns(turns.as_ref().unwrap());
        let legal: Vec<Signature> = list.iter().filter_map(|t| Signature::of_turn(t.moves())).collect();
        prop_assert_eq!(Some(j.key.clone()), pos.book_key());
        prop_assert!(legal.contains(&j.own) && legal.contains(&j.survivor));
        prop_assert!(j.candidates >= 1 && j.candidates <= legal.len());
        prop_assert!(j.replaced == (j.gain - j.half_width > 0.0));
        match &j.entry {
            Some(e) => {
                prop_assert_eq!(&e.key, &j.key);
                prop_assert_eq!(e.weight, 1);
                if j.replaced {
                    prop_assert_eq!(e.signature, j.survivor);
                } else {
                    // The own turn's position, reached by the first order of moves a book plays.
                    let first = list.iter().find(|t| Signature::of_turn(t.moves()) == Some(e.signature)).unwrap();
                    let own_posts: Vec<Position> = list
                        .iter()
                        .filter(|t| Signature::of_turn(t.moves()) == Some(j.own))
                        .map(|t| t.post_turn())
                        .collect();
                    prop_assert!(own_posts.contains(&first.post_turn()));
                }
                // W/D/L are the entered turn's confirmation games, if any were played.
                prop_assert!(e.games() == 8 || (!j.replaced && e.games() == 0));
                // The entry plays a turn a book can play: the first of its moves in canonical order.
                prop_assert!(legal.contains(&e.signature));
            }
            // No entry only where the own turn stands and an entry cannot play it.
            None => prop_assert!(!j.replaced),
        }
        prop_assert_eq!(judge(&pos, greedy, judging, seed, &mut run), Some(j));
    }
}

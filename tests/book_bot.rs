//! Book bots (BOOK.md §3–§4): the `lookup.json` vectors played through a registered book bot, the
//! decoration contract (fallback with the base's stream and deadline, decisions, budgets, nesting),
//! the book hit that beats a deadline passing during the root listing, and the registration rules
//! of `register_opening_book_bot` / `unregister_bot`.
#![cfg(all(not(target_arch = "wasm32"), feature = "book"))] // native only: wasm-pack test builds every test target for wasm32
#![cfg(feature = "book")]

mod common;

use common::book_cases::{Lookup, LookupExpect, SUITE};
use common::conformance::run;

use std::sync::Arc;

use dicechess::book::encode_tsv;
use dicechess::book::{lookup, Book, BookBot, Decision};
use dicechess::package::{get_best_move, should_bot, BestMoveOptions, DecisionOptions};
use dicechess::package::{
    register_opening_book_bot, registry_book_total, unregister_bot, BookInput, MAX_REGISTRY_BOOK_SIZE,
};
use dicechess::search::{material, material_fallback};
use dicechess::search::{Builtin, ManualClock, Moment, SystemClock};
use dicechess::Roll;
use dicechess::{choose_turn, legal_turns, Bot, Deadline, Question, Registry, Rng};
use dicechess::{Position, Turns};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R";

fn best(registry: &Registry, dfen: &str, algorithm: &str, seed: u64) -> dicechess::package::BestMove {
    let options = BestMoveOptions { algorithm: Some(algorithm.into()), seed: Some(seed), ..Default::default() };
    let clock = SystemClock::new();
    get_best_move(registry, dfen, &options, &clock, clock_now(&clock))
}

fn clock_now(clock: &SystemClock) -> Moment {
    use dicechess::search::Clock;
    clock.now()
}

/// The material after playing `moves` (UCI) on the roll `dfen`, from the mover's view.
fn material_after(dfen: &str, moves: &[String]) -> i64 {
    let pos = Position::from_dfen(dfen).unwrap();
    let turns = Turns::of_position(&pos).unwrap();
    let ucis: Vec<dicechess::Uci> = moves.iter().map(|m| dicechess::Uci::parse(m).unwrap()).collect();
    let mut end = turns.follow(&ucis).unwrap().position;
    end.end_turn();
    i64::from(material(&end, pos.turn()))
}

/// Every `lookup.json` case through a book bot over `greedy`, with the TSV book and its binary
/// encoding, for several seeds: a book turn is the candidate the seed's first `real()` picks with
/// the material score, a king capture scores WIN, a fallback returns exactly what greedy returns.
#[test]
fn lookup_vectors_through_the_bot() {
    let cases: Vec<Lookup> = SUITE.cases("lookup.json");
    let n = run("lookup.json through a book bot", &cases, |case, check| {
        let mut books = vec![("tsv", BookInput::Text(&case.book))];
        let encoded = encode_tsv(&case.book).ok();
        if let Some(bytes) = &encoded {
            books.push(("dcb", BookInput::Bytes(bytes)));
        }
        for (format, input) in books {
            let mut registry = Registry::new();
            if !register_opening_book_bot(&mut registry, input, "greedy", "Book", "Book") {
                check.fail(format!("{format}: the book does not register"));
                continue;
            }
            for seed in [0u64, 1, 7, 42, 12345] {
                let got = best(&registry, &case.dfen, "book", seed);
                let what = format!("{format}, seed {seed}");
                match &case.expect {
                    LookupExpect::Fallback => {
                        let base = best(&registry, &case.dfen, "greedy", seed);
                        check.eq(&what, (got.uci(), got.score), (base.uci(), base.score));
                    }
                    LookupExpect::KingCapture { turn } => {
                        check.eq(&format!("{what} turn"), &got.uci(), turn);
                        check.eq(&format!("{what} score"), got.score, 2147483647);
                    }
                    LookupExpect::Book { candidates, .. } => {
                        let u = Rng::from_seed(seed).real();
                        let pos = Position::from_dfen(&case.dfen).unwrap();
                        let Decision::Book(c) = lookup(&Book::from_tsv(&case.book).unwrap(), &pos) else {
                            check.fail(format!("{what}: the lookup is no book hit"));
                            continue;
                        };
                        let want = &candidates[c.pick(u)].sequence;
                        check.eq(&format!("{what} turn"), &got.uci(), want);
                        check.eq(&format!("{what} score"), got.score, material_after(&case.dfen, want));
                        check.eq(&format!("{what} budgetMs"), got.budget_ms, 0);
                    }
                }
            }
        }
    });
    assert_eq!(n, 38);
}

/// Weighted alternatives 3:1 are played in proportion over many seeds.
#[test]
fn weighted_choice_follows_the_weights() {
    let tsv = format!("{START} w KQkq - BPR\te2e4,f1c4\t3\n{START} w KQkq - BPR\td2d4,c1f4\t1\n");
    let mut registry = Registry::new();
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(&tsv), "random", "w", "W"));
    let dfen = format!("{START} w KQkq - 0 1 PBR");
    let mut heavy = 0;
    for seed in 0..400u64 {
        let got = best(&registry, &dfen, "w", seed).uci();
        assert!(got == ["e2e4", "f1c4"] || got == ["d2d4", "c1f4"], "{got:?}");
        heavy += usize::from(got[0] == "e2e4");
    }
    assert!((250..350).contains(&heavy), "heavy alternative chosen {heavy} of 400 times");
}

/// On a miss the book bot leaves the stream untouched: a random base plays exactly what it plays
/// alone with the same seed; the four decisions are the base's for every seed.
#[test]
fn fallback_and_decisions_are_the_base_bots() {
    let tsv = format!("{START} w KQkq - BPR\te2e4,f1c4\n");
    let mut registry = Registry::new();
    for base in ["random", "greedy-v2", "aggressive", "checkmate-aware"] {
        let id = format!("{base}-book");
        assert!(register_opening_book_bot(&mut registry, BookInput::Text(&tsv), base, &id, ""));
        for seed in 0..20u64 {
            let dfen = format!("{START} w KQkq - 0 1 PNN");
            assert_eq!(best(&registry, &dfen, &id, seed).uci(), best(&registry, &dfen, base, seed).uci());
            for q in [Question::OfferDouble, Question::AcceptDouble, Question::OfferDraw, Question::AcceptDraw] {
                for dfen in [format!("{START} w KQkq - 0 1"), "4k3/8/8/8/8/8/Q7/4K3 b - - 0 40".to_owned()] {
                    let opts = |a: &str| DecisionOptions { algorithm: Some(a.into()), seed: Some(seed) };
                    assert_eq!(
                        should_bot(&registry, &dfen, q, &opts(&id)),
                        should_bot(&registry, &dfen, q, &opts(base)),
                        "{base} {q:?} {seed}"
                    );
                }
            }
        }
    }
}

/// A book bot over a budgeted base is budgeted: `budgetMs` is the base's, also on a book hit.
#[test]
fn budget_is_the_bases() {
    let tsv = format!("{START} w KQkq - BPR\te2e4,f1c4\n");
    let mut registry = Registry::new();
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(&tsv), "monte-carlo", "mc-book", "MC"));
    // A manual clock, 1 ms a read: `timeTakenMs` counts clock reads, not wall-clock time. A search
    // reads it until its 1000 ms budget is spent; a book hit does not search.
    let on_manual_clock = |algorithm: &str| {
        let options = BestMoveOptions { algorithm: Some(algorithm.into()), seed: Some(1), ..Default::default() };
        let clock = ManualClock::new(0, 1_000);
        get_best_move(&registry, &format!("{START} w KQkq - 0 1 PBR"), &options, &clock, Moment(0))
    };
    let hit = on_manual_clock("mc-book");
    assert_eq!(hit.uci(), ["e2e4", "f1c4"]);
    assert_eq!(hit.budget_ms, 1000);
    assert!(hit.time_taken_ms < 10, "a book hit does not search: {} clock reads", hit.time_taken_ms);
    let search = on_manual_clock("monte-carlo");
    assert_eq!(search.budget_ms, 1000);
    assert!(search.time_taken_ms >= 500, "the base searches: {} clock reads", search.time_taken_ms);
}

/// The known conflict: a deadline that passes while the root turns are listed makes a timed search
/// play its material fallback without asking the bot; a book hit is resolved before the listing.
#[test]
fn book_hit_beats_a_deadline_during_the_listing() {
    let dfen = format!("{KIWIPETE} w KQkq - 0 1 QBN");
    let pos = Position::from_dfen(&dfen).unwrap();
    let turns = Turns::of_position(&pos).unwrap();
    assert!(!turns.has_king_capture());
    let list = legal_turns(&turns);
    assert!(list.len() > 2048, "enough turns for the clock check to cut the listing: {}", list.len());
    // The booked multiset is played in its first legal ordering (canonical order).
    let sorted = |t: &dicechess::Turn| {
        let mut u = t.uci();
        u.sort();
        u
    };
    let booked = sorted(list.last().unwrap());
    let last = list.iter().find(|t| sorted(t) == booked).unwrap();
    // The clock is checked every 1024 listed turns: the fallback sees the first 1024.
    let fallback = material_fallback(&pos, &list[..1024]);
    assert_ne!(fallback.moves, last.moves(), "the booked turn is not the material fallback");
    let tsv = format!("{}\t{}\n", pos.book_key().unwrap(), last.uci().join(","));

    for base in ["monte-carlo", "expectimax"] {
        let mut registry = Registry::new();
        assert!(register_opening_book_bot(&mut registry, BookInput::Text(&tsv), base, "b", "B"));
        // Every read of the clock advances it by a second: the deadline passes at the first check.
        let clock = ManualClock::new(0, 1_000_000);
        let deadline = || Some(Deadline { clock: &clock, at: Moment(0).plus_ms(5) });
        let alone = choose_turn(
            registry.resolve(Some(base)).as_ref(),
            Roll::new(&pos).unwrap(),
            &mut Rng::from_seed(3),
            deadline(),
        );
        assert_eq!(alone.moves, fallback.moves, "{base} alone plays the material fallback");
        let booked = choose_turn(
            registry.resolve(Some("b")).as_ref(),
            Roll::new(&pos).unwrap(),
            &mut Rng::from_seed(3),
            deadline(),
        );
        assert_eq!(booked.moves, last.moves(), "{base} + book plays the book");
        // And through getBestMove with a 1 ms budget on the same clock.
        let options = BestMoveOptions {
            algorithm: Some("b".into()),
            time_budget_ms: Some(1.0),
            seed: Some(3),
            ..Default::default()
        };
        let r = get_best_move(&registry, &dfen, &options, &clock, Moment(0));
        assert_eq!(r.uci(), last.uci());
        assert_eq!(r.budget_ms, 1);
    }
}

/// A book bot may wrap another: the outer book first, then the inner one, then the base.
#[test]
fn nested_book_bots() {
    let inner = format!("{START} w KQkq - BPR\te2e4,f1c4\n{START} w KQkq - NPP\tb1c3,a2a3,a3a4\n");
    let outer = format!("{START} w KQkq - BPR\td2d4,c1f4\n");
    let mut registry = Registry::new();
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(&inner), "greedy", "x", "X"));
    // Re-registering x on base x wraps the old x.
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(&outer), "X", "x", "X2"));
    assert_eq!(registry.custom_count(), 1);
    assert_eq!(best(&registry, &format!("{START} w KQkq - 0 1 PBR"), "x", 0).uci(), ["d2d4", "c1f4"]);
    let inner_hit = best(&registry, &format!("{START} w KQkq - 0 1 PPN"), "x", 0).uci();
    assert_eq!(inner_hit.len(), 3);
    assert!(inner_hit.contains(&"b1c3".to_owned()), "{inner_hit:?}");
    let miss = format!("{START} w KQkq - 0 1 PPP");
    assert_eq!(best(&registry, &miss, "x", 5).uci(), best(&registry, &miss, "greedy", 5).uci());
    // Both books are reachable and count toward the total.
    assert_eq!(registry_book_total(&registry), (inner.len() + outer.len()) as u64);
}

#[test]
fn registration_rules() {
    let tsv = format!("{START} w KQkq - BPR\te2e4,f1c4\n");
    let book = BookInput::Text(&tsv);
    let mut registry = Registry::new();
    let before = registry.bots();
    // Unknown base (no greedy fallback here), empty and built-in ids, malformed book.
    assert!(!register_opening_book_bot(&mut registry, book, "nope", "a", "A"));
    assert!(!register_opening_book_bot(&mut registry, book, "greedy", "", "A"));
    for id in Builtin::ALL.map(Builtin::id) {
        assert!(!register_opening_book_bot(&mut registry, book, "greedy", &id.to_ascii_uppercase(), "A"));
    }
    assert!(!register_opening_book_bot(&mut registry, BookInput::Text("# comment\n"), "greedy", "a", "A"));
    assert!(!register_opening_book_bot(&mut registry, BookInput::Bytes(b"DCBK\x02"), "greedy", "a", "A"));
    // Bytes are a binary book: TSV bytes do not load.
    assert!(!register_opening_book_bot(&mut registry, BookInput::Bytes(tsv.as_bytes()), "greedy", "a", "A"));
    // Caps on the id and the name (UTF-16 code units).
    assert!(!register_opening_book_bot(&mut registry, book, "greedy", &"a".repeat(65), "A"));
    assert!(!register_opening_book_bot(&mut registry, book, "greedy", "a", &"é".repeat(257)));
    assert_eq!(registry.bots(), before, "nothing changed");

    // The row of BOOK.md §4.2, the id's case kept.
    assert!(register_opening_book_bot(&mut registry, book, "Greedy-V2", "My-Book", ""));
    let row = registry.bots().into_iter().find(|b| b.id == "My-Book").unwrap();
    assert_eq!(row.name, "");
    assert_eq!(row.description, "Opening-book bot decorating 'Greedy-V2'.");
    assert_eq!(row.difficulty, 4);
    assert!(row.is_experimental);
    let ids: Vec<String> = registry.bots().into_iter().map(|b| b.id).collect();
    assert_eq!(ids[3..6], ["greedy-v2".to_owned(), "My-Book".into(), "aggressive".into()]);
    // An empty book is valid; a binary book too; replacing keeps one bot, moved to the end.
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(""), "random", "other", "O"));
    let bytes = encode_tsv(&tsv).unwrap();
    assert!(register_opening_book_bot(&mut registry, BookInput::Bytes(&bytes), "aggressive", "MY-BOOK", "New"));
    assert_eq!(registry.custom_count(), 2);
    assert_eq!(registry.resolve(Some("my-book")).info().name, "New");
    assert_eq!(registry.resolve(Some("my-book")).info().difficulty, 5);

    // unregister: built-ins and unknown ids are refused.
    assert!(!unregister_bot(&mut registry, "greedy"));
    assert!(!unregister_bot(&mut registry, "nope"));
    assert!(unregister_bot(&mut registry, "My-Book"));
    assert!(!unregister_bot(&mut registry, "my-book"));
    assert_eq!(registry.custom_count(), 1);
}

/// A wrapper keeps its base after the base is unregistered, and the base's book keeps counting.
#[test]
fn unregistered_base_keeps_working_and_counting() {
    let inner = format!("{START} w KQkq - BPR\te2e4,f1c4\n");
    let mut registry = Registry::new();
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(&inner), "greedy", "base", ""));
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(""), "base", "wrapper", ""));
    assert!(unregister_bot(&mut registry, "base"));
    assert_eq!(best(&registry, &format!("{START} w KQkq - 0 1 PBR"), "wrapper", 0).uci(), ["e2e4", "f1c4"]);
    assert_eq!(registry_book_total(&registry), inner.len() as u64);
    assert!(unregister_bot(&mut registry, "wrapper"));
    assert_eq!(registry_book_total(&registry), 0);
}

/// 256 custom bots at most, unless the new id replaces one.
#[test]
fn custom_bot_cap() {
    let mut registry = Registry::new();
    for i in 0..256 {
        assert!(register_opening_book_bot(&mut registry, BookInput::Text(""), "greedy", &format!("b{i}"), ""));
    }
    assert!(!register_opening_book_bot(&mut registry, BookInput::Text(""), "greedy", "b256", ""));
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(""), "greedy", "B7", ""));
    assert_eq!(registry.custom_count(), 256);
}

/// The registry's book total: books of captured bases count, so re-registering `x` over `x`
/// cannot escape the 256 MiB cap; a replaced book that nothing reaches stops counting.
#[test]
fn book_total_cap() {
    // 48 MiB of blank lines: a valid, empty TSV book below the 64 MiB per-book cap.
    let big = "\n".repeat(48 * 1024 * 1024);
    let mut registry = Registry::new();
    for i in 0..5 {
        assert!(register_opening_book_bot(&mut registry, BookInput::Text(&big), "greedy", &format!("b{i}"), ""));
    }
    assert_eq!(registry_book_total(&registry), 5 * big.len() as u64);
    // A sixth would exceed 256 MiB; replacing b0 (not wrapping it) does not.
    assert!(!register_opening_book_bot(&mut registry, BookInput::Text(&big), "greedy", "b5", ""));
    assert!(register_opening_book_bot(&mut registry, BookInput::Text(&big), "greedy", "b0", ""));
    // Wrapping b1 under its own id keeps its book reachable: refused.
    assert!(!register_opening_book_bot(&mut registry, BookInput::Text(&big), "b1", "b1", ""));
    assert!(registry_book_total(&registry) <= MAX_REGISTRY_BOOK_SIZE);
    // Over 64 MiB for one book is refused before loading.
    let huge = "\n".repeat(64 * 1024 * 1024 + 1);
    assert!(!register_opening_book_bot(&mut Registry::new(), BookInput::Text(&huge), "greedy", "h", ""));
}

/// `BookBot` used directly (the CLI's arena): `choose` on a listed roll agrees with `preempt`.
#[test]
fn choose_and_preempt_agree() {
    let tsv = format!("{START} w KQkq - BPR\te2e4,f1c4\t3\n{START} w KQkq - BPR\td2d4,c1f4\n");
    let base = Registry::new().resolve(Some("greedy")).clone();
    let bot = BookBot::with_row(Arc::new(Book::from_tsv(&tsv).unwrap()), tsv.len() as u64, base, "greedy", "g", "G");
    let pos = Position::from_dfen(&format!("{START} w KQkq - 0 1 PBR")).unwrap();
    let turns = Turns::of_position(&pos).unwrap();
    let list = legal_turns(&turns);
    for seed in 0..50 {
        let mut rng = Rng::from_seed(seed);
        let a = bot.choose(
            Roll::new(&pos).unwrap(),
            &list,
            &mut dicechess::SearchContext { rng: &mut rng, deadline: None },
        );
        let mut rng = Rng::from_seed(seed);
        let b = bot.preempt(
            Roll::new(&pos).unwrap(),
            &turns,
            &mut dicechess::SearchContext { rng: &mut rng, deadline: None },
        );
        assert_eq!(Some(a), b);
    }
}

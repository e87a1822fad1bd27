//! The memory a TSV book takes to parse and to hold, and that `validateOpeningBook` takes, counted
//! by a global allocator (issue 18 item 3): the lines `a<i in base 36>\tm`, 4 MiB of them
//! (530,278 entries). Bounds, not times: held at most 32 bytes an entry plus the key texts (64-bit
//! words here; wasm32's are half as wide), a peak under 80 bytes a line. BENCHMARKS.md records the
//! figures and those of the hash map this replaced (279 bytes an entry held, 548 at the peak).
#![cfg(all(not(target_arch = "wasm32"), feature = "book"))] // native only: wasm-pack test builds every test target for wasm32

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use dicechess::book::validate_tsv;
use dicechess::book::{Book, PackedBook};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator, counting the bytes of each layout.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        // SAFETY: the caller's layout, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Relaxed);
        // SAFETY: allocated by `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `f`, returning its value, the bytes it left allocated and its peak above the start.
fn measured<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let start = NOW.load(Relaxed);
    PEAK.store(start, Relaxed);
    let value = f();
    (value, NOW.load(Relaxed).saturating_sub(start), PEAK.load(Relaxed) - start)
}

// One test, so that no other test allocates while it counts.
#[test]
fn parsing_holding_and_validating_a_book() {
    let mut text = String::new();
    for i in 0.. {
        let line = common::book_cases::hostile_line(i);
        if text.len() + line.len() > 4 << 20 {
            break;
        }
        text.push_str(&line);
    }
    let lines = text.lines().count();
    let (book, held, peak) = measured(|| Book::from_tsv(&text).unwrap());
    let n = book.entries();
    assert_eq!(n, lines);
    let Book::Packed(packed) = &book else { panic!("a TSV book for play is packed") };
    let keys: usize = packed.iter().map(|(k, _)| k.len()).sum();
    println!(
        "{n} entries: held {held} bytes ({:.1} an entry, {keys} of key text), peak {peak} ({:.1} a line)",
        held as f64 / n as f64,
        peak as f64 / lines as f64
    );
    assert!(held <= 32 * n + keys, "held {held}");
    assert_eq!(held, packed.heap_bytes());
    assert!(peak < 80 * lines, "peak {peak}");
    drop(book);

    let (v, _, peak) = measured(|| validate_tsv(&text));
    println!("validateOpeningBook: peak {peak} bytes ({:.1} a line)", peak as f64 / lines as f64);
    assert_eq!(v.warnings.len() + v.omitted_warnings, 2 * lines);
    assert!(peak < 80 * lines, "peak {peak}");

    let (_, _, peak) = measured(|| PackedBook::parse_within(&text, lines - 1));
    println!("refused over the entry cap: peak {peak} bytes ({:.1} a line)", peak as f64 / lines as f64);
    assert!(peak < 40 * lines, "peak {peak}");

    // Issue 31 item 4: one key on every line, unweighted and weighted (1,048,576 and 699,050
    // lines of 4 MiB), took a line list and a signature string per line: 140 bytes a line and
    // more. Now 16 bytes a line (`tsv::Grouped`'s pairs) for every reader, whatever the keys.
    for line in ["a\tb\n", "a\tb\t1\n"] {
        let text = line.repeat((4 << 20) / line.len());
        let lines = text.lines().count();
        let (v, _, peak) = measured(|| validate_tsv(&text));
        println!(
            "{line:?} × {lines}: validateOpeningBook peak {peak} bytes ({:.1} a line)",
            peak as f64 / lines as f64
        );
        assert_eq!((v.entries, v.keys), (1, 1));
        // Every line but the last `overridden`; the last `key-invalid` and `moves-invalid`.
        assert_eq!(v.warnings.len() + v.omitted_warnings, lines + 1, "{line:?}");
        assert!(peak < 20 * lines, "peak {peak}");
        let (book, _, peak) = measured(|| PackedBook::parse(&text).unwrap());
        assert_eq!(book.entries(), 1);
        assert!(peak < 20 * lines, "register: peak {peak}");
        let (_, _, peak) = measured(|| dicechess::book::encode_tsv(&text));
        assert!(peak < 20 * lines, "encode: peak {peak}");
    }
}

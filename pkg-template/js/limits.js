// @ts-check
// The package's caps and defaults: GENERATED from the engine's constants by src/limits.rs
// (`DICECHESS_WRITE_LIMITS=1 cargo test --lib limits`). Do not edit.

/** The longest DFEN argument, in characters (ASCII only). */
export const MAX_DFEN = 256;

/** The most micro-moves of a turn: three dice. */
export const MAX_MOVES = 3;

/** The longest bot id, in UTF-16 code units; a longer one matches nothing. */
export const MAX_ID = 64;

/** The longest bot name, in UTF-16 code units. */
export const MAX_NAME = 256;

/** The largest book: bytes, or UTF-16 code units of a string. */
export const MAX_BOOK = 67108864;

/** The longest game record read, in UTF-16 code units (BOOK.md §8: a line). */
export const MAX_RECORD = 4194304;

/** The longest notated text read, in UTF-16 code units. */
export const MAX_NOTATION = 16777216;

/** The most turns a game holds and a game record may hold (the notation's cap). */
export const MAX_TURNS = 10000;

/** The most micro-moves of a record turn read before it is refused as not 1 to 3 (the package's own bound). */
export const MAX_TURN_MOVES = 16;

/** The longest player name or other text field kept, in bytes of UTF-8 (the notation's longest tag value). */
export const MAX_TEXT = 1024;

/** A game's turn cap when its options give none. */
export const DEFAULT_TURN_CAP = 5000;

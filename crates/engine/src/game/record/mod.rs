//! The game record (BOOK.md §8), one JSON object per line, in one place: its types and reader
//! (`read.rs`, with the skips of BOOK.md §9.1), its writer (`write.rs`) and its replay, turn by
//! turn into a [`Game`](crate::Game) or position by position (`replay.rs`). Books, review and the
//! CLI read and write records only through this module; it sits on the rules and the game.

mod fields;
#[cfg(feature = "book")]
mod read;
mod replay;
#[cfg(feature = "book")]
mod write;

pub use fields::{parse_dice_field, parse_result};
#[cfg(feature = "book")]
pub use read::{
    parse_record, skip, start_position, GameId, GameRecord, RecordError, RecordHeader, Skip, SkipReason, MAX_LINE_LEN,
};
#[cfg(feature = "book")]
pub use replay::replay;
#[cfg(feature = "book")]
pub use write::{RecordJson, TurnJson};

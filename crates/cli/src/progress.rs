//! Progress on stderr (BOTS.md §10.7) for every long command: an indicatif bar on a terminal, else
//! a plain line at every tenth of the work, nothing with `--quiet`.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What the progress counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Games, pairs or rolls.
    Items,
    /// Input bytes (`book build`); a total of 0 means unknown (stdin).
    Bytes,
}

/// The bar's layouts: a count, a byte count of known total, a byte count of unknown total.
const ITEMS: &str = "{prefix} [{bar:30}] {pos}/{len} {msg} {elapsed} ETA {eta}";
const BYTES: &str = "{prefix} [{bar:30}] {bytes}/{total_bytes} {msg} {elapsed} ETA {eta}";
const BYTES_UNKNOWN: &str = "{prefix} {spinner} {bytes} {msg} {elapsed}";

/// A progress display; shared by the worker threads (`update` takes `&self`).
pub struct Progress {
    bar: Option<ProgressBar>,
    plain: Option<Plain>,
    /// The units counted by [`tick`](Progress::tick).
    done: AtomicU64,
}

/// The plain lines written when stderr is not a terminal.
struct Plain {
    /// The label and a space, or nothing.
    prefix: String,
    total: u64,
    /// The last tenth reported.
    decile: AtomicU64,
}

impl Progress {
    /// Counts `total` units; `label` (if any) prefixes the bar and the plain lines.
    pub fn new(label: Option<&str>, unit: Unit, total: u64, quiet: bool) -> Progress {
        if quiet {
            return Progress { bar: None, plain: None, done: AtomicU64::new(0) };
        }
        if !std::io::stderr().is_terminal() {
            let prefix = label.map_or_else(String::new, |l| format!("{l} "));
            let plain = Plain { prefix, total, decile: AtomicU64::new(0) };
            return Progress { bar: None, plain: Some(plain), done: AtomicU64::new(0) };
        }
        let (length, template) = match unit {
            Unit::Items => (Some(total), ITEMS),
            Unit::Bytes if total > 0 => (Some(total), BYTES),
            Unit::Bytes => (None, BYTES_UNKNOWN),
        };
        let bar = ProgressBar::with_draw_target(length, ProgressDrawTarget::stderr_with_hz(10));
        // The templates are constants: a failure here is a typo that `progress_templates_parse` catches.
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(label.unwrap_or_default().to_owned());
        Progress { bar: Some(bar), plain: None, done: AtomicU64::new(0) }
    }

    /// Reports `done` units with a status text (computed only when shown).
    pub fn update(&self, done: u64, status: impl FnOnce() -> String) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            bar.set_message(status());
        } else if let Some(plain) = &self.plain {
            let Some(decile) = (done * 10).checked_div(plain.total) else { return };
            if decile > plain.decile.fetch_max(decile, Ordering::Relaxed) {
                eprintln!("{}{}% {}", plain.prefix, decile * 10, status());
            }
        }
    }

    /// Counts one more unit done, by any thread, and reports the count as "K `noun`".
    pub fn tick(&self, noun: &str) {
        let k = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        self.update(k, || format!("{k} {noun}"));
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn progress_templates_parse() {
        for template in [super::ITEMS, super::BYTES, super::BYTES_UNKNOWN] {
            assert!(indicatif::ProgressStyle::with_template(template).is_ok(), "{template}");
        }
    }
}

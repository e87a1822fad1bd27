//! Shards (issue 16, docs/SCALE.md): `--shard K/N` makes a command do the `K`th of `N` equal
//! parts of its work (game or record indices `[⌊total·K/N⌋, ⌊total·(K+1)/N⌋)`, each with the
//! seed it has in the whole run), and writes beside its output a manifest
//! (`OUTPUT.shard.json`) naming the engine version, the command and the options that decide the
//! content, the shard, its range and the sha256 of the content. [`checked_run`] reads the
//! manifests and refuses shards of another version or other options, a duplicate or a missing
//! shard, or content that is not what its manifest says; [`concatenate`] joins the outputs in
//! shard order: the bytes of the unsharded run. This file knows no command's output: a command
//! whose shards are not concatenated brings its own merge (`merge_shards.rs`).

use std::fmt::Write as _;
use std::ops::Range;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::files::{for_each_chunk, read_input, read_input_with, write_output, write_output_with, Input};
use crate::io::{self, Failure};

/// `K/N`: the shard of index `K` (from 0) of `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The indices of this shard among `total` items.
    pub fn range(self, total: u64) -> Range<u64> {
        let at = |k: u64| u64::try_from(u128::from(total) * u128::from(k) / u128::from(self.count)).unwrap_or(total);
        at(self.index)..at(self.index + 1)
    }

    /// This shard's part of `items`.
    pub fn slice<T>(self, items: &[T]) -> &[T] {
        let range = self.range(items.len() as u64);
        &items[range.start as usize..range.end as usize]
    }
}

/// The lines of `text` that hold something (a line of whitespace alone is blank), each with its
/// line number in `text` (from 1): the items of a command that reads one per line.
pub fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l)).collect()
}

/// The most shards a run may have: 65,536 (a merge checks every one, and names the missing).
pub const MAX_SHARDS: u64 = 1 << 16;

/// clap's parser of `K/N`: `0 <= K < N`, `1 <= N <= MAX_SHARDS`.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let usage = || {
        format!("{text:?}: expected K/N with 0 <= K < N <= {MAX_SHARDS} (the shard of index K of N, from 0/N to N-1/N)")
    };
    let (k, n) = text.split_once('/').ok_or_else(usage)?;
    let (index, count) = (k.trim().parse::<u64>().map_err(|_| usage())?, n.trim().parse::<u64>().map_err(|_| usage())?);
    if count == 0 || count > MAX_SHARDS || index >= count {
        return Err(usage());
    }
    Ok(Shard { index, count })
}

/// The manifest written beside a shard's output.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Manifest {
    /// Always `"dicechess-shard"`.
    pub kind: String,
    pub schema_version: u32,
    pub engine_version: String,
    /// The command, e.g. `"selfplay"`.
    pub command: String,
    /// The options that decide the content, as the command names them (threads, progress and
    /// paths of outputs excluded; input files by their sha256).
    pub options: serde_json::Value,
    pub shard: Shard,
    /// What the range counts, e.g. `"games"`.
    pub unit: String,
    /// The shard's items: `[start, end)` of `total`.
    pub start: u64,
    pub end: u64,
    pub total: u64,
    /// The sha256 of the output's bytes, in hex.
    pub sha256: String,
}

/// The manifest of a shard's output.
pub fn manifest_path(output: &str) -> String {
    format!("{output}.shard.json")
}

/// The sha256 of `bytes` in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// `digest` in lower-case hex.
fn hex(digest: &[u8]) -> String {
    digest.iter().fold(String::with_capacity(64), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// `lines`, each followed by a newline: nothing for none (a shard can hold no game).
pub fn lines_text(lines: &[String]) -> String {
    lines.iter().flat_map(|l| [l.as_str(), "\n"]).collect()
}

/// The sha256 of the file at `path`, if any, read as a stream within a book's cap: what an option
/// that names an input (a book, a list of openings) means.
pub fn file_sha256(path: Option<&str>) -> Result<Option<String>, Failure> {
    path.map(|p| stream_sha256(p, Input::Book)).transpose()
}

/// The sha256 of the input at `path` of `kind`, read as a stream.
fn stream_sha256(path: &str, kind: Input) -> Result<String, Failure> {
    let mut hasher = Sha256::new();
    read_input_with(path, kind, &mut |r| std::io::copy(r, &mut hasher).map(drop))?;
    Ok(hex(&hasher.finalize()))
}

/// The number of lines of the shard at `path` (its newlines), read as a stream: the items of a
/// shard whose output has a line per item.
pub fn count_lines(path: &str) -> Result<u64, Failure> {
    let mut lines = 0u64;
    read_input_with(path, Input::Shard, &mut |r| {
        for_each_chunk(r, &mut |chunk| lines += chunk.iter().filter(|&&b| b == b'\n').count() as u64)
    })?;
    Ok(lines)
}

/// What a sharded command knows of its shard: written with its output.
pub struct ShardRun<'a> {
    pub command: &'a str,
    pub options: serde_json::Value,
    pub shard: Shard,
    pub unit: &'a str,
    pub total: u64,
}

impl ShardRun<'_> {
    /// Writes `bytes` to `output` and the manifest beside it (`output` must be a file).
    pub fn write(&self, output: &str, bytes: &[u8]) -> Result<(), Failure> {
        if output == "-" {
            return Err(Failure::invalid("--shard needs an output file: its manifest is written beside it"));
        }
        let range = self.shard.range(self.total);
        let manifest = Manifest {
            kind: "dicechess-shard".into(),
            schema_version: 1,
            engine_version: env!("CARGO_PKG_VERSION").into(),
            command: self.command.into(),
            options: self.options.clone(),
            shard: self.shard,
            unit: self.unit.into(),
            start: range.start,
            end: range.end,
            total: self.total,
            sha256: sha256_hex(bytes),
        };
        write_output(output, bytes)?;
        write_output(&manifest_path(output), io::json_pretty(&manifest)?.as_bytes())
    }
}

/// Checks that `manifests` (with their paths) are every shard of one run, once each, and
/// returns them in shard order.
fn complete_run(mut manifests: Vec<(String, Manifest)>) -> Result<Vec<(String, Manifest)>, Failure> {
    let (first_path, first) = manifests.first().ok_or_else(|| Failure::invalid("no shard to merge"))?;
    for (path, m) in &manifests {
        let differs = |what: &str| {
            Failure::invalid(format!("{path} is not a shard of the same run as {first_path}: its {what} differs"))
        };
        if m.engine_version != first.engine_version {
            return Err(differs(&format!("engine version ({} against {})", m.engine_version, first.engine_version)));
        }
        if m.command != first.command || m.unit != first.unit {
            return Err(differs("command"));
        }
        if m.options != first.options || m.total != first.total {
            return Err(differs("options"));
        }
        if m.shard.count == 0 || m.shard.count > MAX_SHARDS || m.shard.index >= m.shard.count {
            return Err(Failure::invalid(format!(
                "{path}: shard {}/{} is not K/N with 0 <= K < N <= {MAX_SHARDS}",
                m.shard.index, m.shard.count
            )));
        }
        if m.shard.count != first.shard.count {
            return Err(differs(&format!("shard count ({} against {})", m.shard.count, first.shard.count)));
        }
        let range = m.shard.range(m.total);
        if (m.start, m.end) != (range.start, range.end) {
            return Err(Failure::invalid(format!(
                "{path}: its range does not match shard {}/{}",
                m.shard.index, m.shard.count
            )));
        }
    }
    manifests.sort_by_key(|(_, m)| m.shard.index);
    if let Some(w) = manifests.windows(2).find(|w| w[0].1.shard.index == w[1].1.shard.index) {
        return Err(Failure::invalid(format!(
            "shard {}/{} is given twice: {} and {}",
            w[0].1.shard.index, w[0].1.shard.count, w[0].0, w[1].0
        )));
    }
    let count = manifests[0].1.shard.count;
    // The indices are distinct and below `count`: as many missing as not given, the first 20 named.
    let missing = count - manifests.len() as u64;
    if missing > 0 {
        let given = |k: &u64| manifests.binary_search_by_key(k, |(_, m)| m.shard.index).is_ok();
        let shown: Vec<String> = (0..count).filter(|k| !given(k)).take(20).map(|k| format!("{k}/{count}")).collect();
        let more = if missing > 20 { ", …" } else { "" };
        return Err(Failure::invalid(format!("{missing} of {count} shards missing: {}{more}", shown.join(", "))));
    }
    Ok(manifests)
}

/// Reads the manifest beside `path`.
fn read_manifest(path: &str) -> Result<Manifest, Failure> {
    let at = manifest_path(path);
    if !std::path::Path::new(&at).exists() {
        return Err(Failure::invalid(format!("{path} has no manifest {at}: not the output of a --shard run")));
    }
    let bytes = read_input(&at, Input::Json)?;
    let m: Manifest =
        serde_json::from_slice(&bytes).map_err(|e| Failure::invalid(format!("{at}: not a shard manifest: {e}")))?;
    if m.kind != "dicechess-shard" || m.schema_version != 1 {
        return Err(Failure::invalid(format!("{at}: not a shard manifest of schema version 1")));
    }
    Ok(m)
}

/// The shards at `paths` (in any order), each checked against its manifest, in shard order: every
/// shard of one run, once each, each content what its manifest says. Reads one shard at a time.
pub fn checked_run(paths: &[String]) -> Result<Vec<(String, Manifest)>, Failure> {
    let manifests = paths.iter().map(|p| Ok((p.clone(), read_manifest(p)?))).collect::<Result<Vec<_>, Failure>>()?;
    let shards = complete_run(manifests)?;
    for (path, m) in &shards {
        // Read twice (checked, then merged): a device or a FIFO would not give the same bytes.
        let meta = std::fs::metadata(path).map_err(|e| Failure::io(format!("cannot read {path}: {e}")))?;
        if !meta.is_file() {
            return Err(Failure::invalid(format!("{path}: a shard must be a regular file")));
        }
        if stream_sha256(path, Input::Shard)? != m.sha256 {
            return Err(Failure::invalid(format!("{path}: its content is not what its manifest says (sha256)")));
        }
    }
    Ok(shards)
}

/// The outputs at `paths` copied into `output` in order, one at a time: memory holds one shard,
/// never the whole. The merge of every output whose command brings no merge of its own.
pub fn concatenate(output: &str, paths: &[&str]) -> Result<(), Failure> {
    write_output_with(output, &mut |out| {
        for path in paths {
            let mut file = std::fs::File::open(path)?;
            std::io::copy(&mut file, out)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::{numbered_lines, Shard};

    #[test]
    fn numbered_lines_skip_the_blank_ones_and_keep_the_numbers_of_the_text() {
        assert_eq!(numbered_lines("a\n\n  \t\nb\r\nc"), [(1, "a"), (4, "b"), (5, "c")]);
        assert!(numbered_lines("").is_empty());
    }

    #[test]
    fn the_slices_of_the_shards_are_the_items_in_order() {
        let items: Vec<u32> = (0..10).collect();
        for count in [1, 3, 7, 10, 16] {
            let parts: Vec<u32> = (0..count).flat_map(|index| Shard { index, count }.slice(&items).to_vec()).collect();
            assert_eq!(parts, items, "{count} shards");
        }
        assert_eq!(Shard::WHOLE.slice(&items), items);
    }
}

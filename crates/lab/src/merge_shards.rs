//! `dicechess merge` (issue 16, docs/SCALE.md): the outputs of a sharded run, every shard checked
//! against its manifest (`shard::checked_run`), merged into the unsharded run's output. Most
//! outputs are concatenated in shard order; a command whose output is not brings its own merge,
//! named in [`MERGES`].

use clap::Args;

use crate::arena_json;
use dicechess_cli::book_cmd::merge_count_files;
use dicechess_cli::files::distinct_outputs;
use dicechess_cli::io::{Exit, Failure, Outcome};
use dicechess_cli::shard::{checked_run, concatenate, count_lines, manifest_path, Manifest};

/// `dicechess merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Where to write the merged output (`-` = stdout).
    #[arg(short, long, value_name = "OUT")]
    output: String,
    /// The shards' outputs (each with its `.shard.json` manifest beside it), in any order.
    #[arg(value_name = "SHARD", required = true)]
    shards: Vec<String>,
}

/// A merge: the shards' outputs at the paths, in shard order, into the output file.
type Merge = fn(output: &str, paths: &[&str]) -> Result<(), Failure>;

/// The outputs that are not concatenated, by the command and unit of their manifests (`None`:
/// any unit), each with the merge of the command that writes them.
const MERGES: &[(&str, Option<&str>, Merge)] = &[
    // An arena's reports: their counts added, the statistics and SPRT of the totals, as
    // fishtest does with its workers' batches.
    ("arena", None, arena_json::merge_shards),
    // `book distill`'s count files (its shards without search): added by a streamed k-way merge.
    ("book distill", Some("games"), merge_count_files),
];

/// The merge of the shards of `manifest`'s run.
fn merge_of(manifest: &Manifest) -> Merge {
    let own = MERGES
        .iter()
        .find(|(command, unit, _)| *command == manifest.command && unit.is_none_or(|u| u == manifest.unit));
    own.map_or(concatenate, |&(_, _, merge)| merge)
}

/// How many items of its unit a shard's output holds, by the command and unit of the manifests:
/// one line per item (a game's record, a game's review, a valued position), or an arena report's
/// pairs.
type Count = fn(path: &str) -> Result<u64, Failure>;

/// The outputs whose items can be counted, to check each shard against its manifest's range.
/// The others (`datagen`'s rows, a variable number a game; `book distill`'s counts and
/// judgements) are checked by their sha256 only.
const COUNTS: &[(&str, &str, Count)] = &[
    ("selfplay", "games", count_lines),
    ("review", "games", count_lines),
    ("nnue values", "positions", count_lines),
    ("arena", "pairs", arena_json::pairs_played),
];

/// Refuses a shard whose output does not hold the items of its manifest's range (a 5-game shard
/// claiming games 0..10).
fn check_items(path: &str, manifest: &Manifest) -> Result<(), Failure> {
    let Some(&(_, _, count)) = COUNTS.iter().find(|(c, u, _)| *c == manifest.command && *u == manifest.unit) else {
        return Ok(());
    };
    let items = count(path)?;
    let claimed = manifest.end - manifest.start;
    if items != claimed {
        return Err(Failure::invalid(format!(
            "{path}: holds {items} {unit} where its manifest claims {claimed} ({unit} {}..{})",
            manifest.start,
            manifest.end,
            unit = manifest.unit
        )));
    }
    Ok(())
}

/// `dicechess merge`: the shards checked, then merged one at a time where the merge allows. An
/// output that is one of the shards or their manifests is refused before any work.
pub fn merge(args: MergeArgs) -> Outcome {
    let manifests: Vec<String> = args.shards.iter().map(|p| manifest_path(p)).collect();
    let inputs: Vec<(&str, &str)> =
        args.shards.iter().chain(&manifests).map(|p| ("a shard or its manifest", p.as_str())).collect();
    distinct_outputs(&[("-o", Some(args.output.as_str()))], &inputs)?;
    let shards = checked_run(&args.shards)?;
    for (path, manifest) in &shards {
        check_items(path, manifest)?;
    }
    let paths: Vec<&str> = shards.iter().map(|(path, _)| path.as_str()).collect();
    let (_, first) = shards.first().ok_or_else(|| Failure::invalid("no shard to merge"))?;
    merge_of(first)(&args.output, &paths)?;
    Ok(Exit::Success)
}

#!/usr/bin/env python3
"""Runs a sharded dicechess command on a Ray cluster (issue 16, docs/SCALE.md).

    python scripts/ray/run.py --shards N --out OUT [--output-flag=-o] [--address auto]
        [--binary dicechess] [--threads 1] -- <dicechess arguments>

One Ray task per shard runs `dicechess <arguments> --shard K/N <output-flag> FILE` on a node with
the `dicechess` binary on its PATH (or at --binary), in a scratch directory of its own, and
returns the shard's output and its manifest. The driver writes each shard as it arrives (at most
one shard's bytes in its memory at a time besides the tasks in flight), then runs
`dicechess merge`, which checks every manifest and writes OUT. The output flag is `-o` for
`selfplay` and `datagen`, `--json` for `arena` and `review` (written `--output-flag=--json`:
a value that starts with a dash needs the `=`).

Nothing here schedules: Ray places the tasks, one CPU each by default (--cpus-per-task); the
command's own --threads should match.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import ray


@ray.remote
def run_shard(binary, args, output_flag, index, count):
    """Runs shard `index` of `count` and returns (output bytes, manifest bytes, seconds)."""
    work = tempfile.mkdtemp(prefix=f"dicechess-shard-{index}-")
    try:
        out = os.path.join(work, "part")
        command = [binary, *args, "--shard", f"{index}/{count}", output_flag, out]
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {index}/{count}: {' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
        with open(out, "rb") as f, open(out + ".shard.json", "rb") as m:
            return f.read(), m.read(), time.monotonic() - started
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shards", type=int, required=True, help="the number of shards (one task each)")
    parser.add_argument("--out", required=True, help="the merged output")
    parser.add_argument("--output-flag", default="-o", help="the command's output flag (-o, or --json for arena and review)")
    parser.add_argument("--address", default=None, help="the Ray cluster (`auto` for a running one; none: a local Ray)")
    parser.add_argument("--binary", default="dicechess", help="the dicechess executable on the nodes")
    parser.add_argument("--merge-binary", default=None, help="the dicechess executable here (default: --binary)")
    parser.add_argument("--cpus-per-task", type=float, default=1.0)
    parser.add_argument("--keep", default=None, help="a directory to keep the shards in (default: a temporary one)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the dicechess arguments")
    o = parser.parse_args()
    args = o.command[1:] if o.command[:1] == ["--"] else o.command
    if o.shards < 1 or not args:
        parser.error("need --shards N >= 1 and a dicechess command after --")

    ray.init(address=o.address, log_to_driver=False)
    shards_dir = o.keep or tempfile.mkdtemp(prefix="dicechess-shards-")
    os.makedirs(shards_dir, exist_ok=True)
    started = time.monotonic()
    task = run_shard.options(num_cpus=o.cpus_per_task)
    pending = {task.remote(o.binary, args, o.output_flag, k, o.shards): k for k in range(o.shards)}
    paths, task_seconds = [], 0.0
    try:
        while pending:
            [ref], _ = ray.wait(list(pending), num_returns=1)
            k = pending.pop(ref)
            output, manifest, seconds = ray.get(ref)
            task_seconds += seconds
            path = os.path.join(shards_dir, f"part-{k:05d}")
            with open(path, "wb") as f:
                f.write(output)
            with open(path + ".shard.json", "wb") as f:
                f.write(manifest)
            paths.append(path)
            del output, manifest
            print(f"shard {k}/{o.shards} done in {seconds:.1f} s ({len(paths)} of {o.shards})", file=sys.stderr)
        wall = time.monotonic() - started
        merged = subprocess.run([o.merge_binary or o.binary, "merge", "-o", o.out, *sorted(paths)], capture_output=True, text=True)
        if merged.returncode != 0:
            sys.exit(f"dicechess merge exited {merged.returncode}: {merged.stderr.strip()}")
        print(f"{o.shards} shards in {wall:.1f} s of wall time, {task_seconds:.1f} s in the tasks; merged into {o.out}", file=sys.stderr)
    finally:
        if o.keep is None:
            shutil.rmtree(shards_dir, ignore_errors=True)


if __name__ == "__main__":
    main()

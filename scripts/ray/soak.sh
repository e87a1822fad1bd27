#!/usr/bin/env bash
# The Ray soak run of `npm run test:soak` (issue 16): a local Ray cluster on this machine (`ray start
# --head` with two CPUs) runs, through scripts/ray/run.py, a self-play of 20,000 games in 16
# shards and an arena of 2,000 pairs in 8 shards; the merged outputs must equal single-process
# runs (the arena's apart from its timing fields). It prints the throughput per core of each
# (games per core-second: the single process on one core, the cluster on its two), a figure for
# BENCHMARKS.md, not a pass condition. Ray's environment is a venv in target/ray-venv from
# scripts/ray/requirements.txt (pinned); the binary is target/release/dicechess.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
venv=target/ray-venv
if [ ! -x "$venv/bin/ray" ] || ! cmp -s scripts/ray/requirements.txt "$venv/requirements.txt"; then
  echo "== ray soak: the Python environment ($venv, scripts/ray/requirements.txt)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet -r scripts/ray/requirements.txt
  cp scripts/ray/requirements.txt "$venv/requirements.txt"
fi
bin=$root/target/release/dicechess
[ -x "$bin" ] || cargo build --release --quiet -p dicechess-lab
work=$(mktemp -d)
export RAY_TMPDIR="$work/ray"
mkdir -p "$RAY_TMPDIR"
cleanup() { "$root/$venv/bin/ray" stop --force >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
"$venv/bin/ray" start --head --num-cpus 2 --disable-usage-stats --temp-dir "$RAY_TMPDIR" >/dev/null

# Runs `dicechess ARGS` once on one core and on the cluster in SHARDS shards; prints both rates.
compare() {
  local name=$1 shards=$2 flag=$3 games=$4; shift 4
  local t0 t1 t2
  t0=$(date +%s.%N)
  "$bin" "$@" --threads 1 --quiet "$flag" "$work/$name-single"
  t1=$(date +%s.%N)
  "$venv/bin/python" scripts/ray/run.py --address auto --shards "$shards" --output-flag="$flag" \
    --binary "$bin" --out "$work/$name-ray" -- "$@" --threads 1 --quiet
  t2=$(date +%s.%N)
  python3 - "$name" "$work/$name-single" "$work/$name-ray" "$games" "$t0" "$t1" "$t2" <<'PY'
import json, sys
name, single, ray, games, t0, t1, t2 = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), *map(float, sys.argv[5:])
a, b = open(single, "rb").read(), open(ray, "rb").read()
if name == "arena":
    def strip(text):
        r = json.loads(text)
        r.pop("threads")
        for m in r["matches"]:
            m.pop("latencyMs"); m.pop("durationMs")
        return r
    same = strip(a) == strip(b)
else:
    same = a == b
one, cluster = games / (t1 - t0), games / ((t2 - t1) * 2)
print(f"{name}: {'equal' if same else 'DIFFERENT'}; one core {one:.1f} games/s, the cluster {cluster:.1f} games/s per core ({100 * cluster / one:.0f}%)")
sys.exit(0 if same else 1)
PY
}

echo "== ray soak: self-play, 20,000 games in 16 shards"
compare selfplay 16 -o 20000 selfplay --white expectimax --black aggressive --games 20000 --move-time 0 --seed 16
echo "== ray soak: arena, 2,000 pairs in 8 shards"
compare arena 8 --json 4000 arena --bot expectimax --baseline aggressive --pairs 2000 --move-time 0 --seed 8

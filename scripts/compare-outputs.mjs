#!/usr/bin/env node
// Behaviour check for refactors: runs the same seeded CLI commands with two `dicechess` binaries
// and compares their outputs byte for byte. The time column of the arena table and the timing
// fields of the JSON reports (`durationMs`, `latencyMs`, `timeMs`, `elapsedMs`, `timeTakenMs`)
// are removed before comparing; everything else must be identical. monte-carlo is left out (its
// untimed mode takes about 30 s a game); its rollouts are pinned by the estimateEquity and
// choice vectors of the test suite.
//
//   node scripts/compare-outputs.mjs BEFORE_BIN AFTER_BIN [--quick]
//
// Build the "before" binary from the old commit first, for example:
//   git worktree add /tmp/before <commit> && (cd /tmp/before && cargo build --release) &&
//   node scripts/compare-outputs.mjs /tmp/before/target/release/dicechess target/release/dicechess
// Exits 0 when every output is identical, 1 otherwise (naming each command that differs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [before, after, ...flags] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/compare-outputs.mjs BEFORE_BIN AFTER_BIN [--quick]');
  process.exit(2);
}
const quick = flags.includes('--quick');
const games = quick ? 40 : 200;

/** The commands compared: a name, the arguments (OUT/ names a file in the run's scratch dir). */
const commands = [
  ['selfplay aggressive/greedy', ['selfplay', '--white', 'aggressive', '--black', 'greedy', '--games', `${games}`, '--seed', '7', '--swap', '--threads', '2', '--quiet', '-o', 'OUT/games.jsonl']],
  ['selfplay expectimax untimed', ['selfplay', '--white', 'expectimax', '--black', 'greedy-v2', '--games', `${games / 4}`, '--seed', '3', '--move-time', '0', '--threads', '2', '--quiet', '-o', 'OUT/games.jsonl']],
  ['selfplay every builtin', ['selfplay', '--white', 'random', '--black', 'checkmate-aware', '--games', `${games / 2}`, '--seed', '11', '--move-time', '0', '--quiet', '-o', 'OUT/games.jsonl']],
  ['arena json untimed', ['arena', '--bot', 'expectimax', '--baseline', 'aggressive,greedy', '--pairs', `${games / 4}`, '--move-time', '0', '--seed', '9', '--threads', '2', '--quiet', '--json', 'OUT/arena.json']],
  ['arena sprt', ['arena', '--bot', 'greedy-v2', '--baseline', 'greedy', '--pairs', `${games / 2}`, '--move-time', '0', '--seed', '1', '--sprt', '0,10,0.05,0.05', '--quiet', '--json', 'OUT/arena.json']],
  ['book build tsv', ['book', 'build', 'OUT/../games0.jsonl', '-o', 'OUT/book.tsv', '--min-games', '1']],
  ['book build dcb', ['book', 'build', 'OUT/../games0.jsonl', '-o', 'OUT/book.dcb', '--min-games', '2']],
  ['book distill', ['book', 'distill', '--bot', 'aggressive', '--games', `${games}`, '--move-time', '0', '--max-ply', '2', '--min-games', '2', '--seed', '4', '--quiet', '--threads', '2', '--stats', 'OUT/stats.json', '-o', 'OUT/book.tsv']],
  ['book distill search', ['book', 'distill', '--bot', 'greedy', '--games', `${games / 2}`, '--move-time', '0', '--max-ply', '2', '--min-games', '2', '--search-turns', '1', '--search-positions', '2', '--search-bot', 'expectimax', '--seed', '6', '--quiet', '--threads', '2', '-o', 'OUT/book.dcb']],
  ['book distill playouts', ['book', 'distill', '--bot', 'aggressive', '--games', `${games / 2}`, '--move-time', '0', '--max-ply', '2', '--min-games', '2', '--search-turns', '1', '--search-positions', '1', '--search-bot', 'aggressive', '--search-playouts', '2', '--search-confirm', '20', '--search-log', 'OUT/judged.jsonl', '--seed', '8', '--quiet', '--threads', '2', '-o', 'OUT/book.tsv']],
  ['scenarios json', ['scenarios', '--bot', 'expectimax', '--baseline', 'greedy', '--json', 'OUT/scenarios.json']],
  ['scenarios json aggressive', ['scenarios', '--bot', 'aggressive', '--baseline', 'random', '--json', 'OUT/scenarios.json']],
];

const TIMING = new Set(['durationMs', 'latencyMs', 'timeMs', 'elapsedMs', 'timeTakenMs']);
/** The text with timing fields removed when it is JSON or JSON Lines; otherwise unchanged. */
function normalize(name, bytes) {
  if (!/\.(json|jsonl)$/.test(name)) return bytes.toString('latin1');
  const strip = (v) => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).filter(([k]) => !TIMING.has(k)).map(([k, x]) => [k, strip(x)]));
    }
    return v;
  };
  const text = bytes.toString('utf8');
  if (name.endsWith('.json')) return JSON.stringify(strip(JSON.parse(text)), null, 1);
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? line : JSON.stringify(strip(JSON.parse(line)))))
    .join('\n');
}

function run(bin, args, dir) {
  const out = join(dir, 'out');
  rmSync(out, { recursive: true, force: true });
  execFileSync('mkdir', ['-p', out]);
  const real = args.map((a) => a.replace(/^OUT\//, `${out}/`));
  let stdout = '';
  let status = 0;
  try {
    stdout = execFileSync(bin, real, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 30 }).toString();
    // The arena table's last column is the wall time of the match.
    stdout = stdout.replace(/ +\d+(\.\d+)?s$/gm, '');
  } catch (e) {
    status = e.status ?? -1;
    stdout = e.stdout?.toString() ?? '';
  }
  const files = {};
  for (const f of readdirSync(out).sort()) files[f] = normalize(f, readFileSync(join(out, f)));
  return { status, stdout, files };
}

const dir = mkdtempSync(join(tmpdir(), 'dicechess-compare-'));
let differ = 0;
try {
  // The games the book builds read: made once, by the "before" binary.
  execFileSync(before, ['selfplay', '--white', 'aggressive', '--black', 'greedy', '--games', `${games * 2}`, '--seed', '2', '--swap', '--quiet', '-o', join(dir, 'games0.jsonl')]);
  for (const [name, args] of commands) {
    const a = run(before, args, dir);
    const b = run(after, args, dir);
    const same = a.status === b.status && a.stdout === b.stdout && JSON.stringify(a.files) === JSON.stringify(b.files);
    const size = Object.values(a.files).reduce((n, t) => n + t.length, 0);
    console.log(`${same ? 'same   ' : 'DIFFERS'} ${name} (exit ${a.status}, ${Object.keys(a.files).length} file(s), ${size} bytes)`);
    if (!same) {
      differ++;
      if (a.status !== b.status) console.log(`  exit ${a.status} before, ${b.status} after`);
      for (const f of new Set([...Object.keys(a.files), ...Object.keys(b.files)])) {
        if (a.files[f] !== b.files[f]) console.log(`  ${f} differs`);
      }
      if (a.stdout !== b.stdout) console.log('  stdout differs');
    }
  }
} finally {
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}
console.log(differ === 0 ? 'all outputs identical' : `${differ} command(s) differ`);
process.exit(differ === 0 ? 0 : 1);

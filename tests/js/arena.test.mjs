// scripts/arena.mjs, the paired arena through the package (issue 12), run on the installed
// tarball: every game legal to its end, the pair structure, the report's arithmetic, its errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, scratch } from './lib/paths.mjs';

const SCRIPT = join(ROOT, 'scripts', 'arena.mjs');
const installed = () => join(scratch(), 'node_modules', 'dicechess-wasm', 'dist', 'node', 'index.cjs');
const arena = (...args) => spawnSync(process.execPath, [SCRIPT, '--package', installed(), ...args], { encoding: 'utf8' });

test('arena.mjs plays seeded pairs through the package and reports them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dicechess-arena-'));
  try {
    const json = join(dir, 'report.json');
    const run = arena('--bot', 'greedy', '--baseline', 'random', '--pairs', '3', '--move-time', '1', '--seed', '4', '--threads', '2', '--json', json);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /greedy vs random, 3 pairs/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    assert.equal(report.pairs, 3);
    assert.equal(report.games.length, 3);
    assert.equal(report.wins + report.losses + report.draws, 6);
    let score = 0;
    for (const { pair, games } of report.games) {
      assert.deepEqual(games.map((g) => g.bot), ['white', 'black'], `pair ${pair}: the bot plays both colours`);
      for (const g of games) {
        assert.ok([null, 'white', 'black'].includes(g.winner) && g.turns > 0);
        if (g.winner !== null) assert.equal(g.termination, 'king-captured');
        score += g.winner === null ? 0.5 : g.winner === g.bot ? 1 : 0;
      }
    }
    assert.ok(Math.abs(report.score - score / 6) < 1e-12);
    // Seeded: the same games again (greedy and random are exact for a seed).
    const again = arena('--bot', 'greedy', '--baseline', 'random', '--pairs', '3', '--move-time', '1', '--seed', '4', '--threads', '1', '--json', json);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(JSON.parse(readFileSync(json, 'utf8')).games, report.games);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('arena.mjs refuses an unknown bot and a bad count with exit 2', () => {
  const unknown = arena('--bot', 'nope', '--baseline', 'random');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown bot 'nope'/);
  const count = arena('--bot', 'greedy', '--baseline', 'random', '--pairs', '0');
  assert.equal(count.status, 2);
  assert.match(count.stderr, /--pairs/);
});

// API.md §5.1: every function of an entry called with generated hostile arguments (10^3 calls each;
// 10^4 in the soak tier; every generated timeBudgetMs and clock-derived budget at most 20 ms): no
// exception, a result of the declared type, no console output, no growth of linear memory after
// warm-up, and correct answers afterwards. "." runs all 32 functions, "./rules" its 14.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { SOAK } from './lib/paths.mjs';

const CALLS = SOAK ? 10_000 : 1_000;

function run(entry, mode, seed) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./lib/hostile-worker.mjs', import.meta.url), { workerData: { entry, mode, calls: CALLS, seed } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

for (const [entry, mode, seed] of [['.', 'esm', 1], ['./rules', 'cjs', 2]]) {
  test(`${CALLS} hostile calls per function on dicechess-wasm${entry.slice(1)} (${mode}), then correct answers`, async () => {
    const out = await run(entry, mode, seed);
    console.log(`${entry} ${mode}: ${Object.entries(out.stats).map(([f, n]) => `${f} ${n}`).join(', ')}; memory ${out.memory.warm} → ${out.memory.end} bytes`);
    assert.deepEqual(out.problems, [], `${out.problemCount} problems`);
    assert.deepEqual(out.consoleCalls, []);
    assert.equal(out.memory.end, out.memory.warm, 'linear memory grew after warm-up');
    assert.equal(out.after.ready, true);
    assert.deepEqual(out.after.moves, ['b1a3', 'b1c3', 'g1f3', 'g1h3']);
    assert.equal(out.after.dice, 'R');
    assert.equal(out.after.piece, 'k');
    assert.equal(out.after.perft, 400);
    assert.equal(out.after.tree, '{"b1a3":{"a1b1":{}},"b1c3":{"a1b1":{}},"g1f3":{"h1g1":{}},"g1h3":{"h1g1":{}}}');
    if (entry === '.') {
      assert.equal(out.after.best, '[[{"from":"b2","to":"b4"},{"from":"g1","to":"h3"},{"from":"c1","to":"b2"}],0,0]');
      assert.deepEqual(out.after.policies, ['empirical-v1', 'legacy-linear-v1']);
      assert.equal(out.after.hbGreedy, true);
      assert.equal(out.after.unregistered, true);
      assert.deepEqual(out.after.equity, { whiteWin: 1, blackWin: 0, undecided: 0, rollouts: 8, standardError: 0, varianceReductionVsVanilla: Infinity });
    }
  });
}

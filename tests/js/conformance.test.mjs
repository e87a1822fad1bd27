// Every case of ../shared/conformance/api/api_cases.json and ../shared/conformance/rules/*.json
// through the installed package, for the entries "." and "./rules", by `import` and by `require`;
// each combination in its own worker thread, i.e. a fresh instance (conformance/api/README.md).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';

const COMBOS = [['.', 'esm'], ['.', 'cjs'], ['./rules', 'esm'], ['./rules', 'cjs']];

function runWorker(entry, mode) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./lib/conformance-worker.mjs', import.meta.url), { workerData: { entry, mode } });
    w.once('message', resolve);
    w.once('error', reject);
    w.once('exit', (code) => { if (code !== 0) reject(new Error(`worker exited with ${code}`)); });
  });
}

const outcomes = [];
for (const [entry, mode] of COMBOS) outcomes.push(await runWorker(entry, mode));

for (const [i, [entry, mode]] of COMBOS.entries()) {
  const out = outcomes[i];
  describe(`dicechess-wasm${entry.slice(1)} (${mode === 'esm' ? 'import' : 'require'})`, () => {
    test('module shape (DiceChess frozen, DiceChess[f] === f, isReady outside DiceChess, no full-only exports on ./rules)', () => {
      assert.deepEqual(out.shape, []);
    });
    test('ready after loading, and still ready after every case (no trap)', () => {
      assert.equal(out.ready, true);
      assert.equal(out.readyAfter, true);
    });
    describe('api_cases.json', () => {
      for (const r of out.api) {
        test(r.title, r.status === 'skip' ? { skip: r.reason } : {}, () => {
          if (r.status === 'fail') assert.fail(r.reason);
        });
      }
    });
    describe('rules vectors', () => {
      for (const [file, results] of Object.entries(out.rules)) {
        test(`${file} (${results.length} cases)`, () => {
          const failed = results.filter((r) => r.status === 'fail');
          assert.equal(failed.length, 0, failed.slice(0, 15).map((r) => `${r.title}: ${r.reason}`).join('\n'));
        });
      }
    });
  });
}

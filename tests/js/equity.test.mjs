// estimateEquity's timeBudgetMs (issue 17) through the installed package, on "." and "./web", by
// import and require: the estimate stops with the rollouts it completed, and is exactly the
// untimed estimate of that many rollouts of the same seeded stream. No time is asserted: a loaded
// machine only completes fewer rollouts, and the property holds for any count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './lib/paths.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

for (const entry of ['.', './web']) {
  for (const mode of ['esm', 'cjs']) {
    test(`estimateEquity with timeBudgetMs on ${entry} (${mode})`, async () => {
      const ns = await load(entry, mode);
      // The documented caps cannot run in 5 ms: the deadline stops them.
      const timed = ns.estimateEquity(START, { rollouts: 100000, maxPlies: 10000, seed: 7, timeBudgetMs: 5 });
      assert.ok(timed.rollouts < 100000, `${timed.rollouts} rollouts`);
      assert.ok(Math.abs(timed.whiteWin + timed.blackWin + timed.undecided - 1) < 1e-9, JSON.stringify(timed));
      if (timed.rollouts > 0) {
        assert.deepEqual(ns.estimateEquity(START, { rollouts: timed.rollouts, maxPlies: 10000, seed: 7 }), timed);
      } else {
        assert.deepEqual(timed, ns.estimateEquity('not a dfen'), 'none completed: the neutral result');
      }
      // No budget, 0 or nonsense: no deadline.
      for (const timeBudgetMs of [undefined, 0, -5, 'soon', NaN]) {
        assert.equal(ns.estimateEquity(START, { rollouts: 12, maxPlies: 20, seed: 3, timeBudgetMs }).rollouts, 12, String(timeBudgetMs));
      }
    });
  }
}

// Searches that end on any clock (issue 30): with `performance.now()` and `Date.now()` pinned, as
// deployed Cloudflare Workers keep them during CPU work, every bot's getBestMove at a 50 ms budget
// returns a legal turn and says why it stopped; with `effort`, one seed gives one turn. The same
// probe runs in Node and in workerd (a local workerd lets its clock run, so the probe pins it there
// too; the test prints whether it ran). No time is asserted: the CPU each call took is printed
// (process.cpuUsage), the bound is in BENCHMARKS.md.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { clockMovesDuringWork, pinned, probeFrozenClock, WIDE } from './lib/frozen-clock-probe.mjs';
import { ROOT, load, scratch } from './lib/paths.mjs';
import { ESBUILD, freePort, prepareWorkerd, serveOnce, WORKERD } from './lib/runtimes.mjs';

/** Asserts the probe's rows: legal turns, the reasons, repeatable efforts. */
function check(rows) {
  assert.ok(rows.length >= 8 * 4, `${rows.length} rows`);
  for (const r of rows) {
    const at = `${r.bot} on ${r.dfen}`;
    assert.ok(r.legal && r.effortLegal, `${at}: not a legal turn`);
    assert.ok(r.effortRepeats, `${at}: effort with one seed played two turns`);
    if (r.takesBudget) {
      assert.ok(['frozenClock', 'complete'].includes(r.stop), `${at}: ${r.stop}`);
      assert.ok(['effort', 'complete'].includes(r.effortStop), `${at}: ${r.effortStop}`);
      assert.equal(r.budgetMs, 50, at);
      if (r.dfen === WIDE) assert.equal(r.stop, 'frozenClock', `${at}: 50 ms of work cannot finish kiwipete`);
    } else {
      assert.deepEqual([r.stop, r.effortStop, r.budgetMs], ['complete', 'complete', 0], at);
    }
  }
}

for (const entry of ['.', './web']) {
  test(`a pinned clock in Node (${entry}): every bot returns a legal turn at 50 ms and says why`, async () => {
    const ns = await load(entry, 'esm');
    const cpu = process.cpuUsage();
    const rows = pinned(() => probeFrozenClock(ns));
    const spent = process.cpuUsage(cpu);
    check(rows);
    console.log(`# ${rows.length} bot-roll pairs, 3 calls each: ${((spent.user + spent.system) / 1000).toFixed(0)} ms of CPU`);
  });
}

test('CPU per frozen 50 ms search in Node, per budgeted bot (printed, not asserted)', async () => {
  const ns = await load('.', 'esm');
  for (const { id, takesBudget } of ns.getBotDetails()) {
    if (!takesBudget) continue;
    const cpu = process.cpuUsage();
    const best = pinned(() => ns.getBestMove(WIDE, { algorithm: id, timeBudgetMs: 50, seed: 1 }));
    const spent = process.cpuUsage(cpu);
    assert.equal(best.stop, 'frozenClock', id);
    console.log(`# ${id}: ${((spent.user + spent.system) / 1000).toFixed(1)} ms of CPU on kiwipete PNB`);
  }
});

// workerd, as tests/js/runtimes.test.mjs runs it: an esbuild bundle with the "workerd" condition.
const missing = [WORKERD.missing, WORKERD.skip, existsSync(ESBUILD) ? undefined : `${ESBUILD} missing`].filter(Boolean);
const skip = missing.length > 0 ? `NOT RUN: ${missing.join('; ')} (run scripts/setup)` : false;
if (skip) console.log(`# workerd frozen-clock test ${skip}`);

test('workerd: the clock stands still during CPU work, every bot returns a legal turn at 50 ms and says why', { skip }, async () => {
  // Inside the scratch project, so that esbuild resolves the installed package.
  const dir = mkdtempSync(join(scratch(), 'frozen-'));
  try {
    copyFileSync(join(ROOT, 'tests', 'js', 'lib', 'frozen-clock-probe.mjs'), join(dir, 'probe.mjs'));
    writeFileSync(join(dir, 'worker.mjs'), `import * as ns from 'dicechess-wasm';
import { clockMovesDuringWork, pinned, probeFrozenClock } from './probe.mjs';
export default { async fetch() { return Response.json({ clock: clockMovesDuringWork(), rows: pinned(() => probeFrozenClock(ns)) }); } };
`);
    const port = await freePort();
    prepareWorkerd(dir, join(scratch(), 'node_modules', 'dicechess-wasm', 'dist', 'web'), port);
    const { clock, rows } = await serveOnce(WORKERD.path ?? '', ['serve', 'config.capnp'], `http://127.0.0.1:${port}/`, { cwd: dir });
    console.log(`# workerd's performance.now() ${clock.moved ? 'moves' : 'stands still'} during CPU work here`);
    check(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

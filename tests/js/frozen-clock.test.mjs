// Searches that end on any clock (issue 30): with `performance.now()` and `Date.now()` pinned, as
// deployed Cloudflare Workers keep them during CPU work, every bot's getBestMove at a 50 ms budget
// returns a legal turn and says why it stopped; with `effort`, one seed gives one turn. The same
// probe runs in Node and in workerd (a local workerd lets its clock run, so the probe pins it there
// too; the test prints whether it ran). No time is asserted: the CPU each call took is printed
// (process.cpuUsage), the bound is in BENCHMARKS.md.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { clockMovesDuringWork, pinned, probeFrozenClock, WIDE } from './lib/frozen-clock-probe.mjs';
import { ROOT, load, readJson, scratch } from './lib/paths.mjs';

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
const WORKERD = join(ROOT, 'tests', 'runtimes', 'node_modules', 'workerd', 'bin', 'workerd');
const ESBUILD = join(ROOT, 'node_modules', '.bin', 'esbuild');
const missing = [WORKERD, ESBUILD].filter((p) => !existsSync(p));
const skip = missing.length > 0 ? `NOT RUN: ${missing.join(' and ')} missing (run scripts/setup)` : false;
if (skip) console.log(`# workerd frozen-clock test ${skip}`);

test('workerd: the clock stands still during CPU work, every bot returns a legal turn at 50 ms and says why', { skip }, async () => {
  const pinnedDate = readJson(join(ROOT, 'tests', 'runtimes', 'package.json')).devDependencies.workerd.split('.')[1];
  const date = pinnedDate.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
  // Inside the scratch project, so that esbuild resolves the installed package.
  const dir = mkdtempSync(join(scratch(), 'frozen-'));
  try {
    copyFileSync(join(ROOT, 'tests', 'js', 'lib', 'frozen-clock-probe.mjs'), join(dir, 'probe.mjs'));
    writeFileSync(join(dir, 'worker.mjs'), `import * as ns from 'dicechess-wasm';
import { clockMovesDuringWork, pinned, probeFrozenClock } from './probe.mjs';
export default { async fetch() { return Response.json({ clock: clockMovesDuringWork(), rows: pinned(() => probeFrozenClock(ns)) }); } };
`);
    const r = spawnSync(ESBUILD, ['--bundle', '--format=esm', '--platform=neutral', '--conditions=workerd,worker,browser', '--main-fields=module,main',
      '--external:*.wasm', '--log-level=warning', 'worker.mjs', '--outfile=w/worker.js'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    mkdirSync(join(dir, 'web'));
    copyFileSync(join(scratch(), 'node_modules', 'dicechess-wasm', 'dist', 'web', 'dicechess_bg.wasm'), join(dir, 'web', 'dicechess_bg.wasm'));
    copyFileSync(join(scratch(), 'node_modules', 'dicechess-wasm', 'dist', 'web', 'dicechess_rules_bg.wasm'), join(dir, 'web', 'dicechess_rules_bg.wasm'));
    const port = await freePort();
    writeFileSync(join(dir, 'config.capnp'), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "w/worker.js", esModule = embed "w/worker.js"),
    (name = "web/dicechess_bg.wasm", wasm = embed "web/dicechess_bg.wasm"),
    (name = "web/dicechess_rules_bg.wasm", wasm = embed "web/dicechess_rules_bg.wasm"),
  ],
  compatibilityDate = "${date}",
);
`);
    const { clock, rows } = await serveOnce(['serve', 'config.capnp'], `http://127.0.0.1:${port}/`, dir);
    console.log(`# workerd's performance.now() ${clock.moved ? 'moves' : 'stands still'} during CPU work here`);
    check(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A free local port. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Starts workerd with `args` in `cwd`, fetches `url` once it answers, stops it; the JSON answer. */
async function serveOnce(args, url, cwd) {
  const child = spawn(WORKERD, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let done = false;
  exited.then(() => { done = true; });
  try {
    // A generous ceiling for a start-up on a loaded machine; nothing is timed.
    for (let i = 0; i < 600 && !done; i++) {
      try {
        const response = await fetch(url);
        const text = await response.text();
        assert.equal(response.status, 200, `HTTP ${response.status}\n${text}\n${log}`);
        return JSON.parse(text);
      } catch (error) {
        if (error instanceof assert.AssertionError) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    assert.fail(`workerd never answered${done ? ' (it exited)' : ''}:\n${log}`);
  } finally {
    if (!done) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  }
}

#!/usr/bin/env node
// The package in each runtime where bot authors deploy (issue 30): Node 20 (the one running this
// script), 22 and 24, Deno, Bun and workerd standalone, as tests/js/runtimes.test.mjs finds them
// (tests/js/lib/runtimes.mjs), each over the packed tarball installed in a scratch project
// (tests/js/prepare.mjs). Per runtime, STARTS fresh processes (workerd: server starts) each measure
// the import and first call of `dicechess-wasm`, then CALLS getBestMove searches of each roll of
// scripts/lib/runtime-bench-probe.mjs (expectimax-v2 at 50 ms), timed with the runtime's own clock.
// On workerd both are timed by this process instead (a Worker's clock may stand still during CPU
// work, and its module is loaded at the server's start): the process start to the first answer, and
// each search request's round trip.
// A runtime that is not installed is skipped, saying so in the table. Part of `npm run bench`;
// alone: `node scripts/bench-runtimes.mjs` (after scripts/build). The output goes into the region
// `runtimes` of BENCHMARKS.md (scripts/lib/bench-table.mjs).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchReport } from './lib/bench-table.mjs';
import { ROLLS, SEARCH } from './lib/runtime-bench-probe.mjs';
import { BUN, DENO, NODE, PINNED, WORKERD, freePort, prepareWorkerd } from '../tests/js/lib/runtimes.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REGIONS = ['runtimes'];
const report = new BenchReport(REGIONS);
report.region('runtimes');

/** Fresh processes (workerd: server starts) per runtime. */
const STARTS = 5;
/** Searches of each roll per process: STARTS × CALLS per roll and runtime. */
const CALLS = 2;
/** A generous ceiling for one process on a loaded machine; nothing is asserted on time. */
const PROCESS_TIMEOUT_MS = 120_000;

const PROBE = 'runtime-bench-probe.mjs';
const scratch = execFileSync(process.execPath, [join(ROOT, 'tests', 'js', 'prepare.mjs')], { encoding: 'utf8' }).trim().split('\n').at(-1);
const dir = join(scratch, 'bench-runtimes');
mkdirSync(dir);
copyFileSync(join(ROOT, 'scripts', 'lib', PROBE), join(dir, PROBE));
writeFileSync(join(dir, 'main.mjs'), `import { measure } from './${PROBE}';
console.log(JSON.stringify(await measure(() => import('dicechess-wasm'), ${CALLS})));
`);

/** The process runtimes: label, then the binary (or why it is skipped) and its arguments. */
const denoEnv = { DENO_DIR: join(dir, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', NO_COLOR: '1' };
const PROCESSES = [
  ...Object.entries(NODE).map(([major, node]) => [`Node ${major}`, node, ['main.mjs']]),
  ['Deno', DENO, ['run', '--allow-read', 'main.mjs'], denoEnv],
  ['Bun', BUN, ['main.mjs']],
];

/** One fresh process's measures (runtime-bench-probe.mjs's `measure`). */
function runProcess(path, args, env = {}) {
  const r = spawnSync(path, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, timeout: PROCESS_TIMEOUT_MS });
  if (r.status !== 0) throw new Error(`${path} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

const WORKER = `import * as engine from 'dicechess-wasm';
import { firstCall, search } from './${PROBE}';
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/ready') return Response.json(firstCall(engine).length);
    return Response.json(search(engine, Number(url.searchParams.get('roll')), Number(url.searchParams.get('seed'))));
  },
};
`;

/** Sleeps `ms`. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One workerd start: its start-up to the first answer, then each search request's round trip. */
async function runWorkerd(wd, port) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(WORKERD.path, ['serve', 'config.capnp'], { cwd: wd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let done = false;
  exited.then(() => { done = true; });
  const start = performance.now();
  try {
    let importMs;
    while (importMs === undefined) {
      if (done || performance.now() - start > PROCESS_TIMEOUT_MS) throw new Error(`workerd never answered:\n${log}`);
      try {
        const response = await fetch(`${base}/ready`);
        if (response.ok && (await response.json()) > 0) importMs = performance.now() - start;
      } catch {
        await sleep(10);
      }
    }
    const searches = [];
    for (let roll = 0; roll < ROLLS.length; roll++) {
      for (let seed = 1; seed <= CALLS; seed++) {
        const t = performance.now();
        const { stop } = await (await fetch(`${base}/search?roll=${roll}&seed=${seed}`)).json();
        searches.push({ roll, ms: performance.now() - t, stop });
      }
    }
    return { runtime: `workerd ${PINNED.devDependencies.workerd}`, importMs, searches };
  } finally {
    if (!done) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  }
}

/** The measures of `starts` starts of one runtime, merged: import times and every search. */
async function measureRuntime(start) {
  const runs = [];
  for (let i = 0; i < STARTS; i++) runs.push(await start());
  return { runtime: runs[0].runtime, imports: runs.map((r) => r.importMs), searches: runs.flatMap((r) => r.searches) };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(1)} ms`;
/** How many searches stopped for each reason, most frequent first. */
const stops = (searches) => {
  const counts = new Map();
  for (const { stop } of searches) counts.set(stop, (counts.get(stop) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([stop, n]) => `${stop} ${n}`).join(', ');
};

/** Rows of cells as text columns: the first left-aligned, the figures right-aligned, the last as is. */
const table = (rows) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => {
    if (i === 0) return cell.padEnd(widths[i]);
    return i === row.length - 1 ? cell : cell.padStart(widths[i]);
  }).join('  ')).join('\n');
};

const rows = [];
const problems = [];
const measureAll = async (label, runtime, start) => {
  if (runtime.skip || runtime.missing) {
    const why = runtime.skip ?? runtime.missing;
    console.log(`SKIPPED ${label}: ${why}`);
    problems.push(`${label}: skipped (${why})`);
    return;
  }
  try {
    const m = await measureRuntime(start);
    const wall = m.searches.map((s) => s.ms);
    rows.push([m.runtime, ms(median(m.imports)), ms(Math.max(...m.imports)), ms(median(wall)), ms(Math.max(...wall)), stops(m.searches)]);
    console.log(rows.at(-1).join('  '));
  } catch (error) {
    console.log(`FAILED ${label}: ${error.message}`);
    problems.push(`${label}: failed (${error.message.split('\n')[0]})`);
    process.exitCode = 1;
  }
};

try {
  for (const [label, runtime, args, env] of PROCESSES) await measureAll(label, runtime, async () => runProcess(runtime.path, args, env));
  let workerd;
  await measureAll('workerd', WORKERD, async () => {
    if (!workerd) {
      const wd = join(dir, 'workerd');
      mkdirSync(wd);
      copyFileSync(join(dir, PROBE), join(wd, PROBE));
      writeFileSync(join(wd, 'worker.mjs'), WORKER);
      workerd = { wd, port: await freePort() };
      prepareWorkerd(wd, join(scratch, 'node_modules', 'dicechess-wasm', 'dist', 'web'), workerd.port);
    }
    return runWorkerd(workerd.wd, workerd.port);
  });

  report.log(`${STARTS} fresh processes per runtime (workerd: ${STARTS} server starts); getBestMove ${SEARCH.algorithm} at timeBudgetMs ${SEARCH.timeBudgetMs},`);
  report.log(`${CALLS} calls per process on each of ${ROLLS.length} rolls (${STARTS * CALLS * ROLLS.length} a runtime)`);
  report.log('');
  report.log(table([['runtime', 'import + first call: median', 'max', 'getBestMove wall: median', 'max', 'stop'], ...rows]));
  report.log('');
  if (rows.some(([runtime]) => runtime.startsWith('workerd'))) {
    report.log('workerd: timed by this script, not inside the Worker: the process start to the first answer,');
    report.log('and each search request\'s round trip.');
  }
  for (const problem of problems) report.log(problem);
  report.write();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

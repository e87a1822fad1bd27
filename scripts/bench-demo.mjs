#!/usr/bin/env node
// The demo's benchmark (run by `npm run bench` after scripts/bench.mjs): the timings the end-to-end
// test (tests/js/demo.test.mjs) deliberately does not take, measured on the built demo
// (www-demo/dist, served by scripts/serve.mjs on the loopback interface) in headless Chromium
// (Debian's, driven by playwright-core):
//
//   * time to interactive of a first load without cache, and of a reload through the service worker;
//   * a heavy call in the "think" Worker (getBestMove, monte-carlo, 1500 ms budget): the main
//     thread's long tasks meanwhile, the largest delay of a 10 ms timer, and the latency of clicks
//     (input event to the board's update) made while it runs;
//   * a game by clicking against the greedy bot: the bot's think time per turn and the main
//     thread's long tasks while it thinks.
//
// It reports figures and asserts nothing; they go into the region `demo` of BENCHMARKS.md
// (scripts/lib/bench-table.mjs).
//   node scripts/bench-demo.mjs [--rounds N]      (default 3 rounds of the heavy call)
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchReport } from './lib/bench-table.mjs';
import { createStaticServer, listen } from './serve.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = process.env.DICECHESS_DEMO_DIST ?? join(ROOT, 'www-demo', 'dist');
const CHROMIUM = '/usr/bin/chromium';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SEED = 20261201;
const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

if (!existsSync(CHROMIUM) || !existsSync(join(DIST, 'index.html'))) {
  console.log(`bench-demo: skipped (${!existsSync(CHROMIUM) ? 'no /usr/bin/chromium' : 'www-demo/dist is missing: npm run build'})`);
  process.exit(0);
}

const REGIONS = ['demo'];
const report = new BenchReport(REGIONS);
const ms = (x) => `${x.toFixed(0)} ms`;
const stats = (xs) => {
  if (xs.length === 0) return 'none';
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n = ${s.length})`;
};

/** A page recording the main thread's long tasks (window.__longTasks). */
async function openPage(context) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return page;
}

async function interactive(page) {
  await page.waitForSelector('html[data-interactive]', { timeout: 120_000 });
  return page.evaluate(() => performance.getEntriesByName('dicechess-interactive')[0].startTime);
}

const waitPhase = (page, phases) => page.waitForFunction((p) => p.includes(document.querySelector('#board')?.dataset.phase), phases, { timeout: 120_000 });

const server = await listen(createStaticServer(DIST), 0);
const base = `http://127.0.0.1:${server.address().port}`;
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
const results = [];
try {
  // ---- time to interactive ----------------------------------------------------------------------
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1`);
    const first = await interactive(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 120_000 });
    await page.reload();
    const again = await interactive(page);
    results.push(['time to interactive, first load (no cache)', ms(first)]);
    results.push(['time to interactive, reload (service worker)', ms(again)]);
    await context.close();
  }

  // ---- a heavy call in the Worker: main-thread long tasks, timer delay, click latency -------------
  for (let round = 1; round <= ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&color=w`);
    await interactive(page);
    await waitPhase(page, ['human']);
    const out = await page.evaluate(async ([start, round]) => {
      const demo = window.dicechessDemo;
      const square = document.querySelector('.square.movable');
      let maxGap = 0;
      let last = performance.now();
      const timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - last); last = now; }, 10);
      // Clicks on a movable piece every 100 ms while the search runs; latency = event to the
      // board's update (a MutationObserver callback after the selection is rendered).
      const latencies = [];
      let clickedAt = null;
      const observer = new MutationObserver(() => {
        if (clickedAt !== null) { latencies.push(performance.now() - clickedAt); clickedAt = null; }
      });
      observer.observe(document.querySelector('#board'), { subtree: true, attributes: true, attributeFilter: ['class'] });
      let running = true;
      const clicker = setInterval(() => {
        if (!running || clickedAt !== null) return;
        clickedAt = performance.now();
        square.click();
      }, 100);
      const t0 = performance.now();
      await demo.think('botTurn', `${start} PNB`, { algorithm: 'monte-carlo', timeBudgetMs: 1500, seed: round });
      const t1 = performance.now();
      running = false;
      clearInterval(timer);
      clearInterval(clicker);
      observer.disconnect();
      const long = window.__longTasks.filter((t) => t.start < t1 && t.start + t.duration > t0);
      return { ms: t1 - t0, maxGap, long: long.map((t) => t.duration), latencies };
    }, [START, round]);
    results.push([`heavy call in the Worker, round ${round} (getBestMove monte-carlo, 1500 ms budget)`,
      `${ms(out.ms)}; main thread meanwhile: ${out.long.length} long tasks${out.long.length ? ` (${out.long.map((d) => d.toFixed(0)).join(', ')} ms)` : ''}, `
      + `largest gap of a 10 ms timer ${out.maxGap.toFixed(1)} ms, click to board update ${stats(out.latencies)}`]);
    await context.close();
  }

  // ---- a game against the greedy bot: think time and long tasks while it thinks ---------------------
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&bot=greedy&color=w&time=100`);
    await interactive(page);
    for (let turns = 0; turns < 500; turns++) {
      await waitPhase(page, ['human', 'over']);
      if (await page.$eval('#board', (b) => b.dataset.phase) === 'over') break;
      // The first legal micro-move of each step, by clicks.
      const square = await page.$eval('.square.movable', (e) => e.dataset.square);
      await page.click(`[data-square="${square}"]`);
      const before = await page.$eval('#board', (b) => b.dataset.played);
      const target = await page.$eval('.square.target', (e) => e.dataset.square);
      await page.click(`[data-square="${target}"]`);
      if (await page.$('#promotion:not([hidden])')) await page.click('#promotion [data-promotion="q"]');
      await page.waitForFunction((b) => {
        const board = document.querySelector('#board');
        return board.dataset.played !== b || board.dataset.phase !== 'human';
      }, before, { timeout: 120_000 });
    }
    const { thinks, long } = await page.evaluate(() => {
      const thinks = performance.getEntriesByName('bot-think').map((m) => ({ start: m.startTime, end: m.startTime + m.duration }));
      const long = window.__longTasks.filter((t) => thinks.some((k) => t.start < k.end && t.start + t.duration > k.start));
      return { thinks, long: long.map((t) => t.duration) };
    });
    results.push(['game against the greedy bot (100 ms budget)', `${thinks.length} bot turns, think time ${stats(thinks.map((k) => k.end - k.start))}; `
      + `main-thread long tasks while it thought: ${long.length}${long.length ? ` (${long.map((d) => d.toFixed(0)).join(', ')} ms)` : ''}`]);
    await context.close();
  }
} finally {
  await browser.close();
  server.closeAllConnections?.();
  server.close();
}

report.region('demo');
report.log('www-demo benchmark (localhost, headless Chromium; a long task is a main-thread task over 50 ms):');
for (const [k, v] of results) report.log(`  ${k}: ${v}`);
report.write();

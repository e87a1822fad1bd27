// End-to-end test of the demo (www-demo/, issue 6), as a person meets it: the built app served by
// scripts/serve.mjs on the loopback interface, in headless Chromium (Debian's, driven by
// playwright-core). It plays a complete game against the opponent by clicking, checks at every
// step that exactly the legal continuations are offered and that the dice dim as getPlayableDice
// says, checks the dimming on positions of conformance/rules/playable_dice.json, exports the game
// and replays the record, reloads the app offline through its service worker, saves screenshots
// under test-artifacts/, and prints the gzipped JS + wasm download.
//
// Nothing here is timed (no assertion on milliseconds, durations or long tasks): that the engine
// never runs on the page's thread is checked by spying on the page's realm (no WebAssembly module is
// compiled or instantiated there, every search request is posted to the "think" Worker), and that
// the page stays responsive by the order of events (a click is handled and the board updated while
// a search is still outstanding in the Worker). The timings (time to interactive, main-thread long
// tasks and timer delay while the Worker computes, input latency) are measured by the demo's
// benchmark, scripts/bench-demo.mjs (npm run bench).
//
// Needs www-demo/dist (scripts/build builds it). Run alone: node --test tests/js/demo.test.mjs
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { CONFORMANCE, ROOT, load, readJson } from './lib/paths.mjs';
import { createStaticServer, listen } from '../../scripts/serve.mjs';

const CHROMIUM = '/usr/bin/chromium';
// DICECHESS_DEMO_DIST points the test at another build of the demo (e.g. over a local package build).
const DIST = process.env.DICECHESS_DEMO_DIST ?? join(ROOT, 'www-demo', 'dist');
const ARTIFACTS = process.env.DICECHESS_DEMO_ARTIFACTS ?? join(ROOT, 'test-artifacts');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SEED = 20261201;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];
// How long a wait may last before the page is taken for hung: a bound for liveness, never a
// measure (nothing asserts how long anything took).
const PATIENCE_MS = 180_000;
const skip = !existsSync(CHROMIUM) ? 'no /usr/bin/chromium (scripts/setup installs it)'
  : !existsSync(join(DIST, 'index.html')) ? 'www-demo/dist is missing (scripts/build builds it)' : false;

/** The package in Node, to know what the app must offer: the installed tarball, or pkg/. */
async function engine() {
  if (process.env.DICECHESS_SCRATCH) return load('.', 'esm');
  return import(pathToFileURL(join(ROOT, 'pkg', 'dist', 'node', 'index.js')).href);
}

let E;
let browser;
let server;
let base;
const metrics = {};

async function startServer() {
  const s = await listen(createStaticServer(DIST), 0);
  return { server: s, base: `http://127.0.0.1:${s.address().port}` };
}

/**
 * A page that records problems, and spies on its own realm (the main thread; init scripts do not run
 * in Workers): every WebAssembly compilation or instantiation there, and every message posted to a
 * Worker, with the Worker's name (window.__mainThread).
 */
async function openPage(context) {
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE_MS);
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push(`console.error: ${m.text()}`); });
  await page.addInitScript(() => {
    const spy = { wasm: [], posted: [] };
    window.__mainThread = spy;
    for (const name of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming', 'validate']) {
      const f = WebAssembly[name];
      WebAssembly[name] = function (...args) { spy.wasm.push(name); return f.apply(this, args); };
    }
    for (const name of ['Module', 'Instance']) {
      WebAssembly[name] = new Proxy(WebAssembly[name], {
        construct(target, args, newTarget) { spy.wasm.push(name); return Reflect.construct(target, args, newTarget); },
      });
    }
    const names = new WeakMap();
    window.Worker = new Proxy(window.Worker, {
      construct(target, args, newTarget) {
        const w = Reflect.construct(target, args, newTarget);
        names.set(w, args[1]?.name ?? '');
        return w;
      },
    });
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      spy.posted.push({ worker: names.get(this), fn: message?.fn });
      return post.call(this, message, ...rest);
    };
  });
  return page;
}

/** The main thread's record (openPage): WebAssembly calls there, and the messages to each Worker. */
async function mainThread(page) {
  return page.evaluate(() => window.__mainThread);
}

const attr = (page, sel, name) => page.$eval(sel, (el, n) => el.dataset[n], name);

/** Waits until the board is in one of `phases` and returns its data attributes. */
async function waitPhase(page, phases, timeout = PATIENCE_MS) {
  await page.waitForFunction((p) => {
    const b = document.querySelector('#board');
    return b && p.includes(b.dataset.phase);
  }, phases, { timeout });
  return page.$eval('#board', (b) => ({ ...b.dataset }));
}

function nodeAt(tree, played) {
  let node = tree;
  for (const m of played) node = node[m];
  return node;
}

const sortedSet = (xs) => [...new Set(xs)].sort();
const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 1000 };

function pieceAt(dfen, square) {
  const rows = dfen.split(' ')[0].split('/');
  const rank = Number(square[1]);
  const file = square.charCodeAt(0) - 97;
  let f = 0;
  for (const c of rows[8 - rank]) {
    if (c >= '0' && c <= '9') f += Number(c);
    else { if (f === file) return c; f++; }
  }
  return '';
}

/** The test player: a king capture when it can, else the most valuable capture, else a seeded pick. */
function chooseMove(node, dfen, random) {
  const keys = Object.keys(node);
  let best = [];
  let bestScore = -1;
  for (const uci of keys) {
    const victim = pieceAt(dfen, uci.slice(2, 4)).toLowerCase();
    let score = victim ? VALUE[victim] : 0;
    // Prefer a first move after which a king capture is possible in this turn.
    if (score < 1000) {
      for (const next of Object.keys(node[uci])) if (pieceAt(dfen, next.slice(2, 4)).toLowerCase() === 'k') score = Math.max(score, 500);
    }
    if (score > bestScore) { best = [uci]; bestScore = score; } else if (score === bestScore) best.push(uci);
  }
  return best[Math.floor(random() * best.length)];
}

function xorshift(seed) {
  let s = seed >>> 0 || 1;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
}

/** Checks the offered pieces and targets against the tree, then plays `uci` by two clicks. */
async function clickMove(page, node, uci) {
  const movable = await page.$$eval('.square.movable', (els) => els.map((e) => e.dataset.square));
  assert.deepEqual(movable.sort(), sortedSet(Object.keys(node).map((m) => m.slice(0, 2))), 'offered pieces = first squares of the legal continuations');
  const from = uci.slice(0, 2);
  await page.click(`[data-square="${from}"]`);
  const targets = await page.$$eval('.square.target', (els) => els.map((e) => e.dataset.square));
  assert.deepEqual(targets.sort(), sortedSet(Object.keys(node).filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4))), `targets of ${from}`);
  const before = await attr(page, '#board', 'played');
  await page.click(`[data-square="${uci.slice(2, 4)}"]`);
  const promotions = Object.keys(node).filter((m) => m.slice(0, 4) === uci.slice(0, 4) && m.length === 5);
  if (promotions.length) {
    await page.waitForSelector('#promotion:not([hidden])');
    const offered = await page.$$eval('#promotion [data-promotion]', (els) => els.map((e) => e.dataset.promotion));
    assert.deepEqual(offered.sort(), promotions.map((m) => m[4]).sort(), 'promotions offered');
    await page.click(`#promotion [data-promotion="${uci[4]}"]`);
  }
  await page.waitForFunction((b) => {
    const board = document.querySelector('#board');
    return board.dataset.played !== b || board.dataset.phase !== 'human';
  }, before);
}

/** The lit dice of the tray as a sorted lower-case string, and the count of dimmed ones. */
async function litDice(page) {
  return page.$eval('#dice', (tray) => ({
    lit: [...tray.querySelectorAll('.die.lit')].map((d) => d.dataset.die).sort().join(''),
    dimmed: tray.querySelectorAll('.die:not(.lit)').length,
    attr: tray.dataset.lit,
  }));
}
const norm = (dice) => [...(dice ?? '').toLowerCase()].sort().join('');

describe('www-demo in headless Chromium', { skip }, () => {
  before(async () => {
    E = await engine();
    ({ server, base } = await startServer());
    const { chromium } = await import('playwright-core');
    // playwright gives every launch a fresh, empty --user-data-dir.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    server?.closeAllConnections?.();
    server?.close();
    if (Object.keys(metrics).length) {
      console.log('\nwww-demo measurements (localhost, headless Chromium):');
      for (const [k, v] of Object.entries(metrics)) console.log(`  ${k}: ${v}`);
    }
  });

  test('first load: interactive, the gzipped JS + wasm it downloads, the engine only in a Worker', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await openPage(context);
    const bodies = new Map();
    const reading = [];
    context.on('response', (r) => {
      const url = r.url();
      if (!/\.(m?js|wasm)(\?|$)/.test(url) || r.status() !== 200) return;
      reading.push(r.body().then((b) => bodies.set(url, b), () => { /* body gone */ }));
    });
    await page.goto(`${base}/?seed=${SEED}&fast=1`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    // Every script and the .wasm have arrived once the page is interactive: it needs the engine.
    await Promise.all(reading);
    const files = [...bodies].map(([url, b]) => ({ url: url.replace(base, ''), raw: b.length, gzip: gzipSync(b, { level: 9 }).length }));
    const js = files.filter((f) => !f.url.includes('.wasm'));
    const wasm = files.filter((f) => f.url.includes('.wasm'));
    const sum = (list, k) => list.reduce((a, f) => a + f[k], 0);
    assert.equal(wasm.length, 1, `one .wasm download: ${files.map((f) => f.url)}`);
    assert.ok(js.length >= 2, 'page and worker scripts');
    metrics['download, JS'] = `${js.length} files, ${sum(js, 'raw')} B raw, ${sum(js, 'gzip')} B gzip -9`;
    metrics['download, wasm'] = `${sum(wasm, 'raw')} B raw, ${sum(wasm, 'gzip')} B gzip -9`;
    metrics['download, JS + wasm gzipped'] = `${sum(files, 'gzip')} B (${(sum(files, 'gzip') / 1024).toFixed(1)} KiB)`;
    const spy = await mainThread(page);
    assert.deepEqual(spy.wasm, [], 'no WebAssembly module compiled or instantiated on the main thread');
    assert.ok(spy.posted.some((p) => p.worker === 'think' && p.fn === 'features'), 'the engine is asked through the "think" Worker');
    assert.deepEqual(spy.posted.filter((p) => p.worker !== 'think' && p.worker !== 'rules'), [], 'messages only to the engine Workers');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('a complete game against the opponent, by clicking: only legal continuations offered, dice dim, the bot moves, a result', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&bot=greedy&color=w&time=100`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    const engineKind = await page.evaluate(() => document.documentElement.dataset.engine);
    const opponent = await page.$eval('#opponent', (s) => s.value);
    if (engineKind === 'bots') assert.equal(opponent, 'greedy');
    else assert.equal(opponent, 'builtin-random');

    // A click on a square without a legal move selects nothing.
    await waitPhase(page, ['human']);
    await page.click('[data-square="e5"]');
    assert.equal(await page.$$eval('.square.selected, .square.target', (els) => els.length), 0);

    const random = xorshift(SEED);
    let humanTurns = 0;
    let microMoves = 0;
    let diceChecks = 0;
    let shot = false;
    for (;;) {
      // A bound on the length, not on the time: the test player captures the king when it can.
      assert.ok(humanTurns < 500, 'the game ends within 500 turns of the test player');
      const state = await waitPhase(page, ['human', 'over']);
      if (state.phase === 'over') break;
      const roll = state.roll;
      const tree = E.getLegalTurnTree(roll);
      let played = state.played ? state.played.split(',') : [];
      assert.ok(Object.keys(tree).length > 0, 'the app asks for a move only when the roll has one');
      humanTurns++;
      for (;;) {
        const node = nodeAt(tree, played);
        // The dice: lit exactly as getPlayableDice of the roll and the moves played so far.
        const dice = await litDice(page);
        const expected = E.getPlayableDice(roll, played);
        assert.equal(dice.lit, norm(expected), `lit dice of ${roll} after [${played}]`);
        assert.equal(dice.dimmed, 3 - expected.length);
        diceChecks++;
        const uci = chooseMove(node, await attr(page, '#board', 'dfen'), random);
        await clickMove(page, node, uci);
        microMoves++;
        played = [...played, uci];
        if (Object.keys(node[uci]).length === 0) break;
        const now = await waitPhase(page, ['human', 'over']);
        if (now.phase === 'over') break;
        assert.equal(now.played, played.join(','));
      }
      if (!shot && humanTurns === 4) {
        shot = true;
        await page.screenshot({ path: join(ARTIFACTS, 'demo-desktop.png') });
      }
    }
    const result = await attr(page, '#game-over', 'result');
    assert.match(result, /^(1-0|0-1)$/);
    const status = await page.$eval('#status', (s) => s.textContent);
    assert.match(status, /captured the king/);
    await page.screenshot({ path: join(ARTIFACTS, 'demo-game-over.png') });

    // The bot's turns are in the move list, and the game record replays under the rules.
    const byBot = await page.$$eval('#moves .turn[data-by="bot"]', (els) => els.length);
    assert.ok(byBot >= 1, 'the bot played');
    await page.click('#export');
    const line = await page.$eval('#export-text', (t) => t.value);
    const record = JSON.parse(line);
    assert.equal(record.result, result);
    assert.equal(record.termination, 'king-capture');
    let position = START;
    for (const [i, turn] of record.turns.entries()) {
      assert.match(turn.dice, /^[pnbrqkPNBRQK]{3}$/);
      const roll = `${position} ${turn.dice}`;
      const next = turn.moves.length ? E.applyTurn(roll, turn.moves) : (assert.deepEqual(E.getLegalTurnTree(roll), {}, `turn ${i} passes only without a legal turn`), E.endTurn(roll));
      assert.ok(next, `turn ${i} of the record is legal: ${roll} ${turn.moves}`);
      position = next;
    }
    // Every pass was announced and is listed as such.
    const passes = record.turns.filter((t) => t.moves.length === 0).length;
    const announced = await page.evaluate(() => window.dicechessDemo.state.announcements.filter((a) => a.kind === 'pass').length);
    assert.equal(announced, passes, 'one announcement per pass');
    assert.equal(await page.$$eval('#moves .turn .uci', (els) => els.filter((e) => e.textContent === 'pass').length), passes);
    const final = E.getGameStatus(position);
    assert.equal(final.over, true);
    assert.equal(final.winner === 'white' ? '1-0' : '0-1', result);

    // Every bot turn was a request to the "think" Worker, and no engine ran on the main thread.
    const spy = await mainThread(page);
    const requests = spy.posted.filter((p) => p.fn === 'botTurn');
    metrics['game played by clicking'] = `${record.turns.length} turns, ${passes} passes (${humanTurns} by the test, ${byBot} by the ${engineKind === 'bots' ? 'greedy bot' : 'built-in random player'}), ${microMoves} micro-moves clicked, ${diceChecks} dice checks, result ${result}`;
    assert.equal(requests.length, byBot, 'one botTurn request per bot turn');
    assert.deepEqual(requests.filter((p) => p.worker !== 'think'), [], 'every search request goes to the "think" Worker');
    assert.deepEqual(spy.wasm, [], 'no WebAssembly module compiled or instantiated on the main thread');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('coach: the win-probability bar after every micro-move, hints of the roll, a review in the Worker that can be cancelled and jumps to a position', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&bot=greedy&color=w&time=100`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    const features = await page.evaluate(() => window.dicechessDemo.state.features);
    if (!features.analysis) return; // a rules-only build of the package has no coach
    /** Waits until the bar shows getWinProbability of the board's position, and returns it. */
    const bar = async () => {
      await page.waitForFunction(() => document.querySelector('#equity').dataset.dfen === document.querySelector('#board').dataset.dfen);
      const dfen = await attr(page, '#board', 'dfen');
      const shown = Number(await attr(page, '#equity', 'white'));
      assert.ok(Math.abs(shown - E.getWinProbability(dfen).whiteWin) < 1e-4, `bar of ${dfen}`);
      return dfen;
    };
    const state = await waitPhase(page, ['human']);
    assert.equal(await bar(), state.roll, 'the bar shows the roll once the dice are rolled');
    // Hints: up to three legal turns of the roll, the first one's first move marked on the board.
    await page.click('#hint');
    await page.waitForFunction(() => document.querySelectorAll('#hint-list li[data-moves]').length > 0);
    const hints = await page.$$eval('#hint-list li[data-moves]', (els) => els.map((e) => e.dataset.moves.split(' ')));
    assert.ok(hints.length >= 1 && hints.length <= 3, `${hints.length} hints`);
    const tree = E.getLegalTurnTree(state.roll);
    for (const h of hints) assert.deepEqual(nodeAt(tree, h), {}, `hint ${h} is a legal turn`);
    assert.deepEqual((await page.$$eval('.square.hinted', (els) => els.map((e) => e.dataset.square))).sort(), [hints[0][0].slice(0, 2), hints[0][0].slice(2, 4)].sort());
    await page.screenshot({ path: join(ARTIFACTS, 'demo-hints.png') });
    // Play the first hint move by move: the bar follows every micro-move.
    let played = [];
    for (const uci of hints[0]) {
      await clickMove(page, nodeAt(tree, played), uci);
      played = [...played, uci];
      if (played.length < hints[0].length) await bar();
    }
    // Play on until a few turns are in the list, then review: progress, a chart point per turn and
    // one more, error rates, and Cancel on a second run.
    for (let turn = 0; turn < 3; turn++) {
      const s = await waitPhase(page, ['human', 'over']);
      if (s.phase === 'over') break;
      const t = E.getLegalTurnTree(s.roll);
      let p = s.played ? s.played.split(',') : [];
      for (;;) {
        const node = nodeAt(t, p);
        const uci = Object.keys(node)[0];
        await clickMove(page, node, uci);
        p = [...p, uci];
        if (Object.keys(node[uci]).length === 0) break;
      }
    }
    await waitPhase(page, ['human', 'over']);
    const turns = await page.$$eval('#moves .turn', (els) => els.length);
    await page.click('#review');
    await page.waitForSelector('#review-panel[data-state="done"]');
    assert.equal(await attr(page, '#review-chart', 'points'), String(turns + 1));
    assert.equal(await page.$eval('#review-progress', (p) => p.value), turns);
    const rates = await page.$$eval('#review-summary tr[data-side]', (rows) => rows.map((r) => Number(r.dataset.errorRate)));
    assert.equal(rates.length, 2);
    assert.ok(rates.every((r) => r >= 0 && r <= 1), `${rates}`);
    const spy = await mainThread(page);
    assert.ok(spy.posted.filter((p) => p.fn === 'reviewTurn').every((p) => p.worker === 'think'), 'the review runs in the "think" Worker');
    assert.equal(spy.posted.filter((p) => p.fn === 'reviewTurn').length, turns);
    assert.ok(spy.posted.some((p) => p.fn === 'analyzeTurn' && p.worker === 'think'));
    await page.screenshot({ path: join(ARTIFACTS, 'demo-review.png') });
    const mistakes = await page.$$eval('#review-mistakes button', (els) => els.map((e) => Number(e.dataset.turn)));
    if (mistakes.length) {
      // A mistake jumps to its position: the board shows that turn's roll; Back returns to the game.
      const roll = await page.evaluate((n) => window.dicechessDemo.state.review.results.find((r) => r.number === n).roll, mistakes[0]);
      await page.click(`#review-mistakes button[data-turn="${mistakes[0]}"]`);
      assert.equal(await attr(page, '#board', 'dfen'), roll);
      await page.click('#review-back');
      const game = await page.evaluate(() => { const st = window.dicechessDemo.state; return { view: st.view, dfen: st.current ?? st.position }; });
      assert.deepEqual([game.view, await attr(page, '#board', 'dfen')], [null, game.dfen], 'Back shows the game again');
    }
    // Cancel: the second run stops early and says so.
    await page.click('#review');
    await page.click('#review-cancel');
    await page.waitForSelector('#review-panel[data-state="cancelled"]');
    assert.match(await page.$eval('#review-status', (e) => e.textContent), /cancelled after \d+ of/);
    assert.deepEqual(spy.wasm, [], 'no WebAssembly on the main thread');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('the page handles input while a search runs in the Worker (ordered by events, not by time)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&color=w`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    const state = await waitPhase(page, ['human']);
    const from = Object.keys(E.getLegalTurnTree(state.roll))[0].slice(0, 2);
    // A long search in the "think" Worker (a 60 s budget: it is still running when the click below
    // has been handled, however loaded the machine), then a click on a piece that can move. The
    // page records, when the board first shows the selection, whether the search had answered yet.
    const what = await page.evaluate((start) => {
      const demo = window.dicechessDemo;
      window.__search = { answered: false, answeredBeforeSelection: null };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.square.selected')) return;
        window.__search.answeredBeforeSelection = window.__search.answered;
        observer.disconnect();
      }).observe(document.querySelector('#board'), { subtree: true, attributes: true, attributeFilter: ['class'] });
      const bots = demo.state.features.bots && demo.state.features.botList.some((b) => b.id === 'monte-carlo');
      const search = bots
        ? demo.think('botTurn', `${start} PNB`, { algorithm: 'monte-carlo', timeBudgetMs: 60_000, seed: 1 })
        : demo.think('perft', start, 6);
      search.then(() => { window.__search.answered = true; }, () => { window.__search.answered = true; });
      return bots ? 'getBestMove, monte-carlo' : 'perft(start, 6)';
    }, START);
    await page.click(`[data-square="${from}"]`);
    await page.waitForFunction(() => window.__search.answeredBeforeSelection !== null, null, { timeout: PATIENCE_MS });
    const out = await page.evaluate(() => ({ ...window.__search, selected: document.querySelector('.square.selected')?.dataset.square }));
    assert.equal(out.selected, from, 'the click selected the piece');
    assert.equal(out.answeredBeforeSelection, false, `the board answered the click while ${what} was still running in the Worker`);
    const spy = await mainThread(page);
    assert.ok(spy.posted.some((p) => p.worker === 'think' && (p.fn === 'botTurn' || p.fn === 'perft')), 'the search was posted to the "think" Worker');
    assert.deepEqual(spy.wasm, [], 'no WebAssembly module compiled or instantiated on the main thread');
    assert.deepEqual(page.problems, []);
    // Closing the context ends the Worker and its search.
    await context.close();
  });

  test('dice dim as getPlayableDice says on positions of conformance/rules/playable_dice.json', async () => {
    const cases = readJson(join(CONFORMANCE, 'rules', 'playable_dice.json')).filter((c) =>
      typeof c.dfen === 'string' && Array.isArray(c.moves) && c.moves.length >= 1 && typeof c.expected === 'string'
      && c.expected.length > 0 && c.expected.length < 3 && c.dfen.split(' ').length === 7 && E.getGameStatus(c.dfen)?.over === false);
    assert.ok(cases.length >= 2, 'suitable cases');
    // Two positions: the first one of the file and one with Black to move (board flipped) if any.
    const chosen = [cases[0], cases.find((c) => c.dfen.split(' ')[1] === 'b') ?? cases[1]];
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    for (const c of chosen) {
      await page.goto(`${base}/?fast=1&seed=1&dfen=${encodeURIComponent(c.dfen)}`);
      await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
      const state = await waitPhase(page, ['human']);
      assert.equal(state.roll.split(' ').slice(0, 6).join(' '), c.dfen.split(' ').slice(0, 6).join(' '));
      const tree = E.getLegalTurnTree(c.dfen);
      let start = await litDice(page);
      assert.equal(start.lit, norm(E.getPlayableDice(c.dfen, [])), `${c.title}: dice before any move`);
      for (let i = 0; i < c.moves.length; i++) await clickMove(page, nodeAt(tree, c.moves.slice(0, i)), c.moves[i]);
      await waitPhase(page, ['human']);
      const dice = await litDice(page);
      assert.equal(dice.lit, norm(c.expected), `${c.title}: lit dice`);
      assert.equal(dice.dimmed, 3 - c.expected.length, `${c.title}: dimmed dice`);
      console.log(`  dimming: "${c.title}": ${c.dfen} after ${c.moves.join(',')} → lit ${c.expected}, ${dice.dimmed} dimmed`);
    }
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('a roll without a legal move is announced as a pass, and play goes on', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    // White has only its king and rolled a rook: no legal move.
    await page.goto(`${base}/?fast=1&seed=3&color=w&dfen=${encodeURIComponent('4k3/8/8/8/8/8/8/4K3 w - - 0 1 R')}`);
    await page.waitForFunction(() => document.querySelectorAll('#moves .turn').length >= 2, null, { timeout: PATIENCE_MS });
    const announced = await page.evaluate(() => window.dicechessDemo.state.announcements);
    assert.match(announced[0].text, /no legal move — pass/);
    assert.equal(announced[0].kind, 'pass');
    assert.equal(await page.$eval('#moves .turn .uci', (e) => e.textContent), 'pass');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test("drag and drop; undo takes back the player's last turn; the same dice come again", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED + 1}&fast=1&color=w`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    let state = await waitPhase(page, ['human']);
    const roll = state.roll;
    const tree = E.getLegalTurnTree(roll);
    // A micro-move by dragging the piece; mid-turn, undo takes back the micro-moves played so far.
    let node = tree;
    let uci = Object.keys(node).find((m) => m.length === 4);
    const center = async (sq) => {
      const b = await page.$eval(`[data-square="${sq}"]`, (e) => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
      return b;
    };
    const a = await center(uci.slice(0, 2));
    const b = await center(uci.slice(2, 4));
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction((m) => {
      const board = document.querySelector('#board');
      return board.dataset.played === m || board.dataset.phase !== 'human';
    }, uci);
    if (Object.keys(node[uci]).length > 0) {
      assert.equal(await attr(page, '#board', 'played'), uci, 'the dragged move was played');
      await page.click('#undo');
      await page.waitForFunction(() => document.querySelector('#board').dataset.played === '');
    } else {
      await page.click('#undo');
    }
    await page.waitForFunction((r) => {
      const board = document.querySelector('#board');
      return board.dataset.phase === 'human' && board.dataset.roll === r && board.dataset.played === '';
    }, roll);
    // A whole turn, then the bot's reply, then undo.
    for (const played = []; ; ) {
      node = nodeAt(tree, played);
      uci = Object.keys(node)[0];
      await clickMove(page, node, uci);
      played.push(uci);
      if (Object.keys(node[uci]).length === 0) break;
      await waitPhase(page, ['human']);
    }
    state = await waitPhase(page, ['human', 'over']);
    assert.ok(await page.$$eval('#moves .turn', (e) => e.length) >= 2, "the player's turn and the reply are listed");
    await page.click('#undo');
    await page.waitForFunction((r) => {
      const b = document.querySelector('#board');
      return b.dataset.phase === 'human' && b.dataset.roll === r && document.querySelectorAll('#moves .turn').length === 0;
    }, roll);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('opening book: validation problems shown, a valid book plays and its moves are marked', async (t) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    // The player is Black; the opponent (White) moves first, with the dice of the start DFEN.
    await page.goto(`${base}/?seed=${SEED}&fast=1&color=b&bot=greedy&dfen=${encodeURIComponent(`${START} BPR`)}`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    const disabled = await page.$eval('#book-file', (i) => i.disabled);
    const features = await page.evaluate(() => window.dicechessDemo.think('features'));
    if (!features.books) {
      assert.equal(disabled, true, 'the book picker is disabled without the book functions');
      t.skip('this build of the package has no registerOpeningBookBot / validateOpeningBook yet');
      await context.close();
      return;
    }
    assert.equal(disabled, false);
    await page.click('.panel summary:has-text("Opening book")');
    await page.setInputFiles('#book-file', { name: 'broken.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('# not a comment\n') });
    await page.waitForFunction(() => document.querySelector('#book-report').dataset.ok === 'false');
    assert.match(await page.$eval('#book-report', (e) => e.textContent), /no-tab/);
    const tsv = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\tf1c4,e2e4\n';
    await page.setInputFiles('#book-file', { name: 'opening.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(tsv) });
    await page.waitForFunction(() => document.querySelector('#book-report').dataset.ok === 'true');
    assert.equal(await page.$eval('#opponent', (s) => s.value), 'demo-book');
    await page.click('#restart');
    await page.waitForFunction(() => document.querySelectorAll('#moves .turn').length >= 1, null, { timeout: PATIENCE_MS });
    const first = await page.$eval('#moves .turn', (e) => ({ moves: e.querySelector('.uci').textContent, book: e.querySelector('.book-mark') !== null }));
    assert.deepEqual(first, { moves: 'e2e4 f1c4', book: true });
    await page.click('.panel summary:has-text("Opening book")');
    await page.screenshot({ path: join(ARTIFACTS, 'demo-book.png') });
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('phone-sized viewport: the board fits, a move can be played by tapping', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&color=w`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    const state = await waitPhase(page, ['human']);
    const box = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width, top: r.top, bottom: r.bottom }; });
    assert.ok(box.left >= 0 && box.right <= 390, `board inside the screen: ${JSON.stringify(box)}`);
    assert.ok(box.width >= 300, 'board large enough to tap');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= 390, `no horizontal scrolling (${scrollWidth})`);
    const tree = E.getLegalTurnTree(state.roll);
    const uci = Object.keys(tree)[0];
    await page.tap(`[data-square="${uci.slice(0, 2)}"]`);
    await page.tap(`[data-square="${uci.slice(2, 4)}"]`);
    if (uci.length === 5) await page.tap(`#promotion [data-promotion="${uci[4]}"]`);
    await page.waitForFunction(() => document.querySelector('#board').dataset.played !== '' || document.querySelector('#board').dataset.phase !== 'human');
    await page.screenshot({ path: join(ARTIFACTS, 'demo-phone.png') });
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('installable and offline: manifest, service worker, reload with the server gone', async () => {
    // Its own server (its own origin), stopped halfway.
    const own = await startServer();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context);
    await page.goto(`${own.base}/?seed=${SEED}&fast=1`);
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]').href;
      return (await fetch(href)).json();
    });
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: PATIENCE_MS });
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith('dicechess-demo-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(cached.some((p) => p.endsWith('.wasm')), 'the wasm is precached');
    own.server.closeAllConnections();
    await new Promise((r) => own.server.close(r));
    await page.reload();
    await page.waitForSelector('html[data-interactive]', { timeout: PATIENCE_MS });
    const state = await waitPhase(page, ['human', 'bot']);
    assert.ok(state.roll.length > 0, 'a roll offline');
    assert.ok(await page.$$eval('.square.movable', (e) => e.length) > 0 || state.phase === 'bot');
    assert.deepEqual(page.problems.filter((p) => !p.includes('ERR_CONNECTION_REFUSED')), []);
    await context.close();
  });
});

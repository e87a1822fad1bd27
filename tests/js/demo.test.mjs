// End-to-end test of the demo (www-demo/, issues 6 and 14), as a person meets it: the built app
// served by scripts/serve.mjs on the loopback interface, in headless Chromium (Debian's, driven by
// playwright-core).
//
// The demo holds no game of its own: the game is a `Game` of the package in the "rules" Worker. So
// the test follows every game with a twin `Game` in Node (the same seed gives the same dice) and
// checks the page against it: the pieces and targets offered are exactly the legal next micro-moves,
// the dice dim as playableDice says, the board shows the twin's position. It plays a complete game
// by clicking; plays, undoes, replays (redo), steps through, flips, exports and imports a game at a
// desktop and at a phone size (tapping there); checks the reasons shown for a die or a piece that
// cannot be used, passes, drag and drop, opening books, the coach, the offline reload; and reads
// the demo's sources to check that they hold no rules. Screenshots go to test-artifacts/.
//
// Nothing here is timed (no assertion on milliseconds, durations or long tasks): that the engine
// never runs on the page's thread is checked by spying on the page's realm (no WebAssembly module is
// compiled or instantiated there, every search request is posted to the "think" Worker), and that
// the page stays responsive by the order of events (a click is handled and the board updated while
// a search is still outstanding in the Worker). Waits are bounds for liveness only. The timings are
// measured by the demo's benchmark, scripts/bench-demo.mjs (npm run bench).
//
// Needs www-demo/dist (scripts/build builds it). Run alone: node --test tests/js/demo.test.mjs
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { CONFORMANCE, ROOT, load, readJson } from './lib/paths.mjs';
import { createStaticServer, listen } from '../../scripts/serve.mjs';

const CHROMIUM = '/usr/bin/chromium';
// DICECHESS_DEMO_DIST points the test at another build of the demo (e.g. over a local package build).
const DIST = process.env.DICECHESS_DEMO_DIST ?? join(ROOT, 'www-demo', 'dist');
const SRC = join(ROOT, 'www-demo', 'src');
const ARTIFACTS = process.env.DICECHESS_DEMO_ARTIFACTS ?? join(ROOT, 'test-artifacts');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SEED = 20261201;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];
// How long a wait may last before the page is taken for hung: a bound for liveness, never a
// measure (nothing asserts how long anything took).
const PATIENCE_MS = 180_000;
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
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
      spy.posted.push({ worker: names.get(this), fn: message?.fn, action: message?.args?.[0] });
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
async function waitPhase(page, phases) {
  await page.waitForFunction((p) => {
    const b = document.querySelector('#board');
    return b && p.includes(b.dataset.phase);
  }, phases);
  return page.$eval('#board', (b) => ({ ...b.dataset }));
}

/** The game as the page holds it: the last snapshot of the "rules" Worker. */
const pageGame = (page) => page.evaluate(() => {
  const s = window.dicechessDemo.state.snap;
  return { history: s.history, turnMoves: s.turnMoves.map((m) => m.uci), dfen: s.dfen, roll: s.roll, turn: s.turn, over: s.status.over };
});

/**
 * Brings the twin game up to the page's: plays the completed turns it lacks (passes play themselves)
 * and the page's micro-moves of the turn in progress, then checks that both show the same position.
 */
async function follow(page, twin) {
  const g = await pageGame(page);
  while (twin.history().length < g.history.length) {
    const t = g.history[twin.history().length];
    assert.ok(t.moves.length > 0, `the twin passed turn ${t.label} by itself`);
    assert.ok(twin.playTurn(t.moves), `turn ${t.label} ${t.moves} is legal for the twin`);
  }
  const played = twin.turnMoves().map((m) => m.uci);
  for (const uci of g.turnMoves.slice(played.length)) assert.ok(twin.play(uci), `micro-move ${uci}`);
  assert.deepEqual(twin.history().map((t) => [t.dice, t.moves]), g.history.map((t) => [t.dice, t.moves]), 'the same turns');
  assert.equal(g.dfen, twin.dfen(), 'the page shows the twin game');
  return g;
}

const sortedSet = (xs) => [...new Set(xs)].sort();
const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 1000 };

/** The test player: a king capture when it can, else the most valuable capture, else a seeded pick. */
function chooseMove(twin, random) {
  const pieces = new Map(E.getBoard(twin.dfen()).pieces.map((p) => [p.square, p]));
  const tree = twin.tree();
  let best = [];
  let bestScore = -1;
  for (const m of twin.moves()) {
    const victim = pieces.get(m.to);
    let score = victim && victim.color !== twin.turn() ? VALUE[victim.piece] : 0;
    // Prefer a first move after which a king capture is possible in this turn.
    if (score < 1000 && Object.keys(tree[m.uci] ?? {}).some((next) => pieces.get(next.slice(2, 4))?.piece === 'k' && pieces.get(next.slice(2, 4))?.color !== twin.turn())) score = Math.max(score, 500);
    if (score > bestScore) { best = [m.uci]; bestScore = score; } else if (score === bestScore) best.push(m.uci);
  }
  return best[Math.floor(random() * best.length)];
}

function xorshift(seed) {
  let s = seed >>> 0 || 1;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
}

/**
 * Checks the offered pieces and targets against the twin's legal moves, then plays `uci` by two
 * clicks (taps with `tap`), and on the twin.
 */
async function clickMove(page, twin, uci, tap = false) {
  const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
  const moves = twin.moves();
  const movable = await page.$$eval('.square.movable', (els) => els.map((e) => e.dataset.square));
  assert.deepEqual(movable.sort(), sortedSet(moves.map((m) => m.from)), 'offered pieces = origins of the legal next micro-moves');
  const from = uci.slice(0, 2);
  await press(`[data-square="${from}"]`);
  const targets = await page.$$eval('.square.target', (els) => els.map((e) => e.dataset.square));
  assert.deepEqual(targets.sort(), sortedSet(moves.filter((m) => m.from === from).map((m) => m.to)), `targets of ${from}`);
  const before = await page.$eval('#board', (b) => `${b.dataset.played}|${b.dataset.turns}`);
  await press(`[data-square="${uci.slice(2, 4)}"]`);
  const promotions = moves.filter((m) => m.from === from && m.to === uci.slice(2, 4) && m.promotion);
  if (promotions.length) {
    await page.waitForSelector('#promotion:not([hidden])');
    const offered = await page.$$eval('#promotion [data-promotion]', (els) => els.map((e) => e.dataset.promotion));
    assert.deepEqual(offered.sort(), promotions.map((m) => m.promotion).sort(), 'promotions offered');
    await press(`#promotion [data-promotion="${uci[4]}"]`);
  }
  await page.waitForFunction((b) => {
    const board = document.querySelector('#board');
    return `${board.dataset.played}|${board.dataset.turns}` !== b || board.dataset.phase !== 'human';
  }, before);
  assert.ok(twin.play(uci), `the twin plays ${uci}`);
}

/** The lit dice of the tray as a sorted lower-case string, and the count of the others. */
async function trayDice(page) {
  return page.$eval('#dice', (tray) => ({
    lit: [...tray.querySelectorAll('.die.lit')].map((d) => d.dataset.die).sort().join(''),
    dimmed: tray.querySelectorAll('.die.dim').length,
    notLit: tray.querySelectorAll('.die:not(.lit)').length,
  }));
}
const norm = (dice) => [...(dice ?? '').toLowerCase()].sort().join('');

/** Plays the player's turn to its end by clicks (taps), checking offers and dice at every step. */
async function playTurn(page, twin, random, tap = false) {
  let checks = 0;
  for (;;) {
    const dice = await trayDice(page);
    assert.equal(dice.lit, norm(twin.playableDice()), `lit dice of ${twin.dfen()}`);
    assert.equal(dice.notLit, twin.roll().length - twin.playableDice().length);
    checks++;
    const uci = chooseMove(twin, random);
    const turnsBefore = twin.history().length;
    await clickMove(page, twin, uci, tap);
    if (twin.history().length > turnsBefore || twin.isOver()) return checks;
    const now = await waitPhase(page, ['human', 'over']);
    if (now.phase === 'over') return checks;
    assert.equal(now.played, twin.turnMoves().map((m) => m.uci).join(','));
  }
}

/** The bar's position and the board's, read in one task: the bar never shows another position. */
const barAndBoard = (page) => page.evaluate(() => ({
  bar: document.querySelector('#equity').dataset.dfen,
  stale: document.querySelector('#equity').classList.contains('stale'),
  board: document.querySelector('#board').dataset.dfen,
}));

function assertBarConsistent(b, what) {
  assert.ok(b.bar === '' || b.bar === b.board, `${what}: the win-probability bar shows the board's position or nothing (${JSON.stringify(b)})`);
  assert.equal(b.stale, b.bar === '', `${what}: an empty bar is marked stale`);
}

/** Every .js file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
}

describe('www-demo sources', () => {
  test('no rules and no formats in the demo: the game, the dice, the notation and the books are the engine\'s', () => {
    const files = sources(SRC);
    assert.ok(files.some((f) => f.endsWith('main.js')));
    for (const gone of ['random.js', 'book.js']) assert.ok(!existsSync(join(SRC, gone)), `${gone} is gone`);
    // The rules, dice and book code the demo used to have, and the rules functions a Game replaces.
    const banned = ['parseBoard', 'costOf', 'applyLocally', 'rollFor(', 'randomTurn', 'splitmix', 'derive(', 'fnv1a64', 'bookKeyOf',
      'makeBookIndex', 'placementOf', 'DCBK', 'builtin-random', 'Random legal turns', 'getLegalTurnTree', 'applyMove', 'applyTurn',
      'endTurn', 'getPlayableDice', 'getGameStatus', 'canonicalDice', 'withoutDice', "split(' ')[6]", 'innerHTML', 'insertAdjacentHTML', 'outerHTML'];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const word of banned) assert.ok(!text.includes(word), `${f.slice(ROOT.length + 1)} has no ${word}`);
    }
    // main.js is the glue of the parts, not the page's logic (it was 949 lines).
    const main = readFileSync(join(SRC, 'main.js'), 'utf8');
    assert.ok(main.split('\n').length < 80, `main.js has ${main.split('\n').length} lines`);
    const html = readFileSync(join(ROOT, 'www-demo', 'index.html'), 'utf8');
    for (const text of ['§', 'does not have yet', 'side-dot', 'engine-note']) assert.ok(!html.includes(text), `index.html has no "${text}"`);
  });
});

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
    const context = await browser.newContext({ ...DESKTOP, serviceWorkers: 'block' });
    const page = await openPage(context);
    const bodies = new Map();
    const reading = [];
    context.on('response', (r) => {
      const url = r.url();
      if (!/\.(m?js|wasm)(\?|$)/.test(url) || r.status() !== 200) return;
      reading.push(r.body().then((b) => bodies.set(url, b), () => { /* body gone */ }));
    });
    await page.goto(`${base}/?seed=${SEED}&fast=1`);
    await page.waitForSelector('html[data-interactive]');
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
    assert.ok(spy.posted.some((p) => p.worker === 'think' && p.fn === 'getBotDetails'), 'the bots are asked of the "think" Worker');
    assert.ok(spy.posted.some((p) => p.worker === 'rules' && p.fn === 'newGame'), 'the game is created in the "rules" Worker');
    assert.deepEqual(spy.posted.filter((p) => p.worker !== 'think' && p.worker !== 'rules'), [], 'messages only to the engine Workers');
    // The header has no unexplained mark, and no bot name is markup.
    assert.equal(await page.$$eval('.top > *', (els) => els.length), 2, 'the header holds the title and the status');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('a complete game against the opponent, by clicking: only legal moves offered, dice dim, the bot moves, a result', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&bot=greedy&color=w&time=100`);
    await page.waitForSelector('html[data-interactive]');
    assert.equal(await page.$eval('#opponent', (s) => s.value), 'greedy');
    const twin = E.createGame({ seed: SEED });

    // A click on a square without a piece selects nothing.
    await waitPhase(page, ['human']);
    await page.click('[data-square="e5"]');
    assert.equal(await page.$$eval('.square.selected, .square.target', (els) => els.length), 0);

    const random = xorshift(SEED);
    let humanTurns = 0;
    let diceChecks = 0;
    let shot = false;
    for (;;) {
      // A bound on the length, not on the time: the test player captures the king when it can.
      assert.ok(humanTurns < 500, 'the game ends within 500 turns of the test player');
      const state = await waitPhase(page, ['human', 'over']);
      await follow(page, twin);
      if (state.phase === 'over') break;
      assert.equal(twin.turn(), 'white', 'the page waits for the player only on its turns');
      assert.ok(twin.moves().length > 0, 'the app asks for a move only when the roll has one');
      // Until the player moves, the opponent's last turn is marked on the board, every micro-move of it.
      const last = twin.history().at(-1);
      if (last?.mover === 'black' && last.moves.length) {
        assert.equal(await attr(page, '#board', 'highlight'), sortedSet(last.moves.flatMap((m) => [m.slice(0, 2), m.slice(2, 4)])).join(','), 'the last turn is marked');
      }
      humanTurns++;
      diceChecks += await playTurn(page, twin, random);
      if (!shot && humanTurns === 2) {
        shot = true;
        await page.screenshot({ path: join(ARTIFACTS, 'demo-desktop.png') });
      }
    }
    const result = await attr(page, '#game-over', 'result');
    const status = twin.status();
    assert.equal(status.over, true);
    assert.equal(result, status.winner === 'white' ? '1-0' : status.winner === 'black' ? '0-1' : '1/2-1/2');
    if (status.termination === 'king-capture') assert.match(await page.$eval('#status', (s) => s.textContent), /captured the king/);
    await page.screenshot({ path: join(ARTIFACTS, 'demo-game-over.png') });

    // The move list: one row per turn, in the notation, with its dice drawn.
    const rows = await page.$$eval('#moves li[data-ply]', (els) => els.map((e) => ({
      label: e.querySelector('.num').textContent, san: e.querySelector('.san').textContent, dice: e.querySelectorAll('.mini').length, by: e.dataset.by,
    })));
    assert.deepEqual(rows.map((r) => [r.label, r.san]), twin.history().map((t) => [t.label, t.moves.length ? t.san.join(' ') : '-- pass']));
    assert.deepEqual(rows.map((r) => r.dice), twin.history().map((t) => t.dice.length));
    const byBot = rows.filter((r) => r.by === 'bot' && r.san !== '-- pass').length;
    assert.ok(byBot >= 1, 'the bot played');
    // Every pass was announced.
    const passes = twin.history().filter((t) => t.moves.length === 0).length;
    const announced = await page.evaluate(() => window.dicechessDemo.state.announcements.filter((a) => a.kind === 'pass').length);
    assert.equal(announced, passes, 'one announcement per pass');

    // Every bot turn was a request to the "think" Worker, and no engine ran on the main thread.
    const spy = await mainThread(page);
    const requests = spy.posted.filter((p) => p.fn === 'botTurn');
    metrics['game played by clicking'] = `${twin.history().length} turns, ${passes} passes (${humanTurns} by the test, ${byBot} by the greedy bot), ${diceChecks} dice checks, result ${result}`;
    assert.equal(requests.length, byBot, 'one botTurn request per bot turn');
    assert.deepEqual(requests.filter((p) => p.worker !== 'think'), [], 'every search request goes to the "think" Worker');
    assert.deepEqual(spy.wasm, [], 'no WebAssembly module compiled or instantiated on the main thread');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  for (const [size, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`${size}: play, undo, redo, step through, flip, export and import a game`, async () => {
      const tap = size === 'phone';
      const press = (sel) => (tap ? page.tap(sel) : page.click(sel));
      const shot = (name) => page.screenshot({ path: join(ARTIFACTS, `demo-${size}-${name}.png`), fullPage: tap });
      const context = await browser.newContext(options);
      const page = await openPage(context);
      const seed = SEED + 2;
      await page.goto(`${base}/?seed=${seed}&fast=1&bot=greedy&color=w&time=100`);
      await page.waitForSelector('html[data-interactive]');
      const twin = E.createGame({ seed });
      const random = xorshift(seed);
      const width = options.viewport.width;

      // The layout: the board inside the screen, large enough to tap, no horizontal scrolling.
      const box = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width }; });
      assert.ok(box.left >= 0 && box.right <= width, `board inside the screen: ${JSON.stringify(box)}`);
      assert.ok(box.width >= 300, 'board large enough to tap');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width, 'no horizontal scrolling');

      // A piece that cannot move says why, on a tap as on a click.
      await waitPhase(page, ['human']);
      await follow(page, twin);
      const board = E.getBoard(twin.dfen());
      const still = board.pieces.find((p) => p.color === 'white' && !twin.moves().some((m) => m.from === p.square));
      await press(`[data-square="${still.square}"]`);
      const reason = await page.$eval('#reason', (r) => ({ text: r.textContent, kind: r.dataset.kind, hidden: r.hidden }));
      assert.equal(reason.hidden, false, 'a reason is shown');
      assert.equal(reason.kind, 'tapped');
      assert.match(reason.text, /cannot|blocked|may not|No .* die|used/, `the reason for ${still.square}: ${reason.text}`);

      // Play three of the player's turns (the bot replies).
      for (let turn = 0; turn < 3; turn++) {
        const s = await waitPhase(page, ['human', 'over']);
        await follow(page, twin);
        if (s.phase === 'over') break;
        await playTurn(page, twin, random, tap);
      }
      await waitPhase(page, ['human', 'over']);
      const played = await follow(page, twin);
      assert.ok(played.history.length >= 4, `${played.history.length} turns played`);
      // The dice of the move list are large enough to read.
      const mini = await page.$eval('#moves .mini', (e) => e.getBoundingClientRect().width);
      assert.ok(mini >= 24, `move-list dice of ${mini} px`);
      await shot('play');

      // Undo: the player's last turn and the bot's reply are taken back; the bar is cleared at once.
      const spy0 = (await mainThread(page)).posted.length;
      await press('#undo');
      await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.turns) < n, played.history.length);
      assertBarConsistent(await barAndBoard(page), 'after undo');
      const undone = await pageGame(page);
      do assert.ok(twin.undoTurn()); while (!(twin.turn() === 'white' && twin.turnMoves().length === 0));
      assert.equal(undone.dfen, twin.dfen(), 'undo went back to the start of the player\'s previous turn');
      assert.deepEqual(undone.history, twin.history());
      assert.ok((await mainThread(page)).posted.slice(spy0).some((p) => p.fn === 'act' && p.action === 'undoToTurnOf'), 'undo is the game\'s');
      await waitPhase(page, ['human']);
      await shot('undo');

      // Redo: the same turns again.
      await press('#redo');
      await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.turns) === n, played.history.length);
      assertBarConsistent(await barAndBoard(page), 'after redo');
      const redone = await pageGame(page);
      assert.deepEqual(redone.history, played.history, 'redo replays the turns taken back');
      while (twin.redoTurn()) if (twin.isOver() || (twin.turn() === 'white' && twin.turnMoves().length === 0)) break;
      assert.equal(redone.dfen, twin.dfen());
      await waitPhase(page, ['human', 'over']);
      assert.equal(await page.$eval('#redo', (b) => b.disabled), true, 'nothing left to redo');

      // Step through the history: the start, one turn forward (its micro-moves marked), a row of the
      // list, the arrow keys, back to the game.
      const history = redone.history;
      await press('#browse-first');
      await page.waitForFunction(() => document.querySelector('#board').dataset.view === '0');
      assert.equal(await attr(page, '#board', 'dfen'), history[0].before);
      await press('#browse-forward');
      await page.waitForFunction(() => document.querySelector('#board').dataset.view === '1');
      assert.equal(await attr(page, '#board', 'dfen'), history[0].after);
      assert.equal(await attr(page, '#board', 'highlight'), sortedSet(history[0].moves.flatMap((m) => [m.slice(0, 2), m.slice(2, 4)])).join(','));
      assert.equal(await page.$$eval('.square.movable', (e) => e.length), 0, 'no move while browsing');
      await press('#moves li[data-ply="2"] button');
      await page.waitForFunction(() => document.querySelector('#board').dataset.view === '3');
      assert.equal(await attr(page, '#board', 'dfen'), history[2].after);
      assertBarConsistent(await barAndBoard(page), 'while browsing');
      await page.waitForFunction(() => document.querySelector('#equity').dataset.dfen === document.querySelector('#board').dataset.dfen);
      await shot('browse');
      if (!tap) {
        await page.keyboard.press('ArrowLeft');
        await page.waitForFunction(() => document.querySelector('#board').dataset.view === '2');
      }
      await press('#browse-live');
      await page.waitForFunction(() => document.querySelector('#board').dataset.view === '');
      assert.equal(await attr(page, '#board', 'dfen'), twin.dfen());

      // Flip the board, and back.
      const corner = () => page.$eval('#board', (b) => b.firstElementChild.dataset.square);
      assert.equal(await corner(), 'a8');
      await press('#flip');
      assert.equal(await corner(), 'h1');
      assert.equal(await attr(page, '#board', 'orientation'), 'black');
      await shot('flipped');
      await press('#flip');
      assert.equal(await corner(), 'a8');

      // Export: the notation and the JSON record of the same game.
      await press('#io-panel summary');
      await press('#export');
      await page.waitForSelector('#export-box:not([hidden])');
      const notation = await page.$eval('#export-notation', (t) => t.value);
      const record = JSON.parse(await page.$eval('#export-record', (t) => t.value));
      const parsed = E.parseNotation(notation);
      assert.ok(parsed.ok, `the exported notation parses: ${parsed.error}`);
      assert.deepEqual(parsed.records[0].turns, record.turns, 'notation and record hold the same game');
      assert.deepEqual(record.turns, twin.toRecord().turns, 'the record is the game played');
      assert.equal(record.white, 'you');
      assert.equal(record.black, 'greedy');
      assert.ok(E.gameFromRecord(record).ok, 'the record loads');
      assert.ok(await page.$eval('#download-notation', (a) => a.href.startsWith('blob:') && a.download.endsWith('.txt')));
      assert.ok(await page.$eval('#download-record', (a) => a.href.startsWith('blob:') && a.download.endsWith('.json')));
      const label = await page.$eval('label[for="export-record"]', (l) => l.textContent);
      assert.ok(!label.includes('§'), 'the label cites no spec section');
      await page.$eval('#export-box', (e) => e.scrollIntoView({ block: 'nearest' }));
      await shot('export');

      // Import: an error names its line and column; the JSON record and the notation load.
      const bad = '[White "x"]\n\n1. PNB e4 Nf3 Zz9 *\n';
      const expected = E.parseNotation(bad);
      assert.equal(expected.ok, false);
      await page.fill('#import-text', bad);
      await press('#import');
      await page.waitForSelector('#import-result[data-ok="false"]');
      const error = await page.$eval('#import-result', (e) => ({ text: e.textContent, line: e.dataset.line, column: e.dataset.column }));
      assert.equal(error.text, `Line ${expected.line}, column ${expected.column}: ${expected.error}`);
      await shot('import-error');
      // A shorter game: the first four turns of the record, as JSON.
      const short = { white: record.white, black: record.black, result: '*', turns: record.turns.slice(0, 4) };
      await page.fill('#import-text', JSON.stringify(short));
      await press('#import');
      await page.waitForSelector('#import-result[data-ok="true"]');
      // (A turn after them may already be a pass: the game passes a roll without a legal move.)
      assert.deepEqual((await pageGame(page)).history.slice(0, 4).map((t) => t.moves), short.turns.map((t) => t.moves));
      // The game goes on from there (the host's dice), the player taking the side to move.
      const imported = E.gameFromRecord(short).game;
      const s = await waitPhase(page, ['human', 'over']);
      const next = await pageGame(page);
      if (s.phase === 'human' && next.history.length === 4) {
        assert.equal(s.human, imported.turn());
        assert.ok(next.roll, 'the next turn is rolled');
        imported.rollDice(next.roll);
        assert.equal(next.dfen, imported.dfen());
        const first = imported.moves()[0].uci;
        await clickMove(page, imported, first, tap);
      }
      // The notation form loads the whole game again. (A pass may follow it at once: the next
      // roll, random after an import, can leave the player no legal move.)
      await page.fill('#import-text', notation);
      await page.$eval('#import-result', (e) => { delete e.dataset.ok; });
      await press('#import');
      await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.turns) >= n && document.querySelector('#import-result').dataset.ok === 'true', record.turns.length);
      const loaded = (await pageGame(page)).history.slice(0, record.turns.length);
      assert.deepEqual(loaded.map((t) => [t.dice, t.moves]), record.turns.map((t) => [t.dice, t.moves]));
      await page.$eval('#import-result', (e) => e.scrollIntoView({ block: 'nearest' }));
      await shot('import');
      assert.deepEqual((await mainThread(page)).wasm, [], 'no WebAssembly on the main thread');
      assert.deepEqual(page.problems, []);
      await context.close();
    });
  }

  test('coach: the win-probability bar follows every micro-move, hints of the roll, a review in the Worker that can be cancelled and shows a turn', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&bot=greedy&color=w&time=100`);
    await page.waitForSelector('html[data-interactive]');
    const twin = E.createGame({ seed: SEED });
    /** Waits until the bar shows getWinProbability of the board's position, and returns it. */
    const bar = async () => {
      await page.waitForFunction(() => document.querySelector('#equity').dataset.dfen === document.querySelector('#board').dataset.dfen);
      const dfen = await attr(page, '#board', 'dfen');
      const shown = Number(await attr(page, '#equity', 'white'));
      assert.ok(Math.abs(shown - E.getWinProbability(dfen).whiteWin) < 1e-4, `bar of ${dfen}`);
      return dfen;
    };
    await waitPhase(page, ['human']);
    await follow(page, twin);
    assert.equal(await bar(), twin.dfen(), 'the bar shows the roll once the dice are rolled');
    // Hints: up to three legal turns of the roll, the first one's first move marked on the board.
    await page.click('#hint');
    await page.waitForFunction(() => document.querySelectorAll('#hint-list li[data-moves]').length > 0);
    const hints = await page.$$eval('#hint-list li[data-moves]', (els) => els.map((e) => ({ moves: e.dataset.moves.split(' '), text: e.textContent })));
    assert.ok(hints.length >= 1 && hints.length <= 3, `${hints.length} hints`);
    for (const h of hints) {
      const check = E.createGame({ start: twin.dfen(), hostDice: true });
      assert.ok(check.playTurn(h.moves), `hint ${h.moves} is a legal turn`);
      assert.ok(h.text.startsWith(check.history().at(-1).san.join(' ')), `the hint is written in the notation: ${h.text}`);
    }
    assert.deepEqual((await page.$$eval('.square.hinted', (els) => els.map((e) => e.dataset.square))).sort(), [hints[0].moves[0].slice(0, 2), hints[0].moves[0].slice(2, 4)].sort());
    await page.screenshot({ path: join(ARTIFACTS, 'demo-hints.png') });
    // Play the first hint move by move: the bar follows every micro-move.
    for (const [i, uci] of hints[0].moves.entries()) {
      await clickMove(page, twin, uci);
      if (i < hints[0].moves.length - 1) await bar();
    }
    // Play on until a few turns are in the list, then review: progress, a chart point per reviewed
    // turn and one more, error rates, and Cancel on a second run.
    const random = xorshift(SEED + 5);
    for (let turn = 0; turn < 3; turn++) {
      const s = await waitPhase(page, ['human', 'over']);
      await follow(page, twin);
      if (s.phase === 'over') break;
      await playTurn(page, twin, random);
    }
    await waitPhase(page, ['human', 'over']);
    await follow(page, twin);
    const reviewed = twin.history().filter((t) => t.moves.length > 0).length;
    await page.click('#review');
    await page.waitForSelector('#review-panel[data-state="done"]');
    assert.equal(await attr(page, '#review-chart', 'points'), String(reviewed + 1));
    assert.equal(await page.$eval('#review-progress', (p) => p.value), reviewed);
    const rates = await page.$$eval('#review-summary tr[data-side]', (rows) => rows.map((r) => Number(r.dataset.errorRate)));
    assert.equal(rates.length, 2);
    assert.ok(rates.every((r) => r >= 0 && r <= 1), `${rates}`);
    const spy = await mainThread(page);
    assert.ok(spy.posted.filter((p) => p.fn === 'reviewTurn').every((p) => p.worker === 'think'), 'the review runs in the "think" Worker');
    assert.equal(spy.posted.filter((p) => p.fn === 'reviewTurn').length, reviewed);
    assert.ok(spy.posted.some((p) => p.fn === 'analyzeTurn' && p.worker === 'think'));
    await page.screenshot({ path: join(ARTIFACTS, 'demo-review.png') });
    const mistakes = await page.$$eval('#review-mistakes button', (els) => els.map((e) => Number(e.dataset.turn)));
    if (mistakes.length) {
      // A mistake shows the position after that turn (after the last one: the game itself, browse.js);
      // Back returns to the game.
      const view = mistakes[0] === twin.history().length ? '' : String(mistakes[0]);
      await page.click(`#review-mistakes button[data-turn="${mistakes[0]}"]`);
      await page.waitForFunction((v) => document.querySelector('#board').dataset.view === v, view);
      assert.equal(await attr(page, '#board', 'dfen'), view === '' ? twin.dfen() : twin.history()[mistakes[0] - 1].after);
      await page.click('#review-back');
      await page.waitForFunction(() => document.querySelector('#board').dataset.view === '');
      assert.equal(await attr(page, '#board', 'dfen'), twin.dfen(), 'Back shows the game again');
    }
    // Cancel: the second run stops early and says so. Cancel is pressed in the same task as Review,
    // so that it comes before the first turn's review however fast that is (ordered, not timed).
    await page.evaluate(() => {
      document.querySelector('#review').click();
      document.querySelector('#review-cancel').click();
    });
    await page.waitForSelector('#review-panel[data-state="cancelled"]');
    assert.match(await page.$eval('#review-status', (e) => e.textContent), /cancelled after \d+ of/);
    // A new game closes the review and clears the bar at once.
    await page.click('#new-game');
    assertBarConsistent(await barAndBoard(page), 'right after New game');
    await page.waitForFunction(() => document.querySelector('#review-panel').hidden);
    assert.deepEqual(spy.wasm, [], 'no WebAssembly on the main thread');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('the page handles input while a search runs in the Worker (ordered by events, not by time)', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    await page.goto(`${base}/?seed=${SEED}&fast=1&color=w`);
    await page.waitForSelector('html[data-interactive]');
    await waitPhase(page, ['human']);
    const from = await page.$eval('.square.movable', (e) => e.dataset.square);
    // A long search in the "think" Worker (a 60 s budget: it is still running when the click below
    // has been handled, however loaded the machine), then a click on a piece that can move. The
    // page records, when the board first shows the selection, whether the search had answered yet.
    await page.evaluate((start) => {
      const demo = window.dicechessDemo;
      window.__search = { answered: false, answeredBeforeSelection: null };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.square.selected')) return;
        window.__search.answeredBeforeSelection = window.__search.answered;
        observer.disconnect();
      }).observe(document.querySelector('#board'), { subtree: true, attributes: true, attributeFilter: ['class'] });
      const search = demo.think('botTurn', `${start} PNB`, { algorithm: 'monte-carlo', timeBudgetMs: 60_000, seed: 1 });
      search.then(() => { window.__search.answered = true; }, () => { window.__search.answered = true; });
    }, START);
    await page.click(`[data-square="${from}"]`);
    await page.waitForFunction(() => window.__search.answeredBeforeSelection !== null);
    const out = await page.evaluate(() => ({ ...window.__search, selected: document.querySelector('.square.selected')?.dataset.square }));
    assert.equal(out.selected, from, 'the click selected the piece');
    assert.equal(out.answeredBeforeSelection, false, 'the board answered the click while monte-carlo was still searching in the Worker');
    const spy = await mainThread(page);
    assert.ok(spy.posted.some((p) => p.worker === 'think' && p.fn === 'botTurn'), 'the search was posted to the "think" Worker');
    assert.deepEqual(spy.wasm, [], 'no WebAssembly module compiled or instantiated on the main thread');
    assert.deepEqual(page.problems, []);
    // Closing the context ends the Worker and its search.
    await context.close();
  });

  test('dice dim as playableDice says on positions of conformance/rules/playable_dice.json, and a dimmed die says why', async () => {
    const cases = readJson(join(CONFORMANCE, 'rules', 'playable_dice.json')).filter((c) =>
      typeof c.dfen === 'string' && Array.isArray(c.moves) && c.moves.length >= 1 && typeof c.expected === 'string'
      && c.expected.length > 0 && c.expected.length < 3 && c.dfen.split(' ').length === 7 && E.getGameStatus(c.dfen)?.over === false);
    assert.ok(cases.length >= 2, 'suitable cases');
    // Two positions: the first one of the file and one with Black to move (board flipped) if any.
    const chosen = [cases[0], cases.find((c) => c.dfen.split(' ')[1] === 'b') ?? cases[1]];
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    let explained = 0;
    for (const c of chosen) {
      await page.goto(`${base}/?fast=1&seed=1&dfen=${encodeURIComponent(c.dfen)}`);
      await page.waitForSelector('html[data-interactive]');
      await waitPhase(page, ['human']);
      const twin = E.createGame({ start: c.dfen, hostDice: true });
      await follow(page, twin);
      assert.equal((await trayDice(page)).lit, norm(twin.playableDice()), `${c.title}: dice before any move`);
      for (const uci of c.moves) {
        await clickMove(page, twin, uci);
        await waitPhase(page, ['human']);
      }
      const dice = await trayDice(page);
      assert.equal(dice.lit, norm(c.expected), `${c.title}: lit dice`);
      assert.equal(dice.notLit, 3 - c.expected.length, `${c.title}: dice not lit`);
      if (dice.dimmed > 0) {
        // A dimmed die explains itself at once, and on a tap.
        assert.ok((await page.$eval('#reason', (r) => r.textContent)).includes('cannot be used'));
        await page.click('#dice .die.dim');
        const reason = await page.$eval('#reason', (r) => ({ text: r.textContent, kind: r.dataset.kind }));
        assert.equal(reason.kind, 'tapped');
        assert.match(reason.text, /die cannot be used/);
        explained++;
      }
      console.log(`  dimming: "${c.title}": ${c.dfen} after ${c.moves.join(',')} → lit ${c.expected}, ${dice.dimmed} dimmed`);
    }
    metrics['dimmed dice explained'] = String(explained);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('a roll without a legal move is announced as a pass, and play goes on', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    // White has only its king and rolled a rook: no legal move.
    await page.goto(`${base}/?fast=1&seed=3&color=w&dfen=${encodeURIComponent('4k3/8/8/8/8/8/8/4K3 w - - 0 1 R')}`);
    await page.waitForFunction(() => document.querySelectorAll('#moves li[data-ply]').length >= 2);
    const announced = await page.evaluate(() => window.dicechessDemo.state.announcements);
    assert.match(announced[0].text, /no legal move — pass/);
    assert.equal(announced[0].kind, 'pass');
    assert.equal(await page.$eval('#moves li[data-ply="0"] .san', (e) => e.textContent), '-- pass');
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test("drag and drop; undo takes back a micro-move, then the player's last turn; the same dice come again", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    const seed = SEED + 1;
    await page.goto(`${base}/?seed=${seed}&fast=1&color=w`);
    await page.waitForSelector('html[data-interactive]');
    await waitPhase(page, ['human']);
    const twin = E.createGame({ seed });
    await follow(page, twin);
    const roll = twin.dfen();
    // A micro-move by dragging the piece; mid-turn, undo takes back that micro-move.
    const move = twin.moves().find((m) => !m.promotion);
    const center = (sq) => page.$eval(`[data-square="${sq}"]`, (e) => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
    const a = await center(move.from);
    const b = await center(move.to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction((m) => {
      const board = document.querySelector('#board');
      return board.dataset.played === m || board.dataset.turns !== '0';
    }, move.uci);
    twin.play(move.uci);
    if (twin.history().length === 0) {
      assert.equal(await attr(page, '#board', 'played'), move.uci, 'the dragged move was played');
      await page.click('#undo');
      await page.waitForFunction(() => document.querySelector('#board').dataset.played === '');
      twin.undo();
    } else {
      await waitPhase(page, ['human']);
      await page.click('#undo');
      do twin.undoTurn(); while (twin.turnMoves().length > 0 || twin.turn() !== 'white');
    }
    await page.waitForFunction((d) => {
      const board = document.querySelector('#board');
      return board.dataset.phase === 'human' && board.dataset.dfen === d && board.dataset.played === '';
    }, roll);
    // A whole turn, then the bot's reply, then undo: the same roll again.
    await playTurn(page, twin, xorshift(seed));
    await waitPhase(page, ['human', 'over']);
    assert.ok(await page.$$eval('#moves li[data-ply]', (e) => e.length) >= 2, "the player's turn and the reply are listed");
    await page.click('#undo');
    await page.waitForFunction((d) => {
      const b = document.querySelector('#board');
      return b.dataset.phase === 'human' && b.dataset.dfen === d && document.querySelectorAll('#moves li[data-ply]').length === 0;
    }, roll);
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('opening book: problems shown, names escaped, a valid book plays; the time per turn only for bots that use it', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    // The player is Black; the opponent (White) moves first, with the dice of the start DFEN.
    await page.goto(`${base}/?seed=${SEED}&fast=1&color=b&bot=greedy&dfen=${encodeURIComponent(`${START} BPR`)}`);
    await page.waitForSelector('html[data-interactive]');
    // The time selector: disabled for greedy, enabled for a searching bot.
    assert.equal(await page.$eval('#time', (s) => s.disabled), true, 'greedy takes no time budget');
    await page.selectOption('#opponent', 'monte-carlo');
    assert.equal(await page.$eval('#time', (s) => s.disabled), false, 'monte-carlo takes a time budget');
    await page.selectOption('#opponent', 'greedy');
    assert.equal(await page.$eval('#book-file', (i) => i.disabled), false);
    await page.click('.panel summary:has-text("Opening book")');
    await page.setInputFiles('#book-file', { name: 'broken.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('# not a comment\n') });
    await page.waitForFunction(() => document.querySelector('#book-report').dataset.ok === 'false');
    const report = await page.$eval('#book-report', (e) => e.textContent);
    assert.match(report, /no-tab/);
    assert.ok(!report.includes('null') && !report.includes('undefined'), report);
    // A book whose name is markup: it is shown as text, everywhere.
    const name = '<img src=x id=injected>.tsv';
    const tsv = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\tf1c4,e2e4\n';
    await page.setInputFiles('#book-file', { name, mimeType: 'text/tab-separated-values', buffer: Buffer.from(tsv) });
    await page.waitForFunction(() => document.querySelector('#book-report').dataset.ok === 'true');
    assert.equal(await page.$eval('#opponent', (s) => s.value), 'demo-book');
    assert.ok((await page.$eval('#opponent', (s) => s.selectedOptions[0].textContent)).includes(name), 'the bot name is text');
    assert.equal(await page.$$eval('#injected, #book-report img, #opponent img', (e) => e.length), 0, 'no element made from a name');
    assert.equal(await page.$eval('#time', (s) => s.disabled), true, 'a book over greedy takes no time budget');
    // The panel holds its file picker: nothing sticks out.
    const panel = await page.$eval('#book-file-name', (e) => {
      const p = e.closest('.panel').getBoundingClientRect();
      return [...e.closest('.panel').querySelectorAll('*')].every((c) => { const r = c.getBoundingClientRect(); return r.width === 0 || (r.left >= p.left - 1 && r.right <= p.right + 1); });
    });
    assert.ok(panel, 'the book panel holds its contents');
    // The new game's first turn (not the one greedy played at load: wait for a later generation).
    const gen = await page.evaluate(() => { window.oldSnap = window.dicechessDemo.state.snap; return window.dicechessDemo.state.gen; });
    await page.click('#restart');
    await page.waitForFunction((g) => {
      const s = window.dicechessDemo.state;
      return s.gen > g && s.snap !== window.oldSnap && (s.snap?.history.length ?? 0) >= 1;
    }, gen);
    assert.equal(await page.$eval('#moves li[data-ply="0"] .san', (e) => e.textContent), 'e4 Bc4', 'the book turn was played');
    await page.screenshot({ path: join(ARTIFACTS, 'demo-book.png') });
    assert.deepEqual(page.problems, []);
    await context.close();
  });

  test('installable and offline: manifest, service worker, reload with the server gone', async () => {
    // Its own server (its own origin), stopped halfway.
    const own = await startServer();
    const context = await browser.newContext(DESKTOP);
    const page = await openPage(context);
    await page.goto(`${own.base}/?seed=${SEED}&fast=1`);
    await page.waitForSelector('html[data-interactive]');
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]').href;
      return (await fetch(href)).json();
    });
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith('dicechess-demo-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(cached.some((p) => p.endsWith('.wasm')), 'the wasm is precached');
    own.server.closeAllConnections();
    await new Promise((r) => own.server.close(r));
    await page.reload();
    await page.waitForSelector('html[data-interactive]');
    const state = await waitPhase(page, ['human', 'bot']);
    assert.ok(Number(state.turns) >= 0 && (await pageGame(page)).roll, 'a roll offline');
    assert.ok(await page.$$eval('.square.movable', (e) => e.length) > 0 || state.phase === 'bot');
    assert.deepEqual(page.problems.filter((p) => !p.includes('ERR_CONNECTION_REFUSED')), []);
    await context.close();
  });
});

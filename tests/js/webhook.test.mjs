// dicechess-wasm/webhook and dicechess-wasm/worker-pool from the packed tarball (issue 30): the
// replay client (tests/js/lib/webhook-client.mjs) plays a real game against the handler, with
// verification in both versions, the decisions, a pass and the refusals, and checks every answer:
//   * in this process, by `import` and by `require`, and through toNodeListener over Node's http;
//   * with the worker pool: three simultaneous turns, each answered with a legal turn;
//   * the examples of examples/webhook on Node 20, 22 and 24, Deno, Bun (run, and compiled by
//     `bun build --compile`) and workerd, the runtimes pinned in tests/runtimes/ (scripts/setup),
//     over HTTP. A runtime whose pinned package has no build for
//     this machine is skipped, saying so; one that should be installed and is not fails.
// Nothing here is timed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';
import { ROOT, load, scratch } from './lib/paths.mjs';
import {
  BUN as PINNED_BUN, DENO as PINNED_DENO, NODE as PINNED_NODE, PINNED, WORKERD as PINNED_WORKERD, freePort, prepareWorkerd, required, withServer,
} from './lib/runtimes.mjs';
import { replay, signedRequest } from './lib/webhook-client.mjs';

const SECRET = 'active-secret';
const PENDING = 'pending-secret';
const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB';

let api;
let webhook;
let strongest;
before(async () => {
  api = await load('.', 'esm');
  const shim = join(scratch(), 'shims', 'webhook.mjs');
  writeFileSync(shim, "export * from 'dicechess-wasm/webhook';\nexport * as pool from 'dicechess-wasm/worker-pool';\n");
  webhook = await import(pathToFileURL(shim).href);
  strongest = api.getBotDetails().reduce((a, b) => (b.difficulty > a.difficulty ? b : a)).id;
});

/** A replay against `send`, asserting it found nothing wrong. */
async function replayed(send, options = {}) {
  const { failures, played } = await replay({ send, api, secret: SECRET, pendingSecret: PENDING, bot: strongest, ...options });
  assert.deepEqual(failures, []);
  assert.ok(played > 0);
}

describe('in this process (Node)', () => {
  test('import: a replayed game, verification v1 and v2, decisions for the right side, a pass and the refusals', async () => {
    const handler = webhook.createWebhookHandler({ secret: SECRET, pendingSecret: PENDING });
    assert.equal(await handler.ready, true);
    await replayed(handler);
  });

  test('require: the same handler from the CommonJS entry, over the CommonJS worker pool', async () => {
    const require = createRequire(join(scratch(), 'package.json'));
    const { createWebhookHandler } = require('dicechess-wasm/webhook');
    const pool = require('dicechess-wasm/worker-pool').createWorkerPool({ size: 1 });
    try {
      await replayed(createWebhookHandler({ secret: SECRET, pendingSecret: PENDING, engine: pool }), { turns: 3 });
    } finally {
      await pool.close();
    }
  });

  test('toNodeListener: the handler over Node\'s http', async () => {
    const server = createHttpServer(webhook.toNodeListener(webhook.createWebhookHandler({ secret: SECRET, pendingSecret: PENDING })));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${server.address().port}/hook`;
      await replayed((request) => fetch(request), { url, turns: 4 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('options: a missing secret throws; the body limit answers 413; 503 and 504; the strategy hook replaces the engine\'s turn, and a bad one is strategy_failed', async () => {
    assert.throws(() => webhook.createWebhookHandler({}), TypeError);
    const small = webhook.createWebhookHandler({ secret: SECRET, bodyLimit: 64 });
    const big = await small(await signedRequest('http://bot.test/', SECRET, { type: 'verification', nonce: 'x'.repeat(100) }));
    assert.equal(big.status, 413);
    assert.deepEqual(await big.json(), { error: 'invalid_request' });

    const tree = api.getLegalTurnTree(ROLL);
    const first = [];
    for (let node = tree; Object.keys(node).length > 0; node = node[first.at(-1)]) first.push(Object.keys(node)[0]);
    const turn = { type: 'yourTurn', gameId: 'g', seat: 'white', state: { version: 1, dfen: ROLL, activeSeat: 'white', dicePending: false, clocks: null, legalMoves: tree, mayOfferDraw: false, timeControl: null } };
    const contexts = [];
    const chosen = webhook.createWebhookHandler({ secret: SECRET, strategy: (c) => { contexts.push(c); return { moves: first, offerDraw: false, resign: true }; } });
    const answer = await (await chosen(await signedRequest('http://bot.test/', SECRET, turn))).json();
    assert.deepEqual(answer, { moves: first, offerDraw: false, resign: true });
    assert.equal(contexts[0].type, 'yourTurn');
    assert.equal(contexts[0].dfen, ROLL);
    // 503 past the pending count; 504 when the answer comes after the seat's clock has run out.
    const full = await webhook.createWebhookHandler({ secret: SECRET, maxPending: 0 })(await signedRequest('http://bot.test/', SECRET, turn));
    assert.deepEqual([full.status, await full.json()], [503, { error: 'capacity_exceeded' }]);
    let reads = 0;
    const late = webhook.createWebhookHandler({ secret: SECRET, bot: 'greedy', now: () => Date.now() + (reads++ === 0 ? 0 : 60_000) });
    const timed = { ...turn, state: { ...turn.state, clocks: { white: 1000, black: 1000 }, timeControl: { Fischer: { initialSeconds: 1, incrementSeconds: 0 } } } };
    const expired = await late(await signedRequest('http://bot.test/', SECRET, timed));
    assert.deepEqual([expired.status, await expired.json()], [504, { error: 'deadline_exceeded' }]);
    // A hook that asks for the engine's answer and keeps it: one search, the engine's turn.
    let searches = 0;
    const counting = { ...api, getBestMove: (...args) => { searches++; return api.getBestMove(...args); } };
    const kept = webhook.createWebhookHandler({ secret: SECRET, bot: 'greedy', engine: counting, strategy: async (c) => { await c.engine(); } });
    const keptAnswer = await (await kept(await signedRequest('http://bot.test/', SECRET, turn))).json();
    assert.equal(api.isTurnOfTree(tree, keptAnswer.moves), true);
    assert.equal(searches, 1);
    for (const strategy of [() => ({ moves: first.slice(0, 1) }), () => { throw new Error('no'); }, () => Promise.reject(new Error('no'))]) {
      const bad = await webhook.createWebhookHandler({ secret: SECRET, strategy })(await signedRequest('http://bot.test/', SECRET, turn));
      assert.equal(bad.status, 500);
      assert.deepEqual(await bad.json(), { error: 'strategy_failed' });
    }
  });
});

describe('worker pool (Node)', () => {
  test('each worker warms up before its first call: ready resolves before the first answer, which is the same answer', async () => {
    const pool = webhook.pool.createWorkerPool({ size: 1 });
    try {
      const order = [];
      const warm = pool.ready.then(() => order.push('ready'));
      const options = { algorithm: 'expectimax-v2', effort: 2, seed: 7 };
      const answer = pool.getBestMove(ROLL, options).then((best) => { order.push('answer'); return best; });
      const [, best] = await Promise.all([warm, answer]);
      assert.deepEqual(order, ['ready', 'answer']);
      // The warm-up leaves nothing behind: the pooled answer is the one of a fresh instance.
      assert.deepEqual(best.moves, api.getBestMove(ROLL, options).moves);
    } finally {
      await pool.close();
    }
  });

  test('three simultaneous turns through a pool of three workers: each answer is a legal turn of its roll', async () => {
    const pool = webhook.pool.createWorkerPool({ size: 3 });
    try {
      assert.equal(pool.size, 3);
      const handler = webhook.createWebhookHandler({ secret: SECRET, engine: pool, search: { timeBudgetMs: 200 } });
      const rolls = [ROLL, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 pnb'];
      const answers = await Promise.all(rolls.map(async (dfen) => {
        const seat = dfen.split(' ')[1] === 'w' ? 'white' : 'black';
        const message = { type: 'yourTurn', gameId: dfen, seat, state: { version: 1, dfen, activeSeat: seat, dicePending: false, clocks: null, legalMoves: null, mayOfferDraw: true, timeControl: null } };
        const response = await handler(await signedRequest('http://bot.test/', SECRET, message));
        return { dfen, status: response.status, body: await response.json() };
      }));
      for (const { dfen, status, body } of answers) {
        assert.equal(status, 200, dfen);
        assert.ok(api.applyTurn(dfen, body.moves) !== undefined, `${dfen}: ${body.moves}`);
      }
      // The registry functions reach every worker.
      assert.equal(await pool.registerOpeningBookBot({ 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BNP': 'e2e4,f1c4,g1f3' }, 'greedy', 'pool-book', 'Pool book'), true);
      const booked = await Promise.all([1, 2, 3].map(() => pool.getBestMove(ROLL, { algorithm: 'pool-book' })));
      for (const b of booked) assert.deepEqual(api.toUciMoves(b.moves).sort(), ['e2e4', 'f1c4', 'g1f3']);
    } finally {
      await pool.close();
    }
  });
});

// ---- the examples on the other runtimes ------------------------------------------------------
const [DENO, BUN, WORKERD] = [PINNED_DENO, PINNED_BUN, PINNED_WORKERD].map(required);
const NODE = Object.fromEntries(Object.entries(PINNED_NODE).map(([major, node]) => [major, required(node)]));
const EXAMPLES = join(ROOT, 'examples', 'webhook');

/** Starts a server, waits until `url` answers, replays a game and the protocol's requests against it, stops it. */
function replayServer(cmd, args, url, options, { bot = strongest, turns = 4 } = {}) {
  return withServer(cmd, args, url, options, async (_, log) => {
    const { failures, played } = await replay({ send: (r) => fetch(r), api, url, secret: SECRET, pendingSecret: PENDING, bot, turns });
    assert.deepEqual(failures, [], log());
    assert.ok(played > 0);
  });
}

describe('the examples on Node 20, 22 and 24, Deno, Bun (run and compiled) and workerd', () => {
  let dir;
  before(() => {
    dir = join(scratch(), 'webhook-examples');
    mkdirSync(dir, { recursive: true });
    for (const file of ['deno.mjs', 'bun.mjs', 'node.mjs', 'worker.mjs']) copyFileSync(join(EXAMPLES, file), join(dir, file));
  });
  const env = (port, extra = {}) => ({ WEBHOOK_SECRET: SECRET, WEBHOOK_PENDING_SECRET: PENDING, PORT: String(port), NO_COLOR: '1', ...extra });

  for (const [major, node] of Object.entries(NODE)) {
    test(`Node ${major}: examples/webhook/node.mjs (toNodeListener over a worker pool)`, { skip: node.skip ?? false }, async () => {
      const port = await freePort();
      await replayServer(node.path ?? '', ['node.mjs'], `http://127.0.0.1:${port}/`, { cwd: dir, env: env(port) });
    });
  }

  test(`Deno ${PINNED.devDependencies.deno}: examples/webhook/deno.mjs (Deno.serve)`, { skip: DENO.skip ?? false }, async () => {
    const port = await freePort();
    await replayServer(DENO.path, ['run', '--allow-net', '--allow-env', '--allow-read', 'deno.mjs'], `http://127.0.0.1:${port}/`,
      { cwd: dir, env: env(port, { DENO_DIR: join(dir, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' }) });
  });

  test(`Bun ${PINNED.devDependencies.bun}: examples/webhook/bun.mjs (Bun.serve)`, { skip: BUN.skip ?? false }, async () => {
    const port = await freePort();
    await replayServer(BUN.path, ['bun.mjs'], `http://127.0.0.1:${port}/`, { cwd: dir, env: env(port) });
  });

  test(`Bun ${PINNED.devDependencies.bun}: examples/webhook/bun.mjs compiled (bun build --compile)`, { skip: BUN.skip ?? false }, async () => {
    const built = spawnSync(BUN.path, ['build', '--compile', 'bun.mjs', '--outfile=bun-webhook'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(built.status, 0, built.stderr);
    const port = await freePort();
    await replayServer(join(dir, 'bun-webhook'), [], `http://127.0.0.1:${port}/`, { cwd: dir, env: env(port) });
  });

  // The Worker answers with a bot that takes no budget, so that the replayed game is quick; every
  // bot on workerd's clock is frozen-clock.test.mjs's.
  test('workerd standalone: examples/webhook/worker.mjs bundled with the "workerd" condition', { skip: WORKERD.skip ?? false }, async () => {
    const wd = join(dir, 'workerd');
    mkdirSync(wd, { recursive: true });
    const port = await freePort();
    prepareWorkerd(wd, join(scratch(), 'node_modules', 'dicechess-wasm', 'dist', 'web'), port, {
      entry: '../worker.mjs',
      bindings: { WEBHOOK_SECRET: SECRET, WEBHOOK_PENDING_SECRET: PENDING, WEBHOOK_BOT: 'greedy-v2' },
    });
    await replayServer(WORKERD.path, ['serve', 'config.capnp'], `http://127.0.0.1:${port}/`, { cwd: wd }, { bot: 'greedy-v2' });
  });
});


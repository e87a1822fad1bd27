#!/usr/bin/env node
// The webhook bot (dicechess-wasm/webhook, issue 30) through the package's Node files (pkg/, built by
// scripts/build): what the handler adds to a turn (signature check, JSON, the tree walk, the
// answer) beside the engine's own calls, and three simultaneous turns answered in process and by
// a worker pool. Part of `npm run bench`; alone: `node scripts/bench-webhook.mjs`. The output goes
// into the region `webhook` of BENCHMARKS.md (scripts/lib/bench-table.mjs).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BenchReport } from './lib/bench-table.mjs';
import { signedRequest } from '../tests/js/lib/webhook-client.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => import(pathToFileURL(join(ROOT, 'pkg', 'dist', 'node', file)).href);
const { DiceChess } = await dist('index.js');
const { createWebhookHandler } = await dist('webhook.js');
const { createWorkerPool } = await dist('worker-pool.js');
const REGIONS = ['webhook'];
const report = new BenchReport(REGIONS);
report.region('webhook');

const SECRET = 'bench-secret';
const turnMessage = (dfen, tree, mayOfferDraw) => {
  const seat = DiceChess.getBoard(dfen).turn;
  return {
    type: 'yourTurn', gameId: 'bench', seat,
    state: { version: 1, dfen, activeSeat: seat, dicePending: false, clocks: null, legalMoves: tree, mayOfferDraw, timeControl: null },
  };
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x) => `${x.toFixed(2)} ms`;

// 1. The handler's own cost per turn: the turns of seeded games by `greedy` (no search budget), the
// time in the engine's calls (timed around them) taken from the handler's.
let engineMs = 0;
const timed = Object.fromEntries(Object.entries(DiceChess).map(([name, f]) => [name, (...args) => {
  const t = performance.now();
  try { return f(...args); } finally { engineMs += performance.now() - t; }
}]));
const handler = createWebhookHandler({ secret: SECRET, bot: 'greedy', engine: timed });
await handler.ready;
const overheads = [];
const totals = [];
for (let seed = 1; overheads.length < 200; seed++) {
  const game = DiceChess.createGame({ seed });
  while (!game.isOver() && overheads.length < 200) {
    const request = await signedRequest('http://bench/', SECRET, turnMessage(game.dfen(), game.tree(), true));
    engineMs = 0;
    const t = performance.now();
    const answer = await (await handler(request)).json();
    const total = performance.now() - t;
    totals.push(total);
    overheads.push(total - engineMs);
    if (!game.playTurn(answer.moves)) break;
  }
  game.free();
}
report.log(`handler overhead per turn (200 turns of seeded games, greedy, the tree sent): p50 ${ms(quantile(overheads, 0.5))}, max ${ms(Math.max(...overheads))}; whole turn p50 ${ms(quantile(totals, 0.5))}`);

// 2. Three simultaneous turns with a 300 ms budget each: when each answer comes, in process (one
// thread: the searches queue) and through a pool of three workers.
const ROLLS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN',
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 pnb',
];
async function threeTurns(options) {
  const h = createWebhookHandler({ secret: SECRET, bot: 'expectimax-v2', untimedBudgetMs: 300, ...options });
  await h.ready;
  const requests = await Promise.all(ROLLS.map((dfen) => signedRequest('http://bench/', SECRET, turnMessage(dfen, null, false))));
  const start = performance.now();
  return Promise.all(requests.map(async (r) => { await (await h(r)).json(); return performance.now() - start; }));
}
const inProcess = await threeTurns({});
const pool = createWorkerPool({ size: 3 });
await threeTurns({ engine: pool }); // the workers' first searches warm them
const pooled = await threeTurns({ engine: pool });
await pool.close();
const list = (xs) => xs.map((x) => `${Math.round(x)}`).sort((a, b) => a - b).join(', ');
report.log(`three simultaneous turns at 300 ms (expectimax-v2), answered after: in process ${list(inProcess)} ms; worker pool of 3: ${list(pooled)} ms`);
report.write();

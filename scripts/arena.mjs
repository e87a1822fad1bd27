#!/usr/bin/env node
// A paired arena through the npm package in Node (issue 12): the shipped WebAssembly build, not
// the native CLI, so that its strength can be compared with `dicechess arena`'s.
//
//   node scripts/arena.mjs --bot expectimax-v2 --baseline expectimax --pairs 200 --move-time 50 \
//     [--seed 1] [--threads 2] [--package pkg/dist/node/index.cjs]
//
// Pair i plays two games from the standard start on the same dice: the bot is White in the first
// and Black in the second. Turn t of both games rolls the t-th dice of the pair's stream (a
// xorshift generator seeded by the seed and i), so luck cancels within a pair as in the CLI's arena.
// A game ends when a king is captured, or is drawn at the CLI's limits: a half-move clock of 100
// at the start of a turn, or 5,000 turns. Each bot call gets `timeBudgetMs: --move-time` and a
// seed derived from the pair and the turn. The pairs are shared among worker threads.
//
// Prints W-L-D from the bot's view, the score with its 95% confidence interval over pairs (the
// pentanomial variance, as the CLI's arena), the Elo difference, and the score as White and as
// Black; `--json FILE` writes the same numbers and every game's result.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const FACES = 'PNBRQK';
const HALFMOVE_DRAW = 100;
const TURN_CAP = 5000;

if (isMainThread) {
  await main();
} else {
  worker(workerData);
}

async function main() {
  const { values } = parseArgs({
    options: {
      bot: { type: 'string' },
      baseline: { type: 'string' },
      pairs: { type: 'string', default: '200' },
      'move-time': { type: 'string', default: '50' },
      seed: { type: 'string', default: '1' },
      threads: { type: 'string', default: '2' },
      package: { type: 'string', default: join(ROOT, 'pkg', 'dist', 'node', 'index.cjs') },
      json: { type: 'string' },
    },
  });
  const count = (name, min) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) usage(`--${name} expects a whole number of at least ${min}`);
    return n;
  };
  if (!values.bot || !values.baseline) usage('--bot and --baseline are required');
  const pairs = count('pairs', 1), moveTime = count('move-time', 1), seed = count('seed', 0), threads = count('threads', 1);
  const pkg = resolve(values.package);
  const E = createRequire(import.meta.url)(pkg);
  const ids = E.getAvailableBots().map((b) => b.id);
  for (const id of [values.bot, values.baseline]) if (!ids.includes(id)) usage(`unknown bot '${id}' (the package has ${ids.join(', ')})`);

  const started = performance.now();
  const results = new Array(pairs);
  let done = 0;
  await Promise.all(Array.from({ length: Math.min(threads, pairs) }, (_, t) => new Promise((ok, fail) => {
    const indices = [];
    for (let i = t; i < pairs; i += threads) indices.push(i);
    const w = new Worker(fileURLToPath(import.meta.url), {
      workerData: { pkg, bot: values.bot, baseline: values.baseline, moveTime, seed, indices },
    });
    w.on('message', (m) => {
      results[m.pair] = m;
      done += 1;
      if (process.stderr.isTTY) process.stderr.write(`\r${done}/${pairs} pairs`);
    });
    w.on('error', fail);
    w.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`worker ${t} exited with ${code}`))));
  })));
  if (process.stderr.isTTY) process.stderr.write('\n');

  const report = summarize(results, { ...values, pairs, moveTime, seed, threads, package: pkg });
  report.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const pct = (x) => (100 * x).toFixed(1);
  console.log(`${values.bot} vs ${values.baseline}, ${pairs} pairs at ${moveTime} ms a move through ${pkg}`);
  console.log(`  W-L-D ${report.wins}-${report.losses}-${report.draws}: score ${pct(report.score)}% ± ${pct(report.interval)} (95%), Elo ${report.elo.toFixed(0)}`);
  console.log(`  as White ${pct(report.asWhite)}%, as Black ${pct(report.asBlack)}%; ${report.seconds} s`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ ...report, games: results }, null, 1)}\n`);
}

function usage(message) {
  console.error(`arena.mjs: ${message}\nusage: node scripts/arena.mjs --bot ID --baseline ID [--pairs N] [--move-time MS] [--seed S] [--threads T] [--package FILE] [--json FILE]`);
  process.exit(2);
}

/** W/L/D, score, its 95% interval over pair scores, Elo, and the score by colour. */
function summarize(results, options) {
  let wins = 0, losses = 0, draws = 0, white = 0, black = 0;
  const pairScores = results.map(({ games }) => {
    let s = 0;
    games.forEach((g, k) => {
      const score = g.winner === null ? 0.5 : g.winner === g.bot ? 1 : 0;
      if (score === 1) wins++; else if (score === 0) losses++; else draws++;
      if (k === 0) white += score; else black += score;
      s += score;
    });
    return s / 2;
  });
  const n = pairScores.length;
  const score = pairScores.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? pairScores.reduce((a, s) => a + (s - score) ** 2, 0) / (n - 1) : 0;
  const interval = 1.96 * Math.sqrt(variance / n);
  const clamped = Math.min(Math.max(score, 1e-6), 1 - 1e-6);
  return {
    bot: options.bot, baseline: options.baseline, pairs: n, moveTimeMs: options.moveTime, seed: options.seed,
    package: options.package, wins, losses, draws, score, interval, elo: -400 * Math.log10(1 / clamped - 1),
    asWhite: white / n, asBlack: black / n,
  };
}

/** A worker: plays its pairs and posts each pair's two results. */
function worker({ pkg, bot, baseline, moveTime, seed, indices }) {
  const E = createRequire(import.meta.url)(pkg);
  for (const pair of indices) {
    const games = [['white', 'black'], ['black', 'white']].map(([botColor]) => {
      const dice = diceStream(seed, pair);
      return { bot: botColor, ...playGame(E, (turn) => (turn === botColor ? bot : baseline), dice, (t) => seed * 1e6 + pair * 1e3 + (t % 1000), moveTime) };
    });
    parentPort.postMessage({ pair, games });
  }
}

/** One game from the start: `who(color)` names the bot to move, `dice()` the next three faces. */
function playGame(E, who, dice, seedOf, moveTime) {
  let pos = START;
  for (let t = 0; t < TURN_CAP; t++) {
    const [, side, , , halfmove] = pos.split(' ');
    if (Number(halfmove) >= HALFMOVE_DRAW) return { winner: null, turns: t, termination: 'halfmove' };
    const color = side === 'w' ? 'white' : 'black';
    const faces = dice();
    const roll = `${pos} ${color === 'white' ? faces : faces.toLowerCase()}`;
    const best = E.getBestMove(roll, { algorithm: who(color), timeBudgetMs: moveTime, seed: seedOf(t) });
    const moves = best.moves.map((m) => `${m.from}${m.to}${m.promotion ?? ''}`);
    const next = moves.length > 0 ? E.applyTurn(roll, moves) : E.endTurn(roll);
    if (next === undefined) throw new Error(`${who(color)} played an illegal turn ${moves.join(' ')} on ${roll}`);
    const status = E.getGameStatus(next);
    if (status.over) return { winner: status.winner, turns: t + 1, termination: 'king-captured' };
    pos = next.split(' ').slice(0, 6).join(' ');
  }
  return { winner: null, turns: TURN_CAP, termination: 'turn-cap' };
}

/** The dice of pair `pair`: a xorshift32 stream seeded by the arena's seed and the pair. */
function diceStream(seed, pair) {
  let x = (Math.imul(seed + 1, 0x9e3779b1) ^ Math.imul(pair + 1, 0x85ebca6b)) >>> 0 || 1;
  const next = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
  return () => FACES[next() % 6] + FACES[next() % 6] + FACES[next() % 6];
}

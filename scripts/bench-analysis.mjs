#!/usr/bin/env node
// The analysis functions through the package's full Node entry (pkg/, built by scripts/build), in
// wasm (docs/ANALYSIS.md, BENCHMARKS.md "Analysis"): getWinProbability per call without and with
// dice, analyzeTurn at its default budget, and reviewGame of a 40-turn self-play game at its default
// per-turn budget. Part of `npm run bench`; alone: `node scripts/bench-analysis.mjs`. The output
// goes into the region `analysis` of BENCHMARKS.md (scripts/lib/bench-table.mjs).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { perCall } from './bench-timing.mjs';
import { DICE, POSITIONS } from './bench-rolls.mjs';
import { BenchReport } from './lib/bench-table.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const P = createRequire(import.meta.url)(join(ROOT, 'pkg', 'dist', 'node', 'index.cjs'));

const REGIONS = ['analysis'];
const report = new BenchReport(REGIONS);
report.region('analysis');

const fens = Object.values(POSITIONS);
let k = 0;
const noDice = perCall(() => P.getWinProbability(fens[k++ % fens.length]));
report.log(`getWinProbability without dice (the calibrated win probability): ${noDice.toFixed(2)} µs per call through the package, over ${fens.length} positions`);
for (const [name, fen] of Object.entries(POSITIONS)) {
  const roll = `${fen} ${DICE['123']}`;
  report.log(`getWinProbability with dice, ${name} ${DICE['123']}: ${perCall(() => P.getWinProbability(roll)).toFixed(2)} µs per call`);
}
// Every roll of the five positions (a king capture found by the exact check costs more).
const FACES = 'PNBRQK';
const rolls = [];
for (const fen of fens) {
  const white = fen.split(' ')[1] === 'w';
  for (let a = 0; a < 6; a++) for (let b = a; b < 6; b++) for (let c = b; c < 6; c++) {
    const dice = FACES[a] + FACES[b] + FACES[c];
    rolls.push(`${fen} ${white ? dice : dice.toLowerCase()}`);
  }
}
let j = 0;
const anyRoll = perCall(() => P.getWinProbability(rolls[j++ % rolls.length]), 500);
report.log(`getWinProbability with dice, the 56 rolls of each position: ${anyRoll.toFixed(2)} µs per call`);

report.log('\nanalyzeTurn at its default budget (1000 ms), top 5:');
for (const [name, fen] of Object.entries(POSITIONS)) {
  const roll = `${fen} ${DICE['123']}`;
  const t0 = performance.now();
  const a = P.analyzeTurn(roll);
  const wall = performance.now() - t0;
  report.log(`  ${name.padEnd(10)} ${a.candidates.length} candidates, timeTakenMs ${a.timeTakenMs}, wall ${wall.toFixed(1)} ms, budget ${a.budgetMs}`);
}

// A 40-turn game: the first seeded expectimax self-play game that lasts 40 turns, cut there.
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** The first 40 turns of the game of dice seed `seed`, or null if it ends sooner. */
function game(seed) {
  let s = seed;
  const die = () => { s = (s * 1103515245 + 12345) % 2147483648; return 'pnbrqk'[(s >> 8) % 6]; };
  const turns = [];
  let pos = START;
  while (turns.length < 40) {
    if (P.getGameStatus(pos).over) return null;
    const white = pos.split(' ')[1] === 'w';
    const dice = white ? (die() + die() + die()).toUpperCase() : die() + die() + die();
    const best = P.getBestMove(`${pos} ${dice}`, { algorithm: 'expectimax', seed: turns.length });
    const moves = best.moves.map((m) => `${m.from}${m.to}${m.promotion ?? ''}`);
    turns.push({ dice, moves });
    // A complete turn (a pass included) hands the move to the opponent.
    const next = moves.length === 0 ? P.endTurn(`${pos} ${dice}`) : P.applyTurn(`${pos} ${dice}`, moves);
    if (next === undefined) throw new Error(`${pos} ${dice}: ${moves} not applied`);
    pos = next;
  }
  return turns;
}
let turns = null;
for (let seed = 1; turns === null; seed++) turns = game(seed);
const record = { result: '*', turns };
for (const budget of [undefined, 50]) {
  const t0 = performance.now();
  const r = P.reviewGame(record, budget === undefined ? undefined : { timeBudgetMs: budget });
  const wall = performance.now() - t0;
  if (!r.ok) throw new Error(r.error);
  report.log(`reviewGame of a ${r.turns.length}-turn game at ${budget ?? 'the default 250'} ms a turn: ${(wall / 1000).toFixed(2)} s (${(wall / r.turns.length).toFixed(0)} ms a turn)`);
}
report.write();

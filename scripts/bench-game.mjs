#!/usr/bin/env node
// The Game object (issue 14) through the package's Node entries (pkg/, built by scripts/build), in
// wasm: what a client pays per action. A seeded game is created, every legal move read and played
// until it ends (random choices from a fixed stream), then undone to the start and redone, and its
// record and notation written and read back. Part of `npm run bench`; alone:
// `node scripts/bench-game.mjs`. The output goes into the region `game` of BENCHMARKS.md
// (scripts/lib/bench-table.mjs).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { perCall } from './bench-timing.mjs';
import { BenchReport } from './lib/bench-table.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (entry) => createRequire(import.meta.url)(join(ROOT, 'pkg', 'dist', 'node', `${entry}.cjs`));
const REGIONS = ['game'];
const report = new BenchReport(REGIONS);
report.region('game');

for (const entry of ['index', 'rules']) {
  const P = load(entry);
  let seed = 1;
  // One game played to its end by the first legal move of each node, timed action by action.
  const games = 20;
  let reads = 0, plays = 0, undos = 0, redos = 0, turns = 0;
  let tRead = 0, tPlay = 0, tUndo = 0, tRedo = 0;
  for (let g = 0; g < games; g++) {
    const game = P.createGame({ seed: seed++ });
    while (!game.isOver() && game.turnNumber() < 300) {
      let t = performance.now();
      const moves = game.moves();
      tRead += performance.now() - t; reads++;
      if (moves.length === 0) break;
      t = performance.now();
      game.play(moves[(g + plays) % moves.length].uci);
      tPlay += performance.now() - t; plays++;
    }
    turns += game.history().length;
    let t = performance.now();
    while (game.undo()) undos++;
    tUndo += performance.now() - t;
    t = performance.now();
    while (game.redo()) redos++;
    tRedo += performance.now() - t;
    game.free();
  }
  const us = (ms, n) => ((ms * 1000) / n).toFixed(1);
  report.log(`${entry === 'index' ? '.      ' : './rules'} ${games} games, ${turns} turns: moves() ${us(tRead, reads)} µs, play() ${us(tPlay, plays)} µs, undo() ${us(tUndo, undos)} µs, redo() ${us(tRedo, redos)} µs per call`);
  const game = P.createGame({ seed: 7 });
  while (!game.isOver() && game.turnNumber() < 80) { const m = game.moves(); if (m.length === 0) break; game.play(m[0].uci); }
  const record = game.toRecord();
  report.log(`        a ${game.history().length}-turn game: createGame ${perCall(() => P.createGame({ seed: 3 })?.free()).toFixed(1)} µs, history() ${perCall(() => game.history()).toFixed(1)} µs, toRecord() ${perCall(() => game.toRecord()).toFixed(1)} µs, gameFromRecord ${perCall(() => P.gameFromRecord(record).game?.free()).toFixed(1)} µs`);
  if (entry === 'index') {
    const text = game.toNotation();
    report.log(`        toNotation() ${perCall(() => game.toNotation()).toFixed(1)} µs, gameFromNotation ${perCall(() => P.gameFromNotation(text).game?.free()).toFixed(1)} µs`);
  }
}
report.write();

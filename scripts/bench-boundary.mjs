#!/usr/bin/env node
// `npm run bench`, issue 15: the boundary's conversions, the package's forms (JSON text of the Rust
// types, the turn tree's codes, the options read field by field) against serde-wasm-bindgen's plain
// objects, on the same values (src/wasm/bench_boundary.rs), and the turn tree through the package. Two benchmark-only full modules are built like the shipped one
// (opt-level "s", the package's wasm-opt flags): features bench-boundary (the package's side only) and
// bench-serde (both sides); the difference of their sizes is what serde-wasm-bindgen would add.
// Times: median µs per conversion over many samples after a warm-up (a sample is the mean of a
// batch of calls, so that sub-microsecond conversions are above the timer's resolution).
// The output goes into the region `boundary` of BENCHMARKS.md (scripts/lib/bench-table.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { idField, numberField, objectField } from '../pkg-template/js/input.js';
import { decodeJson, decodeMoves, decodeTree } from '../pkg-template/js/protocol.js';
import { POSITIONS } from './bench-rolls.mjs';
import { BenchReport } from './lib/bench-table.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);
const REGIONS = ['boundary'];
const report = new BenchReport(REGIONS);

/** Builds the full module with `features` added, as scripts/build and assemble.mjs build the shipped one; its glue and size. */
function build(name, features) {
  const dir = join(ROOT, 'target', 'wasm-pack', `nodejs-${name}`);
  execFileSync('wasm-pack', ['--quiet', 'build', '--release', '--no-opt', '--no-pack', '--target', 'nodejs', '--out-dir', dir,
    '--out-name', name, '--', '--no-default-features', '--features', `wasm,search,book,${features}`],
  { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CARGO_PROFILE_RELEASE_OPT_LEVEL: 's' } });
  const wasm = join(dir, `${name}_bg.wasm`);
  execFileSync(join(ROOT, 'node_modules', '.bin', 'wasm-opt'), [wasm, '-o', wasm, ...PKG.wasmOpt.flags, ...Object.values(PKG.wasmOpt.features)]);
  writeFileSync(join(dir, 'package.json'), '{"type": "commonjs"}\n');
  return { glue: require(join(dir, `${name}.js`)), bytes: readFileSync(wasm).length };
}

const text = build('dicechess_boundary', 'bench-boundary');
const serde = build('dicechess_serde', 'bench-serde');
const shipped = readFileSync(join(ROOT, 'pkg', 'dist', 'web', 'dicechess_bg.wasm')).length;
const G = serde.glue;

/** Median µs per call of `f`: `samples` samples of `batch` calls each, after `warm` calls. */
function median(f, batch, samples = 400, warm = 200) {
  for (let i = 0; i < warm; i++) f();
  const t = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) f();
    t.push(((performance.now() - t0) * 1000) / batch);
  }
  t.sort((a, b) => a - b);
  return t[t.length >> 1];
}
const us = (x) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)).padStart(8);

// The values: greedy's best move on kiwipete 123, the bots, 100 rollouts of equity, and the
// report of a small book with valid lines, errors and warnings.
const roll = `${POSITIONS.kiwipete} PNB`;
const book = [
  '# a small book: lines of every sort',
  `${POSITIONS.initial.split(' ').slice(0, 4).join(' ')} PNB\te2e4 b1c3 f1c4\t3`,
  `${POSITIONS.initial.split(' ').slice(0, 4).join(' ')} PPP\te2e4 d2d4 c2c4\t2`,
  `${POSITIONS.kiwipete.split(' ').slice(0, 4).join(' ')} PNB\te5f7 a2a3 d2g5\t1`,
  ...Array.from({ length: 12 }, (_, i) => `not a key ${i}\te2e4`),
  ...Array.from({ length: 6 }, (_, i) => `${POSITIONS.initial.split(' ').slice(0, 4).join(' ')} PNB\te2e${i}`),
].join('\n');
if (!G.boundary_prepare(roll, 'greedy', book)) throw new Error('boundary_prepare failed');

/** Checks that two forms give the same value (JSON text, so key order counts too). */
function same(label, a, b) {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${label}: the two forms differ:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
}

// Options in: the wrapper reads each field (input.js) and passes them (the package's side), or hands
// the object to serde_wasm_bindgen::from_value.
const options = { algorithm: 'expectimax-v2', clock: { remainingMs: 60000, incrementMs: 1000, moveNumber: 12 }, timePolicy: 'empirical-v1', seed: 7 };
function optionsText(o) {
  const clock = objectField(o, 'clock');
  let remaining, increment, moveNumber, movesToGo;
  if (clock !== undefined) {
    remaining = numberField(clock, 'remainingMs');
    increment = numberField(clock, 'incrementMs');
    moveNumber = numberField(clock, 'moveNumber');
    movesToGo = numberField(clock, 'movesToGo');
  }
  return G.options_text(idField(o, 'algorithm'), remaining, increment, moveNumber, movesToGo, idField(o, 'timePolicy'),
    numberField(o, 'timeBudgetMs'), numberField(o, 'seed'));
}
const optionsSerde = (o) => G.options_serde(o);
same('options', optionsText(options), optionsSerde(options));

// As getBestMove decodes it, its timeTakenMs (the wrapper's) 0 as on the serde side.
const bestText = () => {
  const r = decodeJson(G.best_move_text());
  decodeMoves(r.moves);
  r.timeTakenMs = 0;
  return r;
};
const bestSerde = () => G.best_move_serde();
const botsText = () => decodeJson(G.available_bots());
const botsSerde = () => G.bots_serde();
const equityText = () => decodeJson(G.equity_text());
const equitySerde = () => G.equity_serde();
const reportText = () => decodeJson(G.report_text());
const reportSerde = () => G.report_serde();
const treeJson = () => decodeJson(G.tree_text(roll));
const treeCodes = () => decodeTree(G.legal_turn_tree(roll));
const treeSerde = () => G.tree_serde(roll);
for (const [label, a, b] of [['best move', bestText, bestSerde], ['bots', botsText, botsSerde], ['equity', equityText, equitySerde],
  ['book report', reportText, reportSerde], ['tree (JSON)', treeJson, treeSerde], ['tree (codes)', treeCodes, treeSerde]]) same(label, a(), b());
const bookReport = reportText();

report.region('boundary');
report.log(`the boundary, the package's forms against serde-wasm-bindgen (issue 15; Node ${process.version}, full module at opt-level s)`);
report.log('median µs per conversion, the export call and the wrapper\'s decoding included:');
report.log(`${'value'.padEnd(44)} ${'package'.padStart(8)} ${'serde'.padStart(8)}  serde/package`);
const rows = [
  [`options in (getBestMove, ${Object.keys(options).length} fields and a clock)`, () => optionsText(options), () => optionsSerde(options), 200],
  [`getBestMove's result (${bestText().moves.length} moves)`, bestText, bestSerde, 200],
  [`getAvailableBots (${botsText().length} bots)`, botsText, botsSerde, 100],
  ['estimateEquity\'s result', equityText, equitySerde, 200],
  [`validateOpeningBook's report (${bookReport.errors.length} errors, ${bookReport.warnings.length} warnings)`, reportText, reportSerde, 50],
  ['turn tree, kiwipete 123: JSON text (before)', treeJson, treeSerde, 2],
  ['turn tree, kiwipete 123: codes (shipped)', treeCodes, treeSerde, 2],
];
for (const [label, a, b, batch] of rows) {
  // Alternate the two sides over three rounds, each keeping its fastest median: the machine is shared.
  let ta = Infinity, tb = Infinity;
  for (let round = 0; round < 3; round++) {
    ta = Math.min(ta, median(a, batch));
    tb = Math.min(tb, median(b, batch));
  }
  report.log(`${label.padEnd(44)} ${us(ta)} ${us(tb)}  ${(tb / ta).toFixed(2)}x`);
}
report.log(`\n.wasm bytes after wasm-opt: shipped full ${shipped}; bench module, package side only ${text.bytes}; with the serde side ${serde.bytes}`);
report.log(`serde-wasm-bindgen's side of the bench module (all the values above, its shared code included): +${serde.bytes - text.bytes} bytes`);

// The turn tree through the package (the shipped modules), both entries and game.tree().
const E = { full: require(join(ROOT, 'pkg', 'dist', 'node', 'index.cjs')), rules: require(join(ROOT, 'pkg', 'dist', 'node', 'rules.cjs')) };
report.log('\nthe turn tree through the package, kiwipete 123 (6,282 leaves), median µs per call (target <= 350):');
for (const [entry, ns] of Object.entries(E)) {
  const game = ns.createGame({ start: roll });
  let tree = Infinity, gameTree = Infinity;
  for (let round = 0; round < 3; round++) {
    tree = Math.min(tree, median(() => ns.getLegalTurnTree(roll), 1, 600));
    gameTree = Math.min(gameTree, median(() => game.tree(), 1, 600));
  }
  game.free?.();
  report.log(`  ${entry.padEnd(6)} getLegalTurnTree ${us(tree)}   game.tree() ${us(gameTree)}`);
}
report.write();

#!/usr/bin/env node
// `npm run bench`: the Node benchmark of the package (issue 3). Per-call latency of each rules
// function through the JS boundary on the benchmark positions of the rules issue, our pseudo-legal
// perft against chessops' perft in the same process, and the sizes of both .wasm files.
// Each table goes into its region of BENCHMARKS.md (scripts/lib/bench-table.mjs), under the
// conditions of the run.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { perft as chessopsPerft } from 'chessops/debug';
import { DICE, POSITIONS } from './bench-rolls.mjs';
import { BenchReport } from './lib/bench-table.mjs';
import { wasmOptArgs, wasmPackEnv } from './lib/wasm-modules.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const E = createRequire(import.meta.url)(join(ROOT, 'pkg', 'dist', 'node', 'rules.cjs'));


/** Mean microseconds per call of `f`, over at least `minMs` of calls after a warm-up. */
function time(f, minMs = 200) {
  for (let i = 0; i < 50; i++) f();
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) {
    for (let i = 0; i < 20; i++) f();
    n += 20;
    t = performance.now();
  }
  return ((t - t0) * 1000) / n;
}
const REGIONS = ['rules-package', 'rules-wasm-native', 'deadlines', 'package-sizes', 'search-wasm-native'];
const report = new BenchReport(REGIONS);
const us = (x) => (x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)).padStart(8);
// `node scripts/bench.mjs [REGION…]` measures and rewrites only those regions (the others keep
// their tables); with none, all of them.
const ONLY = process.argv.slice(2);
for (const r of ONLY) if (!REGIONS.includes(r)) throw new Error(`unknown region ${r}: one of ${REGIONS.join(', ')}`);
const wants = (region) => ONLY.length === 0 || ONLY.includes(region);
const FULL = createRequire(import.meta.url)(join(ROOT, 'pkg', 'dist', 'node', 'index.cjs'));

/**
 * Builds a benchmark-only twin of module `kind` (`rules` or `full`: its opt-level, or `optLevel`,
 * and its wasm features, package.json's wasmModules) with the cargo `features` into
 * target/wasm-pack/`folder`, optimises it as scripts/assemble.mjs does, and loads its nodejs glue.
 */
function benchModule(kind, features, name, folder, optLevel) {
  const dir = join(ROOT, 'target', 'wasm-pack', folder);
  execFileSync('wasm-pack', ['--quiet', 'build', '--release', '--no-opt', '--no-pack', '--target', 'nodejs',
    '--out-dir', dir, '--out-name', name, '--', '--no-default-features', '--features', features],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: wasmPackEnv(kind, process.env, optLevel) });
  const wasm = join(dir, `${name}_bg.wasm`);
  execFileSync(join(ROOT, 'node_modules', '.bin', 'wasm-opt'), [...wasmOptArgs(kind), wasm, '-o', wasm]);
  // The nodejs glue is CommonJS, but this repository's package.json says "type": "module".
  writeFileSync(join(dir, 'package.json'), '{"type": "commonjs"}\n');
  return createRequire(import.meta.url)(join(dir, `${name}.js`));
}

if (wants('rules-package')) {
  report.region('rules-package');
  report.log(`dicechess-wasm benchmark (Node ${process.version}, entry ./rules)\n`);
  report.log('legal-turn work per roll, µs per call through the JS boundary:');
  report.log(`${'position'.padEnd(10)} ${'dice'.padEnd(4)} ${'moves'.padStart(8)} ${'tree'.padStart(8)} ${'dice?'.padStart(8)} ${'turns'.padStart(6)}`);
  for (const [name, fen] of Object.entries(POSITIONS)) {
    for (const [label, dice] of Object.entries(DICE)) {
      const roll = `${fen} ${dice}`;
      const leaves = (t) => { const k = Object.keys(t); return k.length === 0 ? 1 : k.reduce((s, x) => s + leaves(t[x]), 0); };
      const tree = E.getLegalTurnTree(roll);
      const turns = Object.keys(tree).length === 0 ? 0 : leaves(tree);
      report.log(`${name.padEnd(10)} ${label.padEnd(4)} ${us(time(() => E.getLegalUciMoves(roll)))} ${us(time(() => E.getLegalTurnTree(roll)))} ${us(time(() => E.getPlayableDice(roll)))} ${String(turns).padStart(6)}`);
    }
  }
}

if (wants('rules-wasm-native')) {
  report.region('rules-wasm-native');
  report.log('the same work in wasm and natively, µs per call (enumerate: every legal turn visited with its');
  report.log('final position, as a bot does; tree: the turn tree as the export\'s codes, before the wrapper builds the objects):');

  // A benchmark-only rules module exporting the raw enumeration (feature bench-exports), built here.
  const GLUE = benchModule('rules', 'bench-exports', 'dicechess_bench', 'nodejs-bench');
  const rolls = [];
  for (const [name, fen] of Object.entries(POSITIONS)) {
    for (const [label, dice] of Object.entries(DICE)) rolls.push([`${name} ${label}`, `${fen} ${dice}`]);
  }
  // The machine is shared: native and wasm alternate over RULES_ROUNDS rounds and each keeps its
  // fastest, so that a burst of load does not land on one side only.
  const RULES_ROUNDS = 3;
  const best = new Map(rolls.map(([, roll]) => [roll, { nEnum: Infinity, nTree: Infinity, wEnum: Infinity, wTree: Infinity }]));
  for (let round = 0; round < RULES_ROUNDS; round++) {
    const native = JSON.parse(execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'native_turns', '--', ...rolls.map((r) => r[1])], { cwd: ROOT, encoding: 'utf8' }));
    for (const [, roll] of rolls) {
      const b = best.get(roll);
      const [nEnum, nTree] = native[roll];
      b.nEnum = Math.min(b.nEnum, nEnum);
      b.nTree = Math.min(b.nTree, nTree);
      b.wEnum = Math.min(b.wEnum, time(() => GLUE.enumerate_legal_turns(roll)));
      b.wTree = Math.min(b.wTree, time(() => GLUE.legal_turn_tree(roll)));
    }
  }
  report.log(`fastest of ${RULES_ROUNDS} alternating rounds:`);
  report.log(`${'roll'.padEnd(14)} ${'turns'.padStart(6)} | ${'enumerate'.padStart(9)} ${'native'.padStart(8)}  ratio | ${'tree'.padStart(8)} ${'native'.padStart(8)}  ratio`);
  const ratios = [];
  for (const [label, roll] of rolls) {
    const turns = GLUE.enumerate_legal_turns(roll);
    const { nEnum, nTree, wEnum, wTree } = best.get(roll);
    if (turns >= 100) ratios.push(nEnum / wEnum);
    report.log(`${label.padEnd(14)} ${String(turns).padStart(6)} | ${us(wEnum).padStart(9)} ${us(nEnum)}  ${(nEnum / wEnum).toFixed(2)}x | ${us(wTree)} ${us(nTree)}  ${(nTree / wTree).toFixed(2)}x`);
  }
  const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  report.log(`wasm speed relative to native on enumeration, geometric mean over rolls with >= 100 turns: ${geo.toFixed(2)}x`);
}

if (wants('rules-package')) {
  report.region('rules-package');
  report.log('\nother functions, µs per call (initial position):');
  const roll = `${POSITIONS.initial} PNB`;
  for (const [label, f] of [
    ['generateMoves (PNB)', () => E.generateMoves(roll)],
    ['applyMove e2e4 (PNB)', () => E.applyMove(roll, 'e2', 'e4')],
    ['applyTurn e2e4 b1c3 f1c4', () => E.applyTurn(roll, ['e2e4', 'b1c3', 'f1c4'])],
    ['endTurn', () => E.endTurn(roll)],
    ['canonicalKey', () => E.canonicalKey(roll)],
    ['getGameStatus', () => E.getGameStatus(roll)],
    ['getPieceFromDice', () => E.getPieceFromDice(3)],
    ['perft depth 2 (no dice)', () => E.perft(POSITIONS.initial, 2)],
  ]) report.log(`  ${label.padEnd(28)} ${us(time(f))}`);

  report.log('\nperft without dice, nodes per second (ours: pseudo-legal with king capture; chessops: legal chess):');
  for (const [name, depth] of [['initial', 5], ['kiwipete', 4], ['endgame', 5]]) {
    const fen = POSITIONS[name];
    let t0 = performance.now();
    const ours = E.perft(fen, depth);
    const oursMs = performance.now() - t0;
    const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    t0 = performance.now();
    const theirs = chessopsPerft(pos, depth, false);
    const theirsMs = performance.now() - t0;
    const nps = (n, ms) => (n / (ms / 1000) / 1e6).toFixed(2);
    report.log(`  ${name.padEnd(9)} depth ${depth}: ours ${ours} nodes in ${oursMs.toFixed(0)} ms (${nps(ours, oursMs)} M/s); chessops ${theirs} nodes in ${theirsMs.toFixed(0)} ms (${nps(theirs, theirsMs)} M/s); ratio ${((ours / oursMs) / (theirs / theirsMs)).toFixed(1)}x`);
  }
}

if (wants('deadlines')) {
  report.region('deadlines');
  report.log('deadline: getBestMove with timeBudgetMs 100 through the full entry, 200 positions per bot,');
  report.log('wall time of the call in ms (target: p99 <= 110, max <= 125):');
  const positions = deadlinePositions(200);
  for (const bot of FULL.getAvailableBots()) {
    const q = callTimes(bot.id, positions.map((roll) => [roll, 7]));
    report.log(`  ${bot.id.padEnd(18)} p50 ${q(0.5).padStart(6)}  p95 ${q(0.95).padStart(6)}  p99 ${q(0.99).padStart(6)}  max ${q(1).padStart(6)}`);
  }

  // Adversarial wide rolls (issue 12): queens everywhere and dice QQQ, 20 calls each, for the bots
  // that take a budget (the others ignore it: issue 18).
  const WIDE = [
    'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ',
    'k7/8/2QQQQ2/2Q2Q2/2Q2Q2/2QQQQ2/8/K7 w - - 0 1 QQQ',
    'qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ b - - 0 1 qqq',
  ];
  report.log('\ndeadline on wide rolls (many queens, dice QQQ), timeBudgetMs 100, 20 calls per roll, ms:');
  for (const bot of FULL.getBotDetails().filter((b) => b.takesBudget)) {
    const q = callTimes(bot.id, WIDE.flatMap((roll) => Array.from({ length: 20 }, (_, seed) => [roll, seed])));
    report.log(`  ${bot.id.padEnd(18)} p50 ${q(0.5).padStart(6)}  p99 ${q(0.99).padStart(6)}  max ${q(1).padStart(6)}`);
  }
}

/** The wall times of `getBestMove` at 100 ms for each `[roll, seed]`, as a quantile function (ms). */
function callTimes(algorithm, calls) {
  const times = calls.map(([roll, seed]) => {
    const t0 = performance.now();
    FULL.getBestMove(roll, { algorithm, timeBudgetMs: 100, seed });
    return performance.now() - t0;
  });
  times.sort((a, b) => a - b);
  return (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)].toFixed(1);
}

/** `n` rolls reached by seeded random play from the start (a fresh game when one ends). */
function deadlinePositions(n) {
  let state = 12345;
  const rand = (k) => { state = (state * 1103515245 + 12345) % 2147483648; return state % k; };
  const faces = 'PNBRQK';
  const out = [];
  let pos = POSITIONS.initial;
  while (out.length < n) {
    const white = pos.split(' ')[1] === 'w';
    let dice = faces[rand(6)] + faces[rand(6)] + faces[rand(6)];
    if (!white) dice = dice.toLowerCase();
    const roll = `${pos} ${dice}`;
    out.push(roll);
    let tree = FULL.getLegalTurnTree(roll);
    const moves = [];
    while (Object.keys(tree).length > 0) {
      const keys = Object.keys(tree);
      const k = keys[rand(keys.length)];
      moves.push(k);
      tree = tree[k];
    }
    const next = moves.length ? FULL.applyTurn(roll, moves) : FULL.endTurn(roll);
    pos = next && !FULL.getGameStatus(next).over ? next.split(' ').slice(0, 6).join(' ') : POSITIONS.initial;
  }
  return out;
}

if (wants('package-sizes')) {
  report.region('package-sizes');
  report.log('.wasm sizes (after wasm-opt):');
  for (const f of ['dicechess_bg.wasm', 'dicechess_rules_bg.wasm']) {
    const b = readFileSync(join(ROOT, 'pkg', 'dist', 'web', f));
    report.log(`  ${f.padEnd(24)} ${b.length} bytes raw, ${gzipSync(b, { level: 9 }).length} bytes gzip -9`);
  }
}

if (wants('search-wasm-native')) {
  // Issue 4: the search in wasm and natively, and through the package. A second benchmark-only
  // module (features bench-exports and search) exports the library calls of benches/search.rs
  // (src/wasm/bench.rs); it is built as the full module is (its opt-level and SIMD128: package.json's
  // wasmModules.full), so that the wasm column is the code the package ships (DICECHESS_BENCH_OPT=s
  // builds it at another opt-level). examples/native_search.rs makes the same calls with the same
  // loop. The package column is the user's call through ./ (index.cjs): wrapper, option checks and
  // the JS boundary included. The machine is shared, so native and wasm alternate over SEARCH_ROUNDS
  // rounds, and each column keeps its fastest round.
  const SEARCH_OPT = process.env.DICECHESS_BENCH_OPT;
  const SEARCH_ROUNDS = 3;
  const SEARCH = benchModule('full', 'bench-exports,search', 'dicechess_bench_search', 'nodejs-bench-search', SEARCH_OPT);
  const SEARCH_BUILD = `${wasmPackEnv('full', {}, SEARCH_OPT).CARGO_PROFILE_RELEASE_OPT_LEVEL}${wasmPackEnv('full', {}).RUSTFLAGS ? ', SIMD128' : ''}`;
  const [ROLLOUTS, MAX_PLIES] = [20, 60];
  const searchRolls = Object.entries(POSITIONS).map(([name, fen]) => [name, `${fen} PNB`]);
  const nativeSearchArgs = [POSITIONS.kiwipete, POSITIONS.initial, String(ROLLOUTS), String(MAX_PLIES), ...searchRolls.map((r) => r[1])];
  const runNativeSearch = () => JSON.parse(execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'native_search', '--', ...nativeSearchArgs], { cwd: ROOT, encoding: 'utf8' }));
  // The NNUE evaluator's update and output (issue 32), on the fixture of benches/nnue.rs at the target
  // shape and at the shipped net's: the wasm side must reproduce the native check values (the same
  // logits), and does NNUE_PASSES passes a call.
  const NNUE_PASSES = 20;
  const { nnue: [, nnueCheck], nnueShipped: [, nnueShippedCheck] } = runNativeSearch();

  // Each measure: its wasm call, its native time in the example's JSON, its package call (optional),
  // and the work per call of its rate row (optional).
  const measures = [];
  for (const [i, [label, white, face]] of [['White king', true, 6], ['Black king', false, 6], ['White queen', true, 5]].entries()) {
    measures.push({ label: `kcp kiwipete, ${label}`, wasm: () => SEARCH.kcp_numerator(POSITIONS.kiwipete, white, face), native: (n) => n.kcp[i] });
  }
  {
    let seed = 0, pkgSeed = 0;
    if (SEARCH.estimate_equity(POSITIONS.initial, ROLLOUTS, MAX_PLIES, 0) !== ROLLOUTS) throw new Error('estimate_equity: rollouts played');
    measures.push({
      label: `equity initial, maxPlies ${MAX_PLIES}, µs per ${ROLLOUTS}`,
      wasm: () => SEARCH.estimate_equity(POSITIONS.initial, ROLLOUTS, MAX_PLIES, ++seed),
      native: (n) => n.equity[0],
      pkg: () => FULL.estimateEquity(POSITIONS.initial, { rollouts: ROLLOUTS, maxPlies: MAX_PLIES, seed: ++pkgSeed }),
      rate: ['equity initial, rollouts/s', ROLLOUTS],
    });
  }
  for (const [b, bot] of ['greedy', 'aggressive'].entries()) {
    for (const [name, roll] of searchRolls) {
      measures.push({
        label: `${bot} decision, ${name} 123`,
        wasm: () => SEARCH.choose_turn(roll, bot, 1),
        native: (n) => n.rolls[roll][b],
        pkg: () => FULL.getBestMove(roll, { algorithm: bot, seed: 1 }),
      });
    }
  }
  for (const [name, roll] of searchRolls) {
    const expanded = SEARCH.expectimax_search(roll, 1);
    measures.push({
      label: `expectimax untimed search, ${name} 123`,
      wasm: () => SEARCH.expectimax_search(roll, 1),
      native: (n) => {
        if (n.rolls[roll][3] !== expanded) throw new Error(`expectimax ${name}: ${expanded} expanded in wasm, ${n.rolls[roll][3]} natively`);
        return n.rolls[roll][2];
      },
      rate: [`  chance-node rolls/s (${expanded} expanded)`, 56 * expanded],
    });
  }

  // Issue 12: expectimax-v2's untimed search (depth 2, at most V2_NODES nodes, the shipped
  // evaluator) in nodes/s and chance-node rolls/s, and the win probability per evaluation (the five
  // positions parsed once, WINPROB_REPS passes per call).
  const V2_NODES = 200000;
  for (const [name, roll] of searchRolls) {
    const [nodes, rolls] = SEARCH.expectimax_v2_search(roll, V2_NODES).split(' ').map(Number);
    measures.push({
      label: `expectimax-v2 untimed search, ${name} 123`,
      wasm: () => SEARCH.expectimax_v2_search(roll, V2_NODES),
      native: (n) => {
        const [, , , , us, nativeNodes, nativeRolls] = n.rolls[roll];
        if (nativeNodes !== nodes || nativeRolls !== rolls) throw new Error(`expectimax-v2 ${name}: ${nodes}/${rolls} nodes/rolls in wasm, ${nativeNodes}/${nativeRolls} natively`);
        return us;
      },
      rate: [`  nodes/s (${nodes} nodes, ${rolls} rolls)`, nodes],
      rate2: ['  chance-node rolls/s', rolls],
    });
  }
  {
    const WINPROB_REPS = 100;
    const list = searchRolls.map((r) => r[1]).join('\n');
    measures.push({
      label: 'win probability, µs per evaluation',
      wasm: () => SEARCH.win_chances_batch(list, WINPROB_REPS),
      per: WINPROB_REPS * searchRolls.length,
      native: (n) => n.winprob,
      rate: ['  evaluations/s', 1],
    });
  }

  for (const [label, exported, key, check] of [
    ['NNUE update + output, µs per micro-move', 'nnue_update_output', 'nnue', nnueCheck],
    ['NNUE, the shipped net\'s shape, the same', 'nnue_shipped_update_output', 'nnueShipped', nnueShippedCheck],
  ]) {
    const updates = SEARCH[exported](NNUE_PASSES, check);
    if (updates === undefined) throw new Error(`${exported}: the logits differ from the native ones`);
    measures.push({
      label,
      wasm: () => SEARCH[exported](NNUE_PASSES, check),
      per: updates,
      native: (n) => n[key][0],
      rate: ['  micro-moves/s', 1],
      outsideMean: true,
    });
  }

  for (let round = 0; round < SEARCH_ROUNDS; round++) {
    const native = runNativeSearch();
    if (native.equity[1] !== ROLLOUTS) throw new Error('native estimate_equity: rollouts played');
    for (const m of measures) {
      m.best = {
        native: Math.min(m.best?.native ?? Infinity, m.native(native)),
        wasm: Math.min(m.best?.wasm ?? Infinity, time(m.wasm) / (m.per ?? 1)),
        pkg: m.pkg ? Math.min(m.best?.pkg ?? Infinity, time(m.pkg)) : undefined,
      };
    }
  }

  report.region('search-wasm-native');
  report.log(`search in wasm (bench module at opt-level ${SEARCH_BUILD}), natively and through the package (./), fastest`);
  report.log(`of ${SEARCH_ROUNDS} alternating rounds; µs per call unless a rate; ratio = wasm speed / native speed; 123 = PNB:`);
  const rate = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(0)).padStart(8);
  const dash = '—'.padStart(8);
  report.log(`${'measure'.padEnd(40)} ${'wasm'.padStart(8)} ${'native'.padStart(8)}  ratio | ${'package'.padStart(8)}`);
  const searchRatios = [];
  for (const { label, rate: perCall, rate2, outsideMean, best: { wasm, native, pkg } } of measures) {
    const ratio = native / wasm;
    if (!outsideMean) searchRatios.push(ratio);
    report.log(`${label.padEnd(40)} ${us(wasm)} ${us(native)}  ${ratio.toFixed(2)}x | ${pkg === undefined ? dash : us(pkg)}`);
    for (const [rateLabel, work] of [perCall, rate2].filter(Boolean)) {
      report.log(`${rateLabel.padEnd(40)} ${rate((work * 1e6) / wasm)} ${rate((work * 1e6) / native)}  ${ratio.toFixed(2)}x | ${pkg === undefined ? dash : rate((work * 1e6) / pkg)}`);
    }
  }
  const searchGeo = Math.exp(searchRatios.reduce((s, r) => s + Math.log(r), 0) / searchRatios.length);
  report.log(`wasm speed relative to native on the search, geometric mean over the ${searchRatios.length} measures above the NNUE's: ${searchGeo.toFixed(2)}x`);
}

report.write();

// The package as published: exact file list, manifest, byte-identical module pairs, size budgets,
// every .wasm instantiating, one instance per realm, the ./web entries (in Node and, loaded by
// path, as browsers see them), the rules module's export list, one registry shared by import and
// require, and the last-resort trap path.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { WASM_BUDGETS } from '../../scripts/budgets.mjs';
import { nodeGlue } from '../../scripts/lib/node-glue.mjs';
import { FULL_ONLY_FUNCTIONS, RULES_FUNCTIONS } from './lib/functions.mjs';
import { load, PKG, ROOT, scratch } from './lib/paths.mjs';
import { BUDGETED_BOTS } from './lib/fuzz.mjs';

const INSTALLED = () => join(scratch(), 'node_modules', 'dicechess-wasm');
const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
/** Runs `code` (an ES module body) in a worker thread: a fresh realm. Resolves with its message. */
function inWorker(code, workerData = {}) {
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { ...workerData }, type: 'module' });
    w.once('message', resolve);
    w.once('error', reject);
    w.once('exit', (c) => { if (c !== 0) reject(new Error(`worker exited with ${c}`)); });
  });
}

describe('tarball', () => {
  test('holds exactly the 56 files of pkg-template/files.txt (npm pack --dry-run --json)', () => {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', PKG], { encoding: 'utf8' }));
    const expected = readFileSync(join(ROOT, 'pkg-template', 'files.txt'), 'utf8').split('\n').filter(Boolean).sort();
    assert.equal(expected.length, 56);
    assert.deepEqual(packed.files.map((f) => f.path).sort(), expected);
    console.log(`tarball ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} bytes unpacked, ${packed.entryCount} files`);
  });

  test('manifest: version and repository of Cargo.toml, no dependencies or scripts, exports map per API.md §2.3', () => {
    const m = JSON.parse(readFileSync(join(INSTALLED(), 'package.json'), 'utf8'));
    const cargo = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8').match(/^version\s*=\s*"([^"]+)"/m)[1];
    assert.equal(m.name, 'dicechess-wasm');
    assert.equal(m.version, cargo);
    assert.match(m.version, /^\d+\.\d+\.\d+$/);
    assert.equal(m.type, 'module');
    assert.equal(m.sideEffects, false);
    assert.deepEqual(m.files, ['dist/']);
    assert.deepEqual(m.engines, { node: '>=20' });
    // The npm page's links: the crate's repository (no placeholder), its issues and its README.
    const repository = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8').match(/^repository\s*=\s*"([^"]+)"/m)[1];
    assert.match(repository, /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    assert.deepEqual([m.repository, m.homepage, m.bugs], [{ type: 'git', url: `git+${repository}.git` }, `${repository}#readme`, { url: `${repository}/issues` }]);
    assert.ok(m.keywords.includes('dice-chess') && m.keywords.includes('webassembly'), String(m.keywords));
    for (const k of ['dependencies', 'peerDependencies', 'optionalDependencies', 'scripts', 'bin']) assert.equal(m[k], undefined, k);
    assert.deepEqual(Object.keys(m.exports), ['.', './rules', './web', './rules/web', './webhook', './worker-pool', './dicechess.wasm', './dicechess-rules.wasm', './package.json']);
    const visit = (block, path) => {
      if (typeof block === 'string') { assert.ok(existsSync(join(INSTALLED(), block)), `${path} → ${block} exists`); return; }
      const keys = Object.keys(block);
      if (keys.includes('types')) assert.equal(keys[0], 'types', `${path}: "types" first`);
      if (keys.includes('node')) assert.equal(keys[0], 'node', `${path}: "node" first`);
      if (path.endsWith('.require')) assert.match(block.types, /\.d\.cts$/, `${path}: CommonJS types are .d.cts`);
      for (const k of keys) visit(block[k], `${path}.${k}`);
    };
    for (const [k, v] of Object.entries(m.exports)) visit(v, k);
    for (const f of [m.main, m.module, m.types, ...Object.values(m.typesVersions['*']).flat()]) assert.ok(existsSync(join(INSTALLED(), f)), f);
  });

  test('each .wasm pair (node, web) is byte-identical, and within its size budget (API.md §2.7)', () => {
    const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
    for (const [name, budget] of Object.entries(WASM_BUDGETS)) {
      const node = readFileSync(join(INSTALLED(), 'dist', 'node', `${name}_bg.wasm`));
      const web = readFileSync(join(INSTALLED(), 'dist', 'web', `${name}_bg.wasm`));
      assert.ok(node.equals(web), `${name}: node and web copies differ`);
      const gz = gzipSync(node, { level: 9 }).length;
      const br = brotliCompressSync(node, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length;
      console.log(`${name}_bg.wasm: ${kb(node.length)} raw (budget ${kb(budget)}), ${kb(gz)} gzip -9, ${kb(br)} brotli`);
      assert.ok(node.length <= budget, `${name}_bg.wasm is ${node.length} bytes, budget ${budget}`);
      // No debug sections or producers left by wasm-opt --strip-debug --strip-producers.
      const mod = new WebAssembly.Module(node);
      for (const s of ['name', 'producers', '.debug_info', 'sourceMappingURL']) {
        assert.equal(WebAssembly.Module.customSections(mod, s).length, 0, `${name}: custom section ${s}`);
      }
    }
  });

  test('the declarations of each entry name exactly the functions of the one list (pkg-template/js/functions.js)', () => {
    assert.equal(new Set(RULES_FUNCTIONS).size, 18);
    assert.equal(new Set(FULL_ONLY_FUNCTIONS).size, 19);
    for (const [file, names] of [['index', [...RULES_FUNCTIONS, ...FULL_ONLY_FUNCTIONS]], ['rules', RULES_FUNCTIONS],
      ['web', [...RULES_FUNCTIONS, ...FULL_ONLY_FUNCTIONS]], ['rules-web', RULES_FUNCTIONS]]) {
      for (const ext of ['d.ts', 'd.cts']) {
        const text = readFileSync(join(INSTALLED(), 'dist', `${file}.${ext}`), 'utf8');
        const declared = [...text.matchAll(/^export declare function (\w+)/gm)].map((m) => m[1]);
        const web = file.endsWith('web') ? ['initSync'] : [];
        assert.deepEqual(declared.sort(), [...names, 'isReady', ...web].sort(), `${file}.${ext}`);
        const members = text.match(/export declare const DiceChess: Readonly<\{\n([^}]*)\}>/)[1].match(/\w+(?=:)/g);
        assert.deepEqual(members, names, `${file}.${ext}: DiceChess members in list order`);
      }
    }
  });

  test('the rules module exports only the rules functions (no bot, book or equity code)', () => {
    const exportsOf = (name) => WebAssembly.Module.exports(new WebAssembly.Module(
      readFileSync(join(INSTALLED(), 'dist', 'web', `${name}_bg.wasm`)))).map((e) => e.name);
    const rules = exportsOf('dicechess_rules');
    const full = exportsOf('dicechess');
    const RULES_EXPORTS = ['memory', 'start', 'build_id', 'legal_uci_moves', 'legal_turn_tree', 'count_legal_turns', 'playable_dice',
      'generate_moves', 'apply_move', 'apply_turn', 'end_turn', 'perft', 'piece_from_dice', 'canonical_key', 'game_status', 'board',
      // The Game object (src/wasm/game_exports.rs).
      'game_new', 'game_free', 'game_state', 'game_history', 'game_tree', 'game_play', 'game_play_turn', 'game_roll', 'game_step', 'game_continue_seeded',
      'game_resign', 'game_agree_draw', 'game_play_recorded', 'game_end_recorded'];
    // Everything else must be wasm-bindgen's own plumbing (`__wbindgen_*`, `__abort_handler`, …).
    const extra = rules.filter((n) => !RULES_EXPORTS.includes(n) && !n.startsWith('__'));
    assert.deepEqual(extra, [], 'unexpected exports of the rules module');
    for (const n of RULES_EXPORTS) assert.ok(rules.includes(n) && full.includes(n), n);
    // The full module's bot, equity, analysis, registry and book exports (src/wasm/search_exports.rs,
    // analysis.rs, book.rs).
    const FULL_EXPORTS = ['best_move', 'should_bot', 'equity', 'available_bots', 'available_time_policies',
      'win_probability', 'analyze_turn', 'review_turn', 'review_game', 'validate_book_text', 'validate_book_bytes', 'encode_book', 'register_book_bot_text', 'register_book_bot_bytes',
      'unregister_bot', 'game_notation', 'notation_records'];
    for (const n of FULL_EXPORTS) assert.ok(full.includes(n) && !rules.includes(n), n);
    assert.deepEqual(full.filter((n) => !RULES_EXPORTS.includes(n) && !FULL_EXPORTS.includes(n) && !n.startsWith('__')), []);
  });
});

describe('Node entries', () => {
  test('import and require of "." and of "./web" share one instance; "./rules" has its own', async () => {
    const [fullEsm, fullCjs, webEsm, webCjs, rulesEsm, rulesCjs, rwEsm, rwCjs] = await Promise.all([
      load('.', 'esm'), load('.', 'cjs'), load('./web', 'esm'), load('./web', 'cjs'),
      load('./rules', 'esm'), load('./rules', 'cjs'), load('./rules/web', 'esm'), load('./rules/web', 'cjs')]);
    assert.equal(fullEsm.DiceChess, fullCjs.DiceChess);
    assert.equal(webEsm.DiceChess, fullCjs.DiceChess);
    assert.equal(webCjs.DiceChess, fullCjs.DiceChess);
    assert.equal(rulesEsm.DiceChess, rulesCjs.DiceChess);
    assert.equal(rwEsm.DiceChess, rulesCjs.DiceChess);
    assert.equal(rwCjs.getLegalTurnTree, rulesCjs.getLegalTurnTree);
    assert.notEqual(rulesCjs.getLegalUciMoves, fullCjs.getLegalUciMoves);
    for (const ns of [fullEsm, fullCjs, rulesEsm, rulesCjs]) {
      assert.equal(ns.isReady(), true);
      assert.deepEqual(ns.getLegalUciMoves(ROLL), ['b1a3', 'b1c3', 'g1f3', 'g1h3']);
      assert.equal(ns.default, undefined, 'no default export on . and ./rules');
    }
  });

  test('"./web" and "./rules/web" under Node: ready on import, init() resolves, initSync() is true', async () => {
    for (const entry of ['./web', './rules/web']) {
      for (const mode of ['esm', 'cjs']) {
        const ns = await load(entry, mode);
        assert.equal(ns.isReady(), true);
        assert.equal(ns.default, ns.init);
        assert.equal(await ns.init(), undefined);
        assert.equal(ns.init(), ns.init(), 'init() returns the first call\'s promise');
        assert.equal(ns.initSync(new Uint8Array(3)), true);
        assert.equal(Object.hasOwn(ns.DiceChess, 'init') || Object.hasOwn(ns.DiceChess, 'initSync') || Object.hasOwn(ns.DiceChess, 'isReady'), false);
        assert.equal(ns.getPlayableDice(ROLL), 'NR');
      }
    }
  });

  test('a bot registered through require is visible through import (one registry per realm)', async () => {
    const [esm, cjs, webEsm] = await Promise.all([load('.', 'esm'), load('.', 'cjs'), load('./web', 'esm')]);
    const book = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\te2e4,f1c4\n';
    assert.equal(cjs.registerOpeningBookBot(book, 'greedy', 'shared-book', 'Shared'), true);
    try {
      for (const ns of [esm, webEsm]) {
        assert.ok(ns.getAvailableBots().some((b) => b.id === 'shared-book'));
        const { moves } = ns.getBestMove('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 RPB', { algorithm: 'shared-book' });
        assert.deepEqual(moves, [{ from: 'e2', to: 'e4', promotion: undefined }, { from: 'f1', to: 'c4', promotion: undefined }]);
      }
    } finally {
      assert.equal(esm.unregisterBot('SHARED-BOOK'), true);
    }
    assert.equal(cjs.getAvailableBots().some((b) => b.id === 'shared-book'), false);
  });

  test('getBotDetails: the rows of getAvailableBots, each with whether the bot takes a time budget', async () => {
    const ns = await load('.', 'esm');
    const book = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - BPR\te2e4,f1c4\n';
    assert.equal(ns.registerOpeningBookBot(book, 'expectimax', 'details-searching', 'Searching'), true);
    assert.equal(ns.registerOpeningBookBot(book, 'greedy', 'details-instant', 'Instant'), true);
    try {
      const details = ns.getBotDetails();
      assert.deepEqual(details.map(({ takesBudget: _, ...info }) => info), ns.getAvailableBots());
      const budgeted = details.filter((b) => b.takesBudget).map((b) => b.id).sort();
      assert.deepEqual(budgeted, [...BUDGETED_BOTS, 'details-searching'].sort());
      // What it says is what getBestMove does: a pass roll, answered at once, reports the budget of a bot that takes one.
      const pass = '4k3/8/8/8/8/8/8/4K3 w - - 0 1 R';
      for (const b of details) {
        assert.equal(ns.getBestMove(pass, { algorithm: b.id, timeBudgetMs: 1000 }).budgetMs > 0, b.takesBudget, b.id);
      }
    } finally {
      assert.equal(ns.unregisterBot('details-searching'), true);
      assert.equal(ns.unregisterBot('details-instant'), true);
    }
  });

  test('every function of ./rules returns the same as on "." (same core)', async () => {
    const full = await load('.', 'cjs');
    const rules = await load('./rules', 'cjs');
    assert.deepEqual(Object.keys(rules.DiceChess), RULES_FUNCTIONS);
    assert.deepEqual(Object.keys(full.DiceChess), [...RULES_FUNCTIONS, ...FULL_ONLY_FUNCTIONS]);
    for (const f of RULES_FUNCTIONS) assert.equal(typeof full.DiceChess[f], 'function', f);
    assert.equal(JSON.stringify(full.getLegalTurnTree(ROLL)), JSON.stringify(rules.getLegalTurnTree(ROLL)));
  });
});

// The ./web wrapper as browsers load it (dist/web/*.js), run in Node by file path in fresh realms.
describe('./web wrappers outside Node (loaded by path)', () => {
  const body = (entryFile, wasmFile, script) => `
    import { parentPort, workerData } from 'node:worker_threads';
    import { readFileSync } from 'node:fs';
    const warnings = []; const errors = [];
    console.warn = (...a) => warnings.push(a.join(' ')); console.error = (...a) => errors.push(a.join(' '));
    const ns = await import(workerData.url);
    const bytes = readFileSync(workerData.wasm);
    const out = {};
    ${script}
    out.warnings = warnings.length; out.errors = errors.length;
    parentPort.postMessage(out);`;
  const data = (entryFile, wasmFile) => ({
    url: pathToFileURL(join(INSTALLED(), 'dist', 'web', entryFile)).href,
    wasm: join(INSTALLED(), 'dist', 'web', wasmFile),
    other: join(INSTALLED(), 'dist', 'web', wasmFile === 'dicechess_bg.wasm' ? 'dicechess_rules_bg.wasm' : 'dicechess_bg.wasm'),
  });

  for (const [entryFile, wasmFile] of [['index.js', 'dicechess_bg.wasm'], ['rules.js', 'dicechess_rules_bg.wasm']]) {
    test(`${entryFile}: neutral values and one warning before init, then init(bytes) makes it ready`, async () => {
      const out = await inWorker(body(entryFile, wasmFile, `
        out.before = [ns.isReady(), ns.getLegalUciMoves(${JSON.stringify(ROLL)}), ns.getPieceFromDice(1), ns.perft('8/8/8/8/8/8/k7/K7 w - - 0 1', 1),
                      ns.getLegalTurnTree(${JSON.stringify(ROLL)}), ns.getPlayableDice(${JSON.stringify(ROLL)}) === undefined];
        out.beforeFull = typeof ns.getBestMove === 'function' ? [ns.getAvailableBots(), ns.getAvailableTimePolicies(),
          ns.getBestMove(${JSON.stringify(ROLL)}), ns.estimateEquity(${JSON.stringify(ROLL)}), ns.shouldBotAcceptDouble(${JSON.stringify(ROLL)}, 2),
          ns.registerOpeningBookBot('', 'greedy', 'x', 'X'), ns.unregisterBot('x'), ns.validateOpeningBook('').errors[0].code,
          ns.encodeOpeningBook('') === undefined] : null;
        out.warningsBefore = warnings.length;
        out.badSync = ns.initSync(new Uint8Array([0, 97, 115, 109]));
        const p = ns.init(Promise.resolve(bytes));
        out.samePromise = p === ns.init();
        await p;
        out.after = [ns.isReady(), ns.getLegalUciMoves(${JSON.stringify(ROLL)}), ns.getPieceFromDice(1)];
        out.again = (await ns.init()) === undefined && ns.initSync(bytes) === true;
        out.defaultIsInit = ns.default === ns.init;
        out.frozen = Object.isFrozen(ns.DiceChess);`), data(entryFile, wasmFile));
      assert.deepEqual(out.before, [false, [], null, 0, {}, true]);
      if (entryFile === 'index.js') {
        assert.deepEqual(out.beforeFull, [[], [], { moves: [], score: 0, timeTakenMs: 0, budgetMs: 0 },
          { whiteWin: 0, blackWin: 0, undecided: 1, rollouts: 0, standardError: 0, varianceReductionVsVanilla: 0 },
          false, false, false, 'not-a-book', true]);
      } else {
        assert.equal(out.beforeFull, null, 'rules/web has no full-only functions');
      }
      assert.equal(out.warningsBefore, 1, 'exactly one console.warn before init');
      assert.equal(out.badSync, false);
      assert.equal(out.samePromise, true);
      assert.deepEqual(out.after, [true, ['b1a3', 'b1c3', 'g1f3', 'g1h3'], 'p']);
      assert.equal(out.again, true);
      assert.equal(out.defaultIsInit, true);
      assert.equal(out.frozen, true);
      assert.equal(out.warnings, 1);
      assert.equal(out.errors, 0);
    });

    test(`${entryFile}: initSync(module) works; a module of the other feature set is refused`, async () => {
      const ok = await inWorker(body(entryFile, wasmFile, `
        out.sync = ns.initSync(new WebAssembly.Module(bytes));
        out.moves = ns.getLegalUciMoves(${JSON.stringify(ROLL)});`), data(entryFile, wasmFile));
      assert.equal(ok.sync, true);
      assert.deepEqual(ok.moves, ['b1a3', 'b1c3', 'g1f3', 'g1h3']);
      assert.equal(ok.errors, 0);
      const refused = await inWorker(body(entryFile, wasmFile, `
        try { await ns.init(readFileSync(workerData.other)); out.rejected = false; } catch (e) { out.rejected = true; out.message = e.message; }
        out.ready = ns.isReady();`), data(entryFile, wasmFile));
      assert.equal(refused.rejected, true);
      assert.equal(refused.ready, false);
    });

    test(`${entryFile}: a module of another package version is refused (build identifier check)`, async () => {
      // The same wrapper expecting another version: a copy with the version in its build id changed.
      const dir = mkdtempSync(join(tmpdir(), 'dicechess-version-'));
      try {
        const web = join(INSTALLED(), 'dist', 'web');
        const glueFile = wasmFile.replace('_bg.wasm', '.js');
        const version = JSON.parse(readFileSync(join(INSTALLED(), 'package.json'), 'utf8')).version;
        const text = readFileSync(join(web, entryFile), 'utf8');
        assert.ok(text.includes(`'${version}/`), 'the wrapper holds its build id');
        writeFileSync(join(dir, entryFile), text.replace(`'${version}/`, "'999.0.0/"));
        copyFileSync(join(web, glueFile), join(dir, glueFile));
        const out = await inWorker(body(entryFile, wasmFile, `
          try { await ns.init(bytes); out.rejected = false; } catch (e) { out.rejected = true; out.message = e.message; }
          out.ready = ns.isReady(); out.moves = ns.getLegalUciMoves(${JSON.stringify(ROLL)});`),
        { ...data(entryFile, wasmFile), url: pathToFileURL(join(dir, entryFile)).href });
        assert.equal(out.rejected, true);
        assert.match(out.message, /999\.0\.0/);
        assert.equal(out.ready, false);
        assert.deepEqual(out.moves, []);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test(`${entryFile}: a failed init() rejects and may be retried`, async () => {
      const out = await inWorker(body(entryFile, wasmFile, `
        try { await ns.init(new Uint8Array([1, 2, 3])); out.first = 'resolved'; } catch (e) { out.first = 'rejected'; }
        await ns.init(bytes);
        out.ready = ns.isReady();`), data(entryFile, wasmFile));
      assert.equal(out.first, 'rejected');
      assert.equal(out.ready, true);
    });
  }
});

describe('last resort (API.md §5.1)', () => {
  const trapOut = join(ROOT, 'target', 'wasm-pack', 'nodejs-trap');
  test('a trap is reported once, marks the instance failed, and every later call returns neutral values',
    { skip: existsSync(join(trapOut, 'dicechess_rules_bg.wasm')) ? false : 'no test-trap build (scripts/test builds it)' }, () => {
      // The rules Node wrapper of the package over a test-only module that panics on "!trap".
      const dir = mkdtempSync(join(tmpdir(), 'dicechess-trap-'));
      try {
        copyFileSync(join(INSTALLED(), 'dist', 'node', 'rules.cjs'), join(dir, 'rules.cjs'));
        // The glue as the package ships it (scripts/lib/node-glue.mjs).
        writeFileSync(join(dir, 'dicechess_rules.cjs'), nodeGlue(readFileSync(join(trapOut, 'dicechess_rules.js'), 'utf8')));
        copyFileSync(join(trapOut, 'dicechess_rules_bg.wasm'), join(dir, 'dicechess_rules_bg.wasm'));
        const errors = [];
        const original = console.error;
        console.error = (...a) => errors.push(a.map(String).join(' '));
        try {
          const m = createRequire(join(dir, 'rules.cjs'))(join(dir, 'rules.cjs'));
          assert.equal(m.isReady(), true);
          assert.deepEqual(m.getLegalUciMoves(ROLL), ['b1a3', 'b1c3', 'g1f3', 'g1h3']);
          assert.deepEqual(m.getLegalUciMoves('!trap'), []);
          assert.equal(m.isReady(), false);
          assert.ok(errors.some((e) => e.includes('test-trap: a deliberate panic')), 'the panic message (console_error_panic_hook)');
          const reports = errors.filter((e) => e.startsWith('dicechess-wasm:')).length;
          assert.equal(reports, 1);
          assert.deepEqual(m.getLegalUciMoves(ROLL), []);
          assert.deepEqual(m.getLegalTurnTree(ROLL), {});
          assert.equal(m.getPieceFromDice(1), null);
          assert.equal(m.perft('8/8/8/8/8/8/k7/K7 w - - 0 1', 1), 0);
          assert.deepEqual(m.getLegalUciMoves('!trap'), []);
          assert.equal(errors.filter((e) => e.startsWith('dicechess-wasm:')).length, 1, 'reported once');
        } finally {
          console.error = original;
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
});

// Packaging tests as a user meets the package in browsers (API.md §2.4, §2.9): a Vite 8.3.8 build,
// a webpack 5 production build without configuration (and one with the documented line that
// silences its size warning) and an esbuild bundle as pkg-template/README.md says, of small pages over the installed
// tarball, each loaded in headless Chromium (Debian's, driven by playwright-core); the Vite pages
// also run the API in a module Web Worker and run every api case against "." and "./rules"; a plain
// page uses "./web" and "./rules/web" with `await init()`, without a bundler; and the Vite dev server
// with the configuration of pkg-template/README.md serves the same pages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIRST, ROLL, launchChromium, outputSizes, serve, skipBrowser as skip, visit as visitUrl } from './lib/browser.mjs';
import { CONFORMANCE, ROOT, scratch } from './lib/paths.mjs';

/** What the bundled app (webpack's and esbuild's) reports for ROLL. */
const BUNDLED = {
  ready: true, moves: FIRST, rulesMoves: FIRST, dice: 'NR', frozen: true,
  tree: '{"b1a3":{"a1b1":{}},"b1c3":{"a1b1":{}},"g1f3":{"h1g1":{}},"g1h3":{"h1g1":{}}}',
};

const apps = () => join(scratch(), 'apps');

// ---- the pages --------------------------------------------------------------------------------
const mainModule = (entry) => `
import * as ns from '${entry === '.' ? 'dicechess-wasm' : 'dicechess-wasm/rules'}';
import { runApiCases, shapeChecks } from './cases.mjs';
const ROLL = ${JSON.stringify(ROLL)};
const out = { ready: ns.isReady(), moves: ns.getLegalUciMoves(ROLL), tree: JSON.stringify(ns.getLegalTurnTree(ROLL)) };
const cases = await (await fetch(new URL('./api_cases.json', document.baseURI))).json();
out.shape = shapeChecks(${JSON.stringify(entry)}, ns);
out.api = runApiCases(cases, ${JSON.stringify(entry)}, ns);
out.readyAfter = ns.isReady();
const worker = new Worker(new URL('./worker-${entry === '.' ? 'full' : 'rules'}.js', import.meta.url), { type: 'module' });
// A module worker that imports the package statically starts listening only after the import's
// top-level await settles, and messages posted before that are lost: the "." worker announces
// itself first; the "./rules" worker uses the pattern of pkg-template/README.md (listener first, dynamic
// import behind it) and is called at once.
out.worker = await new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) => {
    if (data === 'ready') worker.postMessage({ id: 1, fn: 'getPlayableDice', args: [ROLL, ['b1a3']] });
    else resolve(data);
  };
  worker.onerror = (e) => reject(new Error('worker error: ' + e.message));
  if (${JSON.stringify(entry)} === './rules') worker.postMessage({ id: 1, fn: 'getPlayableDice', args: [ROLL, ['b1a3']] });
});
window.__result = out;
`;

const workerModule = (entry) => (entry === '.' ? `
import { DiceChess, isReady } from 'dicechess-wasm';
self.onmessage = ({ data: { id, fn, args } }) => {
  const f = Object.hasOwn(DiceChess, fn) ? DiceChess[fn] : undefined;
  self.postMessage({ id, ready: isReady(), result: f ? f(...args) : undefined, moves: DiceChess.getLegalUciMoves(${JSON.stringify(ROLL)}) });
};
self.postMessage('ready');
` : `
const engine = import('dicechess-wasm/rules');
self.onmessage = async ({ data: { id, fn, args } }) => {
  const { DiceChess, isReady } = await engine;
  const f = Object.hasOwn(DiceChess, fn) ? DiceChess[fn] : undefined;
  self.postMessage({ id, ready: isReady(), result: f ? f(...args) : undefined, moves: DiceChess.getLegalUciMoves(${JSON.stringify(ROLL)}) });
};
`);

const html = (script) => `<!doctype html><html><head><meta charset="utf-8"><title>dicechess-wasm test</title></head>
<body><script type="module" src="${script}"></script></body></html>`;

function writeViteApp() {
  const dir = join(apps(), 'vite');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'public'));
  writeFileSync(join(dir, 'index.html'), html('./src/main-full.js'));
  writeFileSync(join(dir, 'rules.html'), html('./src/main-rules.js'));
  writeFileSync(join(dir, 'src', 'main-full.js'), mainModule('.'));
  writeFileSync(join(dir, 'src', 'main-rules.js'), mainModule('./rules'));
  writeFileSync(join(dir, 'src', 'worker-full.js'), workerModule('.'));
  writeFileSync(join(dir, 'src', 'worker-rules.js'), workerModule('./rules'));
  copyFileSync(join(ROOT, 'tests', 'js', 'lib', 'cases.mjs'), join(dir, 'src', 'cases.mjs'));
  copyFileSync(join(ROOT, 'pkg-template', 'js', 'functions.js'), join(dir, 'src', 'functions.mjs'));
  // The vectors are copied into the scratch app only (a temp folder), never into the repository.
  copyFileSync(join(CONFORMANCE, 'api', 'api_cases.json'), join(dir, 'public', 'api_cases.json'));
  return dir;
}

function writeWebpackApp() {
  const dir = join(apps(), 'webpack');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'webpack-consumer', private: true }));
  writeFileSync(join(dir, 'src', 'index.js'), `
import { DiceChess, isReady, getLegalTurnTree } from 'dicechess-wasm';
import * as Rules from 'dicechess-wasm/rules';
const ROLL = ${JSON.stringify(ROLL)};
window.__result = {
  ready: isReady() && Rules.isReady(),
  moves: DiceChess.getLegalUciMoves(ROLL),
  rulesMoves: Rules.getLegalUciMoves(ROLL),
  tree: JSON.stringify(getLegalTurnTree(ROLL)),
  dice: Rules.DiceChess.getPlayableDice(ROLL),
  frozen: Object.isFrozen(DiceChess),
};
`);
  return dir;
}

/**
 * The webpack app's source bundled by esbuild in a package that says "type": "commonjs" (what `npm
 * init -y` writes), as documented: the entry an `.mjs` file (a `.js` one there is wrapped as
 * CommonJS, where the package's top-level await is invalid), --format=esm, then the two .wasm files
 * copied next to the bundle.
 */
async function writeEsbuildApp() {
  const dir = join(apps(), 'esbuild');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'esbuild-consumer', private: true, type: 'commonjs' }));
  copyFileSync(join(writeWebpackApp(), 'src', 'index.js'), join(dir, 'src', 'index.mjs'));
  const esbuild = await import('esbuild');
  await esbuild.build({ absWorkingDir: dir, entryPoints: ['src/index.mjs'], bundle: true, format: 'esm', outfile: 'dist/index.js', logLevel: 'silent' });
  const web = join(scratch(), 'node_modules', 'dicechess-wasm', 'dist', 'web');
  for (const wasm of ['dicechess_bg.wasm', 'dicechess_rules_bg.wasm']) copyFileSync(join(web, wasm), join(dir, 'dist', wasm));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><html><body><script type="module" src="index.js"></script></body></html>');
  return dir;
}

function writePlainPage() {
  const dir = join(apps(), 'plain');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><meta charset="utf-8"></head><body>
<script type="module">
  import init, { DiceChess, isReady } from './vendor/dicechess-wasm/dist/web/index.js';
  import rulesInit, { DiceChess as Rules, isReady as rulesReady } from './vendor/dicechess-wasm/dist/web/rules.js';
  const ROLL = ${JSON.stringify(ROLL)};
  const before = [isReady(), rulesReady(), DiceChess.getLegalUciMoves(ROLL)];
  await init();
  await rulesInit();
  window.__result = { before, after: [isReady(), rulesReady()], moves: DiceChess.getLegalUciMoves(ROLL),
    rulesMoves: Rules.getLegalUciMoves(ROLL), status: DiceChess.getGameStatus(ROLL) };
</script></body></html>`);
  return dir;
}

// ---- the run ------------------------------------------------------------------------------------
let browser;
let server;
let base;

const visit = (path, origin = base) => visitUrl(browser.context, `${origin}${path}`);

function assertApiCases(out, entry) {
  assert.deepEqual(out.shape, [], `${entry}: module shape`);
  const failed = out.api.filter((r) => r.status === 'fail');
  const passed = out.api.filter((r) => r.status === 'pass').length;
  const skipped = out.api.filter((r) => r.status === 'skip').length;
  console.log(`api_cases.json in Chromium, ${entry}: ${passed} passed, ${failed.length} failed, ${skipped} skipped`);
  assert.deepEqual(failed.map((r) => `${r.title}: ${r.reason}`), []);
  assert.ok(passed > 300);
}

describe('browsers (headless Chromium)', { skip }, () => {
  before(async () => {
    const vite = writeViteApp();
    const webpack = writeWebpackApp();
    const plain = writePlainPage();
    const esbuilt = await writeEsbuildApp();
    // Vite 8.3.8 build (its API, from the repository's pinned devDependency).
    const { build } = await import('vite');
    await build({
      root: vite, configFile: false, logLevel: 'warn', base: './',
      worker: { format: 'es' },
      build: { outDir: 'dist', emptyOutDir: true, rollupOptions: { input: { index: join(vite, 'index.html'), rules: join(vite, 'rules.html') } } },
    });
    // webpack 5, production, no configuration file.
    const w = spawnSync(join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], { cwd: webpack, encoding: 'utf8' });
    assert.equal(w.status, 0, `webpack failed:\n${w.stdout}${w.stderr}`);
    writeFileSync(join(webpack, 'dist', 'index.html'), '<!doctype html><html><body><script src="main.js"></script></body></html>');
    // The sizes for the setups table of docs/PACKAGE.md.
    for (const [label, dir] of [['Vite 8 build', join(vite, 'dist')], ['webpack 5 build', join(webpack, 'dist')], ['esbuild bundle', join(esbuilt, 'dist')]]) {
      console.log(`${label}: ${outputSizes(dir)}`);
    }
    server = await serve([
      ['/vite/', join(vite, 'dist')],
      ['/webpack/', join(webpack, 'dist')],
      ['/esbuild/', join(esbuilt, 'dist')],
      ['/plain/vendor/dicechess-wasm/', join(scratch(), 'node_modules', 'dicechess-wasm')],
      ['/plain/', plain],
    ]);
    base = `http://127.0.0.1:${server.address().port}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('Vite 8.3.8 build, ".": ready at once, api cases pass, a module worker answers', async () => {
    const { result, problems } = await visit('/vite/index.html');
    assert.deepEqual(problems, []);
    assert.equal(result.ready, true);
    assert.equal(result.readyAfter, true);
    assert.deepEqual(result.moves, FIRST);
    assertApiCases(result, '.');
    assert.deepEqual(result.worker, { id: 1, ready: true, result: 'R', moves: FIRST });
  });

  test('Vite 8.3.8 build, "./rules": ready at once, api cases pass, a module worker answers', async () => {
    const { result, problems } = await visit('/vite/rules.html');
    assert.deepEqual(problems, []);
    assert.equal(result.ready, true);
    assertApiCases(result, './rules');
    assert.deepEqual(result.worker, { id: 1, ready: true, result: 'R', moves: FIRST });
  });

  test('Vite 8.3.8 dev server with the documented configuration: "." and "./rules", api cases, module workers', async () => {
    // pkg-template/README.md: optimizeDeps.exclude keeps the .wasm next to its glue; workers as ES modules.
    const { createServer: createViteServer } = await import('vite');
    const dev = await createViteServer({
      root: join(apps(), 'vite'), configFile: false, logLevel: 'warn',
      optimizeDeps: { exclude: ['dicechess-wasm'] }, worker: { format: 'es' },
      server: { host: '127.0.0.1', port: 0, hmr: false },
    });
    await dev.listen();
    try {
      const origin = dev.resolvedUrls.local[0].replace(/\/$/, '');
      for (const [path, entry] of [['/index.html', '.'], ['/rules.html', './rules']]) {
        const { result, problems } = await visit(path, origin);
        assert.deepEqual(problems, [], entry);
        assert.equal(result.ready, true, entry);
        assert.deepEqual(result.moves, FIRST, entry);
        assertApiCases(result, entry);
        assert.deepEqual(result.worker, { id: 1, ready: true, result: 'R', moves: FIRST }, entry);
      }
    } finally {
      await dev.close();
    }
  });

  test('webpack 5 production build without configuration: "." and "./rules" ready at once', async () => {
    const { result, problems } = await visit('/webpack/index.html');
    assert.deepEqual(problems, []);
    assert.deepEqual(result, BUNDLED);
  });

  test('esbuild --bundle --format=esm of an .mjs entry in a "type": "commonjs" package, the .wasm files copied: "." and "./rules" ready at once', async () => {
    const { result, problems } = await visit('/esbuild/index.html');
    assert.deepEqual(problems, []);
    assert.deepEqual(result, BUNDLED);
  });

  test('webpack 5 with the documented performance.assetFilter line: no warning about the .wasm size', () => {
    const dir = join(apps(), 'webpack-quiet');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(join(apps(), 'webpack', 'src'), join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'webpack-quiet', private: true }));
    writeFileSync(join(dir, 'webpack.config.js'), "module.exports = { performance: { assetFilter: (f) => !f.endsWith('.wasm') } };\n");
    const w = spawnSync(join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], { cwd: dir, encoding: 'utf8' });
    assert.equal(w.status, 0, `webpack failed:\n${w.stdout}${w.stderr}`);
    assert.doesNotMatch(`${w.stdout}${w.stderr}`, /WARNING/);
  });

  test('plain page, no bundler: "./web" and "./rules/web" after await init()', async () => {
    const { result, problems } = await visit('/plain/index.html');
    // Calls before init() return neutral values with one console.warn from the wrapper.
    assert.deepEqual(problems.filter((p) => !p.includes('not initialised')), []);
    assert.equal(problems.length, 1);
    assert.deepEqual(result, {
      before: [false, false, []], after: [true, true], moves: FIRST, rulesMoves: FIRST, status: { over: false, winner: null },
    });
  });
});

// The setups of issue 15 as a user meets them, each a scratch project over the installed tarball,
// built with the tool's pinned version and run in headless Chromium (docs/PACKAGE.md, "Setups tested"):
//   * Next.js (Turbopack, its default, and `--webpack`), app router, no configuration: a server
//     component renders the engine's answers into the HTML (prerendered at build time, and on
//     each request for a dynamic route), a client component renders them on the server and again
//     while hydrating, then computes in the browser; `next start` serves it;
//   * Rollup with @rollup/plugin-node-resolve, ES output, the .wasm files copied next to the bundle;
//   * server bundles run by Node away from node_modules: webpack `--target node` of an import, and
//     the report of an esbuild CommonJS bundle that cannot find its .wasm;
//   * webpack 5 without configuration: `require('dicechess-wasm')` in browser code, and two
//     classic Web Workers (`new Worker(url)` without `type: 'module'`), one importing the package,
//     one importing it dynamically behind its listener;
//   * a plain page's classic Worker that imports "./web" with `import()` and awaits `init()`;
//   * soak tier only (DICECHESS_SOAK=1): Vite 5, 6 and 7, build, preview, dev server and a module
//     Worker, each with the configuration pkg-template/README.md gives for it.
// Every check is an answer of the engine (legal moves, playable dice) and the absence of console
// errors and warnings; nothing is timed.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIRST, ROLL, launchChromium, outputSizes, serve, skipBrowser, visit } from './lib/browser.mjs';
import { ROOT, SOAK, scratch } from './lib/paths.mjs';

const DEV = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies;
const TREE = '{"b1a3":{"a1b1":{}},"b1c3":{"a1b1":{}},"g1f3":{"h1g1":{}},"g1h3":{"h1g1":{}}}';
const WEB = () => join(scratch(), 'node_modules', 'dicechess-wasm', 'dist', 'web');

/** A fresh folder for one setup under the scratch project (removed with it). */
function appDir(name) {
  const dir = join(scratch(), 'setups', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes `files` (path → text) under `dir`. */
function write(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const run = (cmd, args, cwd, env = {}) => {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
};

/** A free TCP port on the loopback interface. */
const freePort = () => new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

let browser;
before(async () => { if (!skipBrowser) browser = await launchChromium(); });
after(async () => {
  await browser?.close();
  rmSync(join(scratch(), 'setups'), { recursive: true, force: true });
});

// ---- Next.js -------------------------------------------------------------------------------------
const nextFiles = {
  'package.json': JSON.stringify({ name: 'next-consumer', private: true, scripts: { build: 'next build', start: 'next start' } }),
  'app/layout.js': `export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  // A server component (the full entry) and a client component (the rules entry).
  'app/engine-view.js': `import { DiceChess, isReady, getAvailableBots } from 'dicechess-wasm';
import Client from './client';
const ROLL = ${JSON.stringify(ROLL)};
export default function EngineView() {
  return <main>
    <p id="server">{[isReady() ? 'ready' : 'not-ready', DiceChess.getLegalUciMoves(ROLL).join(' '), getAvailableBots().length > 0 ? 'bots' : 'no-bots'].join(' | ')}</p>
    <Client />
  </main>;
}
`,
  'app/page.js': `import EngineView from './engine-view';
export default function Page() { return <EngineView />; }
`,
  'app/dynamic/page.js': `import EngineView from '../engine-view';
export const dynamic = 'force-dynamic';
export default function Page() { return <EngineView />; }
`,
  'app/client.js': `'use client';
import { useEffect, useState } from 'react';
import { DiceChess, isReady } from 'dicechess-wasm/rules';
const ROLL = ${JSON.stringify(ROLL)};
export default function Client() {
  const [browser, setBrowser] = useState('pending');
  useEffect(() => {
    setBrowser([typeof window, isReady() ? 'ready' : 'not-ready', DiceChess.getPlayableDice(ROLL, ['b1a3']), JSON.stringify(DiceChess.getLegalTurnTree(ROLL))].join(' | '));
  }, []);
  return <div>
    <p id="render">{DiceChess.getLegalUciMoves(ROLL).join(' ')}</p>
    <p id="browser">{browser}</p>
  </div>;
}
`,
};
const SERVER_TEXT = `ready | ${FIRST.join(' ')} | bots`;

/** The text of an element of a server-rendered page (id="…", no markup inside). */
const elementText = (html, id) => html.match(new RegExp(`id="${id}">([^<]*)<`))?.[1];

describe('Next.js (app router, no configuration)', { skip: skipBrowser }, () => {
  let dir;
  before(() => {
    dir = appDir('next');
    write(dir, nextFiles);
    // As a user installs it: next, react and react-dom at the repository's pinned versions (from
    // npm's cache, filled by the repository's own install), and the packed tarball.
    run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock',
      `next@${DEV.next}`, `react@${DEV.react}`, `react-dom@${DEV['react-dom']}`, readFileSync(join(scratch(), 'tarball.txt'), 'utf8')], dir);
  });

  const next = (dir) => join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env = { NEXT_TELEMETRY_DISABLED: '1' };

  /** Runs `next <command>` on a free port until `check(origin)` settles; fails on an engine report in its log. */
  async function withNext(command, check) {
    const port = await freePort();
    const server = spawn(process.execPath, [next(dir), command, '-p', String(port), '-H', '127.0.0.1'],
      { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let log = '';
    server.stdout.on('data', (d) => { log += d; });
    server.stderr.on('data', (d) => { log += d; });
    try {
      const origin = `http://127.0.0.1:${port}`;
      let up = false;
      for (let i = 0; i < 1200 && !up && server.exitCode === null; i++) {
        try {
          up = (await fetch(`${origin}/`)).ok;
        } catch (_) {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      assert.ok(up, `next ${command} did not answer:\n${log}`);
      await check(origin);
      assert.doesNotMatch(log, /dicechess-wasm:|Error/, `next ${command}'s log:\n${log}`);
    } finally {
      // The server and the workers it started (a process group of its own), and wait for them.
      const exited = new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
      try { process.kill(-server.pid, 'SIGTERM'); } catch (_) { /* already gone */ }
      await exited;
    }
  }

  /** The server HTML of "/" (prerendered by next build) and "/dynamic" (rendered per request), then each page hydrated in Chromium. */
  async function checkPages(origin) {
    for (const path of ['/', '/dynamic']) {
      const page = await (await fetch(`${origin}${path}`)).text();
      assert.equal(elementText(page, 'server'), SERVER_TEXT, `${path}: the server component's answers in the HTML`);
      assert.equal(elementText(page, 'render'), FIRST.join(' '), `${path}: the client component's server rendering`);
      assert.equal(elementText(page, 'browser'), 'pending', `${path}: the effect runs only in the browser`);
      const { result, problems } = await visit(browser.context, `${origin}${path}`, {
        until: () => document.getElementById('browser')?.textContent !== 'pending',
        read: () => ['server', 'render', 'browser'].map((id) => document.getElementById(id)?.textContent),
      });
      assert.deepEqual(problems, [], `${path}: no console error (a hydration mismatch is one), no failed request`);
      assert.deepEqual(result, [SERVER_TEXT, FIRST.join(' '), `object | ready | R | ${TREE}`], path);
    }
  }

  for (const [label, flags] of [[`Next.js ${DEV.next} with Turbopack`, []], [`Next.js ${DEV.next} with webpack (--webpack)`, ['--webpack']]]) {
    test(`${label}: next build, next start; the server component's answers in the HTML, the client component hydrates without a mismatch and computes in the browser`, async () => {
      rmSync(join(dir, '.next'), { recursive: true, force: true });
      const built = run(process.execPath, [next(dir), 'build', ...flags], dir, env);
      assert.doesNotMatch(built, /dicechess-wasm:/, `the build's prerendering reports no engine failure:\n${built}`);
      console.log(`${label}: client output ${outputSizes(join(dir, '.next', 'static'))}; server output ${outputSizes(join(dir, '.next', 'server'))}`);
      const warned = built.indexOf('Compiled with warnings');
      if (warned >= 0) console.log(`${label}: build warnings:\n${built.slice(warned, warned + 400)}`);
      await withNext('start', checkPages);
    });
  }

  test(`Next.js ${DEV.next} dev server (next dev, Turbopack): the same pages`, async () => {
    rmSync(join(dir, '.next'), { recursive: true, force: true });
    await withNext('dev', checkPages);
  });
});

// ---- server bundles (Node) ----------------------------------------------------------------------
describe('server bundles run by Node, moved away from node_modules', () => {
  const probe = `console.log(JSON.stringify([isReady(), DiceChess.getLegalUciMoves(${JSON.stringify(ROLL)})]));\n`;

  test(`webpack ${DEV.webpack} --target node of an import: the .wasm is emitted as an asset next to the bundle, which answers anywhere`, () => {
    const dir = appDir('webpack-node');
    write(dir, {
      'package.json': JSON.stringify({ name: 'webpack-node', private: true }),
      'src/index.js': `import { DiceChess, isReady } from 'dicechess-wasm';\n${probe}`,
    });
    run(join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production', '--target', 'node'], dir);
    const moved = appDir('webpack-node-moved');
    cpSync(join(dir, 'dist'), moved, { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    // The bundle is CommonJS (the scratch project above says "type": "module").
    writeFileSync(join(moved, 'package.json'), JSON.stringify({ type: 'commonjs' }));
    const r = spawnSync(process.execPath, [join(moved, 'main.js')], { cwd: moved, encoding: 'utf8' });
    assert.ok(r.stderr === '', r.stderr.slice(0, 2000));
    assert.deepEqual(JSON.parse(r.stdout), [true, FIRST]);
  });

  test(`esbuild ${DEV.esbuild} --platform=node of a require(): the .wasm is not next to the bundle; neutral values and one report naming the fix, nothing thrown`, async () => {
    const dir = appDir('esbuild-node');
    write(dir, { 'package.json': JSON.stringify({ name: 'esbuild-node', private: true }), 'src/index.js': `const { DiceChess, isReady } = require('dicechess-wasm');\n${probe}` });
    const esbuild = await import('esbuild');
    const moved = appDir('esbuild-node-moved');
    writeFileSync(join(moved, 'package.json'), JSON.stringify({ type: 'commonjs' }));
    const out = join(moved, 'index.js');
    await esbuild.build({ absWorkingDir: dir, entryPoints: ['src/index.js'], bundle: true, platform: 'node', outfile: out, logLevel: 'silent' });
    const r = spawnSync(process.execPath, [out], { encoding: 'utf8' });
    assert.ok(r.status === 0, r.stderr.slice(0, 2000));
    assert.deepEqual(JSON.parse(r.stdout), [false, []]);
    assert.equal(r.stderr.match(/dicechess-wasm:/g)?.length, 1, r.stderr);
    assert.match(r.stderr, /cannot read dicechess_bg\.wasm .*Bundled for a server\? Mark 'dicechess-wasm' as external/);
  });
});

// ---- Rollup --------------------------------------------------------------------------------------
describe('Rollup (ES output, @rollup/plugin-node-resolve)', { skip: skipBrowser }, () => {
  test(`Rollup ${DEV.rollup}: "." and "./rules" ready when the bundle runs, with the .wasm files copied next to it`, async () => {
    const dir = appDir('rollup');
    write(dir, {
      'package.json': JSON.stringify({ name: 'rollup-consumer', private: true, type: 'module' }),
      'src/main.js': `import { DiceChess, isReady } from 'dicechess-wasm';
import * as Rules from 'dicechess-wasm/rules';
const ROLL = ${JSON.stringify(ROLL)};
window.__result = { ready: isReady() && Rules.isReady(), moves: DiceChess.getLegalUciMoves(ROLL), rulesMoves: Rules.getLegalUciMoves(ROLL),
  dice: Rules.DiceChess.getPlayableDice(ROLL), tree: JSON.stringify(Rules.getLegalTurnTree(ROLL)) };
`,
      'dist/index.html': '<!doctype html><html><body><script type="module" src="main.js"></script></body></html>',
    });
    // What the documented `rollup src/main.js -d dist -f es -p node-resolve` does.
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const warnings = [];
    const bundle = await rollup({ input: join(dir, 'src', 'main.js'), plugins: [nodeResolve({ rootDir: dir })], onwarn: (w) => warnings.push(w.message) });
    await bundle.write({ dir: join(dir, 'dist'), format: 'es' });
    await bundle.close();
    assert.deepEqual(warnings, []);
    for (const wasm of ['dicechess_bg.wasm', 'dicechess_rules_bg.wasm']) copyFileSync(join(WEB(), wasm), join(dir, 'dist', wasm));
    console.log(`Rollup ${DEV.rollup}: ${outputSizes(join(dir, 'dist'))}`);
    const server = await serve([['/', join(dir, 'dist')]]);
    try {
      const { result, problems } = await visit(browser.context, `http://127.0.0.1:${server.address().port}/index.html`);
      assert.deepEqual(problems, []);
      assert.deepEqual(result, { ready: true, moves: FIRST, rulesMoves: FIRST, dice: 'NR', tree: TREE });
    } finally {
      server.close();
    }
  });
});

// ---- webpack: require() in browser code, classic Workers ------------------------------------------
describe('webpack 5 without configuration: require() in browser code, classic Web Workers', { skip: skipBrowser }, () => {
  let server;
  let origin;
  before(async () => {
    const requireApp = appDir('webpack-require');
    write(requireApp, {
      'package.json': JSON.stringify({ name: 'webpack-require', private: true }),
      'src/index.js': `const { DiceChess, isReady } = require('dicechess-wasm');
const Rules = require('dicechess-wasm/rules');
const ROLL = ${JSON.stringify(ROLL)};
// A call before the module is loaded: the neutral value, and one warning naming the fix.
const before = { ready: isReady(), moves: DiceChess.getLegalUciMoves(ROLL), again: DiceChess.getLegalUciMoves(ROLL) };
const loaded = () => new Promise((resolve) => { const check = () => (isReady() && Rules.isReady() ? resolve() : setTimeout(check, 10)); check(); });
loaded().then(() => {
  window.__result = { before, moves: DiceChess.getLegalUciMoves(ROLL), rulesMoves: Rules.getLegalUciMoves(ROLL), dice: Rules.DiceChess.getPlayableDice(ROLL) };
});
`,
    });
    const workerApp = appDir('webpack-workers');
    write(workerApp, {
      'package.json': JSON.stringify({ name: 'webpack-workers', private: true }),
      // Classic workers: no { type: 'module' }.
      'src/index.js': `const ROLL = ${JSON.stringify(ROLL)};
const ask = (worker, announces) => new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) => (data === 'ready' ? worker.postMessage(ROLL) : resolve(data));
  worker.onerror = (e) => reject(new Error('worker error: ' + e.message));
  if (!announces) worker.postMessage(ROLL);
});
Promise.all([
  ask(new Worker(new URL('./static-worker.js', import.meta.url)), true),
  ask(new Worker(new URL('./dynamic-worker.js', import.meta.url)), false),
]).then(([staticImport, dynamicImport]) => { window.__result = { staticImport, dynamicImport, classic: typeof importScripts }; });
`,
      // A worker that imports the package statically starts listening after the .wasm is loaded,
      // and says so; the documented one registers its listener first and imports behind it.
      'src/static-worker.js': `import { DiceChess, isReady } from 'dicechess-wasm';
self.onmessage = ({ data }) => self.postMessage({ ready: isReady(), moves: DiceChess.getLegalUciMoves(data), classic: typeof importScripts === 'function' });
self.postMessage('ready');
`,
      'src/dynamic-worker.js': `const engine = import('dicechess-wasm/rules');
self.onmessage = async ({ data }) => {
  const { DiceChess, isReady } = await engine;
  self.postMessage({ ready: isReady(), moves: DiceChess.getLegalUciMoves(data), dice: DiceChess.getPlayableDice(data, ['b1a3']), classic: typeof importScripts === 'function' });
};
`,
    });
    for (const dir of [requireApp, workerApp]) {
      run(join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], dir);
      writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><html><body><script src="main.js"></script></body></html>');
      console.log(`webpack ${DEV.webpack} (${dir.endsWith('require') ? 'require()' : 'classic workers'}): ${outputSizes(join(dir, 'dist'))}`);
    }
    const plain = appDir('plain-classic-worker');
    write(plain, {
      'index.html': `<!doctype html><html><body><script>
const worker = new Worker('./worker.js');
worker.onmessage = ({ data }) => { window.__result = data; };
worker.onerror = (e) => { window.__result = { error: e.message }; };
worker.postMessage(${JSON.stringify(ROLL)});
</script></body></html>`,
      // A classic worker, as pkg-template/README.md shows it: the listener first, the ./web entry behind it.
      'worker.js': `const engine = import('./vendor/dicechess-wasm/dist/web/rules.js').then(async (m) => { await m.init(); return m; });
self.onmessage = async ({ data }) => {
  const { DiceChess, isReady } = await engine;
  self.postMessage({ ready: isReady(), moves: DiceChess.getLegalUciMoves(data), classic: typeof importScripts === 'function' });
};
`,
    });
    server = await serve([
      ['/require/', join(requireApp, 'dist')],
      ['/workers/', join(workerApp, 'dist')],
      ['/plain/vendor/dicechess-wasm/', join(scratch(), 'node_modules', 'dicechess-wasm')],
      ['/plain/', plain],
    ]);
    origin = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => server?.close());

  test('require() in browser code: calls before the module is loaded return neutral values with one warning naming the fix, then the engine answers', async () => {
    const { result, problems } = await visit(browser.context, `${origin}/require/index.html`);
    assert.deepEqual(result, { before: { ready: false, moves: [], again: [] }, moves: FIRST, rulesMoves: FIRST, dice: 'NR' });
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /^console\.warning: dicechess-wasm: require\("dicechess-wasm"\) in browser code .*use `import \{ DiceChess \} from "dicechess-wasm"`/);
  });

  test('classic Web Workers (no type: "module"): a static import and a dynamic import() behind the listener', async () => {
    const { result, problems } = await visit(browser.context, `${origin}/workers/index.html`);
    assert.deepEqual(problems, []);
    assert.deepEqual(result, {
      staticImport: { ready: true, moves: FIRST, classic: true },
      dynamicImport: { ready: true, moves: FIRST, dice: 'R', classic: true },
      classic: 'undefined',
    });
  });

  test('a plain page\'s classic Web Worker: import() of "./rules/web" and await init()', async () => {
    const { result, problems } = await visit(browser.context, `${origin}/plain/index.html`);
    assert.deepEqual(problems, []);
    assert.deepEqual(result, { ready: true, moves: FIRST, classic: true });
  });
});

// ---- Vite 5, 6 and 7 (soak tier) ----------------------------------------------------------------
// The configuration pkg-template/README.md gives for each major; Vite 8 is in browser.test.mjs.
const VITE_CONFIG = {
  vite5: { build: { target: 'es2022' }, optimizeDeps: { exclude: ['dicechess-wasm'] }, worker: { format: 'es' } },
  vite6: { build: { target: 'es2022' }, optimizeDeps: { exclude: ['dicechess-wasm'] }, worker: { format: 'es' } },
  vite7: { optimizeDeps: { exclude: ['dicechess-wasm'] }, worker: { format: 'es' } },
};

describe('Vite 5, 6 and 7 (soak): build, preview, dev server, module Worker', { skip: skipBrowser || (SOAK ? false : 'soak tier only (DICECHESS_SOAK=1)') }, () => {
  for (const [name, config] of Object.entries(VITE_CONFIG)) {
    test(`${name} (${DEV[name].replace(/^npm:vite@/, '')}) with ${JSON.stringify(config)}`, async () => {
      const dir = appDir(name);
      write(dir, {
        'index.html': '<!doctype html><html><body><script type="module" src="./src/main.js"></script></body></html>',
        'src/main.js': `import { DiceChess, isReady } from 'dicechess-wasm';
import * as Rules from 'dicechess-wasm/rules';
const ROLL = ${JSON.stringify(ROLL)};
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const fromWorker = await new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) => resolve(data);
  worker.onerror = (e) => reject(new Error('worker error: ' + e.message));
  worker.postMessage(ROLL);
});
window.__result = { ready: isReady() && Rules.isReady(), moves: DiceChess.getLegalUciMoves(ROLL), dice: Rules.getPlayableDice(ROLL), fromWorker };
`,
        'src/worker.js': `const engine = import('dicechess-wasm/rules');
self.onmessage = async ({ data }) => {
  const { DiceChess, isReady } = await engine;
  self.postMessage({ ready: isReady(), moves: DiceChess.getLegalUciMoves(data) });
};
`,
      });
      const vite = await import(name);
      const expected = { ready: true, moves: FIRST, dice: 'NR', fromWorker: { ready: true, moves: FIRST } };
      const check = async (url, what) => {
        const { result, problems } = await visit(browser.context, url);
        assert.deepEqual(problems, [], `${name} ${what}`);
        assert.deepEqual(result, expected, `${name} ${what}`);
      };
      await vite.build({ root: dir, configFile: false, logLevel: 'warn', base: './', ...config, build: { ...config.build, outDir: 'dist', emptyOutDir: true } });
      console.log(`${name} (${DEV[name].replace(/^npm:vite@/, '')}) build: ${outputSizes(join(dir, 'dist'))}`);
      const preview = await vite.preview({ root: dir, configFile: false, logLevel: 'warn', ...config, preview: { host: '127.0.0.1', port: await freePort() } });
      try {
        await check(preview.resolvedUrls.local[0], 'preview of the build');
      } finally {
        await new Promise((resolve) => preview.httpServer.close(resolve));
      }
      const dev = await vite.createServer({ root: dir, configFile: false, logLevel: 'warn', ...config, server: { host: '127.0.0.1', port: await freePort(), hmr: false } });
      await dev.listen();
      try {
        await check(dev.resolvedUrls.local[0], 'dev server');
      } finally {
        await dev.close();
      }
    });
  }
});

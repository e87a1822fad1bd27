// The package in the runtimes where bot authors deploy (issue 30; docs/PACKAGE.md, "Setups tested"),
// each a scratch program over the installed tarball, with the runtimes pinned in tests/runtimes/
// (installed by scripts/setup):
//   * Node 20 (the one running the tests), 22 and 24: `import` and `require` of every entry;
//   * server bundles: esbuild `--platform=node --format=esm` and `bun build --target=node` with the
//     .wasm files copied next to them (in Node 20, 22 and 24), `bun build --target=bun` and `bun
//     build --compile` as they are, each run away from node_modules;
//   * Deno 2: the local node_modules (package.json), the `npm:` specifier, and without read
//     permission (one message naming Deno and the fix; `./web`'s init(bytes) and initSync(module)
//     load what they are handed);
//   * Bun 1: `bun` on the ES module and CommonJS programs;
//   * Cloudflare Workers: workerd standalone over an esbuild bundle with the "workerd" condition,
//     and `wrangler dev` (run by Node 22: wrangler needs Node >= 22.12), the plain import each.
// Every program prints the answers of tests/js/lib/runtime-probe.mjs (legal moves, a turn count, a
// turn applied, two bots' turns at fixed seeds, a book's validation), which must equal those of
// this process. A runtime is skipped, saying why, only where its pinned binary does not exist for
// this OS and CPU; a missing install on a platform that has it fails (run scripts/setup).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { probe } from './lib/runtime-probe.mjs';
import { ROOT, load, scratch } from './lib/paths.mjs';
import {
  BUN as PINNED_BUN, COMPATIBILITY_DATE, DENO as PINNED_DENO, ESBUILD, NODE as PINNED_NODE, PINNED, WASM, WORKERD as PINNED_WORKERD, WRANGLER,
  freePort, prepareWorkerd, required, serveOnce,
} from './lib/runtimes.mjs';
const NODE = Object.fromEntries(Object.entries(PINNED_NODE).map(([major, node]) => [major, required(node)]));
const [DENO, BUN, WORKERD] = [PINNED_DENO, PINNED_BUN, PINNED_WORKERD].map(required);

const ENTRIES = { full: 'dicechess-wasm', rules: 'dicechess-wasm/rules', web: 'dicechess-wasm/web', rulesWeb: 'dicechess-wasm/rules/web' };
/** The installed package's file. */
const pkgFile = (...parts) => join(scratch(), 'node_modules', 'dicechess-wasm', ...parts);

/** The scratch programs' folder under the scratch project, and folders away from node_modules. */
let dir;
const away = [];
function awayDir() {
  const d = mkdtempSync(join(tmpdir(), 'dicechess-away-'));
  away.push(d);
  return d;
}

/** The ES module program printing the probe's answers, importing the entries by `specifier`. */
const esmProgram = (specifier = (s) => s) => `${Object.entries(ENTRIES).map(([k, s]) => `import * as ${k} from '${specifier(s)}';`).join('\n')}
import { probe } from './runtime-probe.mjs';
console.log(JSON.stringify(await probe({ ${Object.keys(ENTRIES).join(', ')} })));
`;
const cjsProgram = `${Object.entries(ENTRIES).map(([k, s]) => `const ${k} = require('${s}');`).join('\n')}
import('./runtime-probe.mjs').then(({ probe }) => probe({ ${Object.keys(ENTRIES).join(', ')} })).then((a) => console.log(JSON.stringify(a)));
`;

/** Runs a program to its end; its stdout's last line as JSON, and its stderr. */
function runJson(cmd, args, { cwd = dir, env = {} } = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return { answers: JSON.parse(r.stdout.trim().split('\n').at(-1)), stderr: r.stderr };
}

/**
 * Runs each build (`[cmd, args]` from `build(out)`, `out` a folder away from node_modules) in a
 * project of its own holding the installed package and the programs, then removes that project:
 * bundlers may keep absolute paths into it (Bun fixes `__dirname` at build time).
 * @returns {string} out
 */
function buildAway(...builds) {
  const project = awayDir();
  cpSync(pkgFile(), join(project, 'node_modules', 'dicechess-wasm'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'build-away', private: true, type: 'module' }));
  for (const file of ['main.mjs', 'full-only.mjs', 'runtime-probe.mjs']) copyFileSync(join(dir, file), join(project, file));
  const out = awayDir();
  for (const build of builds) {
    const [cmd, args] = build(out);
    const r = spawnSync(cmd, args, { cwd: project, encoding: 'utf8' });
    assert.equal(r.status, 0, `${cmd} ${args.join(' ')}:\n${r.stdout}${r.stderr}`);
  }
  rmSync(project, { recursive: true, force: true });
  return out;
}

let expected;
before(async () => {
  const entries = {};
  for (const [k, entry] of [['full', '.'], ['rules', './rules'], ['web', './web'], ['rulesWeb', './rules/web']]) entries[k] = await load(entry, 'esm');
  expected = JSON.parse(JSON.stringify(await probe(entries)));
  dir = join(scratch(), 'runtimes');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  copyFileSync(join(ROOT, 'tests', 'js', 'lib', 'runtime-probe.mjs'), join(dir, 'runtime-probe.mjs'));
  writeFileSync(join(dir, 'main.mjs'), esmProgram());
  writeFileSync(join(dir, 'main.cjs'), cjsProgram);
  writeFileSync(join(dir, 'full-only.mjs'), `import { DiceChess, isReady } from 'dicechess-wasm';
console.log(JSON.stringify([isReady(), DiceChess.getLegalUciMoves('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN')]));
`);
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  for (const d of away) rmSync(d, { recursive: true, force: true });
});

describe('Node', () => {
  for (const [major, node] of Object.entries(NODE)) {
    test(`Node ${major}: import and require of ".", "./rules", "./web" and "./rules/web" answer as Node ${process.versions.node}`, { skip: node.skip ?? false }, () => {
      for (const program of ['main.mjs', 'main.cjs']) {
        const { answers, stderr } = runJson(node.path, [program]);
        assert.deepEqual(answers, expected, program);
        assert.equal(stderr, '', program);
      }
    });
  }

  // Server bundles for Node: the bundle's own folder holds its .wasm files, or nothing.
  const BUNDLERS = {
    'esbuild --bundle --platform=node --format=esm': (program, outfile) => [ESBUILD, ['--bundle', '--platform=node', '--format=esm', '--log-level=warning', program, `--outfile=${outfile}`]],
    'bun build --target=node': (program, outfile) => [BUN.path, ['build', '--target=node', program, `--outfile=${outfile}`]],
  };
  for (const [label, command] of Object.entries(BUNDLERS)) {
    const skip = label.startsWith('bun') ? BUN.skip ?? false : false;
    test(`${label}: with the .wasm files copied next to it, the bundle answers away from node_modules in every Node; without them, neutral values and one message, no crash`, { skip }, () => {
      const out = buildAway((o) => command('main.mjs', join(o, 'copied', 'main.mjs')), (o) => command('full-only.mjs', join(o, 'bare', 'main.mjs')));
      for (const file of Object.values(WASM)) copyFileSync(pkgFile('dist', 'node', file), join(out, 'copied', file));
      for (const [major, node] of Object.entries(NODE)) {
        if (node.skip) continue;
        const copied = runJson(node.path, ['main.mjs'], { cwd: join(out, 'copied') });
        assert.deepEqual(copied.answers, expected, `Node ${major}`);
        assert.equal(copied.stderr, '', `Node ${major}`);
      }
      const bare = runJson(process.execPath, ['main.mjs'], { cwd: join(out, 'bare') });
      assert.deepEqual(bare.answers, [false, []]);
      assert.equal(bare.stderr.match(/dicechess-wasm:/g)?.length, 1, bare.stderr);
      assert.match(bare.stderr, /dicechess-wasm: cannot read dicechess_bg\.wasm .*copy dicechess_bg\.wasm next to the bundle/);
    });
  }
});

describe('Bun', () => {
  const skip = BUN.skip ?? false;
  test(`Bun ${PINNED.devDependencies.bun}: bun on the ES module and CommonJS programs`, { skip }, () => {
    for (const program of ['main.mjs', 'main.cjs']) {
      const { answers, stderr } = runJson(BUN.path, [program]);
      assert.deepEqual(answers, expected, program);
      assert.equal(stderr, '', program);
    }
  });

  test('bun build --target=bun and bun build --compile: the bundle and the executable answer once the project they were built in is gone', { skip }, () => {
    const out = buildAway((o) => [BUN.path, ['build', '--target=bun', 'main.mjs', `--outdir=${join(o, 'bundle')}`]],
      (o) => [BUN.path, ['build', '--compile', 'main.mjs', `--outfile=${join(o, 'main')}`]]);
    for (const [label, cmd, args] of [['bun build --target=bun', BUN.path, [join(out, 'bundle', 'main.js')]], ['bun build --compile', join(out, 'main'), []]]) {
      const { answers, stderr } = runJson(cmd, args, { cwd: out });
      assert.deepEqual(answers, expected, label);
      assert.equal(stderr, '', label);
    }
  });
});

describe('Deno', () => {
  const skip = DENO.skip ?? false;
  const env = () => ({ DENO_DIR: join(dir, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', NO_COLOR: '1' });

  test(`Deno ${PINNED.devDependencies.deno} --allow-read: the local node_modules (package.json) and the npm: specifier`, { skip }, () => {
    assert.deepEqual(runJson(DENO.path, ['run', '--allow-read', 'main.mjs'], { env: env() }).answers, expected, 'bare specifiers');
    const npm = join(dir, 'deno-npm');
    mkdirSync(npm);
    writeFileSync(join(npm, 'deno.json'), JSON.stringify({ nodeModulesDir: 'manual' }));
    copyFileSync(join(dir, 'runtime-probe.mjs'), join(npm, 'runtime-probe.mjs'));
    writeFileSync(join(npm, 'main.mjs'), esmProgram((s) => `npm:${s}`));
    assert.deepEqual(runJson(DENO.path, ['run', '--allow-read', 'main.mjs'], { cwd: npm, env: env() }).answers, expected, 'npm: specifiers');
  });

  test('Deno without read permission: neutral values with one message naming Deno and the fix; ./web\'s init(bytes) and initSync(module) load what they are handed', { skip }, () => {
    const denied = runJson(DENO.path, ['run', ...writeDenied()], { env: env() });
    assert.equal(denied.answers.full.ready, false);
    assert.deepEqual(denied.answers.full.moves, []);
    assert.equal(denied.stderr.match(/dicechess-wasm:/g)?.length, 1, denied.stderr);
    assert.match(denied.stderr, /dicechess-wasm: Deno may not read dicechess_bg\.wasm .*Run with --allow-read/);
    assert.deepEqual(denied.answers.web, expected.web);
    assert.deepEqual(denied.answers.rulesWeb, expected.rulesWeb);
  });

  /** The program without read permission but on its own folder, where copies of the .wasm files are. */
  function writeDenied() {
    const own = join(dir, 'deno-denied');
    mkdirSync(own, { recursive: true });
    for (const file of Object.values(WASM)) copyFileSync(pkgFile('dist', 'web', file), join(own, file));
    writeFileSync(join(dir, 'denied.mjs'), `import * as full from 'dicechess-wasm';
import * as web from 'dicechess-wasm/web';
import * as rulesWeb from 'dicechess-wasm/rules/web';
import { probe } from './runtime-probe.mjs';
const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const neutral = { ready: full.isReady(), moves: full.getLegalUciMoves(ROLL), again: full.getLegalUciMoves(ROLL) };
const bytes = Deno.readFileSync(new URL('./deno-denied/${WASM.full}', import.meta.url));
if (!rulesWeb.initSync(new WebAssembly.Module(Deno.readFileSync(new URL('./deno-denied/${WASM.rules}', import.meta.url))))) throw new Error('initSync(module) refused');
const answers = await probe({ web, rulesWeb }, { web: bytes });
console.log(JSON.stringify({ full: neutral, ...answers }));
`);
    return [`--allow-read=${own}`, 'denied.mjs'];
  }
});

describe('Cloudflare Workers', () => {
  const worker = `${Object.entries(ENTRIES).map(([k, s]) => `import * as ${k} from '${s}';`).join('\n')}
import { probe } from './runtime-probe.mjs';
export default { async fetch() { return Response.json(await probe({ ${Object.keys(ENTRIES).join(', ')} })); } };
`;

  test('workerd standalone: a bundle with the "workerd" condition (the .wasm imported as modules), the plain import of every entry', { skip: WORKERD.skip ?? false }, async () => {
    const wd = join(dir, 'workerd');
    mkdirSync(wd);
    copyFileSync(join(dir, 'runtime-probe.mjs'), join(wd, 'runtime-probe.mjs'));
    writeFileSync(join(wd, 'worker.mjs'), worker);
    const port = await freePort();
    prepareWorkerd(wd, pkgFile('dist', 'web'), port);
    assert.deepEqual(await serveOnce(WORKERD.path, ['serve', 'config.capnp'], `http://127.0.0.1:${port}/`, { cwd: wd }), expected);
  });

  test(`wrangler ${PINNED.devDependencies.wrangler} dev (under Node 22): the plain import of every entry, no configuration`, { skip: NODE[22].skip ?? WORKERD.skip ?? false }, async () => {
    const wr = join(dir, 'wrangler');
    mkdirSync(wr);
    copyFileSync(join(dir, 'runtime-probe.mjs'), join(wr, 'runtime-probe.mjs'));
    writeFileSync(join(wr, 'worker.mjs'), worker);
    writeFileSync(join(wr, 'wrangler.toml'), `name = "dicechess-runtimes"\nmain = "worker.mjs"\ncompatibility_date = "${COMPATIBILITY_DATE}"\n`);
    const port = await freePort();
    const env = { WRANGLER_SEND_METRICS: 'false', CI: '1', XDG_CONFIG_HOME: join(wr, 'config'), NO_COLOR: '1' };
    assert.deepEqual(await serveOnce(NODE[22].path, [WRANGLER, 'dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'warn'], `http://127.0.0.1:${port}/`, { cwd: wr, env }), expected);
  });
});

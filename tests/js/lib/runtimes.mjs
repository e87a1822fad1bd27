// The runtimes pinned in tests/runtimes/ (installed by scripts/setup), how a Worker is served by
// workerd standalone, and a server run for one test: shared by tests/js/runtimes.test.mjs,
// frozen-clock.test.mjs, webhook.test.mjs and scripts/bench-runtimes.mjs.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT, readJson } from './paths.mjs';

const RUNTIMES = join(ROOT, 'tests', 'runtimes');
export const PINNED = readJson(join(RUNTIMES, 'package.json'));
export const BIN = join(RUNTIMES, 'node_modules');
const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';

/**
 * A pinned runtime's binary: { path } when installed, { skip } (why) where the pinned package has
 * no build for this OS and CPU, { missing } (what to run) where it should be there and is not.
 */
function pinned(name, path, onlyLinuxX64 = false) {
  if (onlyLinuxX64 && !LINUX_X64) return { skip: `${name}: the pinned package is a linux-x64 build; this is ${process.platform}-${process.arch}` };
  const full = join(BIN, path);
  if (!existsSync(full)) return { missing: `${name} is not installed at ${full}: run scripts/setup` };
  return { path: full };
}

/** A pinned runtime a test needs: a missing install on a platform that has it fails (throws). */
export function required(runtime) {
  if (runtime.missing) throw new Error(runtime.missing);
  return runtime;
}

/** Node by major version: 20 is the Node running this process; 22 and 24 the pinned packages. */
export const NODE = {
  20: { path: process.execPath },
  22: pinned('Node 22', join('node22', 'bin', 'node'), true),
  24: pinned('Node 24', join('node24', 'bin', 'node'), true),
};
export const DENO = pinned('Deno', join('deno', process.platform === 'win32' ? 'deno.exe' : 'deno'));
export const BUN = pinned('Bun', join('bun', 'bin', 'bun.exe'));
export const WORKERD = pinned('workerd', join('workerd', 'bin', 'workerd'));
export const WRANGLER = join(BIN, 'wrangler', 'bin', 'wrangler.js');
export const ESBUILD = join(ROOT, 'node_modules', '.bin', 'esbuild');

// The Workers compatibility date: the pinned workerd's release date (1.YYYYMMDD.n), which that
// workerd and the wrangler pinned with it support.
export const COMPATIBILITY_DATE = PINNED.devDependencies.workerd.split('.')[1].replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

/** The package's .wasm files by entry. */
export const WASM = { full: 'dicechess_bg.wasm', rules: 'dicechess_rules_bg.wasm' };

/**
 * Prepares folder `wd` (holding the Worker `entry`, run where the package is installed) for
 * `workerd serve config.capnp`: an esbuild bundle with the "workerd" condition, the package's .wasm
 * files (`webDist`: its dist/web folder) beside it, and the config listening on `port`, with
 * `bindings` as the Worker's text bindings (its `env`). Throws when esbuild fails.
 * @param {string} wd @param {string} webDist @param {number} port
 * @param {{ entry?: string, bindings?: Record<string, string> }} [options]
 */
export function prepareWorkerd(wd, webDist, port, { entry = 'worker.mjs', bindings = {} } = {}) {
  // esbuild keeps the external .wasm imports as the package writes them ("../web/<name>_bg.wasm"
  // from the bundle's module name "w/worker.js"), which the config below names.
  const r = spawnSync(ESBUILD, ['--bundle', '--format=esm', '--platform=neutral', '--conditions=workerd,worker,browser', '--main-fields=module,main',
    '--external:*.wasm', '--log-level=warning', entry, '--outfile=w/worker.js'], { cwd: wd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`esbuild failed (${r.status ?? r.signal}):\n${r.stderr}`);
  // capnp embeds files by relative paths only.
  mkdirSync(join(wd, 'web'), { recursive: true });
  for (const file of Object.values(WASM)) copyFileSync(join(webDist, file), join(wd, 'web', file));
  writeFileSync(join(wd, 'config.capnp'), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "w/worker.js", esModule = embed "w/worker.js"),
${Object.values(WASM).map((f) => `    (name = "web/${f}", wasm = embed "web/${f}"),`).join('\n')}
  ],
${Object.keys(bindings).length === 0 ? '' : `  bindings = [\n${Object.entries(bindings).map(([name, text]) => `    (name = "${name}", text = "${text}"),`).join('\n')}\n  ],\n`}  compatibilityDate = "${COMPATIBILITY_DATE}",
);
`);
}

/** A free TCP port on the loopback interface. */
export const freePort = () => new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

/**
 * Starts `cmd args` (its own process group) in `cwd` with `env` added, fetches `url` until it
 * answers (or the server exits), hands `use` that first response and the server's output so far,
 * stops the server, and returns what `use` returns.
 * @template T
 * @param {string} cmd @param {string[]} args @param {string} url
 * @param {{ cwd: string, env?: Record<string, string> }} options
 * @param {(response: Response, log: () => string) => Promise<T>} use
 * @returns {Promise<T>}
 */
export async function withServer(cmd, args, url, { cwd, env = {} }, use) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let done = false;
  exited.then(() => { done = true; });
  try {
    // A generous ceiling for a start-up on a loaded machine; nothing is timed.
    for (let i = 0; i < 600 && !done; i++) {
      let response;
      try { response = await fetch(url); } catch (_) { await new Promise((resolve) => setTimeout(resolve, 200)); continue; }
      return await use(response, () => log);
    }
    assert.fail(`${cmd} ${args.join(' ')} never answered${done ? ' (it exited)' : ''}:\n${log}`);
  } finally {
    // No pid: the server never started, and there is no group to stop (a pid of 0 would name
    // this process's own group).
    if (!done && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  }
}

/** The JSON of a server's first answer, which must be a 200 (see `withServer`). */
export const serveOnce = (cmd, args, url, options) => withServer(cmd, args, url, options, async (response, log) => {
  const text = await response.text();
  assert.equal(response.status, 200, `${url}: HTTP ${response.status}\n${text}\n${log()}`);
  return JSON.parse(text);
});

#!/usr/bin/env node
// Assembles pkg/ (the npm package dicechess-wasm, API.md §2.2–§2.3) from pkg-template/ and the four
// wasm-pack outputs under target/wasm-pack/, runs wasm-opt from the pinned binaryen package, checks
// the exact file list and prints sizes against the budgets of API.md §2.7.
//
// Usage: node scripts/assemble.mjs            (after the four wasm-pack runs of scripts/build)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';

import { ENTRY_FUNCTIONS } from '../pkg-template/js/functions.js';
import { BUDGETS } from './budgets.mjs';
import { featureFlags, wasmOptArgs } from './lib/wasm-modules.mjs';
import { nodeGlue } from './lib/node-glue.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = join(ROOT, 'pkg-template');
const WASM_PACK = join(ROOT, 'target', 'wasm-pack');
const PKG = join(ROOT, 'pkg');
const DIST = join(PKG, 'dist');

function die(message) {
  console.error(`assemble: ${message}`);
  process.exit(1);
}

// ---- crate metadata (the workspace's, which every crate inherits) ----------------------------
function crateField(toml, name) {
  const section = toml.split(/^\[/m).find((s) => s.startsWith('workspace.package]'));
  const m = section && section.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm'));
  return m ? m[1] : undefined;
}
const cargoToml = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8');
const VERSION = crateField(cargoToml, 'version');
const LICENSE = crateField(cargoToml, 'license');
if (!VERSION || !/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.test(VERSION)) {
  die(`the workspace version must be X.Y.Z, found ${JSON.stringify(VERSION)}`);
}
if (!LICENSE) die('Cargo.toml has no license');
// The package's repository, homepage and bugs links (pkg-template/package.json) come from here.
const REPOSITORY = crateField(cargoToml, 'repository');
if (!REPOSITORY || !/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/.test(REPOSITORY)) {
  die(`the crate repository must be a GitHub URL (https://github.com/OWNER/NAME), found ${JSON.stringify(REPOSITORY)}`);
}

// ---- wasm-opt -------------------------------------------------------------------------------
const WASM_OPT = join(ROOT, 'node_modules', '.bin', 'wasm-opt');
if (!existsSync(WASM_OPT)) die('node_modules/.bin/wasm-opt is missing: run npm run setup');

/** The `target_features` custom section of a module: the features rustc emitted. */
function targetFeatures(bytes) {
  const sections = WebAssembly.Module.customSections(new WebAssembly.Module(bytes), 'target_features');
  if (sections.length !== 1) die('the module has no target_features section');
  const b = new Uint8Array(sections[0]);
  let p = 0;
  const leb = () => {
    let r = 0; let s = 0; let x;
    do { x = b[p++]; r |= (x & 0x7f) << s; s += 7; } while (x & 0x80);
    return r;
  };
  const out = [];
  for (let n = leb(); n > 0; n--) {
    const prefix = String.fromCharCode(b[p++]);
    const len = leb();
    const name = new TextDecoder().decode(b.subarray(p, p + len));
    p += len;
    if (prefix === '+') out.push(name);
  }
  return out.sort();
}

/**
 * wasm-opt of the module of `kind` (`full` or `rules`): rustc must have emitted exactly its default
 * features (`wasmOpt.features`) and the module's own (`wasmModules[kind].targetFeatures`, e.g.
 * SIMD128), and wasm-opt is told exactly those.
 */
function optimise(input, output, kind) {
  const emitted = targetFeatures(readFileSync(input));
  const recorded = Object.keys(featureFlags(kind)).sort();
  if (emitted.join(' ') !== recorded.join(' ')) {
    die(`rustc emitted the wasm features [${emitted}] for ${kind} but package.json records [${recorded}] for wasm-opt: update wasmOpt.features or wasmModules.${kind}`);
  }
  const args = [...wasmOptArgs(kind), input, '-o', output];
  execFileSync(WASM_OPT, args, { stdio: 'inherit' });
  // Every optimised file must instantiate with the glue's imports; compiling is checked here, the
  // tests instantiate every file of the package.
  new WebAssembly.Module(readFileSync(output));
}

// ---- templates ------------------------------------------------------------------------------
const read = (p) => readFileSync(join(TEMPLATE, p), 'utf8');

// The wrapper modules and entry templates of pkg-template/js/ are real modules, type-checked by
// tsconfig.json. The published entries must stay single files, so each entry is its template with
// the wrapper modules inlined in place of its import of './core.js' (dependencies first, see
// inlineModules) and its parameters in place of its import of './entry.js' (entry.d.ts); its other
// local specifiers are pointed at the published files. In all of them the type annotations are left
// out (`// @ts-check`, the JSDoc blocks that start a line, inline `/** @type {T} */` casts): the
// documentation is in the sources and the published .d.ts; the `//` comments are kept.
const RULES_MODULES = ['limits.js', 'input.js', 'protocol.js', 'rules.js', 'game.js', 'turns.js', 'core.js'];
const FULL_MODULES = ['limits.js', 'input.js', 'protocol.js', 'rules.js', 'game.js', 'legacy-book.js', 'full.js', 'turns.js', 'core.js'];

/** `text` without its type annotations. */
function withoutTypes(text) {
  const out = [];
  let inJsDoc = false;
  for (const line of text.trimEnd().split('\n')) {
    if (inJsDoc) {
      inJsDoc = !line.includes('*/');
      continue;
    }
    if (line === '// @ts-check') continue;
    if (/^\s*\/\*\*/.test(line)) { inJsDoc = !line.includes('*/'); continue; }
    // Inline casts without nested braces go too: `/** @type {T} */ (x)` is `(x)`.
    out.push(line.replace(/\/\*\* @type \{[^{}]*\} \*\/ /g, ''));
  }
  return out.join('\n');
}

/**
 * A wrapper module for inlining: its header comment (what the source file is) becomes its name,
 * its imports of local modules go (only such one-line imports are allowed), and so does the
 * `export` keyword of its declarations.
 */
function inlineModule(file) {
  const out = [`// ${file}`];
  let header = true;
  for (const line of withoutTypes(read(`js/${file}`)).split('\n')) {
    if (header && (line.startsWith('//') || line === '')) continue;
    header = false;
    if (/^import\b/.test(line)) {
      if (!/^import \{[^}]*\} from '\.\/[a-z-]+\.js';$/.test(line)) die(`${file}: only one-line imports of local modules may be inlined: ${line}`);
      continue;
    }
    if (/^export\b/.test(line) && !/^export (const|(async )?function|let) /.test(line)) die(`${file}: unsupported export: ${line}`);
    out.push(line.replace(/^export /, ''));
  }
  return out.join('\n');
}

/**
 * A module's text as chunks: each top-level declaration with the `//` comments just above it
 * (`name` set), and the text between them. A `function` ends at the next line `}`, a `const` or
 * `let` at the first line ending with `;`.
 */
function chunks(text) {
  const lines = text.split('\n');
  const out = [];
  let pending = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^(const|let|function) (\w+)/);
    if (!m) {
      pending.push(lines[i]);
      continue;
    }
    let c = pending.length;
    while (c > 0 && pending[c - 1].startsWith('//')) c--;
    if (c > 0) out.push({ name: null, text: pending.slice(0, c).join('\n') });
    let j = i;
    const end = m[1] === 'function' ? (l, k) => l === '}' || (k === i && l.endsWith('}')) : (l) => l.endsWith(';');
    while (j < lines.length && !end(lines[j], j)) j++;
    if (j === lines.length) die(`the top-level declaration of ${m[2]} does not end`);
    out.push({ name: m[2], text: [...pending.slice(c), ...lines.slice(i, j + 1)].join('\n') });
    pending = [];
    i = j;
  }
  if (pending.length) out.push({ name: null, text: pending.join('\n') });
  return out;
}

/**
 * The inlined modules, for an entry template: top-level declarations that nothing else names
 * (the full-only decoders of protocol.js in a rules entry, say) are left out, until none is left.
 */
function inlineModules(files, template) {
  const seen = new Map();
  for (const file of files) {
    for (const [, name] of read(`js/${file}`).matchAll(/^(?:export )?(?:const|let|function) (\w+)/gm)) {
      if (seen.has(name)) die(`the top-level name ${name} of ${file} is also declared in ${seen.get(name)}`);
      seen.set(name, file);
    }
  }
  const modules = files.map((f) => chunks(inlineModule(f)));
  const all = modules.flat();
  // References are looked for in the code, not in the comments.
  const code = (text) => text.replace(/(^|\s)\/\/.*$/gm, '$1');
  for (const c of all) c.code = code(c.text);
  template = code(template);
  for (let changed = true; changed;) {
    changed = false;
    for (const c of all) {
      if (c.name === null || c.dropped) continue;
      const used = new RegExp(`\\b${c.name}\\b`);
      if (used.test(template) || all.some((o) => o !== c && !o.dropped && used.test(o.code))) continue;
      c.dropped = true;
      changed = true;
    }
  }
  const text = modules.map((m) => m.filter((c) => !c.dropped).map((c) => c.text).join('\n').replace(/\n{3,}/g, '\n\n').trim());
  return `// ---- wrapper core: pkg-template/js/{${files.map((f) => f.replace(/\.js$/, '')).join(',')}}.js, inlined by scripts/assemble.mjs ----\n`
    + text.join('\n\n') + '\n// ---- end of wrapper core ----';
}
/** The parameters of an entry of `kind`, as entry.d.ts declares them: those of `wanted`, or all. */
function entryParameters(kind, wanted) {
  const all = {
    BUILD_ID: `'${buildId(kind)}'`,
    EXTEND: kind === 'full' ? 'fullFunctions' : 'undefined',
    NAMES: JSON.stringify(ENTRY_FUNCTIONS[kind]),
    WASM_FILE: `'${KINDS[kind].glue}_bg.wasm'`,
  };
  return Object.entries(all).filter(([name]) => !wanted || wanted.includes(name)).map(([name, v]) => `const ${name} = ${v};`).join('\n');
}
/** The names an entry template imports from './entry.js'. */
const entryNames = (text) => (text.match(/\{([^}]*)\}[^\n]*'\.\/entry\.js'/)?.[1] ?? '').split(',').map((n) => n.trim());

/**
 * An entry file of `kind` from `template`: the wrapper core and the entry's parameters inlined,
 * the local specifiers mapped by `paths`, then the placeholders (`vars`) filled.
 */
function entryFile(template, kind, paths, vars) {
  const text = read(`js/${template}`);
  const SPECIFIER = /(from |require\()'(\.\/[\w.-]+)'/g;
  const out = [];
  for (const line of withoutTypes(text).split('\n')) {
    const local = [...line.matchAll(SPECIFIER)].map((m) => m[2]);
    if (local.includes('./core.js')) out.push(inlineModules(kind === 'full' ? FULL_MODULES : RULES_MODULES, `${text}\n${entryParameters(kind, entryNames(text))}`));
    else if (local.includes('./entry.js')) out.push(entryParameters(kind, entryNames(text)));
    else {
      out.push(line.replace(SPECIFIER, (_, how, spec) => {
        if (!Object.hasOwn(paths, spec)) die(`${template}: no published file for ${spec}`);
        return `${how}'${paths[spec]}'`;
      }));
    }
  }
  return fill(`${out.join('\n')}\n`, vars);
}

function fill(text, vars) {
  let out = text;
  for (const [k, v] of Object.entries(vars)) out = out.split(k).join(v);
  const left = out.match(/__[A-Z_]+__|\/\*@@[A-Z_]+@@\*\//);
  if (left) die(`unfilled placeholder ${left[0]}`);
  return out;
}

const lines = (names, fmt) => names.map(fmt).join('\n');

/** Removes wasm-bindgen's `@ts-self-types` pointer: its .d.ts is not shipped (API.md §2.8). */
function glue(text) {
  return text.replace(/^\/\* @ts-self-types="[^"]*" \*\/\n/, '');
}

// entry kind → its parameters
const KINDS = {
  full: { glue: 'dicechess', node: 'index', web: 'index', nodeWeb: 'web', types: 'index', webTypes: 'web', name: 'dicechess-wasm' },
  rules: { glue: 'dicechess_rules', node: 'rules', web: 'rules', nodeWeb: 'rules-web', types: 'rules', webTypes: 'rules-web', name: 'dicechess-wasm/rules' },
};

function buildId(kind) {
  return `${VERSION}/${kind}`;
}

// ---- assemble -------------------------------------------------------------------------------
rmSync(PKG, { recursive: true, force: true });
for (const d of ['node', 'web', 'browser', 'workerd']) mkdirSync(join(DIST, d), { recursive: true });

const sizes = [];
for (const [kind, k] of Object.entries(KINDS)) {
  const names = ENTRY_FUNCTIONS[kind];
  const nodeOut = join(WASM_PACK, `nodejs-${kind}`);
  const webOut = join(WASM_PACK, `web-${kind}`);
  for (const d of [nodeOut, webOut]) {
    if (!existsSync(join(d, `${k.glue}_bg.wasm`))) die(`missing wasm-pack output ${relative(ROOT, d)}: run scripts/build`);
  }
  // The two targets of one feature set must produce the same module (API.md §2.2).
  const nodeRaw = readFileSync(join(nodeOut, `${k.glue}_bg.wasm`));
  const webRaw = readFileSync(join(webOut, `${k.glue}_bg.wasm`));
  if (!nodeRaw.equals(webRaw)) die(`the nodejs and web builds of ${kind} differ before wasm-opt`);
  const optimised = join(DIST, 'node', `${k.glue}_bg.wasm`);
  optimise(join(nodeOut, `${k.glue}_bg.wasm`), optimised, kind);
  copyFileSync(optimised, join(DIST, 'web', `${k.glue}_bg.wasm`));
  sizes.push({ kind, raw: nodeRaw.length, file: optimised });

  // glue
  const shipped = nodeGlue(glue(readFileSync(join(nodeOut, `${k.glue}.js`), 'utf8')));
  if (shipped === null) die(`the nodejs glue of ${kind} does not end as scripts/lib/node-glue.mjs expects (another wasm-bindgen?)`);
  writeFileSync(join(DIST, 'node', `${k.glue}.cjs`), shipped);
  writeFileSync(join(DIST, 'web', `${k.glue}.js`), glue(readFileSync(join(webOut, `${k.glue}.js`), 'utf8')));

  // Node CommonJS wrapper and its ./web twin.
  const exportLines = (fmt) => lines(names, fmt);
  writeFileSync(join(DIST, 'node', `${k.node}.cjs`), entryFile('node-entry.cjs', kind, { './glue.js': `./${k.glue}.cjs` }, {
    __ENTRY__: `"${k.name}"`, '/*@@EXPORTS@@*/': exportLines((n) => `exports.${n} = DiceChess.${n};`),
  }));
  writeFileSync(join(DIST, 'node', `${k.nodeWeb}.cjs`), entryFile('node-web.cjs', kind, { './node-entry.cjs': `./${k.node}.cjs` }, {
    __ENTRY__: `"${k.name}/web"`, __BASE_ENTRY__: `"${k.name}"`, '/*@@EXPORTS@@*/': exportLines((n) => `exports.${n} = DiceChess.${n};`),
  }));
  // Node ES module facades.
  for (const [file, isWeb] of [[k.node, false], [k.nodeWeb, true]]) {
    writeFileSync(join(DIST, 'node', `${file}.js`), entryFile('node-facade.js', kind, { './node-entry.cjs': `./${file}.cjs` }, {
      __ENTRY__: `"${k.name}${isWeb ? '/web' : ''}"`, __WASM__: `${k.glue}_bg.wasm`,
      '/*@@EXPORTS@@*/': exportLines((n) => `export const ${n} = m.${n};`),
      '\n/*@@WEB_EXPORTS@@*/': isWeb ? '\nexport const init = m.init;\nexport const initSync = m.initSync;\nexport default m.init;' : '',
    }));
  }
  // Their twins under Bun ("bun" inside "node" > "import"): the .wasm imported as a file, which
  // `bun build` embeds or copies.
  for (const [file, isWeb] of [[k.node, false], [k.nodeWeb, true]]) {
    writeFileSync(join(DIST, 'node', `${file}-bun.js`), entryFile('bun-facade.js', kind, { './node-entry.cjs': `./${file}.cjs`, './wasm-file.js': `./${k.glue}_bg.wasm` }, {
      __ENTRY__: `"${k.name}${isWeb ? '/web' : ''}"`,
      '/*@@EXPORTS@@*/': exportLines((n) => `export const ${n} = m.${n};`),
      '\n/*@@WEB_EXPORTS@@*/': isWeb ? '\nexport const init = m.init;\nexport const initSync = m.initSync;\nexport default m.init;' : '',
    }));
  }
  // Web wrapper (./web outside Node) and the browser entry over it.
  writeFileSync(join(DIST, 'web', `${k.web}.js`), entryFile('web-entry.js', kind, { './glue.js': `./${k.glue}.js` }, {
    __ENTRY__: `"${k.name}/web"`, '/*@@EXPORTS@@*/': exportLines((n) => `export const ${n} = api.${n};`),
  }));
  writeFileSync(join(DIST, 'browser', `${k.web}.js`), entryFile('browser-entry.js', kind, { './web-entry.js': `../web/${k.web}.js` }, {
    __ENTRY__: `"${k.name}"`, '/*@@EXPORTS@@*/': exportLines((n) => `export const ${n} = api.${n};`),
  }));
  // Cloudflare Workers (the "workerd" condition): the web wrapper over the .wasm imported as a module.
  const workerdPaths = { './wasm-module.js': `../web/${k.glue}_bg.wasm`, './web-entry.js': `../web/${k.web}.js` };
  writeFileSync(join(DIST, 'workerd', `${k.web}.js`), entryFile('workerd-entry.js', kind, workerdPaths, {
    __ENTRY__: `"${k.name}"`, '/*@@EXPORTS@@*/': exportLines((n) => `export const ${n} = api.${n};`),
  }));
  writeFileSync(join(DIST, 'workerd', `${k.nodeWeb}.js`), entryFile('workerd-web.js', kind, workerdPaths, {
    __ENTRY__: `"${k.name}/web"`, '/*@@EXPORTS@@*/': exportLines((n) => `export const ${n} = api.${n};`),
  }));
  // require() outside Node: loads the .wasm in the background (no top-level await in CommonJS).
  writeFileSync(join(DIST, 'browser', `${k.web}.cjs`), entryFile('browser-require.cjs', kind, { './glue.js': `../web/${k.glue}.js` }, {
    __ENTRY__: `"${k.name}"`, '/*@@EXPORTS@@*/': exportLines((n) => `exports.${n} = DiceChess.${n};`),
  }));

  // Types: hand-written fragments per entry; each .d.cts has the content of its .d.ts.
  const diceChessType = [
    '/** The entry\'s functions as one frozen object; `DiceChess.f === f` for every function. */',
    'export declare const DiceChess: Readonly<{',
    lines(names, (n) => `  ${n}: typeof ${n};`),
    '}>;',
  ].join('\n');
  // Each fragment is a module for the TypeScript check (tsconfig.json); its imports and
  // re-exports of types.d.ts and generated.d.ts are dropped, since the published file holds them all.
  const fragment = (p) => read(p).replace(/^(import|export) type (\{[^}]*\}|\*) from '\.\/(types|generated)\.js';\n/gm, '').trimEnd();
  const fragments = (webEntry) => [
    `// Type declarations of ${k.name}${webEntry ? '/web' : ''} (API.md §3). From pkg-template/types/: hand-written, and generated from the engine's Rust types (src/types.rs).`,
    fragment('types/types.d.ts'),
    fragment('types/generated.d.ts'),
    fragment('types/rules-functions.d.ts'),
    ...(kind === 'full' ? [fragment('types/full-functions.d.ts')] : []),
    diceChessType,
    fragment('types/ready.d.ts'),
    ...(webEntry ? [fragment('types/web-init.d.ts')] : []),
  ].filter((s) => s !== '').join('\n\n') + '\n';
  for (const [file, webEntry] of [[k.types, false], [k.webTypes, true]]) {
    const text = fragments(webEntry);
    writeFileSync(join(DIST, `${file}.d.ts`), text);
    writeFileSync(join(DIST, `${file}.d.cts`), text);
  }
}

// dicechess-wasm/webhook: webhook-signature.js and webhook.js inlined after the import of the "."
// entry of the same condition (their './main-entry.js'), as one file per condition.
const WEBHOOK_EXPORTS = ['createWebhookHandler', 'toNodeListener'];
function webhookFile(engineImport, esm) {
  const body = ['webhook-signature.js', 'webhook.js'].map(inlineModule).join('\n\n');
  const exported = esm ? `export { ${WEBHOOK_EXPORTS.join(', ')} };` : lines(WEBHOOK_EXPORTS, (n) => `exports.${n} = ${n};`);
  return `${esm ? '' : "'use strict';\n"}// dicechess-wasm/webhook: pkg-template/js/{webhook-signature,webhook}.js, inlined by scripts/assemble.mjs.\n`
    + `${engineImport}\n\n${body}\n\n${exported}\n`;
}
for (const [file, engineImport, esm] of [
  ['node/webhook.js', "import { DiceChess } from './index.js';", true],
  ['node/webhook-bun.js', "import { DiceChess } from './index-bun.js';", true],
  ['node/webhook.cjs', "const { DiceChess } = require('./index.cjs');", false],
  ['workerd/webhook.js', "import { DiceChess } from './index.js';", true],
  ['browser/webhook.js', "import { DiceChess } from './index.js';", true],
]) writeFileSync(join(DIST, file), webhookFile(engineImport, esm));
// dicechess-wasm/worker-pool (the "node" condition only): the pool and its worker over ".".
const workerPool = entryFile('worker-pool.js', 'full', {}, {});
writeFileSync(join(DIST, 'node', 'worker-pool.js'), workerPool);
// Its CommonJS twin: the same text with require() for its imports and the worker's path from __dirname.
const poolCjs = ["'use strict';", ...workerPool.split('\n').map((line) => {
  const imported = line.match(/^import \{([^}]*)\} from '(node:[a-z_]+)';$/);
  if (imported) return `const {${imported[1]}} = require('${imported[2]}');`;
  if (line.startsWith('const WORKER_MODULE = ')) return "const WORKER_MODULE = require('node:path').join(__dirname, 'pool-worker.js');";
  if (/^export |import\.meta/.test(line)) return line.startsWith('export function ') ? line.replace(/^export /, '') : die(`worker-pool.js: no CommonJS form for: ${line}`);
  return line;
}), 'exports.createWorkerPool = createWorkerPool;', ''].join('\n');
writeFileSync(join(DIST, 'node', 'worker-pool.cjs'), poolCjs);
writeFileSync(join(DIST, 'node', 'pool-worker.js'), entryFile('pool-worker.js', 'full', { './main-entry.js': './index.js' }, {}));
// Their types: the package's types imported from the "." declarations.
const typesFrom = (p, index) => read(p).replace(/from '\.\/(types|full-functions|rules-functions)\.js';/g, `from '${index}';`);
writeFileSync(join(DIST, 'webhook.d.ts'), typesFrom('types/webhook.d.ts', './index.js'));
writeFileSync(join(DIST, 'webhook.d.cts'), typesFrom('types/webhook.d.ts', './index.cjs'));
writeFileSync(join(DIST, 'worker-pool.d.ts'), typesFrom('types/worker-pool.d.ts', './index.js'));
writeFileSync(join(DIST, 'worker-pool.d.cts'), typesFrom('types/worker-pool.d.ts', './index.cjs'));

// The type of the two .wasm subpaths (an asset's URL), for ESM and CommonJS resolution.
const wasmAsset = read('types/wasm-asset.d.ts');
writeFileSync(join(DIST, 'wasm.d.ts'), wasmAsset);
writeFileSync(join(DIST, 'wasm.d.cts'), wasmAsset.replace('export default url;', 'export = url;'));

// Their type under the "workerd" condition: the compiled module that Workers import.
writeFileSync(join(DIST, 'wasm-module.d.ts'), read('js/wasm-module.d.ts'));

// Manifest, README, LICENSE.
writeFileSync(join(PKG, 'package.json'), fill(read('package.json'), { __VERSION__: VERSION, __LICENSE__: LICENSE, __REPOSITORY__: REPOSITORY }));
JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
copyFileSync(join(TEMPLATE, 'README.md'), join(PKG, 'README.md'));
copyFileSync(join(TEMPLATE, 'LICENSE'), join(PKG, 'LICENSE'));

// ---- exact file list ------------------------------------------------------------------------
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? walk(p) : [relative(PKG, p).split('\\').join('/')];
  });
}
const expected = read('files.txt').split('\n').filter(Boolean).sort();
const actual = walk(PKG).sort();
if (expected.join('\n') !== actual.join('\n')) {
  die(`pkg/ does not hold exactly the files of pkg-template/files.txt:\n  missing: ${expected.filter((f) => !actual.includes(f))}\n  extra: ${actual.filter((f) => !expected.includes(f))}`);
}

// ---- sizes and budgets (API.md §2.7) ------------------------------------------------------------
const gz = (b) => gzipSync(b, { level: 9 }).length;
const br = (b) => brotliCompressSync(b, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
let over = false;
console.log('\nsizes (1 KB = 1000 bytes):');
for (const { kind, raw, file } of sizes) {
  const b = readFileSync(file);
  const ok = b.length <= BUDGETS[kind];
  over ||= !ok;
  console.log(`  ${kind.padEnd(5)} .wasm  ${kb(b.length).padStart(9)} raw (budget ${kb(BUDGETS[kind])}${ok ? '' : ', OVER BUDGET'}), ${kb(gz(b))} gzip -9, ${kb(br(b))} brotli; ${kb(raw)} before wasm-opt; sha256 ${createHash('sha256').update(b).digest('hex').slice(0, 16)}`);
}
const jsSize = (files) => {
  const b = Buffer.concat(files.map((f) => readFileSync(join(DIST, f))));
  return `${kb(b.length)} raw, ${kb(gz(b))} gzip`;
};
for (const [label, files] of [
  ['.           node (wrapper + glue)', ['node/index.cjs', 'node/dicechess.cjs']],
  ['./rules     node (wrapper + glue)', ['node/rules.cjs', 'node/dicechess_rules.cjs']],
  ['.           browser (entry + wrapper + glue)', ['browser/index.js', 'web/index.js', 'web/dicechess.js']],
  ['./rules     browser (entry + wrapper + glue)', ['browser/rules.js', 'web/rules.js', 'web/dicechess_rules.js']],
]) console.log(`  ${label.padEnd(44)} ${jsSize(files)}`);
const unpacked = actual.reduce((s, f) => s + statSync(join(PKG, f)).size, 0);
console.log(`  package: ${actual.length} files, ${kb(unpacked)} unpacked (packed size: npm pack --dry-run)`);
if (over) die('a .wasm exceeds its size budget (API.md §2.7)');
console.log(`\npkg/ assembled: dicechess-wasm@${VERSION}`);

// Every JavaScript and TypeScript block of README.md, the package README (pkg-template/README.md)
// and docs/*.md, as a user would paste it (issue 15): all of them type-checked by one strict tsc
// run in the scratch project, where `dicechess-wasm` resolves to the installed tarball, then each
// run in Node: JavaScript as written, TypeScript as tsc emits it. A block that cannot run alone (a
// fragment, a browser-only or Worker snippet, a bundler's config) says so in the markdown, in an
// HTML comment on the line right before its fence:
//
//   <!-- snippet: worker, a module Worker's script -->
//
// It is still type-checked (against the DOM's types), and its run is reported as skipped with that text.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ROOT, scratch } from './lib/paths.mjs';

const LANGS = { js: 'js', javascript: 'js', mjs: 'js', cjs: 'js', ts: 'ts', typescript: 'ts' };
const SOURCES = [
  join(ROOT, 'README.md'),
  join(ROOT, 'pkg-template', 'README.md'),
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => join(ROOT, 'docs', f)),
];
/** At least this many blocks per file, so that a fence the extraction misses is noticed. */
// The package quickstart is written once, in the package README; README.md and docs/PACKAGE.md link to it.
const LEAST = { 'pkg-template/README.md': 10, 'docs/NOTATION.md': 1 };
const MARKER = /^<!-- snippet: (.+?) -->$/;

/**
 * The code blocks of one markdown file: `{ file, line, heading, lang, code, skip }`, where `line` is
 * the fence's line (1-based), `heading` the section it is in and `skip` the text of its marker.
 */
function extract(path) {
  const file = relative(ROOT, path);
  const lines = readFileSync(path, 'utf8').split('\n');
  const blocks = [];
  let heading = '(top)';
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]);
    if (open === null) {
      const h = /^#{1,6} (.+)$/.exec(lines[i]);
      if (h) heading = h[1].trim();
      if (MARKER.test(lines[i])) assert.match(lines[i + 1] ?? '', /^```/, `${file}:${i + 1}: a snippet marker not right before a fence`);
      continue;
    }
    const start = i;
    while (++i < lines.length && lines[i] !== '```');
    assert.ok(i < lines.length, `${file}:${start + 1}: an unclosed fence`);
    const lang = LANGS[open[1]];
    if (lang === undefined) continue;
    const marker = MARKER.exec(lines[start - 1] ?? '');
    blocks.push({ file, line: start + 1, heading, lang, code: lines.slice(start + 1, i).join('\n') + '\n', skip: marker?.[1] });
  }
  return blocks;
}

const snippets = SOURCES.flatMap(extract);

/** The file a user would paste a block into: CommonJS when it uses `require`, else an ES module. */
function fileName(s, n) {
  const cjs = /\brequire\(/.test(s.code);
  return `s${String(n).padStart(2, '0')}.${s.lang === 'ts' ? (cjs ? 'cts' : 'mts') : cjs ? 'cjs' : 'mjs'}`;
}

/** Folder of the snippets in the scratch project; tsc's output and diagnostics by file name. */
let work;
let diagnostics;

function prepare() {
  if (work) return;
  work = join(scratch(), 'snippets');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // What a Vite project's vite/client types declare for `?url` imports.
  writeFileSync(join(work, 'vite-env.d.ts'), "declare module '*?url' { const url: string; export default url; }\n");
  const files = ['vite-env.d.ts'];
  for (const [n, s] of snippets.entries()) {
    s.name = fileName(s, n);
    // TypeScript modules get an empty export, so that each file's top-level names are its own.
    writeFileSync(join(work, s.name), s.lang === 'ts' ? `${s.code}export {};\n` : s.code);
    files.push(s.name);
  }
  const config = {
    compilerOptions: {
      strict: true, allowJs: true, checkJs: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
      lib: ['es2022', 'dom'], types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')], skipLibCheck: true,
      outDir: 'out', rootDir: '.', pretty: false,
    },
    files,
  };
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(config, null, 2));
  // One run for every block: type errors are reported per file; tsc still emits the JavaScript.
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: work, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 2, `tsc did not run:\n${r.stdout}${r.stderr}`);
  diagnostics = new Map();
  let last;
  for (const line of `${r.stdout}${r.stderr}`.split('\n')) {
    const m = /^([^(\s]+)\(\d+,\d+\): error /.exec(line);
    if (m) last = m[1];
    if (last && line !== '') diagnostics.set(last, `${diagnostics.get(last) ?? ''}${line}\n`);
  }
  assert.ok(r.status === 0 || diagnostics.size > 0, `tsc failed without naming a file:\n${r.stdout}${r.stderr}`);
}

/** A snippet's lines numbered as in its markdown file, for a failure message. */
const listing = (s) => s.code.trimEnd().split('\n').map((l, i) => `${String(s.line + 1 + i).padStart(4)} | ${l}`).join('\n');

/** tsc's messages for a snippet, with its positions given as the markdown file's lines. */
const located = (s, text) => text.replace(/^s\d+\.[cm][jt]s\((\d+),(\d+)\)/gm, (_, row, col) => `${s.file}:${s.line + Number(row)}:${col}`);

/** The file Node runs: the block as written (JavaScript) or as tsc emitted it (TypeScript). */
const emitted = (s) => join(work, 'out', s.name.replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs'));

test('the markdown files hold the expected JavaScript and TypeScript blocks', () => {
  for (const [file, least] of Object.entries(LEAST)) {
    const found = snippets.filter((s) => s.file === file).length;
    assert.ok(found >= least, `${file}: ${found} blocks, expected at least ${least}`);
  }
  // Each runnable block calls the engine: an import of the package, and a call of what it imports.
  for (const s of snippets.filter((x) => x.skip === undefined)) {
    const imports = [...s.code.matchAll(/^(?:import|const) (.+?)(?: from |\s*=\s*require\()['"]dicechess-wasm(?:\/[a-z/]+)?['"]/gm)];
    assert.ok(imports.length > 0, `${s.file}:${s.line} imports nothing from the package`);
    const names = imports.flatMap((m) => m[1].replace(/[{}]|\btype \w+/g, ' ').split(',').map((n) => n.trim().split(/\s+as\s+/).pop()).filter(Boolean));
    const rest = s.code.split('\n').filter((l) => !/dicechess-wasm['"]/.test(l)).join('\n');
    assert.match(rest, new RegExp(`\\b(${names.join('|')})\\s*[.(]`), `${s.file}:${s.line} calls none of ${names}`);
  }
  // tsc's errors are all in the snippets' files.
  prepare();
  const files = new Set(snippets.map((s) => s.name));
  for (const [file, text] of diagnostics) assert.ok(files.has(file), text);
});

for (const s of snippets) {
  const where = `${s.file}:${s.line}`;
  test(`${s.file}, "${s.heading}" (line ${s.line}, ${s.lang})${s.skip ? ` [${s.skip}]` : ''}`, (t) => {
    prepare();
    const errors = diagnostics.get(s.name);
    assert.equal(errors, undefined, `${where} does not type-check under strict TypeScript:\n${located(s, errors ?? '')}\n${listing(s)}`);
    if (s.skip !== undefined) {
      t.skip(`type-checked, not run: ${s.skip}`);
      return;
    }
    if (s.lang === 'js') copyFileSync(join(work, s.name), emitted(s)); // as written, beside the emitted TypeScript
    assert.ok(existsSync(emitted(s)), `${where}: tsc emitted nothing`);
    const out = spawnSync(process.execPath, [emitted(s)], { cwd: work, encoding: 'utf8' });
    assert.equal(out.status, 0, `${where} failed in Node:\n${out.stderr}\n${listing(s)}`);
    assert.doesNotMatch(out.stderr, /dicechess-wasm:/, `${where}: the package warned:\n${out.stderr}`);
    t.diagnostic(`${where} printed: ${out.stdout.trim().split('\n').slice(0, 3).join(' | ').slice(0, 200) || '(nothing)'}`);
  });
}

// API.md §2.8: tsc --noEmit --strict on consumer files of every resolution mode (their
// @ts-expect-error lines fail the run when a type is loosened), and @arethetypeswrong/cli on the
// packed tarball, every entry (the two .wasm subpaths are typed as an asset's URL).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, scratch } from './lib/paths.mjs';

const BIN = join(ROOT, 'node_modules', '.bin');

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}`.trim() };
}

const dir = () => join(scratch(), 'types');

test('consumer files type-check (tsc --noEmit --strict): nodenext ESM and CJS, bundler, node10', () => {
  rmSync(dir(), { recursive: true, force: true });
  cpSync(join(ROOT, 'tests', 'js', 'types'), dir(), { recursive: true });
  for (const config of ['nodenext', 'bundler', 'node10']) {
    const r = run(join(BIN, 'tsc'), ['-p', `tsconfig.${config}.json`], dir());
    assert.equal(r.status, 0, `tsc -p tsconfig.${config}.json:\n${r.output}`);
  }
});

/**
 * The ```js and ```ts blocks of a README, each as the file a user would paste it into: `.cts` when
 * it uses `require`, else `.mts` (module code with top-level await).
 */
function snippets(readme) {
  const blocks = [...readme.matchAll(/^```(js|ts)\n([\s\S]*?)^```$/gm)].map((m) => m[2]);
  return blocks.map((code, i) => ({ name: `readme-${i}.${/\brequire\(/.test(code) ? 'cts' : 'mts'}`, code }));
}

test('the code of the READMEs, docs/PACKAGE.md and docs/NOTATION.md type-checks under strict TypeScript against the installed package', () => {
  const out = join(scratch(), 'readme-snippets');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // What a Vite project's vite/client types declare for `?url` imports.
  writeFileSync(join(out, 'vite-env.d.ts'), "declare module '*?url' { const url: string; export default url; }\n");
  const files = ['vite-env.d.ts'];
  const readmes = {
    npm: join(scratch(), 'node_modules', 'dicechess-wasm', 'README.md'),
    repo: join(ROOT, 'README.md'),
    package: join(ROOT, 'docs', 'PACKAGE.md'),
    notation: join(ROOT, 'docs', 'NOTATION.md'),
  };
  const least = { npm: 8, repo: 8, package: 8, notation: 1 };
  for (const [which, path] of Object.entries(readmes)) {
    const found = snippets(readFileSync(path, 'utf8'));
    assert.ok(found.length >= least[which], `${which}: ${found.length} snippets`);
    for (const { name, code } of found) {
      writeFileSync(join(out, `${which}-${name}`), `${code}export {};\n`);
      files.push(`${which}-${name}`);
    }
  }
  const config = {
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
      lib: ['es2022', 'dom'], types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')], skipLibCheck: true },
    files,
  };
  writeFileSync(join(out, 'tsconfig.json'), JSON.stringify(config));
  // The installed package resolves from the scratch project's node_modules, one level up.
  const r = run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], out);
  assert.equal(r.status, 0, `tsc --strict on the README snippets:\n${r.output}`);
});

test('@arethetypeswrong/cli reports no problem for any entry of the tarball', () => {
  const tarball = readFileSync(join(scratch(), 'tarball.txt'), 'utf8').trim();
  const r = run(join(BIN, 'attw'), [tarball, '--format', 'table-flipped', '--no-emoji'], scratch());
  assert.equal(r.status, 0, r.output);
  assert.match(r.output, /No problems found/);
});

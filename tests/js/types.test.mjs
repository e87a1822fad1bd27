// API.md §2.8: tsc --noEmit --strict on consumer files of every resolution mode (their
// @ts-expect-error lines fail the run when a type is loosened), and @arethetypeswrong/cli on the
// packed tarball, every entry (the two .wasm subpaths are typed as an asset's URL, and as a compiled
// WebAssembly.Module under the "workerd" condition). The code blocks
// of the READMEs and docs/ are type-checked and run by snippets.test.mjs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, scratch } from './lib/paths.mjs';

const BIN = join(ROOT, 'node_modules', '.bin');

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}`.trim() };
}

const dir = () => join(scratch(), 'types');

test('consumer files type-check (tsc --noEmit --strict): nodenext ESM and CJS, bundler, node10, bundler with the workerd condition', () => {
  rmSync(dir(), { recursive: true, force: true });
  cpSync(join(ROOT, 'tests', 'js', 'types'), dir(), { recursive: true });
  for (const config of ['nodenext', 'bundler', 'node10', 'workerd']) {
    const r = run(join(BIN, 'tsc'), ['-p', `tsconfig.${config}.json`], dir());
    assert.equal(r.status, 0, `tsc -p tsconfig.${config}.json:\n${r.output}`);
  }
});

test('@arethetypeswrong/cli reports no problem for any entry of the tarball', () => {
  const tarball = readFileSync(join(scratch(), 'tarball.txt'), 'utf8').trim();
  const r = run(join(BIN, 'attw'), [tarball, '--format', 'table-flipped', '--no-emoji'], scratch());
  assert.equal(r.status, 0, r.output);
  assert.match(r.output, /No problems found/);
});

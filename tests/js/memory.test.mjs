// API.md §5.2 (on ".", also bots, decisions, equity and book cycles: lib/memory-child.mjs): linear memory flat and Node's heap within 10 MB after a warm-up,
// over 10^5 calls (10^6 in the soak tier), in a child process with --expose-gc.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { SOAK } from './lib/paths.mjs';

const N = SOAK ? 1_000_000 : 100_000;
const CHILD = fileURLToPath(new URL('./lib/memory-child.mjs', import.meta.url));

for (const [entry, mode] of [['.', 'esm'], ['./rules', 'cjs']]) {
  test(`${N} calls on dicechess-wasm${entry.slice(1)} (${mode}): wasm memory flat, heap within 10 MB`, () => {
    const r = spawnSync(process.execPath, ['--expose-gc', CHILD, entry, mode, String(N)], { encoding: 'utf8', env: process.env });
    console.log(r.stdout.trim());
    assert.equal(r.stderr, '');
    assert.equal(r.status, 0, 'memory grew');
  });
}

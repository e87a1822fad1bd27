// @ts-check
// dicechess-wasm __ENTRY__ for Node (ES module; also what Deno and Bun load): a facade over its
// CommonJS twin, so that `import` and `require` in one process share one instance (API.md §2.3).
// The twin is imported statically, so that server bundlers (esbuild, Bun, webpack, Next.js) bundle
// it. When the twin could not read the module next to itself (its `__dirname` is no longer the
// package's folder in a bundle), the facade hands it the bytes where it finds them:
//   1. `new URL('./<name>_bg.wasm', import.meta.url)`, the asset reference that bundlers emit the
//      file for (webpack `target: 'node'`; Next.js rewrites it to a public URL, not a file);
//   2. the file next to this module, from `import.meta.url` at run time (Next.js computes it from
//      the project's folder, where node_modules holds the package; an esbuild or Bun bundle with
//      the .wasm copied next to it).
// Otherwise the twin's functions return neutral values and the first call says why, once.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import m from './node-entry.cjs';
const load = /** @type {(source: BufferSource) => void} */ (/** @type {Record<symbol, unknown>} */ (m)[Symbol.for('dicechess-wasm.load')]);
for (const where of [() => new URL('./__WASM__', import.meta.url), () => join(dirname(fileURLToPath(import.meta.url)), '__WASM__')]) {
  if (m.isReady()) break;
  try {
    load(readFileSync(where()));
  } catch (_) {
    // The next place; when none has it, the twin's first call says why.
  }
}
export const DiceChess = m.DiceChess;
/*@@EXPORTS@@*/
export const isReady = m.isReady;
/*@@WEB_EXPORTS@@*/

// @ts-check
// dicechess-wasm __ENTRY__ for Node (ES module): a facade over its CommonJS twin, so that `import`
// and `require` in one process share one instance (API.md §2.3). It hands the twin the module's
// bytes when it finds them, so that the package also works bundled into a server (Next.js with
// Turbopack or webpack, webpack `target: 'node'`), where the twin's `__dirname` is no longer the
// package's folder:
//   1. `new URL('./<name>_bg.wasm', import.meta.url)`, the asset reference that bundlers emit the
//      file for (webpack `target: 'node'`; Next.js rewrites it to a public URL, not a file);
//   2. the file next to this module, from `import.meta.url` at run time (Next.js computes it from
//      the project's folder, where node_modules holds the package).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const require = createRequire(import.meta.url);
const glue = /** @type {typeof import('./glue.js')} */ (require('./glue.js'));
for (const where of [() => new URL('./__WASM__', import.meta.url), () => join(dirname(fileURLToPath(import.meta.url)), '__WASM__')]) {
  if (glue.__dicechess_loaded()) break;
  try {
    glue.__dicechess_load(readFileSync(where()));
  } catch (_) {
    // The next place; the twin tries the file next to itself, and reports once when that fails too.
  }
}
const m = /** @type {typeof import('./node-entry.cjs')} */ (require('./node-entry.cjs'));
export const DiceChess = m.DiceChess;
/*@@EXPORTS@@*/
export const isReady = m.isReady;
/*@@WEB_EXPORTS@@*/

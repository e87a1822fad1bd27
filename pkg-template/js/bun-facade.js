// @ts-check
// dicechess-wasm __ENTRY__ under Bun (the "bun" condition inside "node" > "import"): the Node
// facade's twin for Bun's bundler. `bun build` fixes the CommonJS twin's `__dirname` at build time,
// so a bundle or an executable (`bun build --compile`) moved to another machine finds no .wasm
// there; a file imported `with { type: 'file' }` is embedded in executables and copied next to
// bundles (its path then relative to the bundle), and `bun` itself gives its path in node_modules.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import wasmPath from './wasm-file.js' with { type: 'file' };
import m from './node-entry.cjs';
const load = /** @type {(source: BufferSource) => void} */ (/** @type {Record<symbol, unknown>} */ (m)[Symbol.for('dicechess-wasm.load')]);
if (!m.isReady()) {
  try {
    load(readFileSync(isAbsolute(wasmPath) ? wasmPath : join(dirname(fileURLToPath(import.meta.url)), wasmPath)));
  } catch (_) {
    // The twin's first call says why.
  }
}
export const DiceChess = m.DiceChess;
/*@@EXPORTS@@*/
export const isReady = m.isReady;
/*@@WEB_EXPORTS@@*/

// @ts-check
// dicechess-wasm __ENTRY__ for Node (ES module): a facade over its CommonJS twin, so that `import`
// and `require` in one process share one instance (API.md §2.3).
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const m = /** @type {typeof import('./node-entry.cjs')} */ (require('./node-entry.cjs'));
export const DiceChess = m.DiceChess;
/*@@EXPORTS@@*/
export const isReady = m.isReady;
/*@@WEB_EXPORTS@@*/

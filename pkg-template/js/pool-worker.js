// @ts-check
// One worker of the Node worker pool (worker-pool.js): its own engine instance, answering the
// pool's calls `{id, name, args}` with `{id, value}` in the order they come. The functions never
// throw (API.md §3.2); a name that is not one of them answers undefined.
import { parentPort } from 'node:worker_threads';
import { DiceChess } from './main-entry.js';

const functions = /** @type {Record<string, (...args: unknown[]) => unknown>} */ (/** @type {unknown} */ (DiceChess));
parentPort?.on('message', (/** @type {{ id: number, name: string, args: unknown[] }} */ { id, name, args }) => {
  const value = Object.hasOwn(functions, name) ? functions[name](...args) : undefined;
  parentPort?.postMessage({ id, value });
});

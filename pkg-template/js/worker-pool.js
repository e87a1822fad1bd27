// @ts-check
// dicechess-wasm/worker-pool (Node, Deno and Bun; an ES module and its CommonJS twin): the engine's
// functions over a pool of worker threads, one engine instance in each, so that a server's
// concurrent turns search side by side instead of queueing behind one synchronous search. Each call goes to an idle worker, or waits
// for the first one free; the registry functions go to every worker, so that each holds the same
// bots. The Game functions are not pooled (a Game lives in one instance). Each worker warms its
// instance up before its first call (pool-worker.js); `ready` resolves when the first workers have.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { NAMES } from './entry.js';

/** @typedef {import('../types/worker-pool.js').WorkerPool} WorkerPool */
/** @typedef {import('../types/worker-pool.js').WorkerPoolOptions} WorkerPoolOptions */

// The worker's module, next to this one (scripts/assemble.mjs writes the CommonJS twin's from __dirname).
const WORKER_MODULE = new URL('./pool-worker.js', import.meta.url);
const NOT_POOLED = ['createGame', 'gameFromRecord', 'gameFromNotation'];
const BROADCAST = ['registerOpeningBookBot', 'unregisterBot'];

/**
 * A pool of `size` workers (default: the machine's available parallelism).
 * @param {WorkerPoolOptions} [options] @returns {WorkerPool}
 */
export function createWorkerPool(options = {}) {
  const size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
  /** @type {Map<number, { resolve: (v: unknown) => void, reject: (e: unknown) => void, worker: Slot }>} */
  const calls = new Map();
  /** @type {{ name: string, args: unknown[], resolve: (v: unknown) => void, reject: (e: unknown) => void }[]} */
  const queue = [];
  /** @typedef {{ worker: Worker, outstanding: number }} Slot */
  /** @type {Slot[]} */
  let slots = [];
  let nextId = 0;
  let closed = false;
  /** @type {() => void} */
  let allWarm = () => {};
  /** @type {Promise<void>} */
  const ready = new Promise((resolve) => { allWarm = resolve; });
  let warming = size;

  /** Posts a call to a worker; the worker keeps the process alive while it has calls. @param {Slot} slot @param {string} name @param {unknown[]} args */
  function post(slot, name, args) {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      calls.set(id, { resolve, reject, worker: slot });
      if (slot.outstanding++ === 0) slot.worker.ref();
      slot.worker.postMessage({ id, name, args });
    });
  }

  function dispatch() {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.outstanding > 0) continue;
      const call = /** @type {(typeof queue)[number]} */ (queue.shift());
      post(slot, call.name, call.args).then(call.resolve, call.reject);
    }
  }

  /** @param {Slot} slot */
  function settle(slot) {
    if (--slot.outstanding === 0) slot.worker.unref();
    dispatch();
  }

  /** A worker; one that fails is replaced, its calls rejected. @returns {Slot} */
  function spawn() {
    const worker = new Worker(WORKER_MODULE);
    const slot = { worker, outstanding: 0 };
    worker.unref();
    worker.on('message', (/** @type {{ id: number, value: unknown } | { warmedUp: true }} */ message) => {
      if ('warmedUp' in message) {
        if (--warming === 0) allWarm();
        return;
      }
      const { id, value } = message;
      const call = calls.get(id);
      if (call === undefined) return;
      calls.delete(id);
      call.resolve(value);
      settle(slot);
    });
    worker.on('error', (error) => {
      for (const [id, call] of calls) {
        if (call.worker !== slot) continue;
        calls.delete(id);
        call.reject(error);
      }
      slots = slots.map((s) => (s === slot && !closed ? spawn() : s));
      dispatch();
    });
    return slot;
  }

  for (let i = 0; i < size; i++) slots.push(spawn());

  /** @param {string} name @param {unknown[]} args */
  function call(name, args) {
    if (closed) return Promise.reject(new Error('dicechess-wasm/worker-pool: the pool is closed'));
    if (BROADCAST.includes(name)) {
      // Every worker must agree; one refusal (false) is the answer.
      return Promise.all(slots.map((s) => post(s, name, args))).then((r) => r.every((v) => v === true));
    }
    return new Promise((resolve, reject) => {
      queue.push({ name, args, resolve, reject });
      dispatch();
    });
  }

  /** @type {Record<string, unknown>} */
  const pool = {};
  for (const name of NAMES) {
    if (!NOT_POOLED.includes(name)) pool[name] = (/** @type {unknown[]} */ ...args) => call(name, args);
  }
  pool.size = size;
  pool.ready = ready;
  pool.close = async () => {
    closed = true;
    for (const q of queue.splice(0)) q.reject(new Error('dicechess-wasm/worker-pool: the pool is closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  };
  return /** @type {WorkerPool} */ (Object.freeze(pool));
}

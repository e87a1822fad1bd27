// One measured call, in a process of its own (spawned by scripts/soak/slowest-input.mjs):
//   node measure-child.mjs ENTRY JOB DFEN_AS_JSON
// loads the package entry (a file URL) into a fresh WebAssembly instance, runs the job's
// preparation, then times the call alone and reads the instance's linear memory before and after
// it. Prints `calling` when the call starts, then one JSON line: {ms, memoryBefore, memoryAfter,
// ok, outcome, threw?}.
//
// The package does not expose its memory: WebAssembly.Instance is wrapped before the entry loads
// (tests/js/lib/instances.mjs), as the memory tests do, and the last instance created is the
// package's. Linear memory only grows, so `memoryAfter` is the call's high-water mark.
import { captureInstances } from '../../tests/js/lib/instances.mjs';
import { JOBS } from './jobs.mjs';

const [entry, name, dfenJson] = process.argv.slice(2);
const dfen = JSON.parse(dfenJson);
const job = JOBS[name];

const instances = captureInstances();
const loaded = await import(entry).catch((e) => ({ error: e }));
const E = loaded.default ?? loaded;
const memory = instances.memory();
if (loaded.error || !E.isReady() || memory === undefined) {
  console.error(`measure-child: the package at ${entry} did not load: ${loaded.error ?? 'no instance'}`);
  process.exit(2); // the parent stops the whole run: no function is at fault
}

const extra = job.prepare?.(E, dfen);
const memoryBefore = memory.buffer.byteLength;
let result;
let threw;
process.stdout.write('calling\n'); // the parent's hard timeout runs from here
const t0 = performance.now();
try {
  result = job.call(E, dfen, extra);
} catch (e) {
  threw = String(e?.stack ?? e).slice(0, 500);
}
const ms = performance.now() - t0;
const memoryAfter = memory.buffer.byteLength;

/** A short description of a result: a turn tree can be hundreds of MB of JSON. */
function describe(v) {
  if (Array.isArray(v)) return `array(${v.length})`;
  if (v === null || typeof v !== 'object') return typeof v === 'string' ? JSON.stringify(v) : String(v);
  const keys = Object.keys(v);
  if (keys.length === 0 || /^[a-h][1-8][a-h][1-8]/.test(keys[0])) return `tree(${keys.length} first moves)`;
  return JSON.stringify(v).slice(0, 200);
}
const ok = threw === undefined && job.check(result);
console.log(JSON.stringify({ ms, memoryBefore, memoryAfter, ok, outcome: threw === undefined ? describe(result) : 'throw', threw }));

// Child process (node --expose-gc): API.md §5.2. Plays random games through getLegalTurnTree /
// applyMove / endTurn (plus applyTurn, getPlayableDice, getGameStatus and invalid input); on ".",
// also getBestMove and the four decision functions with the instant bots only, estimateEquity with
// at most 8 rollouts, and register/unregister cycles of a 1 MB book (TSV or binary, 0.8 % of the
// calls). 10^4 warm-up calls, then N calls; prints linear memory and heap; exits 1 on growth.
//
// Linear memory is a high-water mark: a turn tree larger than any before it may need more memory
// once (three-dice trees reach hundreds of KB of JSON). Growth is therefore accepted only on the
// call that produced the largest tree so far, and counted; growth on any other call (a leak, or
// fragmentation that never settles) fails.
import { captureInstances } from './instances.mjs';
import { rng } from './fuzz.mjs';
import { load } from './paths.mjs';

const [entry, mode, n] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const instances = captureInstances();
const E = await load(entry, mode);
const memory = instances.memory();
const r = rng(12345);
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const LETTERS = 'PNBRQK';

let calls = 0;
let largest = 0; // the largest tree so far, in JSON characters
let measuring = false;
let size = memory.buffer.byteLength;
const highWater = [];
const unexplained = [];
function tree(roll) {
  const t = E.getLegalTurnTree(roll); calls++;
  const now = memory.buffer.byteLength;
  const length = now !== size || measuring === false ? JSON.stringify(t).length : 0;
  if (now !== size) {
    if (length > largest) highWater.push(`${size} → ${now} bytes for a new largest tree (${length} chars of JSON)`);
    else unexplained.push(`getLegalTurnTree(${JSON.stringify(roll)}): ${size} → ${now} bytes`);
    size = now;
  }
  if (length > largest) largest = length;
  return t;
}
function check(what) {
  const now = memory.buffer.byteLength;
  if (now !== size) { unexplained.push(`${what}: ${size} → ${now} bytes`); size = now; }
}
// ---- the full entry's functions ('.') ----
const FULL = typeof E.getBestMove === 'function';
const INSTANT_BOTS = ['random', 'checkmate-aware', 'greedy', 'greedy-v2', 'aggressive'];
const DECISIONS = ['shouldBotOfferDouble', 'shouldBotAcceptDouble', 'shouldBotOfferDraw', 'shouldBotAcceptDraw'];
// A 1 MB TSV book: 1000 long garbage keys (accepted, never matched) with one booked turn each.
const TSV_BOOK = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(1040, 'k')}\te2e4\n`).join('');
// A 1 MB binary book: the encoding of a TSV with 32,767 distinct keys (32-byte records).
const BINARY_BOOK = FULL ? E.encodeOpeningBook(Array.from({ length: 32_767 }, (_, i) => `key${i}\te2e4`).join('\n')) : undefined;
let cycles = 0;
let bookProblems = 0;
function bookCycle() {
  const binary = cycles % 2 === 1 && BINARY_BOOK !== undefined;
  const ok = E.registerOpeningBookBot(binary ? BINARY_BOOK : TSV_BOOK, r.pick(INSTANT_BOTS), 'mem-book', 'Memory test book');
  E.getBestMove(`${START} PNB`, { algorithm: 'mem-book', seed: cycles });
  const gone = E.unregisterBot('mem-book');
  if (!ok || !gone) bookProblems++;
  calls += 3; cycles++;
}
function fullCalls(roll, position) {
  if (r.int(3) === 0) {
    const best = E.getBestMove(roll, { algorithm: r.pick(INSTANT_BOTS), seed: r.int(2) === 0 ? r.int(1e9) : undefined }); calls++;
    if (!Array.isArray(best.moves)) bookProblems++;
  }
  if (r.int(6) === 0) {
    const fn = r.pick(DECISIONS);
    const options = { algorithm: r.pick(INSTANT_BOTS), seed: r.int(1e6) };
    if (fn.includes('Double')) E[fn](position, 2, options); else E[fn](position, options);
    calls++;
  }
  if (r.int(40) === 0) { E.estimateEquity(position, { rollouts: r.int(9), maxPlies: 1 + r.int(30), seed: r.int(1e6) }); calls++; }
  if (r.int(50) === 0) { E.getAvailableBots(); E.getBestMove('garbage', { algorithm: 'greedy' }); E.estimateEquity(null); calls += 3; }
  if (calls - lastCycle >= 250) { lastCycle = calls; bookCycle(); } // register + unregister: 0.8 % of the calls
}
let lastCycle = 0;

let position = START;
let games = 0;
function step() {
  const roll = `${position} ${Array.from({ length: 1 + r.int(3) }, () => LETTERS[r.int(6)]).join('')}`;
  if (FULL) fullCalls(roll, position);
  let node = tree(roll);
  let current = roll;
  const played = [];
  for (;;) {
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const uci = keys[r.int(keys.length)];
    current = E.applyMove(current, uci.slice(0, 2), uci.slice(2, 4), uci[4]); calls++;
    played.push(uci);
    node = node[uci];
    if (r.int(4) === 0) { E.getPlayableDice(roll, played); calls++; }
  }
  if (played.length > 0 && r.int(3) === 0) { E.applyTurn(roll, played); calls++; }
  position = E.endTurn(current); calls++;
  // invalid input now and then
  if (r.int(5) === 0) { E.applyMove(roll, 'e9', 'e4'); E.endTurn('garbage'); E.getLegalTurnTree(null); calls += 3; }
  const status = E.getGameStatus(position); calls++;
  if (measuring) check('a call other than getLegalTurnTree');
  if (position === undefined || status === undefined || status.over || r.int(200) === 0) { position = START; games++; }
}

while (calls < 10_000) step();
globalThis.gc();
measuring = true;
size = memory.buffer.byteLength;
const warm = { memory: memory.buffer.byteLength, heap: process.memoryUsage().heapUsed };
const target = calls + n;
while (calls < target) step();
globalThis.gc();
const end = { memory: memory.buffer.byteLength, heap: process.memoryUsage().heapUsed };
const mb = (b) => `${(b / 1048576).toFixed(2)} MiB`;
console.log(`dicechess-wasm${entry.slice(1)} (${mode}): ${calls - 10_000} calls after a 10^4-call warm-up (${games} games): ` +
  `wasm memory ${warm.memory} → ${end.memory} bytes; heap after GC ${mb(warm.heap)} → ${mb(end.heap)}; largest tree ${largest} chars` +
  (FULL ? `; ${cycles} register/unregister cycles of a 1 MB book (binary: ${BINARY_BOOK?.length ?? 'none'} bytes)` : ''));
if (bookProblems > 0) console.log(`  BOOK OR BOT CALLS FAILED: ${bookProblems}`);
for (const h of highWater) console.log(`  high-water mark: ${h}`);
for (const u of unexplained) console.log(`  UNEXPLAINED GROWTH: ${u}`);
const ok = unexplained.length === 0 && bookProblems === 0 && end.heap - warm.heap <= 10 * 1048576;
process.exit(ok ? 0 : 1);

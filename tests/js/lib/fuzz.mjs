// Hostile and valid argument generators for the property and memory tests (seeded, reproducible).
import { join } from 'node:path';
import { CONFORMANCE, readJson } from './paths.mjs';

/** xorshift32: a small seeded generator. */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
  return { next, int: (n) => Math.floor(next() * n), pick: (a) => a[Math.floor(next() * a.length)] };
}

/** Valid rolls and positions taken from the conformance vectors (read in place). */
export function positions() {
  const set = new Set();
  for (const f of ['turn_tree.json', 'legal_moves.json', 'playable_dice.json', 'apply_turn.json', 'end_turn.json']) {
    for (const c of readJson(join(CONFORMANCE, 'rules', f))) if (typeof c.dfen === 'string' && c.dfen.length <= 256) set.add(c.dfen);
  }
  return [...set];
}

const DFEN_CHARS = 'rnbqkpRNBQKP12345678/ wb-abcdefgh0123456789PNBRQKpnbrqk';

export function mutate(r, s) {
  let t = s;
  for (let n = 1 + r.int(3); n > 0; n--) {
    const i = r.int(t.length + 1);
    switch (r.int(5)) {
      case 0: t = t.slice(0, i) + r.pick(DFEN_CHARS) + t.slice(i + 1); break;
      case 1: t = t.slice(0, i) + r.pick(DFEN_CHARS) + t.slice(i); break;
      case 2: t = t.slice(0, i) + t.slice(i + 1); break;
      case 3: t = t.slice(0, i); break;
      default: t = `${t} ${r.pick(['PNB', 'kkk', 'QQQQ', '', '123', '7', 'x'])}`;
    }
  }
  return t;
}

let huge;
const hugeString = () => (huge ??= 'x'.repeat(64 * 1024 * 1024)); // 64 MiB code units, made once
let bigArray;

function throwingProxy() {
  const t = () => { throw new Error('trap'); };
  return new Proxy({}, { get: t, has: t, ownKeys: t, getOwnPropertyDescriptor: t, getPrototypeOf: t, apply: t });
}

/** One hostile value of any class (API.md §5.1). */
export function hostile(r, pool) {
  switch (r.int(30)) {
    case 0: return undefined;
    case 1: return null;
    case 2: return r.pick([NaN, Infinity, -Infinity, -0, 0, 1.5, -3, 2 ** 53, -(2 ** 53), 1e308, 6, 7, r.next() * 100]);
    case 3: return r.pick([true, false]);
    case 4: return Symbol('s');
    case 5: return BigInt(r.int(10)) - 3n;
    case 6: return function () {};
    case 7: return new String(r.pick(pool)); // eslint-disable-line no-new-wrappers
    case 8: return throwingProxy();
    case 9: { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; }
    case 10: return new Proxy(['e2e4'], { get(t, k) { if (k === 'length') throw new Error('length'); return Reflect.get(t, k); } });
    case 11: return Object.defineProperty({}, 'x', { enumerable: true, get() { throw new Error('getter'); } });
    case 12: return Object.freeze({ a: 1 });
    case 13: return 'é'.repeat(r.int(300));
    case 14: return `${r.pick(pool)}\ud800`;
    case 15: return 'a'.repeat(1 << 20); // 1 MB
    case 16: return r.int(50) === 0 ? hugeString() : 'x'.repeat(257);
    case 17: return r.int(50) === 0 ? (bigArray ??= new Array(1e6).fill('e2e4')) : new Array(r.int(6));
    case 18: return new Uint8Array(r.int(10));
    case 19: return Array.from({ length: r.int(6) }, () => r.pick(['e2e4', 'b1a3', 'a1b1', 'E2E4', 'e7e8q', 'e7e8k', 1, null, '']));
    case 20: return [r.pick(pool)];
    case 21: return { length: 1, 0: 'e2e4' };
    case 22: return r.pick(['a1', 'e2', 'e4', 'h8', 'i9', 'E2', '', 'e22']);
    case 23: return r.pick(['q', 'r', 'b', 'n', 'k', 'Q', 'p', '', 'qq']);
    case 24: { let s = ''; for (let n = r.int(40); n > 0; n--) s += String.fromCharCode(r.int(0x10000)); return s; }
    default: return mutate(r, r.pick(pool));
  }
}

/** The declared result type of each rules function (API.md §3.4). */
export const RESULT_TYPE = {
  getLegalUciMoves: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  generateMoves: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  getLegalTurnTree: (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype,
  getPlayableDice: (v) => v === undefined || typeof v === 'string',
  applyMove: (v) => v === undefined || typeof v === 'string',
  applyTurn: (v) => v === undefined || typeof v === 'string',
  endTurn: (v) => v === undefined || typeof v === 'string',
  canonicalKey: (v) => v === undefined || typeof v === 'string',
  perft: (v) => Number.isInteger(v) && v >= 0,
  getPieceFromDice: (v) => v === null || (typeof v === 'string' && v.length === 1),
  getGameStatus: (v) => v === undefined || (typeof v.over === 'boolean' && [null, 'white', 'black'].includes(v.winner)),
};

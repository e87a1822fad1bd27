// The case runner of conformance/api/api_cases.json (schema: conformance/api/README.md) and of
// conformance/rules/*.json (conformance/README.md). Environment-agnostic: used in Node (worker
// threads) and, bundled, in headless Chromium. No Node imports here (the only import is the list of
// functions, pure data).

import { FULL_ONLY_FUNCTIONS, RULES_FUNCTIONS } from './functions.mjs';

export { FULL_ONLY_FUNCTIONS, RULES_FUNCTIONS };

// ---- $js decoding ---------------------------------------------------------------------------
function throwingProxy() {
  const thrower = () => { throw new Error('trap'); };
  const handler = {};
  for (const trap of ['apply', 'construct', 'defineProperty', 'deleteProperty', 'get', 'getOwnPropertyDescriptor',
    'getPrototypeOf', 'has', 'isExtensible', 'ownKeys', 'preventExtensions', 'set', 'setPrototypeOf']) handler[trap] = thrower;
  return new Proxy({}, handler);
}

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Decodes `$js` special values; `results` maps earlier case titles to their results. */
export function decode(v, results) {
  if (Array.isArray(v)) return v.map((x) => decode(x, results));
  if (v === null || typeof v !== 'object') return v;
  if (!Object.hasOwn(v, '$js')) {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = decode(x, results);
    return out;
  }
  switch (v.$js) {
    case 'undefined': return undefined;
    case 'NaN': return NaN;
    case 'Infinity': return Infinity;
    case '-Infinity': return -Infinity;
    case '-0': return -0;
    case 'bigint': return BigInt(v.value);
    case 'symbol': return Symbol('x');
    case 'function': return function () {};
    case 'string-object': return new String(v.value); // eslint-disable-line no-new-wrappers
    case 'repeat': return v.value.repeat(v.count);
    case 'padEnd': return v.value.padEnd(v.length, ' ');
    case 'array-fill': return new Array(v.length).fill(v.value);
    case 'sparse-array': return new Array(v.length);
    case 'throwing-proxy': return throwingProxy();
    case 'revoked-proxy': { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; }
    case 'getters': {
      const o = decode(v.value, results);
      for (const name of v.throws) {
        Object.defineProperty(o, name, { enumerable: true, configurable: true, get() { throw new Error('getter'); } });
      }
      return o;
    }
    case 'typed-array': return new globalThis[v.type](v.length);
    case 'bytes': return hexBytes(v.hex);
    case 'utf8': return new TextEncoder().encode(v.value);
    case 'result': {
      if (!results.has(v.of)) throw new Error(`no earlier result titled ${JSON.stringify(v.of)}`);
      return results.get(v.of);
    }
    case 'arraybuffer': {
      const r = results.get(v.of);
      if (!(r instanceof Uint8Array)) throw new Error(`the result of ${JSON.stringify(v.of)} is not a Uint8Array`);
      return r.slice().buffer;
    }
    default: throw new Error(`unknown $js ${v.$js}`);
  }
}

// ---- equality (rules of `equals`) ------------------------------------------------------------
const isPlain = (o) => o !== null && typeof o === 'object' && !Array.isArray(o) && !(o instanceof Uint8Array);

/** Returns null when equal, else a short description of the first difference. */
export function diff(actual, expected, path = '$') {
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return `${path}: expected number ${expected}, got ${typeof actual}`;
    if (Number.isNaN(expected) ? !Number.isNaN(actual) : actual !== expected) return `${path}: expected ${expected}, got ${actual}`;
    return null;
  }
  if (expected === null || typeof expected !== 'object') {
    return actual === expected ? null : `${path}: expected ${JSON.stringify(expected)}, got ${show(actual)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${show(actual)}`;
    if (actual.length !== expected.length) return `${path}: expected length ${expected.length}, got ${actual.length} (${show(actual)})`;
    for (let i = 0; i < expected.length; i++) {
      const d = diff(actual[i], expected[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (expected instanceof Uint8Array) {
    if (!(actual instanceof Uint8Array)) return `${path}: expected a Uint8Array`;
    return toHex(actual) === toHex(expected) ? null : `${path}: bytes differ`;
  }
  if (!isPlain(actual)) return `${path}: expected an object, got ${show(actual)}`;
  if (Object.getPrototypeOf(actual) !== Object.prototype) return `${path}: not a plain object`;
  const keys = (o) => Object.keys(o).filter((k) => o[k] !== undefined);
  const ka = keys(actual); const ke = keys(expected);
  if (ka.join('\u0000') !== ke.join('\u0000')) return `${path}: keys ${JSON.stringify(ka)} != expected ${JSON.stringify(ke)}`;
  for (const k of ke) {
    const d = diff(actual[k], expected[k], `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

export function show(v) {
  if (v === undefined) return 'undefined';
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol') return v.toString();
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 200 ? `${s.slice(0, 200)}…` : s;
  } catch (_) { return Object.prototype.toString.call(v); }
}

const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

// ---- predicates -----------------------------------------------------------------------------
function at(value, path) {
  let v = value;
  for (const part of path.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    if (v === null || v === undefined) return undefined;
    v = part.startsWith('[') ? v[Number(part.slice(1, -1))] : v[part];
  }
  return v;
}

function clause(c, r, ns, args, results) {
  let m;
  if (c === 'timeTakenMs is a non-negative integer') return Number.isInteger(r?.timeTakenMs) && r.timeTakenMs >= 0 ? null : c;
  if (c === 'moves are a complete legal turn') {
    const ucis = r.moves.map((x) => x.from + x.to + (x.promotion ?? ''));
    return typeof ns.applyTurn(args[0], ucis) === 'string' ? null : `${c}: ${show(ucis)}`;
  }
  if (c === 'masses in [0, 1]') {
    return ['whiteWin', 'blackWin', 'undecided'].every((k) => r[k] >= 0 && r[k] <= 1) ? null : `${c}: ${show(r)}`;
  }
  if (c === 'masses sum to 1 within 1e-9') {
    return Math.abs(r.whiteWin + r.blackWin + r.undecided - 1) <= 1e-9 ? null : `${c}: ${show(r)}`;
  }
  if ((m = c.match(/^same as '(.*)'$/))) {
    if (!results.has(m[1])) return `${c}: no such earlier case`;
    const d = diff(r, results.get(m[1]));
    return d && `${c}: ${d}`;
  }
  if ((m = c.match(/^moves, score same as '(.*)'$/))) {
    if (!results.has(m[1])) return `${c}: no such earlier case`;
    const e = results.get(m[1]);
    const d = diff(r.moves, e.moves, '$.moves') || diff(r.score, e.score, '$.score');
    return d && `${c}: ${d}`;
  }
  if ((m = c.match(/^bytes = ([0-9a-f]*)$/))) {
    return r instanceof Uint8Array && toHex(r) === m[1] ? null : `${c}: got ${r instanceof Uint8Array ? toHex(r) : show(r)}`;
  }
  if ((m = c.match(/^ids = (.*)$/))) {
    const d = Array.isArray(r) ? diff(r.map((b) => b.id), JSON.parse(m[1])) : 'not an array';
    return d && `${c}: ${d}`;
  }
  if ((m = c.match(/^contains (.*)$/))) {
    const e = JSON.parse(m[1]);
    return Array.isArray(r) && r.some((x) => diff(x, e) === null) ? null : `${c}: got ${show(r)}`;
  }
  if ((m = c.match(/^(\S+) = (.*)$/))) {
    const d = diff(at(r, m[1]), decode(JSON.parse(m[2]), results), m[1]);
    return d && `${c}: ${d}`;
  }
  if ((m = c.match(/^(\S+) in (.*)$/))) {
    const v = at(r, m[1]);
    return JSON.parse(m[2]).some((e) => diff(v, decode(e, results)) === null) ? null : `${c}: got ${show(v)}`;
  }
  if ((m = c.match(/^(\S+) >= (.*)$/))) {
    const v = at(r, m[1]);
    return typeof v === 'number' && v >= Number(m[2]) ? null : `${c}: got ${show(v)}`;
  }
  return `unknown predicate clause ${JSON.stringify(c)}`;
}

/** Checks one expectation; null when it holds, else the reason it does not. */
export function check(expect, r, ns, args, results) {
  if (Object.hasOwn(expect, 'equals')) return diff(r, decode(expect.equals, results));
  if (Object.hasOwn(expect, 'type')) return typeof r === expect.type ? null : `expected type ${expect.type}, got ${show(r)}`;
  if (Object.hasOwn(expect, 'predicate')) {
    const failures = expect.predicate.split('; ').map((c) => clause(c, r, ns, args, results)).filter(Boolean);
    return failures.length ? failures.join('; ') : null;
  }
  return `unknown expectation ${show(expect)}`;
}

/** The entries a case runs against. */
export function caseEntries(c) {
  if (c.entry !== undefined) return [c.entry];
  return RULES_FUNCTIONS.includes(c.fn) ? ['.', './rules'] : ['.'];
}

/**
 * Runs the api cases meant for `entry` in file order against the namespace `ns`. Returns one
 * `{title, status: 'pass'|'fail', reason}` per case; every case is strict (a function the entry
 * should export and does not fails its cases).
 */
export function runApiCases(cases, entry, ns) {
  const results = new Map();
  const out = [];
  for (const c of cases) {
    if (!caseEntries(c).includes(entry)) continue;
    if (typeof ns[c.fn] !== 'function') {
      out.push({ title: c.title, status: 'fail', reason: `${c.fn} is not exported` });
      continue;
    }
    let args;
    try {
      args = decode(c.args, results);
    } catch (e) {
      out.push({ title: c.title, status: 'fail', reason: `its arguments need the result of a failed case (${e.message})` });
      continue;
    }
    let r;
    try {
      r = ns[c.fn](...args);
    } catch (e) {
      out.push({ title: c.title, status: 'fail', reason: `threw ${e && e.message}` });
      continue;
    }
    results.set(c.title, r);
    let reason;
    try {
      const added = c.fn === 'getAvailableBots' ? laterBuiltins(r) : { rest: r, problem: null };
      reason = added.problem ?? check(c.expect, added.rest, ns, args, results);
    } catch (e) {
      reason = `predicate failed: ${e.message}`;
    }
    out.push({ title: c.title, status: reason ? 'fail' : 'pass', reason: reason ?? undefined });
  }
  return out;
}

/**
 * The built-in bots that issues added after the vectors were written: `expectimax-v2` (issue 12,
 * difficulty 8) right after `expectimax`, and `expectimax-nnue` (issue 32, difficulty 9) right after
 * `expectimax-v2`. The vectors pin the list without them; this checks each one's row and place
 * (the later first), then hands the rest of the list to the vector's expectation unchanged.
 */
export const LATER_BUILTINS = [
  { id: 'expectimax-nnue', after: 'expectimax-v2', difficulty: 9 },
  { id: 'expectimax-v2', after: 'expectimax', difficulty: 8 },
];

function laterBuiltins(list) {
  if (!Array.isArray(list)) return { rest: list, problem: null };
  let rest = list;
  for (const b of LATER_BUILTINS) {
    const i = rest.findIndex((row) => row && row.id === b.id);
    if (i < 0) return { rest, problem: `the built-in ${b.id} is missing` };
    if (i === 0 || rest[i - 1].id !== b.after) return { rest, problem: `${b.id} is not right after ${b.after}` };
    if (rest[i].difficulty !== b.difficulty) return { rest, problem: `${b.id} has difficulty ${rest[i].difficulty}` };
    rest = rest.filter((_, j) => j !== i);
  }
  return { rest, problem: null };
}

/** The per-entry checks of conformance/api/README.md. */
export function shapeChecks(entry, ns) {
  const problems = [];
  const fns = Object.keys(ns.DiceChess ?? {});
  if (!Object.isFrozen(ns.DiceChess)) problems.push('DiceChess is not frozen');
  for (const f of fns) if (ns.DiceChess[f] !== ns[f]) problems.push(`DiceChess.${f} !== ${f}`);
  for (const f of RULES_FUNCTIONS) if (typeof ns[f] !== 'function') problems.push(`${f} is missing`);
  if (entry !== './rules') {
    for (const f of FULL_ONLY_FUNCTIONS) if (typeof ns[f] !== 'function') problems.push(`${f} is missing`);
  }
  if (typeof ns.isReady !== 'function') problems.push('isReady is not a function');
  if (Object.hasOwn(ns.DiceChess ?? {}, 'isReady')) problems.push('isReady is a member of DiceChess');
  if (entry === './rules') {
    for (const f of FULL_ONLY_FUNCTIONS) {
      if (f in ns) problems.push(`./rules exports the full-only ${f}`);
      if (f in (ns.DiceChess ?? {})) problems.push(`./rules's DiceChess has the full-only ${f}`);
    }
  }
  for (const f of Object.keys(ns)) {
    if (!['DiceChess', 'isReady', 'default', 'init', 'initSync', ...RULES_FUNCTIONS, ...FULL_ONLY_FUNCTIONS].includes(f)) problems.push(`unexpected export ${f}`);
  }
  return problems;
}

// ---- conformance/rules/*.json -----------------------------------------------------------------
const orNull = (v) => (v === undefined ? null : v);

/** Runs the cases of one rules vector file; returns `{title, status, reason}` per case. */
export function runRulesFile(file, cases, ns) {
  const out = [];
  for (const c of cases) {
    let reason = null;
    try {
      reason = rulesCase(file, c, ns);
    } catch (e) {
      reason = `threw ${e && e.message}`;
    }
    out.push({ title: c.title, status: reason === undefined ? 'skip' : reason ? 'fail' : 'pass',
      reason: reason === undefined ? 'no JS API for this file (checked by cargo test)' : reason ?? undefined });
  }
  return out;
}

function rulesCase(file, c, ns) {
  switch (file) {
    case 'movegen_1_dice.json': case 'movegen_2_dice.json': case 'movegen_3_dice.json': {
      const r = ns.getLegalUciMoves(c.fen);
      return diff(Array.isArray(r) ? [...r].sort() : r, c.expectedMoves);
    }
    case 'legal_moves.json': return diff(ns.getLegalUciMoves(c.dfen), c.expected);
    case 'generate_moves.json': return diff(ns.generateMoves(c.dfen), c.expected);
    case 'turn_tree.json': {
      const r = ns.getLegalTurnTree(c.dfen);
      return JSON.stringify(r) === JSON.stringify(c.expected) ? null : diff(r, c.expected) ?? 'JSON text differs';
    }
    case 'apply_move.json': return diff(orNull(ns.applyMove(c.dfen, c.from, c.to, c.promotion)), c.expected);
    case 'end_turn.json': return diff(orNull(ns.endTurn(c.dfen)), c.expected);
    case 'playable_dice.json': return diff(orNull(ns.getPlayableDice(c.dfen, c.moves)), c.expected);
    case 'perft.json': return diff(ns.perft(c.dfen, c.depth), c.expected);
    case 'canonical_key.json': return diff(orNull(ns.canonicalKey(c.dfen)), c.expected);
    case 'game_status.json': return diff(orNull(ns.getGameStatus(c.dfen)), c.expected);
    case 'apply_turn.json': return diff(orNull(ns.applyTurn(c.dfen, c.moves)), c.expected);
    case 'dfen.json': {
      // Parsing succeeds iff valid; the canonical serialisation is what endTurn∘endTurn cannot
      // show, so the JS check is validity through getGameStatus (defined for every valid DFEN).
      const r = ns.getGameStatus(c.input);
      return (r !== undefined) === c.valid ? null : `valid should be ${c.valid}, getGameStatus gave ${show(r)}`;
    }
    case 'normalized_fen.json': return undefined;
    default: return `unknown rules file ${file}`;
  }
}

// @ts-check
// The argument classes of API.md §3.2, checked in JavaScript before any call into the .wasm. Every
// user value is read here at most once per field, inside try/catch where a read can throw (a
// getter, a proxy), so that only strings, numbers, undefined and fresh byte arrays reach the glue.
import { MAX_BOOK, MAX_DFEN, MAX_ID, MAX_MOVES, MAX_TEXT } from './limits.js';

const ASCII = /^[\x00-\x7f]*$/;
const SQUARE = /^[a-h][1-8]$/;
const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/** A cap in the package's messages: `"4 MiB"`. @param {number} n */
export const mib = (n) => `${n / 2 ** 20} MiB`;

/** A DFEN argument: an ASCII string of at most MAX_DFEN characters (the .wasm parses it). @param {unknown} v @returns {v is string} */
export const isDfen = (v) => typeof v === 'string' && v.length <= MAX_DFEN && ASCII.test(v);

/** A UCI micro-move: "e2e4", "e7e8q". @param {unknown} v @returns {boolean} */
export const isUci = (v) => typeof v === 'string' && UCI.test(v);

/** A square argument: "a1" … "h8". @param {unknown} v @returns {v is string} */
export const isSquare = (v) => typeof v === 'string' && SQUARE.test(v);

/**
 * A move-list argument: a real array of 0..3 UCI strings, its length and each element read once;
 * the moves, or null.
 * @param {unknown} v @returns {string[] | null}
 */
export function readMoves(v) {
  try {
    if (!Array.isArray(v)) return null;
    const n = v.length;
    if (typeof n !== 'number' || !(n >= 0 && n <= MAX_MOVES)) return null;
    /** @type {string[]} */
    const out = [];
    for (let i = 0; i < n; i++) {
      const m = v[i];
      if (typeof m !== 'string' || !UCI.test(m)) return null;
      out.push(m);
    }
    return out;
  } catch (_) {
    return null;
  }
}

/** @param {unknown} v @returns {v is object} */
const isObject = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');

/** One field of an options value, read once: undefined for non-objects and when the read throws. @param {unknown} o @param {string} name @returns {unknown} */
export function field(o, name) {
  if (!isObject(o)) return undefined;
  try { return /** @type {Record<string, unknown>} */ (o)[name]; } catch (_) { return undefined; }
}

/** An options object's field as a number, else undefined (the .wasm converts it, API.md §3.2). @param {unknown} o @param {string} name @returns {number | undefined} */
export function numberField(o, name) {
  const v = field(o, name);
  return typeof v === 'number' ? v : undefined;
}

/**
 * A bot or policy id field: longer strings match nothing (the default applies) and are not copied.
 * @param {unknown} o @param {string} name @returns {string | undefined}
 */
export function idField(o, name) {
  const v = field(o, name);
  return typeof v === 'string' && v.length <= MAX_ID ? v : undefined;
}

/** An object-valued field (the clock of getBestMove), else undefined. @param {unknown} o @param {string} name @returns {object | undefined} */
export function objectField(o, name) {
  const v = field(o, name);
  return isObject(v) ? v : undefined;
}

// Book arguments: brand checks through the intrinsic getters, so that neither a look-alike object
// nor an overridden `length` can reach the glue; a fresh view is passed.
const TYPED_ARRAY = Object.getPrototypeOf(Uint8Array.prototype);
/** @param {object} proto @param {PropertyKey} key @returns {Function} */
const getter = (proto, key) => /** @type {Function} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(proto, key)).get);
const taTag = /** @type {(this: unknown) => string | undefined} */ (getter(TYPED_ARRAY, Symbol.toStringTag));
const taBuffer = /** @type {(this: unknown) => ArrayBuffer} */ (getter(TYPED_ARRAY, 'buffer'));
const taOffset = /** @type {(this: unknown) => number} */ (getter(TYPED_ARRAY, 'byteOffset'));
const taLength = /** @type {(this: unknown) => number} */ (getter(TYPED_ARRAY, 'byteLength'));
const abLength = /** @type {(this: unknown) => number} */ (getter(ArrayBuffer.prototype, 'byteLength'));

/** What readBook() returns for a book argument over MAX_BOOK (checked before anything is copied). */
export const LARGE = 'large';

/**
 * A book argument: {text} for a string, {bytes} for a Uint8Array or ArrayBuffer, LARGE above
 * MAX_BOOK, null for anything else.
 * @param {unknown} v @returns {{ text: string, bytes?: undefined } | { bytes: Uint8Array, text?: undefined } | 'large' | null}
 */
export function readBook(v) {
  if (typeof v === 'string') return v.length <= MAX_BOOK ? { text: v } : LARGE;
  if (v === null || typeof v !== 'object') return null;
  try {
    if (taTag.call(v) === 'Uint8Array') {
      const n = taLength.call(v);
      return n > MAX_BOOK ? LARGE : { bytes: new Uint8Array(taBuffer.call(v), taOffset.call(v), n) };
    }
    const n = abLength.call(v); // throws unless v is an ArrayBuffer
    return n > MAX_BOOK ? LARGE : { bytes: new Uint8Array(/** @type {ArrayBuffer} */ (v)) };
  } catch (_) {
    return null;
  }
}

/**
 * A text field as a game keeps it (a player's name): lone surrogates as U+FFFD, each control
 * character a space, cut on a code point boundary to MAX_TEXT bytes of UTF-8, what a tag of the
 * notation holds: the rule of the engine's `notation::tag_text`, so that every name a game keeps
 * goes to the notation and back unchanged. Reads at most MAX_TEXT code points.
 * @param {string} s @returns {string}
 */
export function keptText(s) {
  let out = '';
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let ch = s[i];
    let n = c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      ch = s.slice(i, i + 2);
      n = 4;
    } else if ((c & 0xf800) === 0xd800) {
      ch = '\ufffd';
    } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      ch = ' ';
    }
    if (bytes + n > MAX_TEXT) break;
    bytes += n;
    out += ch;
    if (n === 4) i++;
  }
  return out;
}

/** The deepest nesting jsonWithin writes (a game record has four levels). */
export const MAX_JSON_DEPTH = 64;

/** What jsonWithin throws to stop, caught inside. */
const OVER = Symbol('over');

/**
 * A caller's value as JSON text, as JSON.stringify writes plain data (`toJSON` called; undefined,
 * functions and symbols left out of objects and null in arrays; non-finite numbers null), with a
 * budget of `cap` UTF-16 code units and MAX_JSON_DEPTH levels: null as soon as either is passed,
 * before the rest is read, so that a deep or shared object graph costs at most the budget.
 * undefined where JSON.stringify gives undefined; throws what reading the value throws.
 * @param {unknown} value @param {number} cap @returns {string | null | undefined}
 */
export function jsonWithin(value, cap) {
  /** @type {string[]} */
  const parts = [];
  let used = 0;
  const put = (/** @type {string} */ s) => {
    used += s.length;
    if (used > cap) throw OVER;
    parts.push(s);
  };
  // A string's length is checked before it is escaped: its text is at least that long.
  const putString = (/** @type {string} */ s) => {
    if (s.length + 2 > cap - used) throw OVER;
    put(JSON.stringify(s));
  };
  /** @param {unknown} v @param {string} key @param {number} depth @returns {boolean} whether written */
  const write = (v, key, depth) => {
    if (isObject(v) && typeof (/** @type {{ toJSON?: unknown }} */ (v)).toJSON === 'function') v = /** @type {{ toJSON: (k: string) => unknown }} */ (v).toJSON(key);
    if (typeof v === 'string') putString(v);
    else if (typeof v === 'number') put(Number.isFinite(v) ? String(v) : 'null');
    else if (typeof v === 'boolean') put(v ? 'true' : 'false');
    else if (typeof v === 'bigint') throw new TypeError('a BigInt is not JSON');
    else if (v === null) put('null');
    else if (typeof v !== 'object') return false;
    else if (depth >= MAX_JSON_DEPTH) throw OVER;
    else if (Array.isArray(v)) {
      put('[');
      const n = v.length;
      for (let i = 0; i < n; i++) {
        if (i > 0) put(',');
        if (!write(v[i], String(i), depth + 1)) put('null');
      }
      put(']');
    } else {
      put('{');
      let first = true;
      for (const k of Object.keys(v)) {
        const [mark, before] = [parts.length, used];
        if (!first) put(',');
        putString(k);
        put(':');
        if (write(/** @type {Record<string, unknown>} */ (v)[k], k, depth + 1)) first = false;
        else [parts.length, used] = [mark, before];
      }
      put('}');
    }
    return true;
  };
  try {
    return write(value, '', 0) ? parts.join('') : undefined;
  } catch (e) {
    if (e === OVER) return null;
    throw e;
  }
}

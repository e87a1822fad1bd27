// @ts-check
// The bot author's turn helpers (API.md §3.4, R), pure JavaScript on every entry: a turn as UCI
// strings, and whether a list of moves is a complete turn of a turn tree. Nothing here calls the
// .wasm or throws; every user value is read once, inside try/catch.
import { isUci } from './input.js';
import { MAX_MOVES } from './limits.js';

/** @typedef {import('../types/types.js').MoveTree} MoveTree */

/**
 * One micro-move as its UCI string: a UCI string as is, or `{from, to, promotion}` (getBestMove's
 * MicroMove); null when it is neither.
 * @param {unknown} move @returns {string | null}
 */
function uciOf(move) {
  if (typeof move === 'string') return isUci(move) ? move : null;
  if (move === null || typeof move !== 'object') return null;
  try {
    const { from, to, promotion } = /** @type {Record<string, unknown>} */ (move);
    const uci = `${from}${to}${promotion === undefined || promotion === null ? '' : promotion}`;
    return typeof from === 'string' && typeof to === 'string' && isUci(uci) ? uci : null;
  } catch (_) {
    return null;
  }
}

/**
 * The turn helpers, as the functions of an entry (core.js): declared inside, so that the entries'
 * own `export const toUciMoves = …` lines do not clash with them.
 * @returns {Pick<import('./functions.js').RulesApi, 'toUciMoves' | 'isTurnOfTree'>}
 */
export function turnFunctions() {
  /**
   * A turn (0 to 3 micro-moves, as getBestMove's `moves` or UCI strings) as UCI strings, what trees,
   * books, records and the play platform use; undefined for anything else.
   * @param {unknown} moves @returns {string[] | undefined}
   */
  function toUciMoves(moves) {
    try {
      if (!Array.isArray(moves)) return undefined;
      const n = moves.length;
      if (!(n >= 0 && n <= MAX_MOVES)) return undefined;
      const out = [];
      for (let i = 0; i < n; i++) {
        const uci = uciOf(moves[i]);
        if (uci === null) return undefined;
        out.push(uci);
      }
      return out;
    } catch (_) {
      return undefined;
    }
  }

  /**
   * Whether `moves` (UCI strings or MicroMoves) walk `tree` (getLegalTurnTree's) from its root to a
   * leaf: a complete legal turn of that roll. `[]` is a turn of the empty tree `{}` only (a pass).
   * @param {unknown} tree @param {unknown} moves @returns {boolean}
   */
  function isTurnOfTree(tree, moves) {
    const path = toUciMoves(moves);
    if (path === undefined) return false;
    try {
      /** @type {unknown} */
      let node = tree;
      for (const uci of path) {
        if (node === null || typeof node !== 'object' || !Object.hasOwn(node, uci)) return false;
        node = /** @type {Record<string, unknown>} */ (node)[uci];
      }
      return node !== null && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 0;
    } catch (_) {
      return false;
    }
  }

  return { toUciMoves, isTurnOfTree };
}

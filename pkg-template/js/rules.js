// @ts-check
// The rules functions (API.md §3.4, R), on every entry. Each checks its arguments (input.js)
// before it calls the .wasm, decodes the result (protocol.js), and returns its neutral value when
// the instance is not live or the call traps. Nothing here throws.
import { isDfen, isSquare, readMoves } from './input.js';
import { decodeBoard, decodeList, decodeOptional, decodeStatus, decodeTree, encodeList } from './protocol.js';

/** @typedef {import('./functions.js').RulesApi} RulesApi */
/** @typedef {'createGame' | 'gameFromRecord' | 'getTurnSan'} GameFunction the rules functions of game.js */
/** @typedef {'toUciMoves' | 'isTurnOfTree'} TurnHelper the rules functions of turns.js */
/** @typedef {import('../types/types.js').MoveTree} MoveTree */

/**
 * What the functions of an entry need of its engine (core.js).
 * @template {import('./glue.js').RulesGlue} G
 * @typedef {object} Engine
 * @property {() => boolean} live true when the instance is ready (warns once when it is not initialised yet)
 * @property {(error: unknown) => void} fail marks the instance failed after a trap, and reports it once
 * @property {() => G} glue the glue; only called after live() returned true
 */

/** @param {Engine<import('./glue.js').RulesGlue>} engine @returns {Omit<RulesApi, GameFunction | TurnHelper>} */
export function rulesFunctions({ live, fail, glue }) {
  /** @param {unknown} dfen */
  function getLegalUciMoves(dfen) {
    if (!live() || !isDfen(dfen)) return [];
    try { return decodeList(glue().legal_uci_moves(dfen)); } catch (e) { fail(e); return []; }
  }

  /** @param {unknown} dfen @returns {MoveTree | null} */
  function getLegalTurnTree(dfen) {
    if (!live() || !isDfen(dfen)) return {};
    try { return decodeTree(glue().legal_turn_tree(dfen)); } catch (e) { fail(e); return {}; }
  }

  /** @param {unknown} dfen */
  function countLegalTurns(dfen) {
    if (!live() || !isDfen(dfen)) return 0;
    try { return glue().count_legal_turns(dfen); } catch (e) { fail(e); return 0; }
  }

  /** @param {unknown} dfen @param {unknown} [moves] */
  function getPlayableDice(dfen, moves) {
    if (!live() || !isDfen(dfen)) return undefined;
    const list = moves === undefined || moves === null ? [] : readMoves(moves);
    if (list === null) return undefined;
    try { return decodeOptional(glue().playable_dice(dfen, encodeList(list))); } catch (e) { fail(e); return undefined; }
  }

  /** @param {unknown} dfen */
  function generateMoves(dfen) {
    if (!live() || !isDfen(dfen)) return [];
    try { return decodeList(glue().generate_moves(dfen)); } catch (e) { fail(e); return []; }
  }

  /** @param {unknown} dfen @param {unknown} from @param {unknown} to @param {unknown} [promotion] */
  function applyMove(dfen, from, to, promotion) {
    if (!live() || !isDfen(dfen) || !isSquare(from) || !isSquare(to)) return undefined;
    let promo;
    if (promotion === undefined || promotion === null) promo = undefined;
    else if (promotion === 'q' || promotion === 'r' || promotion === 'b' || promotion === 'n') promo = promotion;
    else return undefined;
    try { return decodeOptional(glue().apply_move(dfen, from, to, promo)); } catch (e) { fail(e); return undefined; }
  }

  /** @param {unknown} dfen @param {unknown} moves */
  function applyTurn(dfen, moves) {
    if (!live() || !isDfen(dfen)) return undefined;
    const list = readMoves(moves);
    if (list === null) return undefined;
    try { return decodeOptional(glue().apply_turn(dfen, encodeList(list))); } catch (e) { fail(e); return undefined; }
  }

  /** @param {unknown} dfen */
  function endTurn(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    try { return decodeOptional(glue().end_turn(dfen)); } catch (e) { fail(e); return undefined; }
  }

  /** @param {unknown} dfen @param {unknown} depth */
  function perft(dfen, depth) {
    if (!live() || !isDfen(dfen) || !Number.isInteger(depth)) return 0;
    try { return glue().perft(dfen, /** @type {number} */ (depth)); } catch (e) { fail(e); return 0; }
  }

  /** @param {unknown} dice */
  function getPieceFromDice(dice) {
    if (!live() || !Number.isInteger(dice)) return null;
    try { return decodeOptional(glue().piece_from_dice(/** @type {number} */ (dice))) ?? null; } catch (e) { fail(e); return null; }
  }

  /** @param {unknown} dfen */
  function canonicalKey(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    try { return decodeOptional(glue().canonical_key(dfen)); } catch (e) { fail(e); return undefined; }
  }

  /** @param {unknown} dfen */
  function getGameStatus(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    let code;
    try { code = glue().game_status(dfen); } catch (e) { fail(e); return undefined; }
    return decodeStatus(code);
  }

  /** @param {unknown} dfen */
  function getBoard(dfen) {
    if (!live() || !isDfen(dfen)) return undefined;
    let text;
    try { text = glue().board(dfen); } catch (e) { fail(e); return undefined; }
    return typeof text === 'string' ? decodeBoard(text) : undefined;
  }

  return {
    getLegalUciMoves, getLegalTurnTree, countLegalTurns, getPlayableDice, generateMoves, applyMove, applyTurn,
    endTurn, perft, getPieceFromDice, canonicalKey, getGameStatus, getBoard,
  };
}

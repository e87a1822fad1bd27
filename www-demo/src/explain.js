// Why a die or a piece cannot be used, in a sentence, for the player who taps it. Derived only from
// what the engine said: the dice left and the playable dice (playableDice), the legal next moves,
// the pseudo-legal moves of the dice left (generateMoves: a piece that has one is not blocked) and
// the board. No rule is decided here: a die that the engine does not call playable is explained,
// not judged.
import { PIECE_NAME } from './pieces.js';
import { colorName, diceOf, piecesBySquare, state } from './game-state.js';

/** @typedef {import('./game-state.js').Snapshot} Snapshot */

const MAXIMUM = 'you must use as many dice as the roll allows (only a turn that captures the king may use fewer)';

/** "You" or the side's name, with the verb "have" agreeing. @param {Snapshot} snap */
function mover(snap) {
  return snap.turn === state.human ? { who: 'you', has: 'you have' } : { who: colorName(snap.turn), has: `${colorName(snap.turn)} has` };
}

/**
 * The squares of the mover's pieces of `type` that have a pseudo-legal move with the dice left.
 * @param {Snapshot} snap @param {string} type
 */
function unblocked(snap, type) {
  const pieces = piecesBySquare(snap.board);
  return new Set(snap.pseudoLegal.map((uci) => uci.slice(0, 2)).filter((sq) => {
    const p = pieces.get(sq);
    return p && p.color === snap.turn && p.piece === type;
  }));
}

/**
 * Why the die at `index` of the roll is lit, dimmed or used.
 * @param {Snapshot} snap @param {number} index
 */
export function dieReason(snap, index) {
  const die = diceOf(snap)[index];
  if (!die) return null;
  const name = PIECE_NAME[die.letter];
  const { has } = mover(snap);
  if (die.status === 'used') return `The ${name} die is used: a move of this turn spent it.`;
  if (die.status === 'lit') {
    const castles = snap.moves.some((m) => m.dice.length > 1 && m.dice.toLowerCase().includes(die.letter));
    return `The ${name} die can be used: move a ${name}${castles ? ' (or castle, which spends a king and a rook die)' : ''}.`;
  }
  const own = (snap.board?.pieces ?? []).filter((p) => p.color === snap.turn && p.piece === die.letter);
  if (own.length === 0) return `The ${name} die cannot be used: ${has} no ${name}.`;
  if (unblocked(snap, die.letter).size === 0) return `The ${name} die cannot be used: no ${name} can move, ${own.length > 1 ? 'they are' : 'it is'} blocked.`;
  return `The ${name} die cannot be used: a ${name} could move, but then the turn would spend fewer dice than it can — ${MAXIMUM}.`;
}

/**
 * Why the piece on `square` cannot be moved now (null for an empty square or a piece that can move).
 * @param {Snapshot} snap @param {string} square
 */
export function pieceReason(snap, square) {
  const piece = piecesBySquare(snap.board).get(square);
  if (!piece) return null;
  const name = PIECE_NAME[piece.piece];
  if (piece.color !== snap.turn) return `That is ${colorName(piece.color)}'s ${name}; ${colorName(snap.turn)} is to move.`;
  if (snap.moves.some((m) => m.from === square)) return null;
  const dice = diceOf(snap);
  const mine = dice.map((d, i) => ({ ...d, i })).filter((d) => d.letter === piece.piece);
  const names = dice.map((d) => PIECE_NAME[d.letter]).join(', ');
  if (mine.length === 0) return `No ${name} die in this roll (${names}): a ${name} cannot move this turn.`;
  if (mine.every((d) => d.status === 'used')) return `The ${name} die is already used this turn.`;
  if (!mine.some((d) => d.status === 'lit')) return dieReason(snap, mine.find((d) => d.status === 'dim').i);
  if (!unblocked(snap, piece.piece).has(square)) return `This ${name} is blocked; another ${name} can use the die.`;
  return `This ${name} may not move: none of its moves leads to a legal turn — ${MAXIMUM}. Another ${name} can use the die.`;
}

/**
 * The reasons of the dimmed dice of the roll, one per kind of die (shown without a tap).
 * @param {Snapshot} snap
 */
export function dimmedReasons(snap) {
  const seen = new Set();
  const out = [];
  diceOf(snap).forEach((d, i) => {
    if (d.status !== 'dim' || seen.has(d.letter)) return;
    seen.add(d.letter);
    out.push(dieReason(snap, i));
  });
  return out;
}

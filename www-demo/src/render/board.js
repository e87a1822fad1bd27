// The board: 64 squares laid out for the side at the bottom, the pieces of the position shown, the
// player's legal moves (movable pieces, targets of the picked piece), the micro-moves of the last
// turn (or of the turn in progress, or of the browsed turn) and the hinted move.
import { $, h } from '../dom.js';
import { PIECE_NAME, pieceSvg } from '../pieces.js';
import { offers, piecesBySquare, shown, state } from '../game-state.js';

export const boardEl = $('#board');

const FILES = 'abcdefgh';
/** Every square, a1 first. @type {HTMLElement[]} */
export const squares = [];
for (let rank = 1; rank <= 8; rank++) {
  for (let file = 0; file < 8; file++) {
    squares.push(h('div', { class: `square ${(rank + file) % 2 === 0 ? 'light' : 'dark'}`, role: 'gridcell', dataset: { square: `${FILES[file]}${rank}` } }));
  }
}
/** @param {string} name */
export const squareEl = (name) => squares.find((sq) => sq.dataset.square === name);

/** Whether Black is at the bottom: the player's colour, unless turned around. */
const blackAtBottom = () => (state.human === 'black') !== state.flipped;

let laidOut = null;
/** Puts the squares and the coordinates in the order of the board's orientation. */
function layout() {
  const flip = blackAtBottom();
  if (laidOut === flip) return;
  laidOut = flip;
  const order = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) order.push(flip ? squares[row * 8 + (7 - col)] : squares[(7 - row) * 8 + col]);
  }
  boardEl.replaceChildren(...order);
  const files = [...FILES];
  const ranks = [...'87654321'];
  if (flip) { files.reverse(); ranks.reverse(); }
  $('#files').replaceChildren(...files.map((c) => h('span', null, c)));
  $('#ranks').replaceChildren(...ranks.map((c) => h('span', null, c)));
  boardEl.dataset.orientation = flip ? 'black' : 'white';
}

export function renderBoard() {
  layout();
  const view = shown();
  const pieces = piecesBySquare(view?.board);
  const moves = offers();
  const targets = state.selected ? moves.get(state.selected) ?? new Map() : new Map();
  const hinted = view?.live && state.hints?.dfen === state.snap?.dfen ? state.hints.first : [];
  const highlight = new Set(view?.highlight ?? []);
  for (const sq of squares) {
    const name = sq.dataset.square;
    const piece = pieces.get(name);
    const current = sq.firstElementChild;
    const key = piece ? `${piece.color}-${piece.piece}` : '';
    if ((sq.dataset.piece ?? '') !== key || (piece && !current)) {
      sq.replaceChildren(...(piece ? [pieceSvg(piece.color, piece.piece)] : []));
      sq.dataset.piece = key;
    }
    sq.classList.toggle('movable', moves.has(name));
    sq.classList.toggle('selected', state.selected === name);
    sq.classList.toggle('target', targets.has(name));
    sq.classList.toggle('capture', targets.has(name) && piece !== undefined);
    sq.classList.toggle('last', highlight.has(name));
    sq.classList.toggle('hinted', hinted.includes(name));
    sq.setAttribute('aria-label', `${name}${piece ? ` ${piece.color} ${PIECE_NAME[piece.piece]}` : ''}${moves.has(name) ? ', can move' : ''}${targets.has(name) ? ', legal target' : ''}${highlight.has(name) ? ', last move' : ''}`);
    if (moves.has(name) || targets.has(name)) sq.tabIndex = 0;
    else sq.removeAttribute('tabindex');
  }
  // For the end-to-end test and the benchmark: what the board shows.
  const snap = state.snap;
  boardEl.dataset.dfen = view?.dfen ?? '';
  boardEl.dataset.phase = state.phase;
  boardEl.dataset.human = state.human;
  boardEl.dataset.turn = snap?.turn ?? '';
  boardEl.dataset.played = state.view === null ? (snap?.turnMoves ?? []).map((m) => m.uci).join(',') : '';
  boardEl.dataset.turns = String(snap?.history.length ?? 0);
  boardEl.dataset.view = state.view === null ? '' : String(state.view);
  boardEl.dataset.highlight = [...highlight].sort().join(',');
}

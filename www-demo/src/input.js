// The player's input on the board and the dice: click (or tap) a piece then a target, or drag the
// piece; Enter and Space on a focused square; the promotion chooser; a tap on a piece that cannot
// move, or on a die, tells why (explain.js); the arrow keys step through the history.
import { $, h } from './dom.js';
import { PIECE_NAME, pieceSvg } from './pieces.js';
import { changed, offers, playerToMove, state } from './game-state.js';
import { dieReason, pieceReason } from './explain.js';
import { playMove } from './game-loop.js';
import { step } from './browse.js';
import { boardEl, renderBoard, squareEl } from './render/board.js';

/** @typedef {import('dicechess-wasm').GameMove} GameMove */

/**
 * Plays the move from `from` to `to`, asking for the promotion piece when there are several.
 * @param {string} from @param {string} to
 */
async function choose(from, to) {
  const moves = offers().get(from)?.get(to);
  if (!moves) return;
  const move = moves.length > 1 || moves[0].promotion ? await askPromotion(moves, to) : moves[0];
  if (!move) { changed({ selected: null }); return; }
  await playMove(move.uci);
}

/**
 * Shows the legal promotions of a move; resolves with the chosen one (or null).
 * @param {GameMove[]} moves @param {string} to
 * @returns {Promise<GameMove | null>}
 */
function askPromotion(moves, to) {
  const box = $('#promotion');
  const color = state.snap.turn;
  box.replaceChildren(
    h('p', null, `Promote on ${to} to`),
    ...moves.map((m) => h('button', { type: 'button', dataset: { promotion: m.promotion, uci: m.uci }, 'aria-label': PIECE_NAME[m.promotion] }, pieceSvg(color, m.promotion))),
    h('button', { type: 'button', class: 'cancel', dataset: { cancel: '' }, 'aria-label': 'cancel' }, '×'),
  );
  box.hidden = false;
  return new Promise((resolve) => {
    box.onclick = (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('button');
      if (!b) return;
      box.hidden = true;
      box.onclick = null;
      resolve(moves.find((m) => m.uci === b.dataset.uci) ?? null);
    };
  });
}

/** A click or a tap on a square. @param {string} name */
function onSquare(name) {
  if (!playerToMove()) {
    if (state.view !== null) changed({ reason: 'You are looking at an earlier position: » returns to the game.' });
    return;
  }
  const moves = offers();
  if (state.selected && moves.get(state.selected)?.has(name)) {
    choose(state.selected, name);
    return;
  }
  if (moves.has(name)) {
    changed({ selected: state.selected !== name ? name : null, reason: null });
    return;
  }
  changed({ selected: null, reason: pieceReason(state.snap, name) });
}

/** @param {Event} e @returns {HTMLElement | null} */
const squareOf = (e) => /** @type {HTMLElement} */ (e.target).closest?.('.square');

/** Dragging: press on a piece that can move, drop it on a legal target. */
let drag = null;

function endDrag(e) {
  if (!drag) return;
  const d = drag;
  d.ghost?.remove();
  squareEl(d.from)?.classList.remove('dragging');
  if (d.moved && e.type === 'pointerup') {
    const under = /** @type {HTMLElement | null | undefined} */ (document.elementFromPoint(e.clientX, e.clientY)?.closest('.square'));
    if (under && offers().get(d.from)?.has(under.dataset.square)) choose(d.from, under.dataset.square);
    else changed({ selected: null });
  }
  // The click that follows a drag must not select again.
  setTimeout(() => { if (drag === d) drag = null; }, 0);
}

export function installInput() {
  boardEl.addEventListener('click', (e) => {
    if (drag?.moved) return;
    const sq = squareOf(e);
    if (sq) onSquare(sq.dataset.square);
  });
  boardEl.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const sq = squareOf(e);
    if (sq) { e.preventDefault(); onSquare(sq.dataset.square); }
  });
  boardEl.addEventListener('pointerdown', (e) => {
    const sq = squareOf(e);
    if (!sq || e.button !== 0 || !offers().has(sq.dataset.square) || !sq.querySelector('svg.piece')) return;
    drag = { from: sq.dataset.square, x: e.clientX, y: e.clientY, moved: false, ghost: null, pointer: e.pointerId };
  });
  boardEl.addEventListener('pointermove', (e) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    if (!drag.moved) {
      drag.moved = true;
      // Captured only once the piece really moves: a captured pointer sends the click to the board.
      boardEl.setPointerCapture(drag.pointer);
      state.selected = drag.from;
      renderBoard();
      const from = squareEl(drag.from);
      const size = from.getBoundingClientRect().width;
      drag.ghost = h('div', { class: 'ghost', style: `width:${size}px;height:${size}px` }, from.firstElementChild?.cloneNode(true) ?? null);
      document.body.append(drag.ghost);
      from.classList.add('dragging');
    }
    const size = drag.ghost.getBoundingClientRect().width;
    drag.ghost.style.transform = `translate(${e.clientX - size / 2}px, ${e.clientY - size / 2}px)`;
  });
  boardEl.addEventListener('pointerup', endDrag);
  boardEl.addEventListener('pointercancel', endDrag);

  // A die: why it is lit, dimmed or used.
  $('#dice').addEventListener('click', (e) => {
    const die = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('.die'));
    if (!die || !state.snap || state.view !== null) return;
    changed({ reason: dieReason(state.snap, Number(die.dataset.index)) });
  });

  document.addEventListener('keydown', (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.altKey || e.ctrlKey || e.metaKey || target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') { e.preventDefault(); step(-1); }
    if (e.key === 'ArrowRight') { e.preventDefault(); step(1); }
  });
}

// The move list in the notation (docs/NOTATION.md): per turn its label ("12." White, "12..."
// Black), its dice drawn as dice and its micro-moves in SAN ("--" for a pass), then the turn in
// progress. A turn is a button: it shows the position after it (browsing); the buttons under the
// list step through the history.
import { $, h } from '../dom.js';
import { PIECE_NAME, dieSvg } from '../pieces.js';
import { colorName, state } from '../game-state.js';

const list = $('#moves');

/**
 * @param {string} dice
 * @param {import('dicechess-wasm').Color} color
 */
function diceRow(dice, color) {
  return h('span', { class: 'mini-dice', role: 'img', 'aria-label': `dice ${[...dice.toLowerCase()].map((c) => PIECE_NAME[c]).join(', ')}` },
    ...[...dice].map((c) => h('i', { class: `mini ${color}` }, ...dieSvg(c))));
}

let drawn = '';
export function renderMoves() {
  const snap = state.snap;
  const history = snap?.history ?? [];
  const live = snap && !snap.status.over && snap.roll ? { dice: snap.roll, color: snap.turn, san: snap.turnMoves.map((m) => m.san) } : null;
  const key = JSON.stringify([history.map((t) => t.label + t.dice + t.san.join(' ')), live, state.human]);
  if (key !== drawn) {
    drawn = key;
    const rows = history.map((t, i) => h('li', { class: `turn ${t.mover}`, dataset: { ply: i, by: t.mover === state.human ? 'human' : 'bot', mover: t.mover } },
      h('button', { type: 'button', class: 'turn-button', dataset: { view: i + 1 }, title: `Show the position after ${colorName(t.mover)}'s turn ${t.label}` },
        h('span', { class: 'num' }, t.label),
        diceRow(t.dice, t.mover),
        h('span', { class: 'san' }, ...(t.moves.length ? [t.san.join(' ')] : ['--', h('span', { class: 'pass-note' }, ' pass')])))));
    if (live) {
      rows.push(h('li', { class: `turn ${live.color} current`, dataset: { by: live.color === state.human ? 'human' : 'bot' } },
        h('span', { class: 'turn-button' },
          h('span', { class: 'num' }, 'now'),
          diceRow(live.dice, live.color),
          h('span', { class: 'san' }, live.san.join(' ')))));
    }
    list.replaceChildren(...rows);
    list.scrollTop = list.scrollHeight;
  }
  for (const li of list.querySelectorAll('li[data-ply]')) li.classList.toggle('viewed', state.view !== null && Number(li.dataset.ply) === state.view - 1);
  if (state.view !== null) list.querySelector('li.viewed')?.scrollIntoView({ block: 'nearest' });
  const n = history.length;
  const last = snap && snap.turnMoves.length > 0 ? n : n - 1;
  $('#browse-first').disabled = !snap || n === 0 || state.view === 0;
  $('#browse-back').disabled = !snap || n === 0 || state.view === 0 || (state.view === null && last < 0);
  $('#browse-forward').disabled = state.view === null;
  $('#browse-live').disabled = state.view === null;
  $('#browse-status').textContent = state.view === null ? '' : state.view === 0 ? 'Start position' : `After turn ${history[state.view - 1]?.label ?? ''}`;
}

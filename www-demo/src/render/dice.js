// The dice tray: the roll of the turn, each die lit (playable), dimmed (not playable) or used, as
// the engine's playableDice and diceLeft say; while browsing, the dice of the turn shown. Under it,
// the reason a die or a piece cannot be used: of the dimmed dice at once, of a tapped die or piece
// on demand (a tap works on touch screens, where there is no hover).
import { $, h } from '../dom.js';
import { PIECE_NAME, dieSvg } from '../pieces.js';
import { colorName, diceOf, playerToMove, shown, state } from '../game-state.js';
import { FAST } from '../settings.js';
import { dimmedReasons } from '../explain.js';

const tray = $('#dice');

const STATE_TEXT = { lit: 'can be used', dim: 'cannot be used', used: 'used', shown: '' };

export function renderDice() {
  const snap = state.snap;
  const view = shown();
  /** @type {{ letter: string, status: string }[]} */
  let dice = [];
  let color = snap?.turn ?? 'white';
  let label = '';
  if (snap && view?.live && snap.roll) {
    dice = diceOf(snap);
    label = `${snap.turn === state.human ? 'You' : colorName(snap.turn)} rolled ${dice.map((d) => PIECE_NAME[d.letter]).join(', ')}`;
  } else if (view && !view.live && view.turn) {
    dice = [...view.turn.dice.toLowerCase()].map((letter) => ({ letter, status: 'shown' }));
    color = view.turn.mover;
    label = `Turn ${view.turn.label} ${colorName(view.turn.mover)} rolled ${dice.map((d) => PIECE_NAME[d.letter]).join(', ')}${view.turn.moves.length ? '' : ': no legal move, a pass'}`;
  }
  const key = JSON.stringify([color, dice, snap?.turnNumber, state.view]);
  if (tray.dataset.key !== key) {
    tray.dataset.key = key;
    tray.replaceChildren(...dice.map((d, i) => h('button', {
      type: 'button',
      class: `die ${color} ${d.status}`,
      dataset: { die: d.letter, state: d.status, index: i },
      title: `${PIECE_NAME[d.letter]} die${STATE_TEXT[d.status] ? `: ${STATE_TEXT[d.status]}` : ''}`,
      'aria-label': `${PIECE_NAME[d.letter]} die${STATE_TEXT[d.status] ? `, ${STATE_TEXT[d.status]}` : ''}`,
    }, ...dieSvg(d.letter))));
  }
  tray.dataset.dice = dice.map((d) => d.letter).join('');
  tray.dataset.lit = dice.filter((d) => d.status === 'lit').map((d) => d.letter).join('');
  $('#roll-label').textContent = label;
  const reason = state.reason ?? (snap && playerToMove() ? dimmedReasons(snap).join(' ') : '');
  const box = $('#reason');
  box.textContent = reason;
  box.hidden = !reason;
  box.dataset.kind = state.reason ? 'tapped' : 'dimmed';
}

/** Rolls the dice on screen (a short animation of a new roll; none with fast=1). */
export function animateRoll() {
  tray.classList.remove('rolling');
  if (FAST) return;
  void tray.offsetWidth;
  tray.classList.add('rolling');
}

// The win-probability bar over the board: getWinProbability of the position the board shows (with
// dice, the value of that roll), asked of the "rules" Worker so that it moves while "think" searches.
// A value is shown only for the position it was computed for: after a new game, an undo or a step
// through the history the bar is cleared at once, until the new value arrives. "rollouts" adds the
// 200-rollout estimateEquity of the same position on demand.
import { $ } from '../dom.js';
import { rules, think } from '../engine-client.js';
import { changed, shown, state } from '../game-state.js';

/** The position whose value is being asked. */
let asking = '';
let estimated = '';

/** Asks for the value of the position shown when the bar has none for it (a subscriber of the state). */
export function syncWinProbability() {
  const dfen = shown()?.dfen ?? '';
  if (!dfen || dfen === asking || state.winProb?.dfen === dfen) return;
  asking = dfen;
  rules.call('getWinProbability', dfen).then((p) => {
    if (asking === dfen) asking = '';
    if (p && shown()?.dfen === dfen) changed({ winProb: { ...p, dfen } });
    else syncWinProbability();
  }, () => { if (asking === dfen) asking = ''; });
}

/** @param {number} x */
const pct = (x) => `${(100 * x).toFixed(0)}%`;

export function renderEquity() {
  const box = $('#equity');
  const dfen = shown()?.dfen ?? '';
  const p = state.winProb && state.winProb.dfen === dfen ? state.winProb : null;
  box.classList.toggle('stale', !p);
  box.dataset.dfen = p ? dfen : '';
  box.dataset.white = p ? p.whiteWin.toFixed(4) : '';
  $('#equity-white').style.width = p ? `${(100 * (p.whiteWin + p.draw / 2)).toFixed(1)}%` : '50%';
  $('#equity-label').textContent = p
    ? `White ${pct(p.whiteWin)} · Black ${pct(p.blackWin)}${p.draw > 0.005 ? ` · draw ${pct(p.draw)}` : ''}`
    : 'Win probability…';
  if (estimated !== dfen) $('#equity-estimate').textContent = '';
}

export function installEquity() {
  $('#equity-rollouts').addEventListener('click', async () => {
    const dfen = shown()?.dfen;
    if (!dfen) return;
    estimated = dfen;
    $('#equity-estimate').textContent = '…';
    const e = await think.call('estimateEquity', dfen, { rollouts: 200, maxPlies: 60, seed: state.snap?.turnNumber ?? 0 });
    if (shown()?.dfen !== dfen) return;
    $('#equity-estimate').textContent = e ? `rollouts: White ${pct(e.whiteWin)} · Black ${pct(e.blackWin)} (${e.rollouts})` : '';
  });
}

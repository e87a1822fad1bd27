// The coach (docs/ANALYSIS.md): Hint shows the best three turns of the player's roll by analyzeTurn,
// the first one's first move marked on the board; Review reviews the game turn by turn in the
// "think" Worker (reviewTurn) with a progress bar and Cancel, then charts White's win probability,
// gives each side's error rate, luck and mistake counts, and lists the biggest mistakes: a click
// shows the position after that turn. Turns are written in the notation (getTurnSan, in the "rules"
// Worker).
import { $, h, s } from '../dom.js';
import { rules, think } from '../engine-client.js';
import { changed, colorName, playerToMove, state } from '../game-state.js';
import { FAST, settings } from '../settings.js';
import { setView } from '../browse.js';

/**
 * Turns in the notation, each `[roll, moves]` by getTurnSan (`undefined` when not a legal turn).
 * @param {[string, string[]][]} turns @returns {Promise<(string[] | undefined)[]>}
 */
const sanOfTurns = (turns) => Promise.all(turns.map((args) => rules.call('getTurnSan', ...args)));

/** @param {number} x */
const pct = (x) => `${(100 * x).toFixed(0)}%`;

async function hint() {
  const snap = state.snap;
  if (!playerToMove() || !snap || snap.turnMoves.length > 0) return;
  const dfen = snap.dfen;
  changed({ hints: { dfen, candidates: [], first: [] } });
  const analysis = await think.call('analyzeTurn', dfen, { timeBudgetMs: Math.min(settings.timeMs, 2000), topN: 3 });
  if (state.snap?.dfen !== dfen) return;
  const candidates = analysis.candidates.map((c) => ({ ...c, uci: c.moves.map((m) => m.from + m.to + (m.promotion ?? '')) }));
  const sans = await sanOfTurns(candidates.map((c) => [dfen, c.uci]));
  if (state.snap?.dfen !== dfen) return;
  const best = candidates[0]?.moves[0];
  changed({ hints: { dfen, candidates: candidates.map((c, i) => ({ ...c, san: sans[i] ?? c.uci })), first: best ? [best.from, best.to] : [] } });
}

export function renderHints() {
  const snap = state.snap;
  $('#hint').disabled = !(playerToMove() && snap && snap.turnMoves.length === 0);
  const hints = state.hints;
  const box = $('#hints');
  if (!hints || hints.dfen !== snap?.dfen || state.view !== null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const mine = (c) => (snap.turn === 'white' ? c.whiteWin : c.blackWin);
  $('#hint-list').replaceChildren(...(hints.candidates.length === 0
    ? [h('li', null, 'thinking…')]
    : hints.candidates.map((c) => h('li', { dataset: { moves: c.uci.join(' ') } },
      `${c.san.join(' ')} — ${pct(mine(c))}${c.loss > 0.0005 ? ` (−${(100 * c.loss).toFixed(1)})` : ''}`))));
}

/** White's expected score of a value of `mover`. @param {string} mover @param {number} v */
const whiteScore = (mover, v) => (mover === 'white' ? v : 1 - v);

async function review() {
  const snap = state.snap;
  if (!snap || snap.history.length === 0 || state.review?.running) return;
  // The turns that are not passes: passes have no choice to review.
  const rolls = snap.history.filter((t) => t.moves.length > 0);
  const run = { running: true, cancelled: false, results: [], game: state.game };
  state.review = run;
  const panel = $('#review-panel');
  panel.hidden = false;
  panel.dataset.state = 'running';
  $('#review-cancel').hidden = false;
  $('#review-progress').max = Math.max(1, rolls.length);
  $('#review-progress').value = 0;
  $('#review-summary').replaceChildren();
  $('#review-mistakes').replaceChildren();
  $('#review-chart').replaceChildren();
  changed();
  const budget = FAST ? 20 : 200;
  for (const [i, turn] of rolls.entries()) {
    if (run.cancelled) break;
    $('#review-status').textContent = `Reviewing turn ${i + 1} of ${rolls.length}…`;
    const r = await think.call('reviewTurn', turn.roll, turn.moves, { timeBudgetMs: budget });
    if (r) run.results.push({ ...r, number: turn.number, roll: turn.roll, label: r.label, turnLabel: turn.label });
    $('#review-progress').value = i + 1;
    panel.dataset.done = String(i + 1);
  }
  run.running = false;
  $('#review-cancel').hidden = true;
  if (state.review !== run) return;
  panel.dataset.state = run.cancelled ? 'cancelled' : 'done';
  $('#review-status').textContent = run.cancelled
    ? `Review cancelled after ${run.results.length} of ${rolls.length} turns.`
    : `${rolls.length} turns reviewed by expectimax-nnue (${budget} ms a turn; passes have no choice and are left out). Error: win probability given up against the best turn; luck: what the roll changed.`;
  await renderReview(run.results);
  changed();
}

/** @param {any[]} results */
async function renderReview(results) {
  // White's win probability before each reviewed turn, then after the last one.
  const points = results.map((r) => whiteScore(r.mover, r.before));
  const last = results.at(-1);
  if (last) points.push(whiteScore(last.mover, last.afterPlayed));
  const x = (i) => (points.length < 2 ? 50 : (100 * i) / (points.length - 1));
  const chart = $('#review-chart');
  chart.replaceChildren(
    s('line', { class: 'half', x1: 0, y1: 20, x2: 100, y2: 20 }),
    s('polyline', { points: points.map((p, i) => `${x(i).toFixed(2)},${(40 * (1 - p)).toFixed(2)}`).join(' ') }),
  );
  chart.dataset.points = String(points.length);
  const sides = ['white', 'black'].map((side) => {
    const mine = results.filter((r) => r.mover === side);
    const unforced = mine.filter((r) => !r.forced);
    const count = (label) => unforced.filter((r) => r.label === label).length;
    const errorRate = unforced.length ? unforced.reduce((a, r) => a + r.error, 0) / unforced.length : 0;
    return { side, errorRate, luck: mine.reduce((a, r) => a + r.luck, 0), counts: ['inaccuracy', 'mistake', 'blunder'].map(count) };
  });
  $('#review-summary').replaceChildren(h('table', null,
    h('tr', null, h('th'), h('th', null, 'error rate'), h('th', null, 'luck'), h('th', { title: 'inaccuracies' }, '?!'), h('th', { title: 'mistakes' }, '?'), h('th', { title: 'blunders' }, '??')),
    ...sides.map((sd) => h('tr', { dataset: { side: sd.side, errorRate: sd.errorRate.toFixed(4) } },
      h('td', null, colorName(/** @type {any} */ (sd.side))), h('td', null, `${(100 * sd.errorRate).toFixed(1)}%`),
      h('td', null, `${sd.luck >= 0 ? '+' : ''}${(100 * sd.luck).toFixed(0)}%`), ...sd.counts.map((c) => h('td', null, String(c)))))));
  const worst = results.filter((r) => !r.forced && r.label).sort((a, b) => b.error - a.error).slice(0, 5);
  const sans = await sanOfTurns(worst.flatMap((r) => [[r.roll, r.played], [r.roll, r.best]]));
  $('#review-mistakes').replaceChildren(...worst.map((r, i) => h('li', null, h('button', { type: 'button', dataset: { turn: r.number } },
    `${colorName(r.mover)}, turn ${r.turnLabel} (${r.dice}): ${r.label} −${(100 * r.error).toFixed(1)}% — played ${(sans[2 * i] ?? r.played).join(' ') || '--'}, best ${(sans[2 * i + 1] ?? r.best).join(' ')}`))));
}

export function renderReviewButton() {
  if (state.review && state.review.game !== state.game) {
    // A new game: the review of the old one is closed.
    state.review.cancelled = true;
    state.review = null;
    $('#review-panel').hidden = true;
    $('#review-back').hidden = true;
  }
  $('#review').disabled = !(state.snap && state.snap.history.length > 0 && !state.review?.running);
}

export function installCoach() {
  $('#hint').addEventListener('click', () => hint());
  $('#review').addEventListener('click', () => review());
  $('#review-cancel').addEventListener('click', () => { if (state.review) state.review.cancelled = true; });
  $('#review-mistakes').addEventListener('click', (e) => {
    const n = Number(/** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('button[data-turn]'))?.dataset.turn);
    if (!n) return;
    // The position after that turn, its moves marked; "Back to the game" returns.
    setView(n);
    $('#review-back').hidden = false;
  });
  $('#review-back').addEventListener('click', () => {
    setView(null);
    $('#review-back').hidden = true;
  });
}

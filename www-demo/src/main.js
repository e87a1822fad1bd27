// Dice Chess in the browser: the page of the demo. It never runs the engine itself; two module
// Workers (engine.worker.js) do: "rules" answers the quick rules calls of the turn loop, "think"
// runs the opponent's searches, the hints, the game review, the equity estimates and the opening
// books, so that a long search never delays a click (and the win-probability bar, which must not
// delay the turn loop's quick calls either).
//
// Query parameters (all optional): seed=<u32>, bot=<id>, color=w|b, time=<ms>, fast=1 (short
// animations), dfen=<DFEN> (start from this position; with dice, they are the first roll).
import './style.css';
import { dieSvg, FACE, PIECE_NAME, pieceDefs, pieceSvg } from './pieces.js';
import { derive, rollFor } from './random.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const RANDOM_BOT = { id: 'builtin-random', name: 'Random legal turns', description: 'Plays a uniformly random legal turn.', difficulty: 1, isExperimental: false };
const BOOK_BOT_ID = 'demo-book';
const params = new URLSearchParams(location.search);
const FAST = params.get('fast') === '1';
const STEP_MS = FAST ? 20 : 380;
const PASS_MS = FAST ? 60 : 1400;
const ROLL_MS = FAST ? 0 : 450;

// ---- the engine Workers ---------------------------------------------------------------------------
class Engine {
  constructor(name) {
    this.worker = new Worker(new URL('./engine.worker.js', import.meta.url), { type: 'module', name });
    this.pending = new Map();
    this.next = 0;
    this.worker.onmessage = ({ data }) => {
      const p = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (data.error !== undefined) p?.reject(new Error(data.error));
      else p?.resolve(data.result);
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(`engine worker failed: ${e.message}`));
      this.pending.clear();
    };
  }

  call(fn, ...args) {
    return new Promise((resolve, reject) => {
      const id = ++this.next;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, args });
    });
  }
}

const rules = new Engine('rules');
const think = new Engine('think');

// ---- small helpers ------------------------------------------------------------------------------
const $ = (sel) => document.querySelector(sel);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sideOf = (dfen) => dfen.split(' ')[1];
const caseDice = (dice, side) => (side === 'w' ? dice.toUpperCase() : dice.toLowerCase());
const colourName = (side) => (side === 'w' ? 'White' : 'Black');
const squareName = (i) => String.fromCharCode(97 + (i % 8), 49 + Math.floor(i / 8));
const withoutDice = (dfen) => dfen.trim().split(' ').slice(0, 6).join(' ');

function parseBoard(dfen) {
  const board = new Array(64).fill('');
  dfen.split(' ')[0].split('/').slice(0, 8).forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '0' && c <= '9') file += Number(c);
      else board[(7 - i) * 8 + file++] = c;
    }
  });
  return board;
}

/** The dice a micro-move spends in the position before it: ['K', 'R'] for castling. */
function costOf(board, uci) {
  const from = (uci.charCodeAt(1) - 49) * 8 + (uci.charCodeAt(0) - 97);
  const piece = board[from].toLowerCase();
  if (piece === 'k' && Math.abs(uci.charCodeAt(2) - uci.charCodeAt(0)) === 2) return ['k', 'r'];
  return [piece || 'p'];
}

// ---- state --------------------------------------------------------------------------------------
const stored = JSON.parse(localStorage.getItem('dicechess-demo') ?? '{}');
const state = {
  features: null,
  bots: [RANDOM_BOT],
  settings: {
    bot: params.get('bot') ?? stored.bot ?? 'greedy',
    color: params.get('color') ?? stored.color ?? 'w',
    timeMs: Number(params.get('time') ?? stored.timeMs ?? 1000),
    seed: (Number(params.get('seed') ?? Math.floor(Math.random() * 2 ** 32)) >>> 0),
  },
  start: START,
  startDice: null,
  human: 'w',
  position: START,
  turns: [],
  roll: null,
  tree: null,
  node: null,
  played: [],
  current: null,
  lit: '',
  selected: null,
  phase: 'loading',
  result: null,
  equity: null,
  winProb: null,
  hints: null,
  review: null,
  view: null,
  gen: 0,
  lastMove: [],
  bookName: null,
  announcements: [],
};

const startParam = params.get('dfen');
if (startParam) {
  const fields = startParam.trim().split(/ +/);
  state.start = fields.slice(0, 6).join(' ');
  if (fields.length >= 7 && fields[6] !== '-') state.startDice = fields[6];
  if (!params.get('color')) state.settings.color = fields[1] === 'b' ? 'b' : 'w';
}

function saveSettings() {
  const { bot, color, timeMs } = state.settings;
  localStorage.setItem('dicechess-demo', JSON.stringify({ bot, color, timeMs }));
}

// ---- rendering ----------------------------------------------------------------------------------
document.body.insertAdjacentHTML('afterbegin', pieceDefs());
const boardEl = $('#board');
const squares = [];
for (let i = 0; i < 64; i++) {
  const sq = document.createElement('div');
  sq.className = `square ${(Math.floor(i / 8) + (i % 8)) % 2 === 0 ? 'dark' : 'light'}`;
  sq.dataset.square = squareName(i);
  squares.push(sq);
}

function layoutBoard() {
  const flip = state.human === 'b';
  boardEl.replaceChildren();
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const i = flip ? r * 8 + (7 - f) : (7 - r) * 8 + f;
      boardEl.append(squares[i]);
    }
  }
  const files = 'abcdefgh'.split('');
  const ranks = '87654321'.split('');
  $('#files').innerHTML = (flip ? files.reverse() : files).map((c) => `<span>${c}</span>`).join('');
  $('#ranks').innerHTML = (flip ? ranks.reverse() : ranks).map((c) => `<span>${c}</span>`).join('');
}

/** Legal continuations at the current node: Map from-square → Map to-square → [uci]. */
function offers() {
  const map = new Map();
  if (state.phase !== 'human' || !state.node || state.view) return map;
  for (const uci of Object.keys(state.node)) {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    if (!map.has(from)) map.set(from, new Map());
    const t = map.get(from);
    if (!t.has(to)) t.set(to, []);
    t.get(to).push(uci);
  }
  return map;
}

function renderBoard() {
  const dfen = state.view ?? state.current ?? state.position;
  const hinted = state.hints?.dfen === state.current ? state.hints.first : [];
  const board = parseBoard(dfen);
  const moves = offers();
  const targets = state.selected ? moves.get(state.selected) ?? new Map() : new Map();
  for (let i = 0; i < 64; i++) {
    const sq = squares[i];
    const name = squareName(i);
    const piece = board[i];
    sq.innerHTML = piece ? pieceSvg(piece) : '';
    sq.classList.toggle('movable', moves.has(name));
    sq.classList.toggle('selected', state.selected === name);
    sq.classList.toggle('target', targets.has(name));
    sq.classList.toggle('capture', targets.has(name) && piece !== '');
    sq.classList.toggle('last', state.lastMove.includes(name));
    sq.classList.toggle('hinted', hinted.includes(name));
    sq.setAttribute('role', 'gridcell');
    sq.setAttribute('aria-label', `${name}${piece ? ` ${piece === piece.toUpperCase() ? 'white' : 'black'} ${PIECE_NAME[piece.toLowerCase()]}` : ''}${moves.has(name) ? ', can move' : ''}${targets.has(name) ? ', legal target' : ''}`);
    if (moves.has(name) || targets.has(name)) sq.tabIndex = 0;
    else sq.removeAttribute('tabindex');
  }
  boardEl.dataset.dfen = dfen;
  boardEl.dataset.roll = state.roll ?? '';
  boardEl.dataset.played = state.played.join(',');
  boardEl.dataset.phase = state.phase;
  boardEl.dataset.human = state.human;
}

function renderDice() {
  const tray = $('#dice');
  if (!state.roll) {
    tray.innerHTML = '';
    tray.dataset.dice = '';
    tray.dataset.lit = '';
    $('#roll-label').textContent = '';
    return;
  }
  const side = sideOf(state.roll);
  const dice = state.roll.split(' ')[6] ?? '';
  // Lit dice: the multiset getPlayableDice returned; the others are dimmed, and those already spent
  // by the micro-moves of this turn are marked as used.
  let litLeft = [...state.lit.toLowerCase()];
  let board = parseBoard(state.roll);
  let spent = [];
  let dfen = state.roll;
  for (const uci of state.played) {
    spent.push(...costOf(board, uci));
    board = parseBoard(dfen = applyLocally(dfen, uci));
  }
  const cells = [...dice].map((letter) => {
    const l = letter.toLowerCase();
    let status = 'dim';
    const li = litLeft.indexOf(l);
    if (li >= 0) { litLeft.splice(li, 1); status = 'lit'; }
    else {
      const si = spent.indexOf(l);
      if (si >= 0) { spent.splice(si, 1); status = 'used'; }
    }
    return `<div class="die ${side === 'w' ? 'white' : 'black'} ${status}" data-die="${l}" data-state="${status}" title="${PIECE_NAME[l]} (${FACE[l]}): ${status === 'lit' ? 'playable' : status === 'used' ? 'spent' : 'not playable'}">${dieSvg(l)}</div>`;
  });
  tray.innerHTML = cells.join('');
  tray.dataset.dice = dice;
  tray.dataset.lit = state.lit;
  $('#roll-label').textContent = `${colourName(side)} rolled ${[...dice].map((c) => PIECE_NAME[c.toLowerCase()]).join(', ')}`;
}

/** Board-only application of a micro-move, for the "used dice" marks (the engine decides legality). */
function applyLocally(dfen, uci) {
  const board = parseBoard(dfen);
  const from = (uci.charCodeAt(1) - 49) * 8 + (uci.charCodeAt(0) - 97);
  const to = (uci.charCodeAt(3) - 49) * 8 + (uci.charCodeAt(2) - 97);
  const piece = board[from];
  board[to] = uci[4] ? (piece === piece.toUpperCase() ? uci[4].toUpperCase() : uci[4]) : piece;
  board[from] = '';
  const rows = [];
  for (let r = 7; r >= 0; r--) rows.push(board.slice(r * 8, r * 8 + 8).map((p) => p || '1').join(''));
  return [rows.join('/'), ...dfen.split(' ').slice(1)].join(' ');
}

function botInfo(id) {
  return state.bots.find((b) => b.id.toLowerCase() === String(id).toLowerCase());
}

function playerName(side) {
  if (side === state.human) return 'You';
  return botInfo(state.settings.bot)?.name ?? state.settings.bot;
}

function renderStatus() {
  const el = $('#status');
  el.dataset.phase = state.phase;
  if (state.result) {
    el.textContent = state.result.text;
    el.className = 'status over';
    return;
  }
  el.className = 'status';
  const side = sideOf(state.current ?? state.position);
  const who = side === state.human ? 'your turn' : `${playerName(side)} ${state.phase === 'bot' ? 'is thinking…' : 'to move'}`;
  el.textContent = state.phase === 'loading' ? 'Loading the engine…' : `${colourName(side)} to move — ${who}`;
  $('#side-dot').className = `side-dot ${side === 'w' ? 'white' : 'black'}`;
}

function renderMoves() {
  const list = $('#moves');
  const rows = [];
  state.turns.forEach((t, i) => {
    const moves = t.moves.length ? t.moves.join(' ') : 'pass';
    rows.push(`<li class="turn ${t.side === 'w' ? 'white' : 'black'}${t.by === 'bot' ? ' by-bot' : ''}" data-ply="${i}" data-by="${t.by}">
      <span class="num">${t.fullmove}${t.side === 'w' ? '.' : '…'}</span>
      <span class="mini-dice" aria-label="dice ${t.dice}">${[...t.dice].map((c) => `<i class="mini ${t.side === 'w' ? 'white' : 'black'}">${dieSvg(c)}</i>`).join('')}</span>
      <span class="uci">${moves}</span>${t.book ? '<span class="book-mark" title="a move of the loaded opening book">book</span>' : ''}</li>`);
  });
  list.innerHTML = rows.join('');
  list.scrollTop = list.scrollHeight;
  $('#undo').disabled = !(state.played.length > 0 && state.phase === 'human') && !state.turns.some((t) => t.by === 'human');
}

function renderEquity() {
  const box = $('#equity');
  const f = state.features;
  if (!f?.winProbability && !f?.equity) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $('#equity-rollouts').hidden = !f.equity;
  const p = f.winProbability ? state.winProb : state.equity && { whiteWin: state.equity.whiteWin, blackWin: state.equity.blackWin, draw: state.equity.undecided };
  if (!p) return;
  const white = p.whiteWin + p.draw / 2;
  $('#equity-white').style.width = `${(white * 100).toFixed(1)}%`;
  $('#equity-label').textContent = `White ${(100 * p.whiteWin).toFixed(0)}% · Black ${(100 * p.blackWin).toFixed(0)}%${p.draw > 0.005 ? ` · draw ${(100 * p.draw).toFixed(0)}%` : ''}`;
  box.dataset.white = p.whiteWin.toFixed(4);
  box.dataset.dfen = state.winProb?.dfen ?? '';
}

/** The best turns of the roll in progress, from analyzeTurn, with the player's win %. */
function renderHints() {
  const box = $('#hints');
  $('#hint').disabled = !(state.features?.analysis && state.phase === 'human' && !state.view);
  const h = state.hints;
  if (!h || h.dfen !== state.current) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const mine = (c) => (sideOf(h.dfen) === 'w' ? c.whiteWin : c.blackWin);
  $('#hint-list').innerHTML = h.candidates.length === 0
    ? '<li>thinking…</li>'
    : h.candidates.map((c) => `<li data-moves="${c.moves.map(uciOf).join(' ')}">${c.moves.map(uciOf).join(' ')} — ${(100 * mine(c)).toFixed(0)}%${c.loss > 0.0005 ? ` (−${(100 * c.loss).toFixed(1)})` : ''}</li>`).join('');
}

const uciOf = (m) => m.from + m.to + (m.promotion ?? '');

function render() {
  renderBoard();
  renderDice();
  renderStatus();
  renderMoves();
  renderEquity();
  renderHints();
  $('#review').disabled = !(state.features?.analysis && state.turns.length > 0 && !state.review?.running);
}

let bannerTimer;
function announce(text, kind = 'info', sticky = false) {
  state.announcements.push({ kind, text });
  const el = $('#banner');
  el.textContent = text;
  el.className = `banner ${kind}`;
  el.hidden = false;
  clearTimeout(bannerTimer);
  if (!sticky) bannerTimer = setTimeout(() => { el.hidden = true; }, FAST ? 300 : 2600);
}

// ---- the game loop ------------------------------------------------------------------------------
async function newGame() {
  const gen = ++state.gen;
  const color = state.settings.color === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : state.settings.color;
  Object.assign(state, {
    human: color, position: state.start, turns: [], roll: null, tree: null, node: null, played: [],
    current: null, lit: '', selected: null, result: null, lastMove: [], equity: null, winProb: null, hints: null, view: null,
  });
  if (state.review) state.review.cancelled = true;
  state.review = null;
  $('#review-panel').hidden = true;
  $('#banner').hidden = true;
  $('#export-box').hidden = true;
  $('#seed').value = String(state.settings.seed);
  layoutBoard();
  render();
  const status = await rules.call('getGameStatus', state.position);
  if (gen !== state.gen) return;
  if (status === undefined) {
    state.phase = 'over';
    state.result = { text: `Not a valid position: ${state.start}`, winner: null };
    render();
    return;
  }
  updateWinProb(gen);
  nextTurn(gen);
}

async function nextTurn(gen) {
  if (gen !== state.gen) return;
  const status = await rules.call('getGameStatus', state.position);
  if (gen !== state.gen) return;
  if (status.over) return finishGame(status);
  const side = sideOf(state.position);
  const ply = state.turns.length;
  const dice = ply === 0 && state.startDice ? state.startDice : rollFor(state.settings.seed, ply);
  // The dice in face order and cased for the side to move, as the engine writes them (RULES.md §3.5).
  state.roll = `${withoutDice(state.position)} ${canonicalDice(dice, side)}`;
  state.current = state.roll;
  state.played = [];
  state.selected = null;
  state.lastMove = [];
  const [tree, lit] = await rules.call('batch', [['getLegalTurnTree', state.roll], ['getPlayableDice', state.roll, []]]);
  if (gen !== state.gen) return;
  state.tree = tree;
  state.node = tree;
  state.lit = lit ?? '';
  updateWinProb(gen);
  const human = side === state.human;
  state.phase = human ? 'rolling' : 'bot';
  render();
  $('#dice').classList.add('rolling');
  await sleep(ROLL_MS);
  $('#dice').classList.remove('rolling');
  if (gen !== state.gen) return;
  if (Object.keys(tree).length === 0) {
    state.phase = 'pass';
    render();
    announce(`${human ? 'You' : playerName(side)} (${colourName(side)}) rolled ${dice.toUpperCase()}: no legal move — pass.`, 'pass');
    await sleep(PASS_MS);
    if (gen !== state.gen) return;
    state.turns.push({ side, dice: caseDice(canonicalDice(dice, side), side), moves: [], by: human ? 'human' : 'bot', before: state.position, fullmove: fullmoveOf(state.position), book: false });
    state.position = await rules.call('endTurn', state.roll);
    if (gen !== state.gen) return;
    state.roll = null;
    state.current = null;
    render();
    updateWinProb(gen);
    return nextTurn(gen);
  }
  if (human) {
    state.phase = 'human';
    render();
    markInteractive();
  } else {
    render();
    markInteractive();
    await botTurn(gen);
  }
}

function canonicalDice(dice, side) {
  return caseDice([...dice.toLowerCase()].sort((a, b) => FACE[a] - FACE[b]).join(''), side);
}

const fullmoveOf = (dfen) => Number(dfen.split(' ')[5] ?? 1);

let interactive = false;
function markInteractive() {
  if (interactive) return;
  interactive = true;
  performance.mark('dicechess-interactive');
  document.documentElement.dataset.interactive = '1';
}

async function botTurn(gen) {
  const roll = state.roll;
  const side = sideOf(roll);
  const ply = state.turns.length;
  performance.mark('bot-think-start');
  const began = performance.now();
  let answer;
  try {
    answer = await think.call('botTurn', roll, {
      algorithm: state.features.bots ? state.settings.bot : undefined,
      timeBudgetMs: state.settings.timeMs,
      seed: derive(state.settings.seed, 2 * ply + 1),
    });
  } catch (e) {
    announce(`The engine failed: ${e.message}`, 'error', true);
    return;
  }
  performance.measure('bot-think', 'bot-think-start');
  if (gen !== state.gen) return;
  // Let the "thinking" state be seen for a moment even when the bot answers at once.
  const shown = FAST ? 0 : Math.min(600, state.settings.timeMs);
  if (performance.now() - began < shown) await sleep(shown - (performance.now() - began));
  if (gen !== state.gen) return;
  let node = state.tree;
  const ok = answer.moves.length > 0 && answer.moves.every((m) => { node = node?.[m]; return node !== undefined; }) && Object.keys(node).length === 0;
  if (!ok) {
    announce(`The bot answered an illegal turn (${answer.moves.join(' ') || 'pass'}); playing a random legal turn instead.`, 'error');
    const fallback = await think.call('botTurn', roll, { seed: derive(state.settings.seed, 2 * ply + 1) });
    answer = { ...fallback, moves: fallback.moves };
  }
  // Animate the turn micro-move by micro-move.
  for (const uci of answer.moves) {
    await playMicro(uci, gen);
    if (gen !== state.gen) return;
    await sleep(STEP_MS);
    if (gen !== state.gen) return;
  }
  if (answer.book) announce(`${playerName(side)} played a book move.`, 'book');
  await finishTurn(gen, 'bot', answer.book);
}

/** Plays one micro-move of the current turn (already checked against the tree). */
async function playMicro(uci, gen) {
  const played = [...state.played, uci];
  const [after, lit] = await rules.call('batch', [
    ['applyMove', state.current, uci.slice(0, 2), uci.slice(2, 4), uci[4]],
    ['getPlayableDice', state.roll, played],
  ]);
  if (gen !== state.gen) return false;
  if (after === undefined) {
    announce(`The engine refused ${uci}.`, 'error');
    return false;
  }
  state.current = after;
  state.played = played;
  state.node = state.node[uci];
  state.lit = lit ?? '';
  state.selected = null;
  state.lastMove = [uci.slice(0, 2), uci.slice(2, 4)];
  render();
  updateWinProb(gen);
  return true;
}

async function finishTurn(gen, by, book) {
  const roll = state.roll;
  const side = sideOf(roll);
  const moves = state.played;
  const after = await rules.call('applyTurn', roll, moves);
  if (gen !== state.gen) return;
  if (after === undefined) {
    announce('The engine refused the turn.', 'error', true);
    return;
  }
  if (by === 'human' && state.bookName) book = await think.call('isBookTurn', roll, moves);
  state.turns.push({ side, dice: roll.split(' ')[6], moves, by, before: state.position, fullmove: fullmoveOf(state.position), book: Boolean(book) });
  state.position = after;
  state.roll = null;
  state.current = null;
  state.node = null;
  state.tree = null;
  state.played = [];
  state.phase = 'between';
  render();
  updateWinProb(gen);
  return nextTurn(gen);
}

function finishGame(status) {
  state.phase = 'over';
  state.roll = null;
  state.current = null;
  const winner = status.winner;
  const text = winner === null
    ? 'Game over: both kings are gone.'
    : `${winner === 'white' ? 'White' : 'Black'} captured the king: ${winner === 'white' ? '1-0' : '0-1'}. ${(winner === 'white' ? 'w' : 'b') === state.human ? 'You win!' : `${playerName(winner === 'white' ? 'w' : 'b')} wins.`}`;
  state.result = { winner, text, termination: 'king-capture' };
  render();
  announce(text, 'over', true);
  $('#game-over').dataset.result = winner === null ? '*' : winner === 'white' ? '1-0' : '0-1';
}

/**
 * The win-probability bar: getWinProbability of what the board shows, with or without dice a
 * model evaluation of a few microseconds. Asked of "rules", so that it moves while "think" is busy
 * with a bot's turn or a review.
 */
async function updateWinProb(gen) {
  if (!state.features?.winProbability) return updateEquity(gen);
  const dfen = state.current ?? state.position;
  const p = await rules.call('getWinProbability', dfen);
  if (gen !== state.gen || dfen !== (state.current ?? state.position) || !p) return;
  state.winProb = { ...p, dfen };
  renderEquity();
}

/** The 200-rollout equity estimate of the position (its dice ignored). */
async function updateEquity(gen) {
  if (!state.features?.equity) return;
  const dfen = state.position;
  const equity = await think.call('equity', dfen, { seed: derive(state.settings.seed, 1_000_000 + state.turns.length) });
  if (gen !== state.gen || dfen !== state.position) return;
  state.equity = equity;
  renderEquity();
  return equity;
}

// ---- the player's input -------------------------------------------------------------------------
async function choose(from, to) {
  const moves = offers().get(from)?.get(to);
  if (!moves) return;
  let uci = moves[0];
  if (moves.length > 1 || moves[0].length === 5) uci = await askPromotion(moves, to);
  if (!uci) { state.selected = null; renderBoard(); return; }
  const gen = state.gen;
  state.phase = 'moving';
  const ok = await playMicro(uci, gen);
  if (gen !== state.gen) return;
  state.phase = 'human';
  if (ok && Object.keys(state.node).length === 0) {
    state.phase = 'between';
    renderBoard();
    await finishTurn(gen, 'human');
  } else render();
}

/** Shows the legal promotions of a move and resolves with the chosen UCI (or null). */
function askPromotion(moves, to) {
  const box = $('#promotion');
  const white = sideOf(state.roll) === 'w';
  box.innerHTML = `<p>Promote on ${to} to</p>` + moves.map((uci) => `<button type="button" data-promotion="${uci[4]}" data-uci="${uci}" aria-label="${PIECE_NAME[uci[4]]}">${pieceSvg(white ? uci[4].toUpperCase() : uci[4])}</button>`).join('') + '<button type="button" class="cancel" data-cancel>×</button>';
  box.hidden = false;
  return new Promise((resolve) => {
    box.onclick = (e) => {
      const b = e.target.closest('button');
      if (!b) return;
      box.hidden = true;
      box.onclick = null;
      resolve(b.dataset.uci ?? null);
    };
  });
}

function onSquare(name) {
  if (state.phase !== 'human') return;
  const moves = offers();
  if (state.selected && moves.get(state.selected)?.has(name)) {
    choose(state.selected, name);
    return;
  }
  state.selected = moves.has(name) && state.selected !== name ? name : null;
  renderBoard();
}

boardEl.addEventListener('click', (e) => {
  if (drag?.moved) return;
  const sq = e.target.closest('.square');
  if (sq) onSquare(sq.dataset.square);
});
boardEl.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  const sq = e.target.closest('.square');
  if (sq) { e.preventDefault(); onSquare(sq.dataset.square); }
});

// Dragging: press on a piece that can move, drop it on a legal target.
let drag = null;
boardEl.addEventListener('pointerdown', (e) => {
  const sq = e.target.closest('.square');
  if (!sq || state.phase !== 'human' || !offers().has(sq.dataset.square) || e.button !== 0) return;
  if (!sq.querySelector('svg.piece')) return;
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
    const size = squares[0].getBoundingClientRect().width;
    drag.ghost = document.createElement('div');
    drag.ghost.className = 'ghost';
    drag.ghost.style.width = drag.ghost.style.height = `${size}px`;
    drag.ghost.innerHTML = squares.find((s) => s.dataset.square === drag.from).innerHTML;
    document.body.append(drag.ghost);
    squares.find((s) => s.dataset.square === drag.from).classList.add('dragging');
  }
  const size = drag.ghost.getBoundingClientRect().width;
  drag.ghost.style.transform = `translate(${e.clientX - size / 2}px, ${e.clientY - size / 2}px)`;
});
function endDrag(e) {
  if (!drag) return;
  const d = drag;
  if (d.ghost) d.ghost.remove();
  squares.find((s) => s.dataset.square === d.from)?.classList.remove('dragging');
  if (d.moved && e.type === 'pointerup') {
    const under = /** @type {HTMLElement | null | undefined} */ (document.elementFromPoint(e.clientX, e.clientY)?.closest('.square'));
    if (under && offers().get(d.from)?.has(under.dataset.square)) choose(d.from, under.dataset.square);
    else { state.selected = null; renderBoard(); }
  }
  // The click that follows a drag must not select again.
  setTimeout(() => { if (drag === d) drag = null; }, 0);
}
boardEl.addEventListener('pointerup', endDrag);
boardEl.addEventListener('pointercancel', endDrag);

// ---- controls -----------------------------------------------------------------------------------
$('#new-game').addEventListener('click', () => {
  state.settings.seed = Math.floor(Math.random() * 2 ** 32) >>> 0;
  newGame();
});
$('#restart').addEventListener('click', () => newGame());
$('#seed-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const value = Number($('#seed').value);
  if (!Number.isInteger(value) || value < 0 || value > 4294967295) {
    announce('The seed is an integer from 0 to 4294967295.', 'error');
    return;
  }
  state.settings.seed = value;
  newGame();
});

$('#undo').addEventListener('click', () => {
  if (state.phase === 'human' && state.played.length > 0) {
    // Take back the micro-moves of the turn in progress.
    state.current = state.roll;
    state.node = state.tree;
    state.played = [];
    state.selected = null;
    state.lastMove = [];
    rules.call('getPlayableDice', state.roll, []).then((lit) => { state.lit = lit ?? ''; render(); });
    return;
  }
  let i = state.turns.length - 1;
  while (i >= 0 && state.turns[i].by !== 'human') i--;
  if (i < 0) return;
  const gen = ++state.gen;
  state.position = state.turns[i].before;
  state.turns = state.turns.slice(0, i);
  Object.assign(state, { result: null, roll: null, current: null, tree: null, node: null, played: [], selected: null, lastMove: [] });
  $('#banner').hidden = true;
  announce('Your last turn was taken back.', 'info');
  updateWinProb(gen);
  nextTurn(gen);
});

$('#opponent').addEventListener('change', (e) => {
  state.settings.bot = e.target.value;
  saveSettings();
  renderBotInfo();
});
$('#color').addEventListener('change', (e) => {
  state.settings.color = e.target.value;
  saveSettings();
  newGame();
});
$('#time').addEventListener('change', (e) => {
  state.settings.timeMs = Number(e.target.value);
  saveSettings();
});

function renderBots() {
  const select = $('#opponent');
  select.innerHTML = state.bots
    .map((b) => `<option value="${b.id}">${b.name} — difficulty ${b.difficulty}${b.isExperimental ? ' (experimental)' : ''}</option>`)
    .join('');
  if (!botInfo(state.settings.bot)) state.settings.bot = state.bots.find((b) => b.id === 'greedy')?.id ?? state.bots[0].id;
  select.value = botInfo(state.settings.bot).id;
  renderBotInfo();
}

function renderBotInfo() {
  const b = botInfo(state.settings.bot);
  $('#bot-info').textContent = b ? `${'★'.repeat(Math.min(b.difficulty, 7))}${'☆'.repeat(Math.max(0, 7 - b.difficulty))} ${b.description}` : '';
  $('#bot-info').dataset.difficulty = b?.difficulty ?? '';
}

// ---- opening books ------------------------------------------------------------------------------
$('#book-file').addEventListener('change', async (e) => {
  const file = e.target.files?.[0];
  if (!file) return;
  const out = $('#book-report');
  out.className = 'book-report';
  out.textContent = `Checking ${file.name}…`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const binary = /\.(dcb|bin)$/i.test(file.name) || (bytes.length >= 4 && String.fromCharCode(...bytes.slice(0, 4)) === 'DCBK');
  const source = binary ? bytes.buffer : new TextDecoder().decode(bytes);
  const base = state.settings.bot === BOOK_BOT_ID ? (state.bookBase ?? 'greedy') : state.settings.bot;
  let answer;
  try {
    answer = await think.call('loadBook', source, { name: file.name, base, botId: BOOK_BOT_ID });
  } catch (err) {
    out.textContent = `The book could not be read: ${err.message}`;
    out.classList.add('error');
    return;
  }
  const v = answer.validation;
  const issues = (list, kind) => list.slice(0, 8).map((i) => `<li class="${kind}">${i.line ? `line ${i.line}: ` : ''}<code>${i.code}</code> ${escapeHtml(i.reason)}</li>`).join('')
    + (list.length > 8 ? `<li class="${kind}">… ${list.length - 8} more</li>` : '');
  out.innerHTML = `<p>${escapeHtml(file.name)} (${binary ? 'binary' : 'TSV'}): ${v.ok ? 'valid' : 'rejected'} — ${v.entries} entries, ${v.keys} keys, ${v.errors.length} errors, ${v.warnings.length} warnings.</p>`
    + `<ul>${issues(v.errors, 'error')}${issues(v.warnings, 'warning')}</ul>`
    + (answer.registered ? `<p>Registered as the opponent “${escapeHtml(file.name)} (book over ${escapeHtml(base)})”; book moves are marked in the move list.</p>` : '');
  out.classList.add(v.ok ? 'ok' : 'error');
  out.dataset.ok = String(v.ok);
  if (answer.registered) {
    state.bookName = file.name;
    state.bookBase = base;
    state.bots = answer.bots;
    state.settings.bot = BOOK_BOT_ID;
    renderBots();
  }
});

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

// ---- export -------------------------------------------------------------------------------------
function gameRecord() {
  const name = (side) => (side === state.human ? 'you' : state.settings.bot);
  const result = state.result?.winner === 'white' ? '1-0' : state.result?.winner === 'black' ? '0-1' : '*';
  const record = {
    id: `demo-${state.settings.seed}-${Date.now()}`,
    white: name('w'),
    black: name('b'),
    result,
  };
  if (state.start !== START) record.start = state.start;
  if (state.result?.winner) record.termination = 'king-capture';
  record.turns = state.turns.map((t) => ({ dice: t.dice, moves: t.moves }));
  record.seed = state.settings.seed;
  return JSON.stringify(record);
}

$('#export').addEventListener('click', () => {
  const line = gameRecord();
  $('#export-text').value = line;
  $('#export-box').hidden = false;
  const url = URL.createObjectURL(new Blob([line + '\n'], { type: 'application/x-ndjson' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `dicechess-${state.settings.seed}.jsonl`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

// ---- coaching: rollouts on demand, hints, the game review ------------------------------------------
$('#equity-rollouts').addEventListener('click', async () => {
  $('#equity-estimate').textContent = '…';
  const e = await updateEquity(state.gen);
  $('#equity-estimate').textContent = e ? `White ${(100 * e.whiteWin).toFixed(0)}% · Black ${(100 * e.blackWin).toFixed(0)}% (${e.rollouts} rollouts)` : '';
});

$('#hint').addEventListener('click', async () => {
  if (state.phase !== 'human' || !state.features?.analysis) return;
  const dfen = state.current;
  state.hints = { dfen, candidates: [], first: [] };
  renderHints();
  const a = await think.call('analyzeTurn', dfen, { timeBudgetMs: Math.min(state.settings.timeMs, 2000), topN: 3 });
  if (state.current !== dfen) return;
  const best = a.candidates[0]?.moves[0];
  state.hints = { dfen, candidates: a.candidates, first: best ? [best.from, best.to] : [] };
  render();
});

/** White's expected score of a reviewed value of `mover`. */
const whiteScore = (mover, v) => (mover === 'white' ? v : 1 - v);

/**
 * Reviews the game turn by turn in the "think" Worker (reviewTurn), with a progress bar; Cancel
 * stops it after the turn in progress.
 */
async function reviewGame() {
  if (!state.features?.analysis || state.turns.length === 0 || state.review?.running) return;
  const turns = state.turns.slice();
  const review = { running: true, cancelled: false, results: [] };
  state.review = review;
  const panel = $('#review-panel');
  panel.hidden = false;
  panel.dataset.state = 'running';
  $('#review-cancel').hidden = false;
  $('#review-progress').max = turns.length;
  $('#review-summary').innerHTML = '';
  $('#review-mistakes').innerHTML = '';
  $('#review-chart').innerHTML = '';
  render();
  const budget = FAST ? 20 : 200;
  for (const [i, t] of turns.entries()) {
    if (review.cancelled) break;
    $('#review-status').textContent = `Reviewing turn ${i + 1} of ${turns.length}…`;
    const r = await think.call('reviewTurn', `${withoutDice(t.before)} ${t.dice}`, t.moves, { timeBudgetMs: budget });
    if (!r) break;
    review.results.push({ ...r, number: i + 1, roll: `${withoutDice(t.before)} ${t.dice}` });
    $('#review-progress').value = i + 1;
    panel.dataset.done = String(i + 1);
  }
  review.running = false;
  $('#review-cancel').hidden = true;
  if (state.review !== review) return;
  panel.dataset.state = review.cancelled ? 'cancelled' : 'done';
  $('#review-status').textContent = review.cancelled
    ? `Review cancelled after ${review.results.length} of ${turns.length} turns.`
    : `${turns.length} turns reviewed by expectimax-v2 (${budget} ms a turn). Error: win probability given up against the best turn; luck: what the roll changed.`;
  renderReview(review.results);
  render();
}

function renderReview(results) {
  // White's win probability before each turn, then after the last one.
  const points = results.map((r) => whiteScore(r.mover, r.before));
  const last = results.at(-1);
  if (last) points.push(whiteScore(last.mover, last.afterPlayed));
  const x = (i) => (points.length < 2 ? 50 : (100 * i) / (points.length - 1));
  $('#review-chart').innerHTML = `<line class="half" x1="0" y1="20" x2="100" y2="20"/><polyline points="${points.map((p, i) => `${x(i).toFixed(2)},${(40 * (1 - p)).toFixed(2)}`).join(' ')}"/>`;
  $('#review-chart').dataset.points = String(points.length);
  const sides = ['white', 'black'].map((side) => {
    const mine = results.filter((r) => r.mover === side);
    const unforced = mine.filter((r) => !r.forced);
    const count = (label) => unforced.filter((r) => r.label === label).length;
    const errorRate = unforced.length ? unforced.reduce((a, r) => a + r.error, 0) / unforced.length : 0;
    return { side, errorRate, luck: mine.reduce((a, r) => a + r.luck, 0), inaccuracies: count('inaccuracy'), mistakes: count('mistake'), blunders: count('blunder') };
  });
  $('#review-summary').innerHTML = `<table><tr><th></th><th>error rate</th><th>luck</th><th>?!</th><th>?</th><th>??</th></tr>${sides.map((s) => `<tr data-side="${s.side}" data-error-rate="${s.errorRate.toFixed(4)}"><td>${colourName(s.side[0])}</td><td>${(100 * s.errorRate).toFixed(1)}%</td><td>${s.luck >= 0 ? '+' : ''}${(100 * s.luck).toFixed(0)}%</td><td>${s.inaccuracies}</td><td>${s.mistakes}</td><td>${s.blunders}</td></tr>`).join('')}</table>`;
  const worst = results.filter((r) => !r.forced && r.label).sort((a, b) => b.error - a.error).slice(0, 5);
  $('#review-mistakes').innerHTML = worst.map((r) => `<li><button type="button" data-turn="${r.number}">${colourName(r.mover[0])}, turn ${r.number} (${r.dice}): ${r.label} −${(100 * r.error).toFixed(1)}% — played ${r.played.join(' ') || 'pass'}, best ${r.best.join(' ')}</button></li>`).join('');
}

$('#review').addEventListener('click', () => reviewGame());
$('#review-cancel').addEventListener('click', () => { if (state.review) state.review.cancelled = true; });
$('#review-mistakes').addEventListener('click', (e) => {
  const n = Number(e.target.closest('button[data-turn]')?.dataset.turn);
  const r = state.review?.results.find((x) => x.number === n);
  if (!r) return;
  // The position of that turn, with its dice, on the board; the game resumes with "Back".
  state.view = r.roll;
  state.selected = null;
  $('#review-back').hidden = false;
  render();
});
$('#review-back').addEventListener('click', () => {
  state.view = null;
  $('#review-back').hidden = true;
  render();
});

// ---- start --------------------------------------------------------------------------------------
async function boot() {
  $('#time').value = String(state.settings.timeMs);
  if (!$('#time').value) $('#time').value = '1000';
  $('#color').value = state.settings.color;
  layoutBoard();
  render();
  try {
    state.features = await think.call('features');
  } catch (e) {
    $('#status').textContent = `The engine could not be loaded: ${e.message}`;
    return;
  }
  const f = state.features;
  document.documentElement.dataset.engine = f.bots ? 'bots' : 'rules';
  if (f.bots) state.bots = f.botList;
  else {
    state.settings.bot = RANDOM_BOT.id;
    $('#engine-note').hidden = false;
  }
  renderBots();
  $('#time').disabled = !f.bots;
  $('#book-file').disabled = !f.books;
  $('#book-note').textContent = f.books
    ? 'A TSV or binary (.dcb) opening book: it is validated, then played by a book bot over the chosen opponent.'
    : 'Needs the opening-book functions of dicechess-wasm (registerOpeningBookBot, validateOpeningBook), which this build does not have yet.';
  newGame();
}

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  navigator.serviceWorker.register('./sw.js').catch((e) => console.info('service worker not registered:', e.message));
}

// A handle for the end-to-end test and for curious users: the engine worker's RPC and the state.
Object.assign(window, { dicechessDemo: { think: (fn, ...args) => think.call(fn, ...args), rules: (fn, ...args) => rules.call(fn, ...args), state } });

boot();

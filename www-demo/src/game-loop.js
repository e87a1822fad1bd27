// The game loop: starts, loads, plays and takes back games through the "rules" Worker, which holds
// the game, and asks the "think" Worker for the bot's turns. Every answer is a snapshot of the game
// (game-state.js); this module only decides whose move it is to wait for.
import { $, sleep } from './dom.js';
import { rules, think } from './engine-client.js';
import { changed, colorName, playerToMove, state } from './game-state.js';
import { COLOR_PARAM, FAST, START_PARAM, randomSeed, settings } from './settings.js';
import { animateRoll } from './render/dice.js';
import { announce, hideBanner, playerName, resultOf } from './render/status.js';

/** @typedef {import('./game-state.js').Snapshot} Snapshot */

const STEP_MS = FAST ? 20 : 380;
const PASS_MS = FAST ? 60 : 1400;
const ROLL_MS = FAST ? 0 : 450;

/** Whether a pass was just announced: the loop pauses so that the banner can be read. */
let passShown = false;

/**
 * Shows a new snapshot of the game. With `passesFrom`, announces the passes among the turns from
 * that index on (the turns that the last action completed).
 * @param {Snapshot} snap
 * @param {number} [passesFrom]
 */
function take(snap, passesFrom) {
  if (passesFrom !== undefined) {
    for (const t of snap.history.slice(passesFrom)) {
      if (t.moves.length > 0) continue;
      passShown = true;
      announce(`${t.mover === state.human ? 'You' : playerName(t.mover)} (${colorName(t.mover)}) rolled ${t.dice.toUpperCase()}: no legal move — pass.`, 'pass');
    }
  }
  changed({ snap, view: null, selected: null, reason: null, hints: state.hints?.dfen === snap.dfen ? state.hints : null });
}

/** The first time the player can act: a mark for the benchmark and the test. */
function markInteractive() {
  if (document.documentElement.dataset.interactive) return;
  performance.mark('dicechess-interactive');
  document.documentElement.dataset.interactive = '1';
}

/** The players' names in the record and the notation: "you" and the bot's id. */
function namePlayers() {
  const bot = settings.bot;
  return state.human === 'white' ? ['you', bot] : [bot, 'you'];
}

/** A new game with the settings' seed (and the `dfen=` start, if any). */
export async function newGame() {
  const gen = ++state.gen;
  const color = settings.color === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : settings.color;
  state.human = color === 'b' ? 'black' : 'white';
  hideBanner();
  changed({ phase: 'loading', view: null, selected: null, reason: null, hints: null, winProb: null });
  // A start given in the query: its dice (if any) are the first roll, seeded dice follow.
  const snap = await rules.call('newGame', { start: START_PARAM, seed: settings.seed });
  if (gen !== state.gen) return;
  if (!snap) {
    changed({ phase: 'error' });
    $('#status').textContent = `Not a valid position: ${START_PARAM}`;
    return;
  }
  if (START_PARAM !== undefined && !COLOR_PARAM) state.human = snap.history[0]?.mover ?? snap.turn;
  await rules.call('setPlayers', ...namePlayers());
  if (gen !== state.gen) return;
  state.game++;
  take(snap, 0);
  advance(gen);
}

/**
 * Loads a pasted game (a JSON record or the notation): `{ok}` or `{ok: false, error, line, column}`.
 * The player takes the side to move; the bot plays on from there.
 * @param {string} text
 */
export async function importGame(text) {
  // A new generation first: a bot's turn in flight stops before its next move, which would
  // otherwise reach the rules Worker after the load and be played in the loaded game.
  const gen = ++state.gen;
  const answer = await rules.call('loadGame', text, randomSeed());
  if (gen !== state.gen) return answer;
  if (!answer.ok) {
    // The game on the board goes on from what the Worker holds (a move in flight included);
    // a bot's turn that was stopped starts again.
    const snap = await rules.call('snapshot');
    if (gen !== state.gen) return answer;
    if (snap) take(snap);
    advance(gen);
    return answer;
  }
  const snap = answer.snapshot;
  if (!snap.status.over) state.human = snap.turn;
  state.game++;
  hideBanner();
  take(snap);
  announce(`Game loaded: ${snap.history.length} turns.`, 'info');
  advance(gen);
  return answer;
}

/**
 * Plays one of the player's micro-moves (a key of the current node: `state.snap.moves`).
 * @param {string} uci
 */
export async function playMove(uci) {
  if (!playerToMove()) return;
  const gen = state.gen;
  const before = state.snap.history.length;
  changed({ phase: 'moving', selected: null, reason: null });
  const answer = await rules.call('act', 'play', uci);
  if (gen !== state.gen) return;
  if (!answer.ok) announce(`The engine refused ${uci}.`, 'error');
  take(answer.snapshot, before);
  const snap = state.snap;
  if (!snap.status.over && snap.turn === state.human && snap.turnMoves.length > 0) changed({ phase: 'human' });
  else advance(gen);
}

/**
 * Undo: in the middle of the player's turn, its last micro-move; else the player's last turn and
 * the bot's reply (back to the start of the player's turn).
 */
export async function undo() {
  const snap = state.snap;
  if (!snap?.canUndo) return;
  const gen = ++state.gen;
  const midTurn = snap.turn === state.human && snap.turnMoves.length > 0;
  const answer = await rules.call('act', midTurn ? 'undo' : 'undoToTurnOf', state.human);
  if (gen !== state.gen) return;
  hideBanner();
  take(answer.snapshot);
  if (answer.ok) announce(midTurn ? 'Micro-move taken back.' : 'Your last turn was taken back.', 'info');
  advance(gen);
}

/** Redo: the turns taken back are played again, up to the start of the player's next turn. */
export async function redo() {
  if (!state.snap?.canRedo) return;
  const gen = ++state.gen;
  const answer = await rules.call('act', 'redoToTurnOf', state.human);
  if (gen !== state.gen) return;
  hideBanner();
  take(answer.snapshot);
  advance(gen);
}

/** The game as a JSON record and in the notation. @returns {Promise<{ record: string, notation: string } | null>} */
export function exportGame() {
  return rules.call('exportGame');
}

/**
 * Waits for the player, or plays the bot's turns, until the player is to move or the game is over.
 * @param {number} gen the generation this loop belongs to: it stops when a newer action starts
 */
export async function advance(gen) {
  for (;;) {
    if (gen !== state.gen) return;
    if (passShown) {
      passShown = false;
      await sleep(PASS_MS);
      if (gen !== state.gen) return;
    }
    const snap = state.snap;
    if (snap.status.over) {
      changed({ phase: 'over' });
      announce(resultOf()?.text ?? 'Game over.', 'over', true);
      markInteractive();
      return;
    }
    if (snap.turnMoves.length === 0) {
      changed({ phase: 'rolling' });
      animateRoll();
      await sleep(ROLL_MS);
      if (gen !== state.gen) return;
    }
    markInteractive();
    if (snap.turn === state.human) {
      changed({ phase: 'human' });
      return;
    }
    changed({ phase: 'bot' });
    if (!(await botTurn(gen))) return;
  }
}

/**
 * The bot's turn: its search in the "think" Worker, then its micro-moves played one by one.
 * @param {number} gen
 * @returns {Promise<boolean>} whether the turn was played (false: stopped or failed)
 */
async function botTurn(gen) {
  const snap = state.snap;
  performance.mark('bot-think-start');
  const began = performance.now();
  let answer;
  try {
    answer = await think.call('botTurn', snap.dfen, {
      algorithm: settings.bot,
      timeBudgetMs: settings.timeMs,
      // The bot's random stream: the same game and turn, the same choice.
      seed: ((snap.seed ?? settings.seed) ^ Math.imul(snap.turnNumber, 0x2545f491)) >>> 0,
    });
  } catch (e) {
    announce(`The engine failed: ${e.message}`, 'error', true);
    changed({ phase: 'error' });
    return false;
  }
  performance.measure('bot-think', 'bot-think-start');
  if (gen !== state.gen) return false;
  // Let "thinking" be seen for a moment even when the bot answers at once.
  const shownMs = FAST ? 0 : Math.min(600, settings.timeMs);
  if (performance.now() - began < shownMs) await sleep(shownMs - (performance.now() - began));
  if (gen !== state.gen) return false;
  if (answer.moves.length === 0) {
    announce('The bot found no turn to play.', 'error', true);
    changed({ phase: 'error' });
    return false;
  }
  for (const uci of answer.moves) {
    const before = state.snap.history.length;
    const played = await rules.call('act', 'play', uci);
    if (gen !== state.gen) return false;
    if (!played.ok) {
      announce(`The bot's move ${uci} was refused by the game.`, 'error', true);
      take(played.snapshot);
      changed({ phase: 'error' });
      return false;
    }
    take(played.snapshot, before);
    await sleep(STEP_MS);
    if (gen !== state.gen) return false;
  }
  return true;
}

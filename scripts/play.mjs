#!/usr/bin/env node
// `npm run play`: two random-turn players play a complete game in the terminal
// through the built package (pkg/, entry "./rules"), printing the board after every turn.
//
//   node scripts/play.mjs [--seed N] [--delay MS] [--max-turns N]
//
// Each turn: roll three dice, take the legal turn tree of the roll, walk one random path from the
// root to a leaf with applyMove (getPlayableDice shows which dice stay lit), then endTurn. A king
// capture ends the game (RULES.md §15); a pass is a turn without moves.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const E = createRequire(import.meta.url)(join(ROOT, 'pkg', 'dist', 'node', 'rules.cjs'));

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
let seed = arg('seed', Date.now() % 2147483647) >>> 0 || 1;
const delay = arg('delay', process.stdout.isTTY ? 150 : 0);
const maxTurns = arg('max-turns', 2000);
const random = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const pick = (list) => list[Math.floor(random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const FACES = { p: 1, n: 2, b: 3, r: 4, q: 5, k: 6 };

/** The board of a DFEN as text, White at the bottom. */
function board(dfen) {
  const rows = dfen.split(' ')[0].split('/');
  const lines = rows.map((row, i) => {
    const cells = [];
    for (const c of row) {
      if (/\d/.test(c)) for (let k = 0; k < Number(c); k++) cells.push('·');
      else cells.push(process.stdout.isTTY ? GLYPHS[c] : c);
    }
    return `  ${8 - i} ${cells.join(' ')}`;
  });
  return [...lines, '    a b c d e f g h'].join('\n');
}

function rollDice() {
  return Array.from({ length: 3 }, () => 'PNBRQK'[Math.floor(random() * 6)]).join('');
}

if (!E.isReady()) {
  console.error('the package is not ready: run npm run build');
  process.exit(1);
}

console.log(`Dice Chess: two random-turn players (seed ${seed}; run with --seed ${seed} to replay)\n`);
let position = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
console.log(board(position));
let turn = 0;
let status = E.getGameStatus(position);
while (!status.over && turn < maxTurns) {
  turn++;
  const side = position.split(' ')[1] === 'w' ? 'White' : 'Black';
  const roll = `${position} ${rollDice()}`;
  const dice = roll.split(' ')[6];
  const faces = [...dice.toLowerCase()].map((d) => `${d.toUpperCase()}(${FACES[d]})`).join(' ');
  let node = E.getLegalTurnTree(roll);
  let current = roll;
  const played = [];
  const lit = [E.getPlayableDice(roll, played)];
  while (Object.keys(node).length > 0) {
    const uci = pick(Object.keys(node));
    current = E.applyMove(current, uci.slice(0, 2), uci.slice(2, 4), uci[4]);
    played.push(uci);
    node = node[uci];
    lit.push(E.getPlayableDice(roll, played));
  }
  if (played.length === 0) {
    position = E.endTurn(roll); // a pass
  } else {
    position = E.applyTurn(roll, played); // next DFEN, or the final position after a king capture
    if (position !== E.endTurn(current) && !E.getGameStatus(position).over) throw new Error('applyTurn and the tree walk disagree');
  }
  status = E.getGameStatus(position);
  console.log(`\nturn ${turn}: ${side} rolls ${faces}; playable ${JSON.stringify(lit[0].toUpperCase())} → ${played.length ? played.join(' ') : 'pass (no legal move)'}`);
  console.log(board(position));
  if (delay > 0) await sleep(delay);
}
if (status.over) {
  console.log(`\n${status.winner === null ? 'Both kings are gone: no winner' : `${status.winner === 'white' ? 'White' : 'Black'} captures the king and wins`} after ${turn} turns.`);
} else {
  console.log(`\nStopped after ${turn} turns without a king capture.`);
}
console.log(`final position: ${position}`);

// The calls that scripts/soak/slowest-input.mjs times, one job per package function that takes a
// DFEN, and the documented outcome of each (pkg-template/README.md; tests/js/lib/fuzz.mjs has the result
// types). tests/js/slowest-inputs.test.mjs replays the worst inputs through the same jobs.
//
// A job is `{call(E, dfen, extra), check(result), prepare?(E, dfen), needs?}`: `prepare` runs before
// the call is timed (applyTurn's legal turn), `needs` names the export the job requires when that is
// not the job's own name (the jobs of a function the package does not export are skipped).
import { BUILTIN_BOTS, FULL_RESULT_TYPE, RESULT_TYPE } from '../../tests/js/lib/fuzz.mjs';

/** Budgets of the timed calls: the bots and the analyses 100 ms, estimateEquity 1 s. */
export const BOT_BUDGET_MS = 100;
export const EQUITY_BUDGET_MS = 1000;
/** perft's depth: small (micro-move plies, the last counted in bulk). */
export const PERFT_DEPTH = 3;

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const START_MOVES = ['b1a3', 'b1c3', 'g1f3', 'g1h3']; // of START with the roll QRN

/**
 * A legal turn of `roll`, found without listing the roll's turns: the first micro-move that begins
 * a legal turn, then the first that continues it, until the dice are spent, nothing continues or a
 * king is captured. `[]` when the roll has no legal move or is invalid.
 */
export function aLegalTurn(E, roll) {
  const turn = [];
  let current = roll;
  while (turn.length < 3) {
    const [uci] = E.getLegalUciMoves(current);
    if (uci === undefined) break;
    const next = E.applyMove(current, uci.slice(0, 2), uci.slice(2, 4), uci[4]);
    if (next === undefined) break;
    turn.push(uci);
    const captured = !E.getGameStatus(current)?.over && E.getGameStatus(next)?.over;
    current = next;
    if (captured) break;
  }
  return turn;
}

const isInt = Number.isInteger;
const plain = (v) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const keysAre = (v, keys) => plain(v) && Object.keys(v).join() === keys.join();
const SQUARE = /^[a-h][1-8]$/;
const isMove = (m) => Object.keys(m).join() === 'from,to,promotion' && SQUARE.test(m.from) && SQUARE.test(m.to)
  && [undefined, 'q', 'r', 'b', 'n'].includes(m.promotion);

/** getBestMove's result (FULL_RESULT_TYPE's, with this script's 100 ms budget). */
const isBestMove = (v) => (keysAre(v, ['moves', 'score', 'timeTakenMs', 'budgetMs'])
  || (keysAre(v, ['moves', 'score', 'timeTakenMs', 'budgetMs', 'stop']) && ['complete', 'deadline', 'effort', 'frozenClock'].includes(v.stop)))
  && Array.isArray(v.moves)
  && v.moves.length <= 3 && v.moves.every(isMove) && isInt(v.score) && isInt(v.timeTakenMs) && v.timeTakenMs >= 0
  && isInt(v.budgetMs) && v.budgetMs >= 0 && v.budgetMs <= BOT_BUDGET_MS;
/** analyzeTurn's result (FULL_RESULT_TYPE's, with the 100 ms budget; topN is the default 5). */
const isAnalysis = (v) => keysAre(v, ['candidates', 'timeTakenMs', 'budgetMs']) && Array.isArray(v.candidates)
  && v.candidates.length <= 5 && v.candidates.every((c) => keysAre(c, ['moves', 'whiteWin', 'blackWin', 'loss'])
    && Array.isArray(c.moves) && c.moves.length >= 1 && c.moves.length <= 3 && c.moves.every(isMove) && c.loss >= 0)
  && isInt(v.timeTakenMs) && v.timeTakenMs >= 0 && isInt(v.budgetMs) && v.budgetMs >= 0 && v.budgetMs <= BOT_BUDGET_MS;
/**
 * A turn tree, or `null`: the cap on getLegalTurnTree (null for a roll of more than 1,000,000 legal
 * turns) is being added, so either is accepted here; the cap's change tightens this to its rule.
 */
const isTreeOrCapped = (v) => v === null || RESULT_TYPE.getLegalTurnTree(v);

function bestMoveJob(bot) {
  return {
    needs: 'getBestMove',
    call: (E, dfen) => E.getBestMove(dfen, { algorithm: bot, timeBudgetMs: BOT_BUDGET_MS, seed: 1 }),
    check: isBestMove,
  };
}

export const JOBS = {
  getLegalUciMoves: { call: (E, dfen) => E.getLegalUciMoves(dfen), check: RESULT_TYPE.getLegalUciMoves },
  getLegalTurnTree: { call: (E, dfen) => E.getLegalTurnTree(dfen), check: isTreeOrCapped },
  getPlayableDice: { call: (E, dfen) => E.getPlayableDice(dfen), check: RESULT_TYPE.getPlayableDice },
  generateMoves: { call: (E, dfen) => E.generateMoves(dfen), check: RESULT_TYPE.generateMoves },
  applyTurn: { prepare: aLegalTurn, call: (E, dfen, turn) => E.applyTurn(dfen, turn), check: RESULT_TYPE.applyTurn },
  endTurn: { call: (E, dfen) => E.endTurn(dfen), check: RESULT_TYPE.endTurn },
  canonicalKey: { call: (E, dfen) => E.canonicalKey(dfen), check: RESULT_TYPE.canonicalKey },
  getBoard: { call: (E, dfen) => E.getBoard(dfen), check: RESULT_TYPE.getBoard },
  // -1 is perft's answer past its work cap (pkg-template/README.md), never reached at this depth in practice.
  perft: { call: (E, dfen) => E.perft(dfen, PERFT_DEPTH), check: (v) => isInt(v) && v >= -1 },
  // The Game's state of a start position: the game, then its turn tree (as getLegalTurnTree).
  createGame: {
    call(E, dfen) {
      const game = E.createGame({ start: dfen });
      const tree = game?.tree();
      game?.free();
      return game === undefined ? undefined : tree;
    },
    check: (v) => v === undefined || isTreeOrCapped(v),
  },
  countLegalTurns: {
    call: (E, dfen) => E.countLegalTurns(dfen),
    check: (v) => isInt(v) && v >= 0, // exact on any roll, 0 for invalid input
  },
  ...Object.fromEntries(BUILTIN_BOTS.map((bot) => [`getBestMove:${bot}`, bestMoveJob(bot)])),
  estimateEquity: {
    call: (E, dfen) => E.estimateEquity(dfen, { timeBudgetMs: EQUITY_BUDGET_MS, seed: 1 }),
    check: FULL_RESULT_TYPE.estimateEquity,
  },
  getWinProbability: { call: (E, dfen) => E.getWinProbability(dfen), check: FULL_RESULT_TYPE.getWinProbability },
  analyzeTurn: {
    call: (E, dfen) => E.analyzeTurn(dfen, { timeBudgetMs: BOT_BUDGET_MS, seed: 1 }),
    check: isAnalysis,
  },
  reviewTurn: {
    prepare: aLegalTurn,
    call: (E, dfen, turn) => E.reviewTurn(dfen, turn, { timeBudgetMs: BOT_BUDGET_MS }),
    check: FULL_RESULT_TYPE.reviewTurn,
  },
};

/** The jobs whose function the loaded package exports. */
export const availableJobs = (E) => Object.keys(JOBS).filter((name) => typeof E[JOBS[name].needs ?? name] === 'function');


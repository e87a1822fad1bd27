// The answers tests/js/runtimes.test.mjs asks of the package in every runtime: a handful of calls on
// each entry, as plain JSON. Runtime-neutral (no Node APIs): each runtime's scratch program imports
// a copy of this file, and the test compares its answers with Node's.

const ROLL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
// A middlegame roll with captures, so that the bots' choices mean something.
const CAPTURES = 'r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3 PNB';
// One entry under the roll's book key (canonical dice order), one line that is no key.
const BOOK = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - NQR\tg1f3,h1g1\nnot a key\tb1c3\n';

/** A rules entry's answers: whether it is ready, the legal micro-moves and the number of turns. */
function rulesAnswers(e) {
  return { ready: e.isReady(), moves: e.getLegalUciMoves(ROLL), turns: e.countLegalTurns(CAPTURES), board: e.applyTurn(ROLL, ['g1f3', 'h1g1']) };
}

/** A full entry's answers: the rules ones, two bots' turns at fixed seeds, a book's validation. */
function fullAnswers(e) {
  return {
    ...rulesAnswers(e),
    random: e.getBestMove(CAPTURES, { algorithm: 'random', seed: 7 }).moves,
    greedy: e.getBestMove(CAPTURES, { algorithm: 'greedy-v2', seed: 7 }).moves,
    book: e.validateOpeningBook(BOOK),
  };
}

/**
 * The answers of the entries given (namespaces of ".", "./rules", "./web", "./rules/web"); the
 * `./web` ones after `await init(source)` (`source` undefined: the entry's default).
 */
export async function probe({ full, rules, web, rulesWeb }, source = {}) {
  const out = {};
  if (full) out.full = fullAnswers(full);
  if (rules) out.rules = rulesAnswers(rules);
  if (web) {
    await web.init(source.web);
    out.web = fullAnswers(web);
  }
  if (rulesWeb) {
    await rulesWeb.init(source.rulesWeb);
    out.rulesWeb = rulesAnswers(rulesWeb);
  }
  return out;
}

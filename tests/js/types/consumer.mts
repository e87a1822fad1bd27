// tsc --noEmit --strict consumer (module/moduleResolution nodenext, ES module): every export and
// every type of API.md §3.3 through the exports map; @ts-expect-error lines pin the types down.
import {
  DiceChess, isReady, getLegalUciMoves, getLegalTurnTree, countLegalTurns, getPlayableDice, generateMoves, applyMove,
  applyTurn, endTurn, perft, getPieceFromDice, canonicalKey, getGameStatus,
  getAvailableBots, getAvailableTimePolicies, getBestMove, shouldBotOfferDouble, shouldBotAcceptDouble,
  shouldBotOfferDraw, shouldBotAcceptDraw, estimateEquity, registerOpeningBookBot, unregisterBot,
  validateOpeningBook, encodeOpeningBook, getWinProbability, analyzeTurn, reviewTurn, reviewGame,
  getBoard, createGame, gameFromRecord, parseNotation, gameFromNotation,
  type Game, type GameOptions, type GameMove, type GameTurn, type GameOutcome, type GameRecord, type GameLoad,
  type NotationParse, type Board, type BoardPiece, type Color, type Termination,
  type WinProbability, type TurnAnalysis, type TurnCandidate, type TurnReview, type GameReviewResult, type SideSummary,
  type Dfen, type Uci, type MoveTree, type PromotionPiece, type MicroMove, type BestMoveResult,
  type TimePolicyId, type ClockStateOptions, type BestMoveOptions, type DecisionOptions, type EquityOptions,
  type EquityResult, type BotInfo, type GameStatus, type BookIssue, type BookValidation, type BookSource,
} from 'dicechess-wasm';
import * as Rules from 'dicechess-wasm/rules';
import init, {
  initSync, isReady as webReady, DiceChess as WebDiceChess, getBestMove as webBestMove, type InitSource,
} from 'dicechess-wasm/web';
import rulesInit, { initSync as rulesInitSync, getLegalTurnTree as rulesTree } from 'dicechess-wasm/rules/web';

const roll: Dfen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const ready: boolean = isReady() && webReady();
const first: Uci[] = getLegalUciMoves(roll);
const tree: MoveTree | null = getLegalTurnTree(roll);
const turns: number = countLegalTurns(roll);
const child: MoveTree | undefined = tree?.['b1a3'];
const dice: string | undefined = getPlayableDice(roll, ['b1a3']);
const dice2: string | undefined = getPlayableDice(roll, null);
const dice3: string | undefined = getPlayableDice(roll);
const pseudo: Uci[] = generateMoves(roll);
const promo: PromotionPiece = 'q';
const moved: Dfen | undefined = applyMove(roll, 'b1', 'a3', promo);
const moved2: Dfen | undefined = applyMove(roll, 'b1', 'a3', null);
const moved3: Dfen | undefined = applyMove(roll, 'b1', 'a3');
const turned: Dfen | undefined = applyTurn(roll, ['b1a3', 'a1b1'] as const);
const next: Dfen | undefined = endTurn(roll);
const nodes: number = perft(roll, 2);
const piece: string | null = getPieceFromDice(1);
const key: Dfen | undefined = canonicalKey(roll);
const status: GameStatus | undefined = getGameStatus(roll);
const winner: 'white' | 'black' | null | undefined = status?.winner;
const same: typeof getLegalUciMoves = DiceChess.getLegalUciMoves;
const rulesMoves: string[] = Rules.DiceChess.getLegalUciMoves(roll);
const rulesReady: boolean = Rules.isReady();
const webMoves: string[] = WebDiceChess.getLegalUciMoves(roll);
const source: InitSource = new URL('https://example.invalid/dicechess.wasm');
const started: Promise<void> = init(source);
const started2: Promise<void> = init(Promise.resolve(new Uint8Array(8)));
const started3: Promise<void> = rulesInit();
const synced: boolean = initSync(new Uint8Array(8)) && rulesInitSync(new ArrayBuffer(8));
const rulesTreeResult: MoveTree | null = rulesTree(roll);

// The full entry's functions.
const bots: BotInfo[] = getAvailableBots();
const policies: TimePolicyId[] = getAvailableTimePolicies();
const bestResult: BestMoveResult = getBestMove(roll, { algorithm: 'monte-carlo', clock: { remainingMs: 60_000 }, timePolicy: 'legacy-linear-v1', seed: 1 });
const bestDefault: BestMoveResult = getBestMove(roll);
const firstMove: MicroMove | undefined = bestResult.moves[0];
const promotion: PromotionPiece | undefined = firstMove?.promotion;
const webBest: BestMoveResult = webBestMove(roll, { timeBudgetMs: 20 });
const decisions: boolean[] = [
  shouldBotOfferDouble(roll, 1), shouldBotAcceptDouble(roll, 2, { algorithm: 'greedy-v2', seed: 4 }),
  shouldBotOfferDraw(roll), shouldBotAcceptDraw(roll, { algorithm: 'aggressive' }),
];
const equityResult: EquityResult = estimateEquity(roll, { rollouts: 8, maxPlies: 10, seed: 5 });
const winProbability: WinProbability | undefined = getWinProbability(roll);
const analysis: TurnAnalysis = analyzeTurn(roll, { timeBudgetMs: 50, topN: 3, seed: 1 });
const firstCandidate: TurnCandidate | undefined = analysis.candidates[0];
const turnReview: TurnReview | undefined = reviewTurn(roll, ['b1a3', 'a1b1'], { timeBudgetMs: 10 });
const gameReview: GameReviewResult = reviewGame({ result: '*', turns: [] });
const summary: SideSummary | string = gameReview.ok ? gameReview.white : gameReview.error;
// @ts-expect-error reviewTurn takes the moves as a list
reviewTurn(roll, 'b1a3');
const registered: boolean = registerOpeningBookBot('key\te2e4', 'greedy', 'my-book', 'My book')
  && registerOpeningBookBot(new Uint8Array(32), 'greedy', 'bin', 'Bin') && registerOpeningBookBot(new ArrayBuffer(32), 'greedy', 'ab', 'AB');
const unregistered: boolean = unregisterBot('my-book');
const report: BookValidation = validateOpeningBook('key\te2e4');
const firstIssue: BookIssue | undefined = report.errors[0];
const encoded: Uint8Array | undefined = encodeOpeningBook('key\te2e4');
const sameBest: typeof getBestMove = DiceChess.getBestMove;

// The types of API.md §3.3, used as values.
const micro: MicroMove = { from: 'e2', to: 'e4', promotion: undefined };
const best: BestMoveResult = { moves: [micro], score: 0, timeTakenMs: 0, budgetMs: 0 };
const policy: TimePolicyId = 'empirical-v1';
const clock: ClockStateOptions = { remainingMs: 1000, incrementMs: 10 };
const options: BestMoveOptions = { algorithm: 'greedy', clock, timePolicy: 'custom-policy', timeBudgetMs: 20, seed: 1 };
const decision: DecisionOptions = { algorithm: 'random', seed: 2 };
const equityOptions: EquityOptions = { rollouts: 10, maxPlies: 20, seed: 3 };
const equity: EquityResult = { whiteWin: 0.5, blackWin: 0.5, undecided: 0, rollouts: 10, standardError: 0, varianceReductionVsVanilla: 1 };
const bot: BotInfo = { id: 'greedy', name: 'Greedy', description: '', difficulty: 1, isExperimental: false };
const issue: BookIssue = { line: 1, text: '', code: 'x', reason: 'y' };
const validation: BookValidation = { ok: true, entries: 0, keys: 0, errors: [issue], warnings: [] };
const book: BookSource = new Uint8Array(1);

// Misuse that must not type-check.
// @ts-expect-error a number is not a DFEN
getLegalUciMoves(42);
// @ts-expect-error a string | undefined result is not a string
const notString: string = endTurn(roll);
// @ts-expect-error unknown option
const badOptions: BestMoveOptions = { algoritm: 'greedy' };
// @ts-expect-error "k" is not a promotion piece
applyMove(roll, 'e7', 'e8', 'k');
// @ts-expect-error DiceChess is read-only
DiceChess.perft = perft;
// @ts-expect-error isReady is not a member of DiceChess
DiceChess.isReady();
// @ts-expect-error ./rules has no init
Rules.init();
// @ts-expect-error getGameStatus may return undefined
const over: boolean = getGameStatus(roll).over;
// @ts-expect-error unknown getBestMove option
getBestMove(roll, { budget: 20 });
// @ts-expect-error timeBudgetMs is a number
getBestMove(roll, { timeBudgetMs: '20' });
// @ts-expect-error clock needs remainingMs
getBestMove(roll, { clock: { incrementMs: 10 } });
// @ts-expect-error unknown decision option
shouldBotOfferDraw(roll, { timeBudgetMs: 20 });
// @ts-expect-error the stake comes before the options
shouldBotAcceptDouble(roll, { algorithm: 'greedy' });
// @ts-expect-error unknown equity option
estimateEquity(roll, { rollout: 8 });
// @ts-expect-error a number is not a book
registerOpeningBookBot(42, 'greedy', 'x', 'X');
// @ts-expect-error a DataView is not a book
validateOpeningBook(new DataView(new ArrayBuffer(8)));
// @ts-expect-error encodeOpeningBook takes TSV text only
encodeOpeningBook(new Uint8Array(8));
// @ts-expect-error a Uint8Array | undefined result is not a Uint8Array
const bytes: Uint8Array = encodeOpeningBook('');
// @ts-expect-error a bot id is a string
unregisterBot(7);
// @ts-expect-error the score is a number
const scoreText: string = getBestMove(roll).score;
// @ts-expect-error ./rules has no getBestMove
Rules.getBestMove(roll);
// @ts-expect-error ./rules's DiceChess has no estimateEquity
Rules.DiceChess.estimateEquity(roll);

// The Game object (issue 14).
const gameOptions: GameOptions = { seed: 7, hostDice: false, halfmoveDraw: true, turnCap: null, white: 'Ann' };
const game: Game | undefined = createGame(gameOptions);
const board: Board | undefined = getBoard(roll);
const square: BoardPiece | undefined = board?.pieces[0];
const gameUse = (() => {
  if (!game) return undefined;
  const move: GameMove | undefined = game.moves()[0];
  const played: boolean = game.play(move?.uci ?? 'e2e4') || game.play({ from: 'e2', to: 'e4' }) || game.playTurn(['e2e4', 'g1f3']);
  const history: GameTurn[] = game.history();
  const outcome: GameOutcome = game.status();
  const side: Color = game.turn();
  const why: Termination | null = outcome.termination;
  const record: GameRecord = game.toRecord();
  const loaded: GameLoad = gameFromRecord(record, { turnCap: 100 });
  const again: Game | undefined = loaded.ok ? loaded.game : undefined;
  const notation: string | undefined = game.toNotation();
  const parsed: NotationParse = parseNotation(notation ?? '');
  const fromText: GameLoad = gameFromNotation(notation ?? '');
  const seed: number | null = game.seed;
  const rulesGame: Game | undefined = Rules.createGame({ hostDice: true });
  // @ts-expect-error the rules entry has no notation parser
  Rules.parseNotation('1. PPN e4 d4 Nf3 *');
  // @ts-expect-error a colour is "white" or "black"
  game.resign('w');
  // @ts-expect-error unknown option
  createGame({ dice: 'seeded' });
  game.free();
  return { move, played, history, side, why, again, parsed, fromText, seed, rulesGame, square };
})();

export {
  ready, first, child, dice, dice2, dice3, pseudo, moved, moved2, moved3, turned, next, nodes, piece, key, winner, same,
  rulesMoves, rulesReady, webMoves, started, started2, started3, synced, rulesTreeResult, best, policy, options, decision,
  equityOptions, equity, bot, validation, book, notString, badOptions, over,
  bots, policies, bestResult, bestDefault, promotion, webBest, decisions, equityResult, registered, unregistered,
  firstIssue, encoded, sameBest, bytes, scoreText, winProbability, firstCandidate, turnReview, summary,
  gameUse,
};

// dicechess-wasm/webhook and dicechess-wasm/worker-pool (issue 30), and the turn helpers.
import { createWebhookHandler, toNodeListener, type WebhookHandler, type WebhookOptions } from 'dicechess-wasm/webhook';
import { createWorkerPool, type WorkerPool } from 'dicechess-wasm/worker-pool';
import { toUciMoves, isTurnOfTree } from 'dicechess-wasm';
const pool: WorkerPool = createWorkerPool({ size: 2 });
const pooledMove: Promise<BestMoveResult> = pool.getBestMove('x', { algorithm: 'greedy' });
// @ts-expect-error the Game functions are not pooled
void pool.createGame;
const hookOptions: WebhookOptions = { secret: 's', engine: pool, strategy: (c) => (c.type === 'yourTurn' ? undefined : { acceptDraw: false }) };
const hook: WebhookHandler = createWebhookHandler(hookOptions);
const answered: Promise<Response> = hook(new Request('http://x/'));
const hookReady: Promise<boolean> = hook.ready;
// @ts-expect-error a secret is required
createWebhookHandler({ bot: 'greedy' });
const listener = toNodeListener(hook);
const uciTurn: Uci[] | undefined = toUciMoves(getBestMove('x').moves);
const complete: boolean = isTurnOfTree(getLegalTurnTree('x'), uciTurn ?? []);
void [pooledMove, answered, hookReady, listener, complete];

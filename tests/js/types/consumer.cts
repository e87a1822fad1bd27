// tsc --noEmit --strict consumer (nodenext, CommonJS: require through the .d.cts types).
import dc = require('dicechess-wasm');
import rules = require('dicechess-wasm/rules');
import web = require('dicechess-wasm/web');
import rulesWeb = require('dicechess-wasm/rules/web');

const roll: dc.Dfen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const moves: dc.Uci[] = dc.getLegalUciMoves(roll);
const tree: dc.MoveTree | null = rules.DiceChess.getLegalTurnTree(roll);
const status: dc.GameStatus | undefined = rules.getGameStatus(roll);
const ready: boolean = dc.isReady() && rules.isReady() && web.isReady() && rulesWeb.isReady();
const started: Promise<void> = web.init();
const started2: Promise<void> = web.default();
const synced: boolean = rulesWeb.initSync(new Uint8Array(8));
const piece: string | null = dc.DiceChess.getPieceFromDice(6);
const after: string | undefined = rules.applyTurn(roll, ['b1a3', 'a1b1']);
const best: dc.BestMoveResult = dc.getBestMove(roll, { algorithm: 'greedy', seed: 1 });
const webBots: dc.BotInfo[] = web.DiceChess.getAvailableBots();
const equity: dc.EquityResult = dc.DiceChess.estimateEquity(roll, { rollouts: 8 });
const report: dc.BookValidation = web.validateOpeningBook(new Uint8Array(0));

// @ts-expect-error a number is not a DFEN
rules.endTurn(7);
// @ts-expect-error a string | undefined result is not a string
const s: string = rules.canonicalKey(roll);
// @ts-expect-error ./rules has no initSync
rules.initSync(new Uint8Array(8));
// @ts-expect-error ./rules has no registerOpeningBookBot
rules.registerOpeningBookBot('', 'greedy', 'x', 'X');
// @ts-expect-error ./rules/web has no getAvailableBots
rulesWeb.getAvailableBots();
// @ts-expect-error unknown option
dc.estimateEquity(roll, { plies: 3 });

const game: dc.Game | undefined = rules.createGame({ seed: 1 });
const gameRecord: dc.GameRecord | undefined = game?.toRecord();
const fromRecord: dc.GameLoad = dc.gameFromRecord(gameRecord ?? { result: '*', turns: [] });
const board: dc.Board | undefined = rules.getBoard(roll);

export = { game, fromRecord, board,  moves, tree, status, ready, started, started2, synced, piece, after, s, best, webBots, equity, report };

// The webhook and the worker pool by require.
import webhook = require('dicechess-wasm/webhook');
import workerPool = require('dicechess-wasm/worker-pool');
const cjsHandler: webhook.WebhookHandler = webhook.createWebhookHandler({ secret: 's', engine: workerPool.createWorkerPool() });
void cjsHandler;

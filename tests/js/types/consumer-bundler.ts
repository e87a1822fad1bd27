// tsc --noEmit --strict consumer (moduleResolution bundler).
import { DiceChess, type MoveTree, type GameStatus, type BestMoveResult } from 'dicechess-wasm';
import { DiceChess as Rules, isReady } from 'dicechess-wasm/rules';
import init, { initSync, type InitSource } from 'dicechess-wasm/web';
import rulesInit from 'dicechess-wasm/rules/web';
import wasmUrl from 'dicechess-wasm/dicechess.wasm';
import rulesWasmUrl from 'dicechess-wasm/dicechess-rules.wasm';

const roll = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const tree: MoveTree | null = DiceChess.getLegalTurnTree(roll);
const status: GameStatus | undefined = Rules.getGameStatus(roll);
const ready: boolean = isReady();
const src: InitSource = '/dicechess_bg.wasm';
const p: Promise<void> = init(src).then(() => rulesInit());
const ok: boolean = initSync(new Uint8Array(8));
const best: BestMoveResult = DiceChess.getBestMove(roll, { algorithm: 'monte-carlo', timeBudgetMs: 20 });
const encoded: Uint8Array | undefined = DiceChess.encodeOpeningBook('');

// @ts-expect-error a number is not a DFEN
Rules.perft(1, 2);
// @ts-expect-error a string | undefined result is not a string
const next: string = DiceChess.endTurn(roll);
// @ts-expect-error ./rules has no getBestMove
Rules.getBestMove(roll);

export { tree, status, ready, p, ok, next, best, encoded };

// The .wasm subpaths are typed as an asset's URL.
const assetUrls: string[] = [wasmUrl, rulesWasmUrl];
// @ts-expect-error a URL, not a number
const notANumber: number = wasmUrl;
void assetUrls; void notANumber;

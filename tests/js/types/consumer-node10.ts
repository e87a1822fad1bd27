// tsc --noEmit --strict consumer (legacy moduleResolution node10: subpaths through typesVersions).
import { DiceChess, type MoveTree } from 'dicechess-wasm';
import { getLegalUciMoves } from 'dicechess-wasm/rules';
import { initSync } from 'dicechess-wasm/web';
import { isReady } from 'dicechess-wasm/rules/web';

const roll = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN';
const tree: MoveTree | null = DiceChess.getLegalTurnTree(roll);
const moves: string[] = getLegalUciMoves(roll);
const ok: boolean = initSync(new Uint8Array(8)) && isReady();
const policies: string[] = DiceChess.getAvailableTimePolicies();

// @ts-expect-error a number is not a DFEN
getLegalUciMoves(3);
// @ts-expect-error a string | undefined result is not a string
const next: string = DiceChess.applyTurn(roll, []);
// @ts-expect-error a number is not a bot id
DiceChess.unregisterBot(1);

export { tree, moves, ok, next, policies };

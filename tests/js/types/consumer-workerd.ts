// Cloudflare Workers: the "workerd" condition, as wrangler resolves it. The plain import is ready;
// the .wasm subpaths are the compiled modules Workers import, which ./web's init() takes.
import { DiceChess, isReady } from 'dicechess-wasm';
import init, { initSync } from 'dicechess-wasm/web';
import wasm from 'dicechess-wasm/dicechess.wasm';
import rulesWasm from 'dicechess-wasm/dicechess-rules.wasm';

const ready: boolean = isReady();
const moves: string[] = DiceChess.getLegalUciMoves('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN');
const modules: WebAssembly.Module[] = [wasm, rulesWasm];
const synced: boolean = initSync(wasm);
void init(wasm);
// @ts-expect-error under workerd a .wasm subpath is a module, not a URL
const notAUrl: string = wasm;
export { ready, moves, modules, synced, notAUrl };

// The webhook on Workers: the handler is a fetch handler.
import { createWebhookHandler } from 'dicechess-wasm/webhook';
const fetchHandler: (request: Request) => Promise<Response> = createWebhookHandler({ secret: 's' });
void fetchHandler;

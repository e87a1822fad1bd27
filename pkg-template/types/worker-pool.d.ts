// Type declarations of dicechess-wasm/worker-pool (Node, Deno and Bun; pkg-template/README.md).
import type * as Full from './full-functions.js';
import type * as Rules from './rules-functions.js';

type Api = typeof Rules & typeof Full;
// (Published, Api is the "." declarations: DiceChess and isReady are left out too.)
type Pooled = Exclude<keyof Api, "createGame" | "gameFromRecord" | "gameFromNotation" | "DiceChess" | "isReady">;
type Async<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;

/** The engine's functions (but the Game ones), each answered by one worker; the registry functions by every worker. */
export type WorkerPool = { readonly [N in Pooled]: Async<Api[N]> } & {
  /** The number of workers. */
  readonly size: number;
  /**
   * Resolves once every worker has started and warmed its instance up (one small search, so that
   * its first search keeps its deadline); calls made before wait for their worker's warm-up.
   */
  readonly ready: Promise<void>;
  /** Terminates the workers; calls still waiting reject. */
  close(): Promise<void>;
};
export interface WorkerPoolOptions {
  /** The number of workers (one engine instance each); default `os.availableParallelism()`. */
  size?: number;
}
/** A pool of worker threads, one engine instance in each, for concurrent searches on one server. */
export declare function createWorkerPool(options?: WorkerPoolOptions): WorkerPool;

// The Node APIs of the wrappers (node-entry.cjs, node-facade.js, worker-pool.js), declared here so that the
// TypeScript check does not load Node's types for the modules that run everywhere.
declare module 'node:fs' {
  export function readFileSync(path: string | URL): Uint8Array<ArrayBuffer>;
}
declare module 'node:path' {
  export function join(...paths: string[]): string;
  export function dirname(path: string): string;
  export function isAbsolute(path: string): boolean;
}
/** The folder of a CommonJS module. */
declare const __dirname: string;
declare module 'node:url' {
  export function fileURLToPath(url: string | URL): string;
}
declare module 'node:os' {
  export function availableParallelism(): number;
}
declare module 'node:worker_threads' {
  export class Worker {
    constructor(url: URL | string);
    postMessage(message: unknown): void;
    on(event: 'message', listener: (message: any) => void): this;
    on(event: 'error', listener: (error: unknown) => void): this;
    ref(): void;
    unref(): void;
    terminate(): Promise<number>;
  }
  export const parentPort: {
    on(event: 'message', listener: (message: any) => void): unknown;
    postMessage(message: unknown): void;
  } | null;
}

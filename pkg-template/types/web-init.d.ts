/** What init() accepts: a URL or request of the .wasm, a response, its bytes or a compiled module. */
export type InitSource = string | URL | Request | Response | BufferSource | WebAssembly.Module;
/**
 * Fetches, compiles and instantiates the .wasm (by default the file next to the glue). Idempotent;
 * rejects when the module cannot be loaded or belongs to another build, and may then be retried.
 */
declare function init(source?: InitSource | Promise<InitSource>): Promise<void>;
export { init, init as default };
/** Compiles and instantiates synchronously; `true` when the instance is ready, `false` on any failure. */
export declare function initSync(source: BufferSource | WebAssembly.Module): boolean;

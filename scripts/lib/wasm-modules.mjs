// How each .wasm module is compiled and optimised: package.json's `wasmModules` (opt-level, wasm
// target features beyond rustc's defaults) and `wasmOpt` (flags, each feature's --enable flag).
// scripts/assemble.mjs and the benchmark twins of scripts/bench.mjs read them here; scripts/build and
// scripts/test (bash) through `node scripts/lib/wasm-modules.mjs shell KIND`, which prints
// `wasmPackEnv`'s settings of module KIND as shell assignments (opt, rustflags, target_dir).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { argv, env, stdout } from 'node:process';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** A module's setting that package.json lacks or gets wrong. */
export class WasmModuleError extends Error {
  constructor(message) {
    super(`package.json: ${message}`);
    this.name = 'WasmModuleError';
  }
}

/**
 * The wasm features of module `kind` (`full` or `rules`), rustc's defaults and the module's own,
 * each with its wasm-opt flag, by name.
 * @param {string} kind @returns {Record<string, string>}
 */
export function featureFlags(kind) {
  const { features, extraFeatures } = MANIFEST.wasmOpt;
  const own = MANIFEST.wasmModules[kind]?.targetFeatures;
  if (own === undefined) throw new WasmModuleError(`wasmModules has no module "${kind}"`);
  const unknown = own.filter((f) => !Object.hasOwn(extraFeatures, f));
  if (unknown.length > 0) throw new WasmModuleError(`wasmModules.${kind}.targetFeatures [${unknown}] have no flag in wasmOpt.extraFeatures`);
  return { ...features, ...Object.fromEntries(own.map((f) => [f, extraFeatures[f]])) };
}

/** wasm-opt's arguments for module `kind`, before the input and output paths. @param {string} kind */
export function wasmOptArgs(kind) {
  const flags = featureFlags(kind);
  return [...MANIFEST.wasmOpt.flags, ...Object.keys(flags).sort().map((f) => flags[f])];
}

/**
 * The environment of a wasm-pack build of module `kind`, as scripts/build sets it: the opt-level
 * (`optLevel` overrides it, for a measurement), RUSTFLAGS with the module's target features, and
 * the target folder of those features.
 * @param {string} kind @param {NodeJS.ProcessEnv} env @param {string} [optLevel]
 */
export function wasmPackEnv(kind, env, optLevel) {
  featureFlags(kind);
  const { optLevel: shipped, targetFeatures } = MANIFEST.wasmModules[kind];
  const rustflags = targetFeatures.map((f) => `-C target-feature=+${f}`).join(' ');
  const targetDir = env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  return {
    ...env,
    CARGO_PROFILE_RELEASE_OPT_LEVEL: optLevel ?? shipped,
    RUSTFLAGS: [env.RUSTFLAGS, rustflags].filter(Boolean).join(' '),
    CARGO_TARGET_DIR: targetFeatures.length > 0 ? join(targetDir, targetFeatures.join('-')) : targetDir,
  };
}

/** A shell word: `text` single-quoted. @param {string} text */
const quoted = (text) => `'${text.replaceAll("'", "'\\''")}'`;

if (argv[1] === fileURLToPath(import.meta.url)) {
  const [command, kind] = argv.slice(2);
  if (command !== 'shell' || kind === undefined) throw new WasmModuleError('usage: node scripts/lib/wasm-modules.mjs shell KIND');
  const built = wasmPackEnv(kind, env);
  const settings = { opt: built.CARGO_PROFILE_RELEASE_OPT_LEVEL, rustflags: built.RUSTFLAGS, target_dir: built.CARGO_TARGET_DIR };
  stdout.write(`${Object.entries(settings).map(([name, value]) => `${name}=${quoted(String(value))}`).join('\n')}\n`);
}

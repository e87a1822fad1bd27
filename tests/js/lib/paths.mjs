// Paths shared by the JS test suites.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const PKG = join(ROOT, 'pkg');
/** The conformance vectors, read in place at test time (never copied into the repository). */
export const CONFORMANCE = join(ROOT, '..', 'shared', 'conformance');
export const SOAK = process.env.DICECHESS_SOAK === '1';

/** The scratch project holding the installed tarball (tests/js/prepare.mjs). */
export function scratch() {
  const dir = process.env.DICECHESS_SCRATCH;
  if (!dir || !existsSync(join(dir, 'node_modules', 'dicechess-wasm'))) {
    throw new Error('DICECHESS_SCRATCH is not set to a prepared scratch project: run the JS tests through scripts/test');
  }
  return dir;
}

export const SHIM = { '.': 'full', './rules': 'rules', './web': 'web', './rules/web': 'rules-web' };

/** Loads an entry of the installed package, by `import` ('esm') or `require` ('cjs'). */
export async function load(entry, mode) {
  const file = join(scratch(), 'shims', `${SHIM[entry]}.${mode === 'esm' ? 'mjs' : 'cjs'}`);
  if (mode === 'esm') return (await import(pathToFileURL(file).href)).default;
  return createRequire(file)(file);
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

#!/usr/bin/env node
// Packs pkg/ with `npm pack` and installs the tarball with --ignore-scripts into a fresh scratch
// project under the system temp folder, as a user would meet the package (API.md §2.9). Prints the
// scratch folder; scripts/test exports it as DICECHESS_SCRATCH for the node:test suites.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PKG } from './lib/paths.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'dicechess-scratch-'));
const packed = JSON.parse(execFileSync('npm', ['pack', PKG, '--json', '--pack-destination', scratch], { encoding: 'utf8' }));
const tarball = join(scratch, packed[0].filename);
writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'dicechess-scratch', private: true, type: 'module' }, null, 2));
execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', tarball], { cwd: scratch, stdio: ['ignore', 'ignore', 'inherit'] });

// Loader shims: each imports or requires one entry from inside the scratch project, so that
// resolution goes through the installed package's exports map.
const shims = join(scratch, 'shims');
mkdirSync(shims);
for (const [name, spec] of [['full', 'dicechess-wasm'], ['rules', 'dicechess-wasm/rules'], ['web', 'dicechess-wasm/web'], ['rules-web', 'dicechess-wasm/rules/web']]) {
  writeFileSync(join(shims, `${name}.mjs`), `import * as ns from '${spec}';\nexport default ns;\n`);
  writeFileSync(join(shims, `${name}.cjs`), `module.exports = require('${spec}');\n`);
}
writeFileSync(join(scratch, 'tarball.txt'), tarball);
console.log(scratch);

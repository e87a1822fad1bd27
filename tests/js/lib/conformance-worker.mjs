// Runs in a worker thread (a fresh realm, hence a fresh instance): loads one entry in one module
// system and runs every api case and rules vector against it; posts the outcomes back.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { runApiCases, runRulesFile, shapeChecks } from './cases.mjs';
import { CONFORMANCE, load, readJson } from './paths.mjs';

// normalized_fen.json has no JS function (normalizedFen and the book key are Rust/CLI only);
// cargo test runs it.
const NO_JS_API = new Set(['normalized_fen.json']);

const { entry, mode } = workerData;
const ns = await load(entry, mode);
const out = { shape: shapeChecks(entry, ns), ready: ns.isReady(), api: [], rules: {} };
out.api = runApiCases(readJson(join(CONFORMANCE, 'api', 'api_cases.json')), entry, ns);
const dir = join(CONFORMANCE, 'rules');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !NO_JS_API.has(f)).sort()) {
  out.rules[file] = runRulesFile(file, readJson(join(dir, file)), ns);
}
out.readyAfter = ns.isReady();
parentPort.postMessage(out);

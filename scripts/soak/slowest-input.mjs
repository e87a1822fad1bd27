#!/usr/bin/env node
// Issue 17, "How it is shown": a search for the slowest input of each package function that takes
// a DFEN, among DFENs of at most 256 bytes (dice included). No call may take more than 1 s or grow
// WebAssembly linear memory by more than 256 MB; the worst inputs found become the regression
// cases of tests/js/slowest-inputs.test.mjs.
//
//   node scripts/soak/slowest-input.mjs [--minutes N] [--functions a,b] [--out FILE] [--seed S]
//
// --minutes is the total (default 15): each function gets an equal share of the time left when its
// search starts; --functions picks jobs of scripts/soak/jobs.mjs by name (`getBestMove` selects
// every bot's job); --out writes the JSON report. Exits 1 when a function's worst breaks a bound, or a call failed (killed at the 10 s
// hard timeout, crashed, threw, or answered outside its documented result), printing which.
//
// The search, per function: the seeds first, then simulated annealing over mutants of the current
// input (a square's piece set, added, removed or swapped; dice letters and case; castling, en
// passant, side to move, clocks; now and then a raw character edit), restarting from a seed or the
// worst so far after 25 steps without a new worst. The score of an input is the larger of its time
// over 1 s and its memory growth over 256 MB. A function's search stops at its first killed or
// crashed call: that input already breaks the bound by 10 times, and its mutants would each cost
// the full timeout.
//
// What is measured (scripts/soak/measure-child.mjs): each call runs in a fresh Node process with a
// fresh instance of the package (the scratch install of DICECHESS_SCRATCH when set, else pkg/), one
// process at a time. The time is the call alone (the process start, the module load and applyTurn's
// search for a legal turn are outside it), first-call costs of a fresh instance included; the
// memory is the growth of the instance's linear memory (its buffer's byteLength) over the call.
// A new worst time above 20 ms is measured twice and the smaller time kept, against noise.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mutate as mutateRaw, rng } from '../../tests/js/lib/fuzz.mjs';
import { availableJobs, JOBS } from './jobs.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHILD = join(ROOT, 'scripts', 'soak', 'measure-child.mjs');
const LIMIT_MS = 1000;
const LIMIT_MB = 256;
const HARD_TIMEOUT_MS = 10_000;
const LOAD_ALLOWANCE_MS = 30_000; // process start, module load and preparation, before the call (a hang)
const RESTART_AFTER = 25;
const MB = 1024 * 1024;

const SEEDS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 QRN',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 QBN',
  'QQQQnnnk/Q3nnnn/Q3nnnn/Q3nnnn/Q6Q/Q6Q/Q6Q/QQQQKQQQ w - - 0 1 QQQ',
  'QQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQQ w - - 0 1 QQQ',
];

// ---- the command line ---------------------------------------------------------------------------

function parseArgs(argv) {
  const o = { minutes: 15, functions: undefined, out: undefined, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    switch (argv[i]) {
      case '--minutes': o.minutes = Number(value); i++; break;
      case '--functions': o.functions = value.split(',').filter(Boolean); i++; break;
      case '--out': o.out = value; i++; break;
      case '--seed': o.seed = Number(value); i++; break;
      default: throw new Error(`slowest-input: unknown argument ${argv[i]} (--minutes N, --functions a,b, --out FILE, --seed S)`);
    }
  }
  if (!(o.minutes > 0) || !Number.isInteger(o.seed)) throw new Error('slowest-input: --minutes must be positive and --seed an integer');
  return o;
}

/**
 * The package entry the children load: the installed scratch package when there is one, else a
 * copy of pkg/ made now (so that a rebuild of pkg/ during the run changes nothing), removed at exit.
 */
function packageEntry() {
  const scratch = process.env.DICECHESS_SCRATCH;
  const shim = scratch && join(scratch, 'shims', 'full.mjs');
  if (shim && existsSync(shim)) return { entry: pathToFileURL(shim).href, source: `the package installed in ${scratch}` };
  const copy = mkdtempSync(join(tmpdir(), 'dicechess-soak-'));
  process.on('exit', () => rmSync(copy, { recursive: true, force: true }));
  cpSync(join(ROOT, 'pkg'), copy, { recursive: true });
  return { entry: pathToFileURL(join(copy, 'dist', 'node', 'index.js')).href, source: `pkg/ as of ${new Date().toISOString()}` };
}

// ---- DFEN mutation ------------------------------------------------------------------------------

const PIECES = 'PNBRQKpnbrqk';
const DICE = 'PNBRQK';
const FILES = 'abcdefgh';

/** A DFEN's fields, the placement as 64 squares (rank 8 first; '' for empty); null when not parsed. */
function parseDfen(dfen) {
  const f = dfen.split(' ');
  if (f.length < 6 || f.length > 7) return null;
  const ranks = f[0].split('/');
  if (ranks.length !== 8) return null;
  const squares = [];
  for (const rank of ranks) {
    for (const c of rank) {
      if (c >= '1' && c <= '8') for (let n = Number(c); n > 0; n--) squares.push('');
      else if (PIECES.includes(c)) squares.push(c);
      else return null;
    }
    if (squares.length % 8 !== 0) return null;
  }
  if (squares.length !== 64) return null;
  const ep = f[3] === '-' ? [] : f[3].match(/../g) ?? [];
  return { squares, side: f[1], castling: f[2], ep, half: f[4], full: f[5], dice: f[6] ?? '' };
}

function serializeDfen(p) {
  const ranks = [];
  for (let r = 0; r < 8; r++) {
    let text = '';
    let empty = 0;
    for (const c of p.squares.slice(r * 8, r * 8 + 8)) {
      if (c === '') { empty++; continue; }
      if (empty > 0) text += empty;
      text += c;
      empty = 0;
    }
    ranks.push(empty > 0 ? text + empty : text);
  }
  const fields = [ranks.join('/'), p.side, p.castling || '-', p.ep.join('') || '-', p.half, p.full];
  return (p.dice === '' ? fields : [...fields, p.dice]).join(' ');
}

const randomSquareName = (r) => r.pick([...FILES]) + (1 + r.int(8));
const randomDie = (r) => { const d = r.pick([...DICE]); return r.int(2) === 0 ? d : d.toLowerCase(); };

/** One structural edit of a parsed DFEN, in place. */
function edit(r, p) {
  switch (r.int(12)) {
    case 0: case 1: case 2: p.squares[r.int(64)] = r.pick([...PIECES]); break;           // set or add a piece
    case 3: { const full = p.squares.flatMap((c, i) => (c ? [i] : [])); if (full.length) p.squares[r.pick(full)] = ''; break; }
    case 4: { const [a, b] = [r.int(64), r.int(64)]; [p.squares[a], p.squares[b]] = [p.squares[b], p.squares[a]]; break; }
    case 5: p.dice = Array.from({ length: 1 + r.int(3) }, () => randomDie(r)).join(''); break; // new dice
    case 6: {                                                                                  // one die changed
      const d = [...p.dice];
      const i = r.int(Math.max(d.length, 1));
      d[i] = r.int(3) === 0 && d[i] ? (d[i] === d[i].toUpperCase() ? d[i].toLowerCase() : d[i].toUpperCase()) : randomDie(r);
      p.dice = d.join('').slice(0, 3);
      break;
    }
    case 7: p.dice = r.int(4) === 0 ? '' : p.dice.slice(0, Math.max(1, p.dice.length - 1)); break;
    case 8: p.castling = [...'KQkq'].filter(() => r.int(2) === 0).join(''); break;
    case 9: {                                                                                  // en passant squares
      if (p.ep.length > 0 && r.int(3) === 0) p.ep.splice(r.int(p.ep.length), 1);
      else { const s = randomSquareName(r); if (!p.ep.includes(s)) p.ep.push(s); }
      break;
    }
    case 10: p.side = p.side === 'w' ? 'b' : 'w'; break;
    default: p.half = String(r.pick([0, 1, 50, 98, 99, 100, 127, r.int(128)])); p.full = String(r.pick([1, 2, 40, 2147483647, 1 + r.int(500)])); break;
  }
}

/** A mutant of `dfen` of at most 256 bytes: 1 to 3 structural edits, or (1 in 12) raw character edits. */
function mutateDfen(r, dfen) {
  for (;;) {
    const p = parseDfen(dfen);
    let t;
    if (p === null || r.int(12) === 0) t = mutateRaw(r, dfen);
    else {
      for (let n = 1 + r.int(3); n > 0; n--) edit(r, p);
      t = serializeDfen(p);
    }
    if (t.length <= 256 && t !== dfen) return t;
  }
}

// ---- one measured call --------------------------------------------------------------------------

/** Runs job `name` on `dfen` in a fresh process: {ms, growth, memoryAfter, ok, outcome} or {failure}. */
function measure(entry, name, dfen) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, entry, name, JSON.stringify(dfen)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const kill = () => { killed = true; child.kill('SIGKILL'); };
    let timer = setTimeout(kill, LOAD_ALLOWANCE_MS);
    child.stdout.on('data', (d) => {
      if (!stdout.includes('calling\n') && `${stdout}${d}`.includes('calling\n')) { clearTimeout(timer); timer = setTimeout(kill, HARD_TIMEOUT_MS); }
      stdout += d;
    });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.trim().split('\n').pop();
      if (killed && !stdout.includes('calling\n')) return resolve({ failure: 'crash', ms: 0, detail: `no call within ${LOAD_ALLOWANCE_MS} ms of the start` });
      if (killed) return resolve({ failure: 'timeout', ms: HARD_TIMEOUT_MS, detail: `killed after ${HARD_TIMEOUT_MS} ms` });
      if (code === 2) return reject(new Error(`slowest-input: ${stderr.trim()}`));
      if (code !== 0 || !line) return resolve({ failure: 'crash', ms: 0, detail: `exit ${code ?? signal}: ${stderr.trim().slice(-300)}` });
      const m = JSON.parse(line);
      const result = { ms: m.ms, growth: m.memoryAfter - m.memoryBefore, memoryAfter: m.memoryAfter, outcome: m.outcome };
      if (m.ms > HARD_TIMEOUT_MS) return resolve({ ...result, failure: 'timeout', detail: `${m.ms.toFixed(0)} ms` });
      if (!m.ok) return resolve({ ...result, failure: m.threw ? 'threw' : 'outcome', detail: m.threw ?? `undocumented result ${m.outcome}` });
      return resolve(result);
    });
  });
}

// ---- the search of one function -----------------------------------------------------------------

const score = (e) => Math.max(e.ms / LIMIT_MS, (e.growth ?? 0) / MB / LIMIT_MB, 1e-6);
const summary = (dfen, e) => ({ ms: Number(e.ms.toFixed(1)), memoryMB: Number(((e.growth ?? 0) / MB).toFixed(2)), outcome: e.outcome ?? e.failure, input: dfen });

async function searchFunction(entry, name, budgetMs, r) {
  const start = Date.now();
  const report = { evaluations: 0, worstTime: null, worstMemory: null, failures: [] };
  let current = null; // {dfen, score}: the annealing's position
  let bestScore = 0;
  let stale = 0;
  const queue = [...SEEDS];
  while (Date.now() - start < budgetMs) {
    let dfen;
    let restart = false;
    if (queue.length > 0) dfen = queue.shift();
    else if (current === null || stale >= RESTART_AFTER) {
      dfen = r.int(2) === 0 ? r.pick(SEEDS) : mutateDfen(r, r.pick([report.worstTime.input, report.worstMemory.input]));
      restart = true;
      stale = 0;
    } else dfen = mutateDfen(r, current.dfen);

    let e = await measure(entry, name, dfen);
    report.evaluations++;
    if (!e.failure && e.ms > 20 && e.ms > (report.worstTime?.ms ?? 0)) {
      const again = await measure(entry, name, dfen); // confirm a new worst time: keep the smaller
      report.evaluations++;
      if (again.failure) e = again;
      else if (again.ms < e.ms) e = { ...e, ms: again.ms };
    }
    if (e.failure) {
      if (report.failures.length < 10) report.failures.push({ kind: e.failure, detail: e.detail, input: dfen });
      if (e.failure === 'timeout' || e.failure === 'crash') {
        report.worstTime = summary(dfen, e);
        report.worstMemory ??= report.worstTime;
        report.stoppedEarly = `${e.failure} on a call: the search of this function stops there`;
        break;
      }
    }
    if (report.worstTime === null || e.ms > report.worstTime.ms) report.worstTime = summary(dfen, e);
    if (report.worstMemory === null || e.growth > report.worstMemory.memoryMB * MB) report.worstMemory = summary(dfen, e);

    // Annealing on log(score): a worse mutant is kept with probability exp(Δ / T), T falling to 0.02;
    // a restart is kept whatever its score.
    const s = score(e);
    const temperature = 0.3 * (1 - (Date.now() - start) / budgetMs) + 0.02;
    if (s > bestScore) { bestScore = s; stale = 0; } else stale++;
    const kept = restart || current === null || s >= current.score || r.next() < Math.exp(Math.log(s / current.score) / temperature);
    if (kept) current = { dfen, score: s };
  }
  report.seconds = Math.round((Date.now() - start) / 1000);
  return report;
}

/** What breaks a bound in a function's report, as sentences (empty when it is within them). */
function violations(name, rep) {
  const v = rep.failures.map((f) => `${name}: ${f.kind} (${f.detail}) on ${JSON.stringify(f.input)}`);
  if (rep.worstTime && rep.worstTime.ms > LIMIT_MS && !rep.failures.some((f) => f.input === rep.worstTime.input)) {
    v.push(`${name}: ${rep.worstTime.ms} ms > ${LIMIT_MS} ms on ${JSON.stringify(rep.worstTime.input)}`);
  }
  if (rep.worstMemory && rep.worstMemory.memoryMB > LIMIT_MB) {
    v.push(`${name}: linear memory grew ${rep.worstMemory.memoryMB} MB > ${LIMIT_MB} MB on ${JSON.stringify(rep.worstMemory.input)}`);
  }
  return v;
}

// ---- main ---------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { entry, source } = packageEntry();
  const loaded = await import(entry);
  const available = availableJobs(loaded.default ?? loaded);
  const wanted = options.functions ?? available;
  const names = available.filter((n) => wanted.includes(n) || wanted.includes(n.split(':')[0]));
  const unknown = wanted.filter((w) => !Object.keys(JOBS).some((n) => n === w || n.split(':')[0] === w));
  if (unknown.length > 0 || names.length === 0) throw new Error(`slowest-input: no such job ${unknown.join(', ') || wanted.join(', ')} (jobs: ${available.join(', ')})`);

  const r = rng(options.seed);
  const end = Date.now() + options.minutes * 60_000;
  console.log(`slowest-input: ${names.length} functions, ${options.minutes} min in all, seed ${options.seed}, ${source}`);
  const report = { package: source, seed: options.seed, minutes: options.minutes, limits: { ms: LIMIT_MS, memoryMB: LIMIT_MB, hardTimeoutMs: HARD_TIMEOUT_MS }, functions: {} };
  const problems = [];
  for (const [i, name] of names.entries()) {
    // An equal share of the time left: a search that stops early leaves its time to the others.
    const rep = await searchFunction(entry, name, Math.max(0, end - Date.now()) / (names.length - i), r);
    report.functions[name] = rep;
    const t = rep.worstTime;
    const m = rep.worstMemory;
    console.log(`${name}: worst ${t.ms} ms (+${t.memoryMB} MB) on ${JSON.stringify(t.input)} → ${t.outcome}; ` +
      `worst memory +${m.memoryMB} MB (${m.ms} ms) on ${JSON.stringify(m.input)}; ${rep.evaluations} calls in ${rep.seconds} s` +
      (rep.stoppedEarly ? ` (${rep.stoppedEarly})` : ''));
    problems.push(...violations(name, rep));
  }
  report.ok = problems.length === 0;
  report.problems = problems;
  if (options.out) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
  }
  for (const p of problems) console.error(`OUT OF BOUNDS: ${p}`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

await main();

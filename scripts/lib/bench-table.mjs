// The benchmark scripts' writer: each script owns regions of BENCHMARKS.md between the markers
// `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`, replaces what lies between them with
// its newest output, and leaves the rest of the file alone. A region whose markers are missing,
// duplicated or out of order is refused before anything is measured.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** BENCHMARKS.md at the repository root, or the file named by DICECHESS_BENCH_FILE. */
export const BENCHMARKS = process.env.DICECHESS_BENCH_FILE
  ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'BENCHMARKS.md');

/** A region that cannot be written: its name and what is wrong with its markers. */
export class BenchTableError extends Error {
  constructor(region, problem) {
    super(`BENCHMARKS region "${region}": ${problem}`);
    this.name = 'BenchTableError';
    this.region = region;
  }
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The start and end marker lines of region `name`. */
export function markers(name) {
  if (!NAME.test(name)) throw new BenchTableError(name, 'a region name is lower-case words joined by hyphens');
  return { start: `<!-- bench:${name}:start -->`, end: `<!-- bench:${name}:end -->` };
}

/** Every index at which `needle` occurs in `text`. */
function occurrences(text, needle) {
  const at = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}

/** The offsets of region `name`'s markers in `text`; throws when they are not exactly one pair, in order. */
function locate(text, name) {
  const { start, end } = markers(name);
  const starts = occurrences(text, start);
  const ends = occurrences(text, end);
  for (const [marker, found] of [[start, starts], [end, ends]]) {
    if (found.length === 0) throw new BenchTableError(name, `marker ${marker} is missing`);
    if (found.length > 1) throw new BenchTableError(name, `marker ${marker} occurs ${found.length} times`);
  }
  if (ends[0] < starts[0]) throw new BenchTableError(name, `${end} comes before ${start}`);
  return { from: starts[0] + start.length, to: ends[0] };
}

/** The content of region `name` in `text`, without its surrounding newlines. */
export function readRegion(text, name) {
  const { from, to } = locate(text, name);
  return text.slice(from, to).replace(/^\n+|\n+$/g, '');
}

/** Throws unless `text` has exactly one well-ordered pair of markers for each of `names`. */
export function checkRegions(text, names) {
  for (const name of names) locate(text, name);
}

/** `text` with region `name`'s content replaced by `body` (on its own lines); the rest unchanged. */
export function replaceRegion(text, name, body) {
  const { from, to } = locate(text, name);
  return `${text.slice(0, from)}\n${body.replace(/\n+$/, '')}\n${text.slice(to)}`;
}

/** Replaces each region of `file` named in `regions` (name → body) in one write; checks all first. */
export function writeRegions(file, regions) {
  let text = readFileSync(file, 'utf8');
  checkRegions(text, Object.keys(regions));
  for (const [name, body] of Object.entries(regions)) text = replaceRegion(text, name, body);
  writeFileSync(file, text);
}

/** The conditions of a run in one line: date, Node, cores and CPU, load average at the start. */
export function conditions() {
  const cpu = cpus();
  const date = new Date().toISOString().slice(0, 10);
  return `Measured ${date}: Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), `
    + `load average ${loadavg()[0].toFixed(1)} at the start.`;
}

/**
 * A script's report: console output that is also collected, line by line, into the region in
 * progress, then written into BENCHMARKS.md as one fenced block per region, under the conditions
 * line of the run. The file's markers are checked when the report is made.
 */
export class BenchReport {
  /** @param {string[]} regions the regions this script writes, in the order it writes them */
  constructor(regions, file = BENCHMARKS) {
    this.file = file;
    this.conditions = conditions();
    this.lines = new Map(regions.map((name) => [name, []]));
    checkRegions(readFileSync(file, 'utf8'), regions);
    this.current = undefined;
  }

  /** Starts collecting into region `name` (on the console, after a blank line). */
  region(name) {
    if (!this.lines.has(name)) throw new BenchTableError(name, 'not a region of this report');
    if (this.current !== undefined) console.log();
    this.current = name;
  }

  /** Prints a line (console.log) and adds it to the current region; one argument of text. */
  log(line = '') {
    console.log(line);
    if (this.current === undefined) return;
    this.lines.get(this.current).push(...String(line).split('\n'));
  }

  /** Writes every region that received lines; the others keep their content. */
  write() {
    const regions = {};
    for (const [name, lines] of this.lines) {
      while (lines.length > 0 && lines[0].trim() === '') lines.shift();
      if (lines.length === 0) continue;
      regions[name] = `${this.conditions}\n\n\`\`\`text\n${lines.join('\n').trimEnd()}\n\`\`\``;
    }
    writeRegions(this.file, regions);
    const written = Object.keys(regions);
    console.log(`\n${this.file}: wrote ${written.length ? written.join(', ') : 'nothing'}`);
  }
}

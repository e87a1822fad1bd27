#!/usr/bin/env node
// The criterion benchmarks' tables in BENCHMARKS.md: reads the newest run of every benchmark
// (criterion's `new/benchmark.json` and `new/estimates.json` under target/criterion, or
// $CRITERION_HOME, or $CARGO_TARGET_DIR/criterion) and writes one table per benchmark group into
// the region of its bench file (scripts/lib/bench-table.mjs). Run after the benches:
//   cargo bench && node scripts/bench-criterion.mjs
// (or after one bench file: `cargo bench --bench rules && node scripts/bench-criterion.mjs`; a
// region without results keeps its content, and a group without results keeps its table, under a
// line that names it: `cargo bench --bench search -- expectimax_v2` rewrites that group alone).
// The figure is criterion's median with its 95% confidence interval; a group with a throughput
// adds its rate.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCHMARKS, readRegion, writeRegions } from './lib/bench-table.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CRITERION = process.env.CRITERION_HOME
  ?? join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'criterion');

/** The region of each bench file, and the criterion groups that bench file defines. */
const REGIONS = ['criterion-rules', 'criterion-search', 'criterion-nnue', 'criterion-book'];
const GROUPS = {
  'criterion-rules': ['parse', 'generate', 'turns', 'enumerate', 'first_moves', 'tree', 'perft'],
  'criterion-search': ['kcp', 'equity', 'decision', 'expectimax', 'expectimax_v2', 'expectimax_nnue', 'rollout', 'winprob'],
  'criterion-nnue': ['nnue', 'nnue_shipped'],
  'criterion-book': ['probe', 'load', 'tsv_parse', 'build'],
};
const COMMANDS = {
  'criterion-rules': 'cargo bench --bench rules',
  'criterion-search': 'cargo bench --bench search',
  'criterion-nnue': 'cargo bench --bench nnue',
  'criterion-book': 'cargo bench --bench book',
};

/** Every `new/` result directory under `dir`. */
function results(dir) {
  const found = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'report' || entry.name === 'base') continue;
      const path = join(d, entry.name);
      if (entry.name === 'new' && existsSync(join(path, 'estimates.json')) && existsSync(join(path, 'benchmark.json'))) found.push(path);
      else walk(path);
    }
  };
  walk(dir);
  return found;
}

/** A time in nanoseconds with four significant digits and criterion's units. */
function time(ns) {
  const [unit, scale] = ns < 1e3 ? ['ns', 1] : ns < 1e6 ? ['µs', 1e3] : ns < 1e9 ? ['ms', 1e6] : ['s', 1e9];
  return `${(ns / scale).toPrecision(4)} ${unit}`;
}

/** The rate of a throughput (criterion's `Elements` or `Bytes`) at `ns` per iteration; elements
 * with the time of one. */
function rate(throughput, ns) {
  if (!throughput) return '';
  const [[kind, n]] = Object.entries(throughput);
  const perSecond = (n * 1e9) / ns;
  if (kind.startsWith('Bytes')) return `${(perSecond / 2 ** 20).toPrecision(4)} MiB/s`;
  const [unit, scale] = perSecond >= 1e9 ? ['G', 1e9] : perSecond >= 1e6 ? ['M', 1e6] : perSecond >= 1e3 ? ['K', 1e3] : ['', 1];
  return `${(perSecond / scale).toPrecision(4)} ${unit}${unit ? ' ' : ''}elements/s, ${time(ns / n)} each`;
}

/** One benchmark's row data: its ids, median and 95% interval (ns), throughput. */
function read(dir) {
  const b = JSON.parse(readFileSync(join(dir, 'benchmark.json'), 'utf8'));
  const e = JSON.parse(readFileSync(join(dir, 'estimates.json'), 'utf8'));
  const { point_estimate: median, confidence_interval: ci } = e.median;
  return {
    group: b.group_id, fn: b.function_id ?? null, value: b.value_str ?? null, id: b.full_id,
    median, lower: ci.lower_bound, upper: ci.upper_bound, throughput: b.throughput ?? null, mtime: statSync(join(dir, 'estimates.json')).mtime,
  };
}

/** A cell: the median, and its rate where the group has a throughput. */
const cell = (r) => (r.throughput ? `${time(r.median)} (${rate(r.throughput, r.median)})` : time(r.median));

/** The markdown table of one group: a grid (functions × values) when complete, else a row a benchmark. */
function table(group, rows) {
  const fns = [...new Set(rows.map((r) => r.fn))];
  const values = [...new Set(rows.map((r) => r.value))];
  const grid = fns.length > 1 && values.length > 1 && !fns.includes(null) && !values.includes(null)
    && rows.length === fns.length * values.length;
  const lines = [`\`${group}\`:`, ''];
  if (grid) {
    lines.push(`| ${group} | ${values.join(' | ')} |`, `| --- |${' ---: |'.repeat(values.length)}`);
    for (const fn of fns) lines.push(`| ${fn} | ${values.map((v) => cell(rows.find((r) => r.fn === fn && r.value === v))).join(' | ')} |`);
  } else {
    lines.push('| benchmark | median | 95% interval | rate |', '| --- | ---: | ---: | ---: |');
    for (const r of rows) lines.push(`| \`${r.id}\` | ${time(r.median)} | ${time(r.lower)} – ${time(r.upper)} | ${r.throughput ? rate(r.throughput, r.median) : '—'} |`);
  }
  return lines.join('\n');
}

/** The tables of a region's body by group: the `` `group`: `` line, a blank line, the table. */
function groupTables(body) {
  const tables = new Map();
  for (const match of body.matchAll(/^`([^`]+)`:\n\n((?:\|.*\n?)+)/gm)) tables.set(match[1], match[0].replace(/\n+$/, ''));
  return tables;
}

/**
 * The regions' markdown from the results under `dir` (region name → body; a region without
 * results is left out), and the ids of results that belong to no region. `previous` (region
 * name → its body now) gives the tables of groups without results, kept as they are.
 */
export function criterionRegions(dir, previous = {}) {
  const all = results(dir).map(read).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const regions = {};
  const placed = new Set();
  for (const region of REGIONS) {
    const rows = all.filter((r) => GROUPS[region].includes(r.group));
    if (rows.length === 0) continue;
    rows.forEach((r) => placed.add(r.id));
    const newest = new Date(Math.max(...rows.map((r) => r.mtime.getTime()))).toISOString().slice(0, 10);
    const earlier = groupTables(previous[region] ?? '');
    const tables = [];
    const kept = [];
    for (const group of GROUPS[region]) {
      const groupRows = rows.filter((r) => r.group === group);
      if (groupRows.length > 0) tables.push(table(group, groupRows));
      else if (earlier.has(group)) {
        tables.push(earlier.get(group));
        kept.push(`\`${group}\``);
      }
    }
    const since = /^Measured (\d{4}-\d\d-\d\d)/.exec(previous[region] ?? '')?.[1];
    const keptLine = kept.length > 0 ? ` Not in this run, kept from the region's earlier one${since ? ` (${since})` : ''}: ${kept.join(', ')}.` : '';
    regions[region] = [`Measured ${newest} by \`${COMMANDS[region]}\` (${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}); `
      + `criterion's median per iteration, with the rate where the group has a throughput.${keptLine}`, ...tables].join('\n\n');
  }
  return { regions, unplaced: all.filter((r) => !placed.has(r.id)).map((r) => r.id), count: all.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(CRITERION)) {
    console.error(`bench-criterion: ${CRITERION} does not exist: run cargo bench first`);
    process.exit(1);
  }
  const text = readFileSync(BENCHMARKS, 'utf8');
  const previous = Object.fromEntries(REGIONS.map((region) => [region, readRegion(text, region)]));
  const { regions, unplaced, count } = criterionRegions(CRITERION, previous);
  for (const id of unplaced) console.error(`bench-criterion: ${id} belongs to no region (scripts/bench-criterion.mjs GROUPS); left out`);
  writeRegions(BENCHMARKS, regions);
  console.log(`${relative(ROOT, BENCHMARKS) || BENCHMARKS}: wrote ${Object.keys(regions).join(', ') || 'nothing'} from ${count} results in ${CRITERION}`);
}

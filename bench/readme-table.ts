/**
 * Writes the benchmark table of README.md from bench/results.json, between the markers
 * `<!-- bench:start -->` and `<!-- bench:end -->`. `npm run bench` calls it after each run;
 * `npx tsx bench/readme-table.ts` rewrites the table from the results already on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

type Target = { target: string; value: string; ok: boolean };
type Results = {
  date: string;
  machine: string;
  durationSec: number;
  connections: number;
  ceilingRequestsPerSec: number;
  targets: Target[];
  web?: { date: string; targets: Target[] };
};

const cell = (text: string) => text.replace(/\|/g, '\\|');
const PG = 'PostgreSQL ×2: ';

/** "search, 10,000 products ≥ 5% of the ceiling, p99 ≤ 50 ms" → measure and target; zero-targets read "none". */
function split(target: string) {
  const text = target.startsWith(PG) ? target.slice(PG.length) : target;
  const bound = /^(.*?)\s+([≥≤].*)$/.exec(text);
  const [measure, goal] = bound ? [bound[1]!, bound[2]!] : text.startsWith('zero ') ? [text.slice(5), 'none'] : [text, ''];
  // The same measure on both engines, whatever its wording: "checkout with variants" and "checkout", "search, 10,000 products" and "search".
  const key = measure
    .replace(/\s*\(.*\)$/, '')
    .replace(/ with variants$/, '')
    .replace(/, 10,000 products$/, '')
    .toLowerCase();
  return { key, measure, goal, pg: target.startsWith(PG) };
}

const reading = (t: Target) => `${t.value} ${t.ok ? '✓' : '✗'}`;

export function benchTable(results: Results): string {
  type Row = { measure: string; goal: string; sqlite: string; pg: string; pgGoal: string };
  const rows = new Map<string, Row>();
  for (const t of [...results.targets, ...(results.web?.targets ?? [])]) {
    const { key, measure, goal, pg } = split(t.target);
    const row = rows.get(key) ?? { measure, goal, sqlite: '–', pg: '–', pgGoal: goal };
    if (pg) Object.assign(row, { pg: reading(t), pgGoal: goal });
    else Object.assign(row, { measure, goal, sqlite: reading(t) });
    rows.set(key, row);
  }
  const table: string[][] = [
    ['Measure', 'Target', 'SQLite, one instance', 'PostgreSQL + Redis, two instances'],
    ...[...rows.values()].map((r) =>
      [r.measure, r.pgGoal !== r.goal && r.pg !== '–' ? `${r.goal} (PostgreSQL ${r.pgGoal})` : r.goal, r.sqlite, r.pg].map(cell),
    ),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const day = (iso: string) => iso.slice(0, 10);
  return [
    `Last run ${day(results.date)} (${results.machine}; ${results.connections} connections, ${results.durationSec} s per measure; ` +
      `Lighthouse ${results.web ? day(results.web.date) : 'not run'}). ` +
      `"The ceiling" is a bare node:http server in the same run: ${results.ceilingRequestsPerSec.toLocaleString('en-US')} req/s.`,
    '',
    line(table[0]!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...table.slice(1).map(line),
  ].join('\n');
}

export function writeReadmeTable(): void {
  const results = JSON.parse(fs.readFileSync(path.join(root, 'bench/results.json'), 'utf8')) as Results;
  const readme = path.join(root, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  fs.writeFileSync(readme, `${text.slice(0, start + START.length)}\n\n${benchTable(results)}\n\n${text.slice(end)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeReadmeTable();

import { loadavg } from 'node:os';

/** One line of the benchmark table. `baseline` is measured in the same run; ratio = value / baseline. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  goal?: string;
  /** Whether the goal is met; absent when the row has no goal. */
  pass?: boolean;
}

function formatNumber(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return '-';
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(2);
}

function cells(row: BenchRow): string[] {
  const ratio = row.baseline ? row.value / row.baseline : undefined;
  const pass = row.pass === undefined ? '-' : row.pass ? 'yes' : 'NO';
  return [
    row.name,
    formatNumber(row.value),
    row.unit,
    formatNumber(row.baseline),
    ratio === undefined ? '-' : ratio.toFixed(2),
    row.goal ?? '-',
    pass,
  ];
}

/** A fixed-width text table (and the same as Markdown-compatible pipes). */
export function formatTable(rows: BenchRow[]): string {
  const header = ['name', 'value', 'unit', 'baseline', 'ratio', 'goal', 'pass?'];
  const body = rows.map(cells);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i === 0 || i === 2 || i === 5 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** `node scripts/bench/<one>.ts`: runs one benchmark and prints its table between the load averages (a reader judges the figures by them). */
export async function printAlone(run: () => Promise<BenchRow[]>): Promise<void> {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`load average at start ${load()}`);
  console.log(formatTable(await run()));
  console.log(`load average at end ${load()}`);
}

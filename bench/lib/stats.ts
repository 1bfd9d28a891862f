/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1]!;
}

export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');

export const ms = (n: number | null | undefined) => {
  if (n === null || n === undefined || !Number.isFinite(n)) return 'n/a';
  return n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US');
};

export const bytes = (n: number) => `${(n / 1024 ** 3).toFixed(1)} GiB`;

export const mb = (x: number | null) => (x === null || !Number.isFinite(x) ? 'n/a' : `${x.toFixed(0)} MB`);

/** A plain-text table for the console: first column left-aligned, the rest right-aligned. */
export function textTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A Markdown table for docs/PERFORMANCE.md: numbers (every column but the first) right-aligned unless told not to. */
export function mdTable(head: string[], rows: string[][], alignRight = true): string {
  const sep = head.map((_, i) => (i === 0 || !alignRight ? '---' : '---:'));
  return [head, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

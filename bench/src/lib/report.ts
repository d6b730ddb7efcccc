// What a benchmark suite hands back: named figures, each with its unit and, where the
// issue sets one, its target. main.ts prints them as one table and writes them as JSON.

export interface Target {
  op: "<=" | ">=";
  value: number;
}

export interface Figure {
  /** The suite's heading, e.g. "Framework cost". */
  suite: string;
  /** What was measured, e.g. "(a) /trpc req/s". */
  name: string;
  value: number;
  unit: string;
  target?: Target;
  /** Extra words for the table (rounds, variants, the raw figures behind a ratio). */
  note?: string;
}

export interface SuiteResult {
  figures: Figure[];
  /** Anything else worth keeping in the JSON (raw rounds, per-route lists). */
  details?: unknown;
}

export type Suite = (opts: { quick: boolean }) => Promise<SuiteResult>;

export function meets(f: Figure): boolean | undefined {
  if (!f.target) return undefined;
  return f.target.op === "<=" ? f.value <= f.target.value : f.value >= f.target.value;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** A fixed-width text table of the figures, grouped by suite. */
export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const ok = meets(f);
    return [
      f.suite,
      f.name,
      `${round(f.value)} ${f.unit}`.trim(),
      f.target ? `${f.target.op} ${f.target.value}` : "",
      ok === undefined ? "" : ok ? "ok" : "MISSED",
      f.note ?? "",
    ];
  });
  const head = ["suite", "figure", "value", "target", "", "note"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] as number))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

// What a benchmark suite hands back: named figures, each with its unit and, where the
// issue sets one, its target. main.ts prints them as one table and writes them as JSON.
import type { DatabaseMaker } from "./engines.ts";

export type Engine = "sqlite" | "postgresql";
export const ENGINE_LABELS: Record<Engine, string> = { sqlite: "SQLite", postgresql: "PostgreSQL" };

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
  /** The database the server ran on, for the suites measured on each engine. */
  engine?: Engine;
}

export interface SuiteResult {
  figures: Figure[];
  /** Anything else worth keeping in the JSON (raw rounds, per-route lists). */
  details?: unknown;
}

export interface SuiteOptions {
  quick: boolean;
  /** A new migrated and seeded database for the engine this run of the suite is for. */
  database: DatabaseMaker;
}

export type Suite = (opts: SuiteOptions) => Promise<SuiteResult>;

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
  const engines = [...new Set(figures.flatMap((f) => (f.engine ? [f.engine] : [])))];
  if (engines.length > 1) return formatEngineTable(figures, engines);
  const rows = figures.map((f) => {
    const ok = meets(f);
    return [
      f.suite,
      f.name,
      shownValue(f),
      f.target ? `${f.target.op} ${f.target.value}` : "",
      ok === undefined ? "" : ok ? "ok" : "MISSED",
      f.note ?? "",
    ];
  });
  return textTable(["suite", "figure", "value", "target", "", "note"], rows);
}

const shownValue = (f: Figure) => `${round(f.value)} ${f.unit}`.trim();
const verdict = (f: Figure | undefined) => {
  const ok = f && meets(f);
  return ok === undefined ? "" : ok ? "ok" : "MISSED";
};

/** One row per figure, one value column per engine (a figure one engine lacks is blank there). */
function formatEngineTable(figures: Figure[], engines: Engine[]): string {
  const rows = new Map<string, Map<Engine | undefined, Figure>>();
  for (const f of figures) {
    const key = `${f.suite}\u0000${f.name}`;
    if (!rows.has(key)) rows.set(key, new Map());
    rows.get(key)?.set(f.engine, f);
  }
  const body = [...rows.values()].map((byEngine) => {
    const any = [...byEngine.values()][0] as Figure;
    const plain = byEngine.get(undefined);
    const cells = engines.flatMap((e) => {
      const f = byEngine.get(e) ?? (e === engines[0] ? plain : undefined);
      return [f ? shownValue(f) : "", verdict(f)];
    });
    const notes = plain
      ? [plain.note ?? ""]
      : engines.flatMap((e) => {
          const note = byEngine.get(e)?.note;
          return note ? [`${ENGINE_LABELS[e]}: ${note}`] : [];
        });
    return [
      any.suite,
      any.name,
      ...cells,
      any.target ? `${any.target.op} ${any.target.value}` : "",
      notes.filter(Boolean).join("; "),
    ];
  });
  const head = ["suite", "figure", ...engines.flatMap((e) => [ENGINE_LABELS[e], ""]), "target", "note"];
  return textTable(head, body);
}

function textTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] as number))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

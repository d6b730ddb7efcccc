// The memory suite's pure parts: its target, the /proc reading, the pages it walks and the heap it reports.
import { describe, expect, it } from "vitest";
import { meets } from "./lib/report.ts";
import { startScriptNodeArgs } from "./lib/server-process.ts";
import {
  BARE_PATH_LANGUAGES,
  type MeasuredRun,
  MIXED_RUN_TARGET,
  memoryFigures,
  parseMetrics,
  parseProcStatus,
  publicPageRequests,
} from "./suites/memory.ts";

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
Pid:\t4242
VmPeak:\t 1234567 kB
VmSize:\t 1200000 kB
VmHWM:\t  201344 kB
VmRSS:\t  177300 kB
RssAnon:\t  120000 kB
Threads:\t11
`;

describe("the memory suite", () => {
  it("target: RSS after the mixed run ≤ 150 MiB", () => {
    expect(MIXED_RUN_TARGET).toEqual({ op: "<=", value: 150 });
  });

  it("reads VmRSS and VmHWM from /proc/<pid>/status, not VmPeak or RssAnon", () => {
    expect(parseProcStatus(STATUS)).toEqual({ rssKiB: 177300, peakKiB: 201344 });
  });

  it("reads NaN when the process is gone (no status text)", () => {
    const m = parseProcStatus("");
    expect(m.rssKiB).toBeNaN();
    expect(m.peakKiB).toBeNaN();
  });

  it("lists every sitemap URL on the store under test, and each bare path in English and Japanese", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://store.example/?lang=en-US</loc>
    <xhtml:link rel="alternate" hreflang="x-default" href="https://store.example/"/>
  </url>
  <url>
    <loc>https://store.example/?lang=ja-JP</loc>
  </url>
  <url>
    <loc>https://store.example/compatibility?lang=zh-CN</loc>
  </url>
  <url>
    <loc>https://store.example/products/a%20b?type=glasses&amp;lang=ja-JP</loc>
  </url>
</urlset>
`;
    expect(BARE_PATH_LANGUAGES.map((l) => l.slice(0, 5))).toEqual(["en-US", "ja-JP"]);
    const [en, ja] = BARE_PATH_LANGUAGES;
    expect(publicPageRequests(xml)).toEqual([
      { path: "/?lang=en-US" },
      { path: "/?lang=ja-JP" },
      { path: "/compatibility?lang=zh-CN" },
      { path: "/products/a%20b?type=glasses&lang=ja-JP" },
      { path: "/", acceptLanguage: en },
      { path: "/", acceptLanguage: ja },
      { path: "/compatibility", acceptLanguage: en },
      { path: "/compatibility", acceptLanguage: ja },
      { path: "/products/a%20b?type=glasses", acceptLanguage: en },
      { path: "/products/a%20b?type=glasses", acceptLanguage: ja },
    ]);
    expect(publicPageRequests("<urlset></urlset>")).toEqual([]);
  });

  it("reads the heap figures of a Prometheus text, labelled samples left out", () => {
    const text = `# HELP nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.
# TYPE nodejs_heap_size_used_bytes gauge
nodejs_heap_size_used_bytes 58867864
nodejs_heap_size_total_bytes 96043008
nodejs_heap_space_size_used_bytes{space="old"} 1234
process_resident_memory_bytes 1.81428224e8
`;
    expect(parseMetrics(text)).toEqual({
      nodejs_heap_size_used_bytes: 58867864,
      nodejs_heap_size_total_bytes: 96043008,
      process_resident_memory_bytes: 181428224,
    });
  });

  it("holds the RSS after the idle end, not the peak, to the target", () => {
    const reading = (moment: string, rssMiB: number, peakMiB: number) => ({ moment, rssMiB, peakMiB });
    const measured: MeasuredRun = {
      first: reading("first 200", 120, 120),
      run: {
        phases: [
          { phase: "reads", seconds: 2, count: 10, note: "", memory: reading("reads", 170, 171) },
          { phase: "idle", seconds: 2, count: 0, note: "", memory: reading("idle", 149.96, 230) },
        ],
        heap: { heapUsedMiB: 50, heapTotalMiB: 80, externalMiB: 10, rssMiB: 150 },
        pages: { requests: 0, pages: 0, coldMs: 0, cachedMs: 0, cachedStates: {} },
      },
    };
    const figures = memoryFigures(measured);
    expect(figures.map((f) => [f.name, f.value])).toEqual([
      ["RSS at the first 200", 120],
      ["RSS after signed-in reads", 170],
      ["RSS after the mixed run", 150],
      ["heap used at the end (/metrics)", 50],
      ["heap total at the end (/metrics)", 80],
    ]);
    const end = figures.find((f) => f.name === "RSS after the mixed run");
    expect(end?.target).toEqual(MIXED_RUN_TARGET);
    expect(meets(end as NonNullable<typeof end>)).toBe(true);
    expect(meets({ ...(end as NonNullable<typeof end>), value: 150.1 })).toBe(false);
  });
});

describe("the compiled server's node options", () => {
  it("are package.json's start script's, the ones `npm start` serves with", () => {
    expect(
      startScriptNodeArgs("MALLOC_ARENA_MAX=1 node --max-semi-space-size=4 --foo=bar scripts/start.mjs"),
    ).toEqual(["--max-semi-space-size=4", "--foo=bar"]);
    expect(startScriptNodeArgs("node scripts/start.mjs")).toEqual([]);
    expect(() => startScriptNodeArgs("node server.js")).toThrow(/start\.mjs/);
    // The repository's own script: the young generation's cap (docs/performance.md, "Memory").
    expect(startScriptNodeArgs()).toContain("--max-semi-space-size=4");
  });
});

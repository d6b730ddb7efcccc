// The targets, literally: a change to any of them must be a change to this file too.
import { describe, expect, it } from "vitest";
import { formatTable, median, meets } from "./lib/report.ts";
import { CHECKOUT_STATEMENTS_TARGET } from "./suites/checkout.ts";
import { CONNECTIONS, FRAMEWORK_TARGETS } from "./suites/framework.ts";
import { BURST, LOOP_DELAY_P99_TARGET } from "./suites/login.ts";
import { LIGHTHOUSE_TARGETS, PUBLIC_LIGHTHOUSE_TARGETS, SIZE_TARGETS } from "./suites/pages.ts";

describe("the benchmark targets", () => {
  it("framework cost: REST ≥ 0.75 ×, tRPC ≥ 0.5 × the plain route; a 50-order page ≤ 2 × a 5-order page", () => {
    expect(FRAMEWORK_TARGETS).toEqual({
      restOverPlain: { op: ">=", value: 0.75 },
      trpcOverPlain: { op: ">=", value: 0.5 },
      page50OverPage5: { op: "<=", value: 2 },
    });
    expect(CONNECTIONS).toBe(10);
  });

  it("login: event-loop delay p99 ≤ 20 ms during a burst of 20 concurrent sign-ins", () => {
    expect(LOOP_DELAY_P99_TARGET).toEqual({ op: "<=", value: 20 });
    expect(BURST).toBe(20);
  });

  it("checkout: a placement with 5 lines sends no more statements than one with 1 line", () => {
    expect(CHECKOUT_STATEMENTS_TARGET).toEqual({ op: "<=", value: 0 });
  });

  it("pages: ≤ 170 KB for the storefront helper pages, ≤ 250 KB for the account area", () => {
    expect(SIZE_TARGETS).toEqual({ "storefront helper pages": 170, "account area": 250 });
  });

  it("Lighthouse: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1", () => {
    expect(LIGHTHOUSE_TARGETS.map((m) => [m.label, m.unit, m.target])).toEqual([
      ["performance", "", { op: ">=", value: 90 }],
      ["LCP", "s", { op: "<=", value: 2.5 }],
      ["TBT", "ms", { op: "<=", value: 200 }],
      ["CLS", "", { op: "<=", value: 0.1 }],
    ]);
  });

  it("Lighthouse on the server-rendered public pages: performance ≥ 97, LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS 0, SEO 100", () => {
    expect(PUBLIC_LIGHTHOUSE_TARGETS.map((m) => [m.label, m.unit, m.target])).toEqual([
      ["performance", "", { op: ">=", value: 97 }],
      ["LCP", "s", { op: "<=", value: 1.5 }],
      ["TBT", "ms", { op: "<=", value: 100 }],
      ["CLS", "", { op: "<=", value: 0 }],
      ["SEO", "", { op: ">=", value: 100 }],
    ]);
  });
});

describe("the report", () => {
  it("judges a figure against its target, both ways, and leaves one without a target alone", () => {
    const f = (value: number, target?: { op: "<=" | ">="; value: number }) => ({
      suite: "s",
      name: "n",
      value,
      unit: "",
      ...(target ? { target } : {}),
    });
    expect(meets(f(0.5, { op: ">=", value: 0.5 }))).toBe(true);
    expect(meets(f(0.49, { op: ">=", value: 0.5 }))).toBe(false);
    expect(meets(f(20, { op: "<=", value: 20 }))).toBe(true);
    expect(meets(f(20.1, { op: "<=", value: 20 }))).toBe(false);
    expect(meets(f(3))).toBeUndefined();
    expect(formatTable([f(0.49, { op: ">=", value: 0.5 })])).toMatch(/MISSED/);
  });

  it("takes medians of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe("the table with an engine column each", () => {
  it("puts a figure's SQLite and PostgreSQL values side by side, each judged against the target", () => {
    const target = { op: ">=", value: 0.75 } as const;
    const table = formatTable([
      {
        suite: "Framework cost",
        name: "(b)/(c) REST adapter",
        value: 0.9,
        unit: "×",
        target,
        engine: "sqlite",
      },
      {
        suite: "Framework cost",
        name: "(d) plain route, better-sqlite3",
        value: 2500,
        unit: "req/s",
        engine: "sqlite",
      },
      {
        suite: "Framework cost",
        name: "(b)/(c) REST adapter",
        value: 0.7,
        unit: "×",
        target,
        engine: "postgresql",
      },
      { suite: "Pages", name: "JS per route", value: 140, unit: "kB" },
    ]).split("\n");
    expect(table[0]).toMatch(/^suite\s+figure\s+SQLite\s+PostgreSQL\s+target\s+note$/);
    expect(table).toHaveLength(5);
    expect(table[2]).toMatch(/\(b\)\/\(c\) REST adapter\s+0\.9 ×\s+ok\s+0\.7 ×\s+MISSED\s+>= 0\.75/);
    // A figure only one engine has stays in its column; one measured once sits under SQLite.
    expect(table[3]).toMatch(/better-sqlite3\s+2500 req\/s$/);
    expect(table[4]).toMatch(/JS per route\s+140 kB$/);
  });

  it("keeps the one-column table when only one engine ran", () => {
    const table = formatTable([
      { suite: "Login", name: "sign-ins per second", value: 48, unit: "/s", engine: "sqlite" },
    ]).split("\n");
    expect(table[0]).toMatch(/^suite\s+figure\s+value\s+target\s+note$/);
  });
});

// The targets, literally: a change to any of them must be a change to this file too.
import { describe, expect, it } from "vitest";
import { formatTable, median, meets } from "./lib/report.ts";
import { CHECKOUT_STATEMENTS_TARGET } from "./suites/checkout.ts";
import { CONNECTIONS, FRAMEWORK_TARGETS } from "./suites/framework.ts";
import { BURST, LOOP_DELAY_P99_TARGET } from "./suites/login.ts";
import { LIGHTHOUSE_TARGETS, SIZE_TARGETS } from "./suites/pages.ts";

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

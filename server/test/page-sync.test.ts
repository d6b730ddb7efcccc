// Each instance reads the database's public-data version before a page, at most once per
// interval, and drops its cached pages when another instance's write moved it (http/page-sync.ts,
// db/public-data-version.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpPublicDataVersion, readPublicDataVersion } from "../src/db/public-data-version.ts";
import { createPageSync } from "../src/http/page-sync.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

function harness(intervalMs = 1000) {
  let clock = 0;
  let version = 7;
  let reads = 0;
  let drops = 0;
  let fail = false;
  const sync = createPageSync({
    read: async () => {
      reads++;
      if (fail) throw new Error("database down");
      return version;
    },
    dropPages: () => {
      drops++;
    },
    intervalMs,
    now: () => clock,
  });
  return {
    sync,
    tick: (ms: number) => {
      clock += ms;
    },
    write: () => {
      version++;
    },
    failReads: (on: boolean) => {
      fail = on;
    },
    reads: () => reads,
    drops: () => drops,
    version: () => version,
  };
}

describe("createPageSync", () => {
  it("drops the pages once when the version moved, and not on the first read", async () => {
    const h = harness();
    await h.sync.check();
    expect(h.drops()).toBe(0);
    h.write();
    h.tick(1000);
    await h.sync.check();
    expect(h.drops()).toBe(1);
    h.tick(1000);
    await h.sync.check();
    expect(h.drops()).toBe(1);
  });

  it("reads at most once per interval, and once for readers asking at the same time", async () => {
    const h = harness(1000);
    await Promise.all([h.sync.check(), h.sync.check(), h.sync.check()]);
    expect(h.reads()).toBe(1);
    h.tick(999);
    await h.sync.check();
    expect(h.reads()).toBe(1);
    h.tick(1);
    await h.sync.check();
    expect(h.reads()).toBe(2);
  });

  it("does not drop its pages again for a write it made itself", async () => {
    const h = harness(0);
    await h.sync.check();
    h.write();
    h.sync.saw(h.version());
    await h.sync.check();
    expect(h.drops()).toBe(0);
  });

  it("leaves the pages as they are when the version cannot be read, and catches up after", async () => {
    const h = harness(0);
    await h.sync.check();
    h.failReads(true);
    h.write();
    await expect(h.sync.check()).resolves.toBeUndefined();
    expect(h.drops()).toBe(0);
    h.failReads(false);
    await h.sync.check();
    expect(h.drops()).toBe(1);
  });
});

describe("the public-data version", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("moves by one per bump and reads back, on this engine", async () => {
    const before = await readPublicDataVersion(t.db);
    const bumps = await Promise.all([bumpPublicDataVersion(t.db), bumpPublicDataVersion(t.db)]);
    expect(bumps.sort()).toEqual([before + 1, before + 2]);
    expect(await readPublicDataVersion(t.db)).toBe(before + 2);
  });

  it("is moved by a public-data write's answer, not by a read or a failed write", async () => {
    const before = await readPublicDataVersion(t.db);
    await t.api("GET", "/api/products");
    await t.api("POST", "/api/reviews", { body: { handle: "no-such-product" } });
    expect(await readPublicDataVersion(t.db)).toBe(before);
    const cookie = await t.login();
    const product = await t.db.product.findFirstOrThrow({
      where: { status: "ACTIVE" },
      select: { handle: true },
    });
    const res = await t.api("POST", "/api/reviews", {
      cookie,
      body: { handle: product.handle, rating: 4, title: "Good", body: "Good glasses for long trips." },
    });
    // Moved by the writer whether or not it renders pages itself: the other instances do.
    expect(res.statusCode, res.body).toBe(200);
    expect(await readPublicDataVersion(t.db)).toBe(before + 1);
  });
});

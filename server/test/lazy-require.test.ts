// requiredOnFirstUse: nothing is required until the module is first asked for, then the same module
// every time; `loaded()` tells whether it has been (Stripe's errors are recognised only then).
import { describe, expect, it } from "vitest";
import { requiredOnFirstUse } from "../src/lazy-require.ts";

describe("requiredOnFirstUse", () => {
  it("requires on the first call, once, and says whether it has", () => {
    const path = requiredOnFirstUse<typeof import("node:path")>("node:path");
    expect(path.loaded()).toBeUndefined();
    expect(path().join("a", "b")).toBe("a/b");
    expect(path.loaded()).toBe(path());
  });

  it("fails on use, not on creation, for a module that is not there", () => {
    const missing = requiredOnFirstUse("no-such-package-a1b2c3");
    expect(missing.loaded()).toBeUndefined();
    expect(() => missing()).toThrow(/no-such-package-a1b2c3/);
  });
});

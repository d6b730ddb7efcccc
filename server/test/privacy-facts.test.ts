// The privacy policy (/privacy-policy) states how long a session lasts from @vela/shared; these are
// the lifetimes the server actually enforces.
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

describe("facts the privacy policy states", () => {
  it("names the server's session lifetimes", () => {
    const config = loadConfig({ NODE_ENV: "test", SESSION_SECRET: "t".repeat(43) });
    expect(config.sessionIdleSeconds).toBe(SESSION_IDLE_DAYS * 86_400);
    expect(config.sessionAbsoluteSeconds).toBe(SESSION_ABSOLUTE_DAYS * 86_400);
  });
});

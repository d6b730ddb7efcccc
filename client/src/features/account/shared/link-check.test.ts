import { ACTIVATION_TOKEN_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { checkTokenLink } from "./link-check.ts";

const ISSUED = 1_767_000_000; // unix seconds
const at = (secondsAfterIssue: number) => (ISSUED + secondsAfterIssue) * 1000;
const link = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const full = { customerId: "7", token: "abc123", timestamp: String(ISSUED) };

describe("checkTokenLink: completeness (spec 000 §5)", () => {
  it("accepts a link with customer id, token and timestamp, and passes syclid along", () => {
    expect(checkTokenLink("reset", link(full), at(10))).toEqual({
      ok: true,
      customerId: "7",
      token: "abc123",
      syclid: null,
      issuedAt: ISSUED,
    });
    expect(checkTokenLink("activate", link({ ...full, syclid: "s-1" }), at(10))).toMatchObject({
      ok: true,
      syclid: "s-1",
    });
  });

  it.each([
    ["customerId", { token: "abc123", timestamp: String(ISSUED) }],
    ["token", { customerId: "7", timestamp: String(ISSUED) }],
    ["timestamp", { customerId: "7", token: "abc123" }],
    ["an empty token", { ...full, token: "" }],
    ["a timestamp that is not seconds", { ...full, timestamp: "yesterday" }],
    ["a negative timestamp", { ...full, timestamp: "-5" }],
    ["a token of at most 200 characters (the server's limit)", { ...full, token: "t".repeat(201) }],
    ["a customer id of at most 100 characters", { ...full, customerId: "7".repeat(101) }],
    ["a syclid of at most 200 characters", { ...full, syclid: "s".repeat(201) }],
  ])("refuses a link without %s", (_what, params) => {
    expect(checkTokenLink("reset", link(params), at(0))).toEqual({ ok: false, problem: "incomplete" });
    expect(checkTokenLink("activate", link(params), at(0))).toEqual({ ok: false, problem: "incomplete" });
  });
});

describe("checkTokenLink: expiry with an injected clock", () => {
  it("reset links expire 86400 s after the timestamp", () => {
    expect(RESET_TOKEN_TTL_SECONDS).toBe(86_400);
    expect(checkTokenLink("reset", link(full), at(86_399)).ok).toBe(true);
    expect(checkTokenLink("reset", link(full), at(86_400))).toEqual({ ok: false, problem: "expired" });
  });

  it("activation links expire 172800 s after the timestamp", () => {
    expect(ACTIVATION_TOKEN_TTL_SECONDS).toBe(172_800);
    expect(checkTokenLink("activate", link(full), at(86_400)).ok).toBe(true);
    expect(checkTokenLink("activate", link(full), at(172_799)).ok).toBe(true);
    expect(checkTokenLink("activate", link(full), at(172_800))).toEqual({ ok: false, problem: "expired" });
  });

  it("an incomplete link is reported as incomplete even when old", () => {
    expect(checkTokenLink("reset", link({ customerId: "7", timestamp: "1" }), at(999_999)).ok).toBe(false);
    expect(checkTokenLink("reset", link({ customerId: "7", timestamp: "1" }), at(999_999))).toMatchObject({
      problem: "incomplete",
    });
  });
});

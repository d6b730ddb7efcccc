// The Vendure comparison's targets, literally, and what it says when the peer is not installed.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { peerMissing, VENDURE_TARGETS } from "./suites/vendure.ts";

describe("beside Vendure", () => {
  it("targets: profile ≥ 3x, orders ≥ 8x REST and ≥ 6x tRPC, sign-in ≥ 5x, RSS ≤ 150 MiB, cold start ≤ 1 s", () => {
    expect(VENDURE_TARGETS).toEqual({
      orders: { op: ">=", value: 8 },
      ordersTrpc: { op: ">=", value: 6 },
      profile: { op: ">=", value: 3 },
      login: { op: ">=", value: 5 },
      rssMiB: { op: "<=", value: 150 },
      coldStartMs: { op: "<=", value: 1000 },
    });
  });

  it("says what is missing instead of running without the peer", () => {
    expect(peerMissing(undefined)).toMatch(/PEER_DIR is not set/);
    const empty = mkdtempSync(path.join(tmpdir(), "vela-peer-"));
    expect(peerMissing(empty)).toMatch(/holds no peer bench/);
    writeFileSync(path.join(empty, "run.sh"), "#!/bin/sh\n");
    expect(peerMissing(empty)).toMatch(/Vendure is not installed/);
  });
});

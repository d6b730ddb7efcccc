/// <reference types="node" />
import { describe, expect, it } from "vitest";
import {
  Command,
  FIRMWARE_HEADER_SIZE,
  FirmwareUpdateError,
  type GlassesClient,
  Status,
  sha256,
  type UpdateFirmwareOptions,
  type UpdatePhase,
  type UpdateProgress,
  updateFirmware,
  VerifyFailure,
} from "../src/index.ts";
import { connected, type SetupOptions, testImage } from "./helpers.ts";

async function failure(promise: Promise<unknown>): Promise<FirmwareUpdateError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof FirmwareUpdateError))
    throw new Error(`expected a FirmwareUpdateError, got ${String(error)}`);
  return error;
}

async function updating(options: SetupOptions = {}) {
  const context = await connected({ firmwareVersion: "1.0.0", ...options });
  const model = context.glasses.model;
  const update = (version: string, extra: UpdateFirmwareOptions & { image?: Uint8Array } = {}) =>
    context.run(updateFirmware(context.client, extra.image ?? testImage(model, version), extra));
  /** After an unplug: plug back in, reconnect, and report what runs. */
  const replug = async () => {
    context.glasses.plug();
    await context.run(context.client.reconnect());
    return context.run(context.client.getInfo());
  };
  return { ...context, update, replug };
}

/** Sends an image with the low-level commands, bypassing the host-side checks of updateFirmware. */
async function sendRaw(client: GlassesClient, bytes: Uint8Array, version: string) {
  await client.prepareUpdate({ size: bytes.length, sha256: sha256(bytes), version });
  for (let offset = 0; offset < bytes.length; offset += 51) {
    await client.writeUpdateChunk(offset, bytes.subarray(offset, Math.min(bytes.length, offset + 51)));
  }
  await client.finishUpdate();
}

describe("updateFirmware: the happy path", () => {
  it("writes the spare slot, reboots into it, waits for confirmation and checks the version", async () => {
    const { update, glasses, client, clock, run } = await updating();
    const progress: UpdateProgress[] = [];
    const start = clock.now();
    const result = await update("1.1.0", { onProgress: (p) => progress.push(p) });

    expect(result).toEqual({ version: "1.1.0", slot: 1, resumedFrom: 0 });
    expect(glasses.runningVersion).toBe("1.1.0");
    expect(glasses.confirmed).toBe(true);
    expect(glasses.store.activeSlot).toBe(1);
    // The previous firmware stays in the other slot as the fallback.
    expect(glasses.store.slots[0]).toMatchObject({ state: "valid", version: "1.0.0" });
    const info = await run(client.getInfo());
    expect(info).toMatchObject({
      firmwareVersion: "1.1.0",
      confirmed: true,
      spareSlot: { version: "1.0.0" },
    });

    const phases = [...new Set(progress.map((p) => p.phase))];
    expect(phases).toEqual<UpdatePhase[]>([
      "checking",
      "preparing",
      "writing",
      "verifying",
      "activating",
      "restarting",
      "confirming",
      "done",
    ]);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    expect(progress.at(-1)?.bytesWritten).toBe(8 * 1024 + FIRMWARE_HEADER_SIZE);
    // 8 KiB at 32 KiB/s of flash, plus USB round trips, a 2.5 s boot and a 2 s trial run.
    const elapsed = clock.now() - start;
    expect(elapsed).toBeGreaterThan(5_000);
    expect(elapsed).toBeLessThan(8_000);
  });

  it("updates again from the new slot back into the first one", async () => {
    const { update, glasses } = await updating();
    await update("1.1.0");
    const result = await update("1.2.0");
    expect(result.slot).toBe(0);
    expect(glasses.runningVersion).toBe("1.2.0");
    expect(glasses.store.slots[1]).toMatchObject({ state: "valid", version: "1.1.0" });
  });

  it("survives dropped and damaged frames during the transfer", async () => {
    const { update, glasses, client } = await updating({
      faults: [
        { kind: "drop-frame", direction: "to-host", command: Command.updateChunk, count: 2, skip: 10 },
        { kind: "corrupt-frame", direction: "to-device", command: Command.updateChunk, skip: 40 },
        { kind: "corrupt-frame", direction: "to-host", command: Command.updateFinish },
      ],
    });
    await update("1.1.0");
    expect(glasses.runningVersion).toBe("1.1.0");
    expect(glasses.pendingFaults).toEqual([]);
    expect(glasses.stats.duplicateRequests).toBeGreaterThanOrEqual(2);
    expect(client.stats.retries).toBeGreaterThanOrEqual(4);
  });
});

describe("updateFirmware: refusals before anything is written", () => {
  it("refuses a damaged file on the host", async () => {
    const { update, glasses } = await updating();
    const image = testImage("N6P", "1.1.0");
    image[FIRMWARE_HEADER_SIZE + 100] = (image[FIRMWARE_HEADER_SIZE + 100] ?? 0) ^ 0xff;
    const error = await failure(update("1.1.0", { image }));
    expect(error).toMatchObject({ code: "invalid-image", phase: "checking" });
    expect(glasses.store.slots[1].state).toBe("empty");
  });

  it("refuses an image for another model", async () => {
    const { update, glasses } = await updating();
    const error = await failure(update("1.1.0", { image: testImage("P6", "1.1.0") }));
    expect(error.code).toBe("wrong-model");
    expect(error.message).toContain("for P6");
    expect(glasses.store.slots[1].state).toBe("empty");
  });
});

describe("updateFirmware: bad images", () => {
  it("the glasses reject an image whose payload does not match its header, and keep running", async () => {
    const { client, glasses, run } = await updating();
    const image = testImage("N6P", "1.1.0", 2048);
    image[FIRMWARE_HEADER_SIZE + 5] = (image[FIRMWARE_HEADER_SIZE + 5] ?? 0) ^ 1;
    const error = await run(sendRaw(client, image, "1.1.0")).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: Status.verifyFailed,
      payload: Uint8Array.of(VerifyFailure.checksum),
    });
    expect(glasses.store.slots[1].state).toBe("invalid");
    await expect(run(client.activateUpdate())).rejects.toMatchObject({ status: Status.badState });
    expect(glasses.runningVersion).toBe("1.0.0");
  });

  it("the glasses reject an image for another model even when the host does not check", async () => {
    const { client, run } = await updating();
    const error = await run(sendRaw(client, testImage("N6", "1.1.0", 1024), "1.1.0")).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      status: Status.verifyFailed,
      payload: Uint8Array.of(VerifyFailure.wrongModel),
    });
  });

  it("flash corruption is caught by the final verification; a new attempt succeeds", async () => {
    const { update, glasses } = await updating({ faults: [{ kind: "corrupt-flash", atOffset: 3000 }] });
    const error = await failure(update("1.1.0"));
    expect(error).toMatchObject({ code: "verify-failed", phase: "verifying" });
    expect(error.message).toContain("arrived damaged");
    expect(glasses.runningVersion).toBe("1.0.0");
    expect(glasses.store.slots[1].state).toBe("invalid");
    expect((await update("1.1.0")).resumedFrom).toBe(0);
    expect(glasses.runningVersion).toBe("1.1.0");
  });

  it("an image that crashes on boot is rolled back to the old firmware", async () => {
    const { update, glasses, client, run } = await updating({ faults: [{ kind: "boot-failure" }] });
    const error = await failure(update("1.1.0"));
    expect(error).toMatchObject({ code: "rolled-back", phase: "confirming" });
    expect(error.message).toContain("went back to 1.0.0");
    expect(glasses.runningVersion).toBe("1.0.0");
    expect(glasses.store.slots[1].state).toBe("invalid");
    expect(client.connected).toBe(true);
    expect((await run(client.getInfo())).confirmed).toBe(true);
    await update("1.1.1");
    expect(glasses.runningVersion).toBe("1.1.1");
  });
});

describe("updateFirmware: refused chunks", () => {
  it("retries a chunk the flash refused once", async () => {
    const { update, glasses } = await updating({ faults: [{ kind: "refuse-chunk", atOffset: 2000 }] });
    await update("1.1.0");
    expect(glasses.runningVersion).toBe("1.1.0");
    expect(glasses.pendingFaults).toEqual([]);
  });

  it("gives up after three refusals of the same chunk, leaving the old firmware running", async () => {
    const { update, glasses } = await updating({
      faults: [{ kind: "refuse-chunk", atOffset: 2000, count: 3 }],
    });
    const error = await failure(update("1.1.0"));
    expect(error).toMatchObject({ code: "chunk-refused", phase: "writing" });
    expect(error.message).toMatch(/offset 20\d\d 3 times/);
    expect(glasses.runningVersion).toBe("1.0.0");
    expect(glasses.store.slots[1].state).toBe("partial");
    const retry = await update("1.1.0");
    expect(retry.resumedFrom).toBeGreaterThan(1900);
    expect(glasses.runningVersion).toBe("1.1.0");
  });
});

describe("updateFirmware: unplugged at each point", () => {
  it("mid-transfer: the old firmware boots, and the next update resumes where flash stopped", async () => {
    const { update, glasses, replug } = await updating({
      faults: [{ kind: "unplug", at: "write", afterBytes: 4096 }],
    });
    const error = await failure(update("1.1.0"));
    expect(error).toMatchObject({ code: "disconnected", phase: "writing" });
    expect(glasses.state).toBe("unplugged");

    const info = await replug();
    expect(info).toMatchObject({
      firmwareVersion: "1.0.0",
      confirmed: true,
      spareSlot: { state: "partial" },
    });
    const result = await update("1.1.0");
    expect(result.resumedFrom).toBeGreaterThanOrEqual(4096);
    expect(glasses.runningVersion).toBe("1.1.0");
  });

  it("mid-transfer, then a different image: the spare slot is erased and written from scratch", async () => {
    const { update, glasses, replug } = await updating({
      faults: [{ kind: "unplug", at: "write", afterBytes: 4096 }],
    });
    await failure(update("1.1.0"));
    await replug();
    expect((await update("1.2.0")).resumedFrom).toBe(0);
    expect(glasses.runningVersion).toBe("1.2.0");
  });

  it("while erasing", async () => {
    const { update, glasses, replug } = await updating({ faults: [{ kind: "unplug", at: "prepare" }] });
    expect(await failure(update("1.1.0"))).toMatchObject({ code: "disconnected", phase: "preparing" });
    expect((await replug()).firmwareVersion).toBe("1.0.0");
    await update("1.1.0");
    expect(glasses.runningVersion).toBe("1.1.0");
  });

  it("while verifying: everything was written, so the retry only verifies again", async () => {
    const image = testImage("N6P", "1.1.0");
    const { update, glasses, replug } = await updating({ faults: [{ kind: "unplug", at: "finish" }] });
    expect(await failure(update("1.1.0", { image }))).toMatchObject({
      code: "disconnected",
      phase: "verifying",
    });
    expect((await replug()).firmwareVersion).toBe("1.0.0");
    expect((await update("1.1.0", { image })).resumedFrom).toBe(image.length);
    expect(glasses.runningVersion).toBe("1.1.0");
  });

  it("between activation and reboot: the pending switch survives and the new firmware starts", async () => {
    const { update, glasses } = await updating({
      faults: [{ kind: "unplug", at: "activate", replugAfterMs: 3_000 }],
    });
    const result = await update("1.1.0");
    expect(result.version).toBe("1.1.0");
    expect(glasses.confirmed).toBe(true);
  });

  it("during the trial run: the glasses fall back to the old firmware", async () => {
    const { update, glasses } = await updating({
      faults: [{ kind: "unplug", at: "trial-boot", replugAfterMs: 1_000 }],
    });
    const error = await failure(update("1.1.0"));
    expect(error).toMatchObject({ code: "rolled-back" });
    expect(glasses.runningVersion).toBe("1.0.0");
    expect(glasses.store.activeSlot).toBe(0);
    // The image itself was fine and is still in the spare slot: it is only verified and activated again.
    const image = testImage("N6P", "1.1.0");
    expect((await update("1.1.0", { image })).resumedFrom).toBe(image.length);
    expect(glasses.runningVersion).toBe("1.1.0");
  });

  it("and never plugged back in: the update fails with a clear error after the restart timeout", async () => {
    const { update, glasses } = await updating({ faults: [{ kind: "unplug", at: "activate" }] });
    const error = await failure(update("1.1.0", { restartTimeoutMs: 10_000 }));
    expect(error).toMatchObject({ code: "disconnected", phase: "restarting" });
    expect(glasses.state).toBe("unplugged");
    expect(glasses.store.trialSlot).toBe(1);
  });
});

describe("updateFirmware: timeouts, offsets and cancelling", () => {
  it("fails with a timeout when the glasses stop answering", async () => {
    const { update, glasses } = await updating({
      faults: [{ kind: "drop-frame", direction: "to-host", command: Command.updateChunk, count: 3, skip: 5 }],
    });
    const error = await failure(update("1.1.0"));
    expect(error).toMatchObject({ code: "timeout", phase: "writing" });
    expect(glasses.runningVersion).toBe("1.0.0");
  });

  it("the glasses name the expected offset when the host is out of step", async () => {
    const { client, run } = await updating();
    const image = testImage("N6P", "1.1.0", 1024);
    await run(client.prepareUpdate({ size: image.length, sha256: sha256(image), version: "1.1.0" }));
    expect(await run(client.writeUpdateChunk(0, image.subarray(0, 51)))).toBe(51);
    const error = await run(client.writeUpdateChunk(102, image.subarray(102, 153))).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: Status.badOffset, payload: Uint8Array.of(51, 0, 0, 0) });
    // A repeat of an acknowledged chunk is acknowledged again without rewriting.
    expect(await run(client.writeUpdateChunk(0, image.subarray(0, 51)))).toBe(51);
    await expect(run(client.finishUpdate())).rejects.toMatchObject({ status: Status.badState });
  });

  it("refuses chunks without a prepared transfer", async () => {
    const { client, run } = await updating();
    await expect(run(client.writeUpdateChunk(0, Uint8Array.of(1)))).rejects.toMatchObject({
      status: Status.badState,
    });
    await expect(
      run(client.prepareUpdate({ size: 10, sha256: new Uint8Array(32), version: "1.0.1" })),
    ).rejects.toMatchObject({ status: Status.imageRejected });
  });

  it("cancels cleanly through an AbortSignal, and a later update resumes", async () => {
    const { update, glasses } = await updating();
    const controller = new AbortController();
    const error = await failure(
      update("1.1.0", {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === "writing" && p.bytesWritten > 3000) controller.abort();
        },
      }),
    );
    expect(error).toMatchObject({ code: "aborted", phase: "writing" });
    expect(glasses.runningVersion).toBe("1.0.0");
    expect((await update("1.1.0")).resumedFrom).toBeGreaterThan(3000);
  });
});

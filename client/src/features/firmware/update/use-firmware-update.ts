import { FirmwareUpdateError, type UpdatePhase, updateFirmware } from "@vela/device";
import { useEffect, useRef, useState } from "react";
import type { RouterOutputs } from "../../../lib/trpc.ts";
import { glassesSession } from "../shared/glasses-session.ts";
import { downloadFirmwareImage, FirmwareDownloadError } from "./download-image.ts";
import type { FailureReason, UpdateResult } from "./update-result-dialog.tsx";

export type Release = RouterOutputs["firmware"]["list"]["versions"][number];
export type Stage = "idle" | "downloading" | UpdatePhase | "failed";

export interface Progress {
  stage: Stage;
  /** 0..100 */
  percent: number;
}

const IDLE: Progress = { stage: "idle", percent: 0 };

/**
 * The firmware update flow apart from its page (spec 001 §2, §9): download the image, write it
 * through the glasses session with progress, and end in a result for the dialog. Leaving the page
 * aborts a running update, and the browser warns before a reload or close while one runs.
 */
export function useFirmwareUpdate() {
  const [progress, setProgress] = useState<Progress>(IDLE);
  const [result, setResult] = useState<UpdateResult | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const running = progress.stage !== "idle" && progress.stage !== "done" && progress.stage !== "failed";

  useEffect(() => () => abortRef.current?.abort(), []);

  // Leaving the page in the middle of an update is what the instructions warn about.
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [running]);

  const update = async (release: Release) => {
    const controller = new AbortController();
    abortRef.current = controller;
    setResult(null);
    setProgress({ stage: "downloading", percent: 0 });
    try {
      const image = await downloadFirmwareImage(release, { signal: controller.signal });
      const done = await glassesSession.run(
        (client) =>
          updateFirmware(client, image, {
            signal: controller.signal,
            onProgress: (p) => {
              const percent = Math.floor(p.fraction * 100);
              setProgress((current) =>
                current.stage === p.phase && current.percent === percent
                  ? current
                  : { stage: p.phase, percent },
              );
            },
          }),
        { restarts: true },
      );
      setProgress({ stage: "done", percent: 100 });
      setResult({ kind: "success", version: done.version });
    } catch (error) {
      if (
        controller.signal.aborted &&
        !(error instanceof FirmwareUpdateError && error.phase === "confirming")
      ) {
        setProgress(IDLE);
        return;
      }
      setProgress((current) => ({ ...current, stage: "failed" }));
      setResult({ kind: "failed", reason: failureReason(error) });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  /** The result dialog's Refresh: back to idle, and the glasses read again (or found again). */
  const refresh = () => {
    setResult(null);
    setProgress(IDLE);
    if (glassesSession.getState().lost) void glassesSession.reconnect();
    else void glassesSession.refreshInfo();
  };

  return { progress, result, running, update, refresh, closeResult: () => setResult(null) };
}

function failureReason(error: unknown): FailureReason {
  if (error instanceof FirmwareDownloadError)
    return error.problem === "network" ? "download" : "damaged-download";
  if (error instanceof FirmwareUpdateError) {
    switch (error.code) {
      case "disconnected":
        return "disconnected";
      case "timeout":
        return "timeout";
      case "wrong-model":
        return "wrong-model";
      case "verify-failed":
        return "verify-failed";
      case "rolled-back":
        return "rolled-back";
      case "chunk-refused":
        return "chunk-refused";
      case "invalid-image":
      case "rejected":
        return "rejected";
      case "aborted":
        return "aborted";
      default:
        return "other";
    }
  }
  return "other";
}

import type { StatusCode } from "../protocol/ids.ts";
import type { UnplugFault } from "./fault-plan.ts";

/** What the simulated firmware decided about one command, and how long carrying it out takes. */
export interface CommandOutcome {
  status: StatusCode;
  payload?: Uint8Array;
  /** Time the command takes on top of `commandMs`. */
  durationMs?: number;
  /** Push UPDATE_PROGRESS events while the command runs. */
  progress?: { phase: "erasing" | "verifying"; total: number };
  afterReply?: () => void;
  /** Cut the power this long into the command; the reply is never sent. */
  unplug?: { fault: UnplugFault; afterMs: number };
}

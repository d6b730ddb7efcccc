import { isEventId } from "../protocol/ids.ts";
import type { FrameDirection, SimulatedFault, UpdatePoint } from "./faults.ts";

type FaultEntry = SimulatedFault & { remaining: number; skipped: number };
export type UnplugFault = Extract<SimulatedFault, { kind: "unplug" }>;

/** The faults a VirtualGlasses has been told to suffer, each used up as it fires. */
export class FaultPlan {
  #entries: FaultEntry[] = [];

  inject(fault: SimulatedFault): void {
    const count = "count" in fault && fault.count !== undefined ? fault.count : 1;
    this.#entries.push({ ...fault, remaining: count, skipped: 0 });
  }

  clear(): void {
    this.#entries = [];
  }

  get pending(): SimulatedFault[] {
    return this.#entries.map(
      ({ remaining: _remaining, skipped: _skipped, ...fault }) => fault as SimulatedFault,
    );
  }

  /** Fires the first fault that matches, honouring its `skip` and `count`. */
  take(matches: (fault: SimulatedFault) => boolean): SimulatedFault | undefined {
    const fault = this.#entries.find(matches);
    if (!fault) return undefined;
    if ("skip" in fault && fault.skip !== undefined && fault.skipped < fault.skip) {
      fault.skipped++;
      return undefined;
    }
    fault.remaining--;
    if (fault.remaining <= 0) this.#entries = this.#entries.filter((candidate) => candidate !== fault);
    return fault;
  }

  takeUnplug(at: UpdatePoint, written: number): UnplugFault | undefined {
    const fault = this.take(
      (candidate) =>
        candidate.kind === "unplug" && candidate.at === at && (candidate.afterBytes ?? 0) <= written,
    );
    return fault?.kind === "unplug" ? fault : undefined;
  }

  /** Applies drop and corrupt faults to a report on the wire; returns null when it is lost. */
  wire(report: Uint8Array, direction: FrameDirection): Uint8Array | null {
    const command = report[7] ?? 0;
    const fault = this.take(
      (candidate) =>
        (candidate.kind === "drop-frame" || candidate.kind === "corrupt-frame") &&
        candidate.direction === direction &&
        (candidate.command === undefined ? !isEventId(command) : candidate.command === command),
    );
    if (!fault) return report;
    if (fault.kind === "drop-frame") return null;
    const damaged = report.slice();
    damaged[20] = (damaged[20] ?? 0) ^ 0x10;
    return damaged;
  }
}

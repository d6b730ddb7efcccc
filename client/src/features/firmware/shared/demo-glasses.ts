import {
  type GlassesModelSlug,
  GlassesStore,
  type GlassesStoreSnapshot,
  type SimulatorTimings,
  VirtualGlasses,
} from "@vela/device";

/**
 * The "Try with simulated glasses" pair: one VirtualGlasses per model for the whole visit, so
 * moving between the tools keeps the same glasses, and their flash (settings, calibration,
 * firmware slots) is kept in localStorage so a reload keeps it too.
 */
const STORAGE_PREFIX = "vela.demo-glasses.v1.";

/**
 * Faster than a real pair where waiting teaches nothing (the USB round trip), real where the
 * wait is the point (flash writes, restarts, the IMU stream), so an update takes seconds.
 */
export const DEMO_TIMINGS: Partial<SimulatorTimings> = { reportLatencyMs: 0, commandMs: 0 };

const pairs = new Map<GlassesModelSlug, VirtualGlasses>();

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function loadStore(model: GlassesModelSlug): GlassesStore | undefined {
  const saved = storage()?.getItem(STORAGE_PREFIX + model);
  if (!saved) return undefined;
  try {
    const store = GlassesStore.fromJSON(JSON.parse(saved) as GlassesStoreSnapshot);
    return store.model === model ? store : undefined;
  } catch {
    return undefined;
  }
}

export function demoGlasses(model: GlassesModelSlug): VirtualGlasses {
  let glasses = pairs.get(model);
  if (!glasses) {
    const store = loadStore(model);
    glasses = new VirtualGlasses({
      ...(store ? { store } : { model, serialNumber: `${model}-DEMO-0001` }),
      timings: DEMO_TIMINGS,
      onPersist: (current) => {
        try {
          storage()?.setItem(STORAGE_PREFIX + model, JSON.stringify(current));
        } catch {
          // A full or disabled storage only means the demo forgets its settings on reload.
        }
      },
    });
    pairs.set(model, glasses);
  }
  return glasses;
}

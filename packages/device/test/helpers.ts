import {
  buildFirmwareImage,
  type ClientStats,
  demoFirmwarePayload,
  GlassesClient,
  type GlassesClientOptions,
  type GlassesModelSlug,
  type GlassesStore,
  ManualClock,
  MemoryTransport,
  type SimulatedFault,
  type SimulatorTimings,
  VirtualGlasses,
} from "../src/index.ts";

export const START_TIME = 1_700_000_000_000;

export interface SetupOptions {
  model?: GlassesModelSlug;
  store?: GlassesStore;
  firmwareVersion?: string;
  timings?: Partial<SimulatorTimings>;
  faults?: SimulatedFault[];
  client?: GlassesClientOptions;
  clock?: ManualClock;
}

/** A simulated pair of glasses, an in-memory transport and a client, all on one fake clock. */
export function setup(options: SetupOptions = {}) {
  const clock = options.clock ?? new ManualClock(START_TIME);
  const glasses = new VirtualGlasses({
    model: options.model ?? "N6P",
    clock,
    ...(options.store ? { store: options.store } : {}),
    ...(options.firmwareVersion ? { firmwareVersion: options.firmwareVersion } : {}),
    ...(options.timings ? { timings: options.timings } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
  });
  const transport = new MemoryTransport(glasses);
  const client = new GlassesClient(transport, { clock, ...options.client });
  const run = <T>(promise: Promise<T>): Promise<T> => clock.runUntilSettled(promise);
  return { clock, glasses, transport, client, run };
}

export async function connected(options: SetupOptions = {}) {
  const context = setup(options);
  await context.run(context.client.connect());
  return context;
}

/** A small but realistic image: big enough for a few hundred chunks, small enough for fast tests. */
export function testImage(model: GlassesModelSlug, version: string, size = 8 * 1024): Uint8Array {
  return buildFirmwareImage({ model, version, payload: demoFirmwarePayload({ model, version, size }) });
}

export function snapshotStats(stats: ClientStats): ClientStats {
  return { ...stats };
}

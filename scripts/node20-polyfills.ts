// Vitest 5 prints failures with Map.groupBy / Object.groupBy, which Node 20 lacks (they
// arrived in Node 21). Loaded by every vitest config, so a failing test is reported
// instead of crashing the reporter.
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;

const mapCtor = Map as unknown as { groupBy?: GroupBy };
if (typeof mapCtor.groupBy !== "function") {
  mapCtor.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> => {
    const out = new Map<K, T[]>();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      const list = out.get(k);
      if (list) list.push(item);
      else out.set(k, [item]);
    }
    return out;
  };
}

const objectCtor = Object as unknown as {
  groupBy?: <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => Record<PropertyKey, T[]>;
};
if (typeof objectCtor.groupBy !== "function") {
  objectCtor.groupBy = <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => {
    const out: Record<PropertyKey, T[]> = Object.create(null);
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      const list = out[k];
      if (list) list.push(item);
      else out[k] = [item];
    }
    return out;
  };
}

export {};

// The compatibility record of spec 000 §3 and the rule of §7: for a language other than en-US,
// the en-US record is merged beneath the localized one, so a partial translation still shows
// every row (in English where the translation is missing).
import { z } from "zod";

export const ZCompatibilitySubList = z.strictObject({
  title: z.string(),
  /** Path of the black logo image, or null when there is none. */
  blackLogo: z.string().nullable(),
  list: z.array(z.string()),
  rowSpan: z.number().int().min(1).max(6),
  colSpan: z.number().int().min(1).max(6),
});
export const ZCompatibilityTab = z.strictObject({
  title: z.string(),
  subtitle: z.string(),
  list: z.array(ZCompatibilitySubList),
});
export const ZCompatibilityRow = z.strictObject({ title: z.string(), value: z.string() });

const common = {
  title: z.string().min(1),
  titleLanding: z.string(),
  date: z.string(),
  /** A small subset of HTML (p, br, strong, em, a, ul, li); the client renders it without innerHTML. */
  descriptionHTML: z.string(),
  icon: z.string(),
  gridTemplateColumns: z.string(),
};

export const ZCompatibilityRecord = z.union([
  z.strictObject({ ...common, type: z.literal("glasses"), list: z.array(ZCompatibilityTab) }),
  z.strictObject({
    ...common,
    type: z.string().refine((t) => t !== "glasses"),
    list: z.array(ZCompatibilityRow),
  }),
]);
export type CompatibilityRecord = z.infer<typeof ZCompatibilityRecord>;
export type CompatibilityTab = z.infer<typeof ZCompatibilityTab>;
export type CompatibilitySubList = z.infer<typeof ZCompatibilitySubList>;
export type CompatibilityRow = z.infer<typeof ZCompatibilityRow>;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `over` laid on top of `base`, key by key and item by item. A value missing, null, empty
 * or of another kind in `over` leaves the base value; extra items or keys in `over` are kept.
 */
export function mergeBeneath<T>(base: T, over: unknown): T {
  if (over === undefined || over === null) return base;
  if (Array.isArray(base)) {
    if (!Array.isArray(over)) return base;
    const merged: unknown[] = base.map((item, i) => (i < over.length ? mergeBeneath(item, over[i]) : item));
    for (let i = base.length; i < over.length; i++) merged.push(over[i]);
    return merged as T;
  }
  if (isPlain(base)) {
    if (!isPlain(over)) return base;
    const merged: Plain = { ...base };
    for (const [key, value] of Object.entries(over)) {
      merged[key] = Object.hasOwn(base, key) ? mergeBeneath(base[key], value) : value;
    }
    return merged as T;
  }
  if (typeof over !== typeof base) return base;
  if (typeof over === "string" && over.trim() === "") return base;
  return over as T;
}

/** The record served for a language: the localized record over en-US, or en-US alone. */
export function localizeCompatibility(
  enUS: CompatibilityRecord,
  localized: unknown | null | undefined,
): CompatibilityRecord {
  return localized ? mergeBeneath(enUS, localized) : enUS;
}

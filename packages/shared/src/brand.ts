/** The brand, named once. Product handles are derived from its slug. */
export const BRAND = { name: "Vela", slug: "vela", domain: "vela.test" } as const;

export const handle = (rest: string): string => `${BRAND.slug}-${rest}`;

/** Global ids leave the server as gid://vela/Type/123; the client routes by the last segment. */
export const toGid = (type: string, id: number | string): string => `gid://${BRAND.slug}/${type}/${id}`;
export const gidTail = (gid: string): string => gid.slice(gid.lastIndexOf("/") + 1);

/**
 * The numeric id in `123`, `"123"` or `"gid://vela/Type/123"`; null when there is none. Every id
 * that arrives from a client (orders, addresses, customers in emailed links, variants, cart lines)
 * goes through this one rule.
 */
export function numericIdOf(value: string | number): number | null {
  const tail = typeof value === "number" ? String(value) : gidTail(value);
  return /^[1-9][0-9]{0,11}$/.test(tail) ? Number(tail) : null;
}

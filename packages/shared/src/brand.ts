/** The brand, named once. Product handles are derived from its slug. */
export const BRAND = { name: "Vela", slug: "vela", domain: "vela.test" } as const;

export const handle = (rest: string): string => `${BRAND.slug}-${rest}`;

/** Global ids leave the server as gid://vela/Type/123; the client routes by the last segment. */
export const toGid = (type: string, id: number | string): string => `gid://${BRAND.slug}/${type}/${id}`;
export const gidTail = (gid: string): string => gid.slice(gid.lastIndexOf("/") + 1);

// `X-Robots-Tag: noindex` on the answers of private page paths (account, sign-in, cart,
// checkout, /dev): search engines drop them even when robots.txt is ignored or a link leads
// there. Keyed by the path alone, so it holds whatever handler answers the page (the SPA
// fallback today, a server renderer later) and for redirects and errors on those paths too; the
// path is the one the router answers for (security.ts routedPath), however the request spells it.
import { isPrivatePagePath } from "@vela/shared";
import type { FastifyInstance } from "fastify";
import { routedPath } from "./security.ts";

export const NOINDEX = "noindex";

/** The X-Robots-Tag value for a request path, or undefined for a page that may be indexed. */
export function robotsTagFor(urlPath: string): string | undefined {
  return isPrivatePagePath(urlPath) ? NOINDEX : undefined;
}

export function registerRobotsHeader(app: FastifyInstance): void {
  app.addHook("onSend", (req, reply, payload, done) => {
    const tag = robotsTagFor(routedPath(req.url));
    if (tag) reply.header("x-robots-tag", tag);
    done(null, payload);
  });
}

import { hydrate, type QueryClient } from "@tanstack/react-query";
import { matchRoutes, type RouteObject } from "react-router-dom";
import type { SsrState } from "./ssr-state.ts";

/**
 * Loads the code of the routes a server-rendered page matched before the first render, as the
 * server did: with a lazy route still unloaded, the router would show its fallback and the
 * hydration would not match what the server sent.
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Puts the server's queries into the client's cache. They count as fetched now: the server's
 * page cache is dropped whenever what it shows changes (docs/decisions/013), so they are as fresh
 * as a fetch would be, and the page does not fetch them again on mount.
 */
export function hydrateQueries(queryClient: QueryClient, state: SsrState, now = Date.now()): void {
  hydrate(queryClient, {
    ...state.queries,
    queries: state.queries.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })),
  });
}

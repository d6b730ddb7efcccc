import type { QueryClient } from "@tanstack/react-query";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { createContext, type LoaderFunctionArgs, RouterContextProvider } from "react-router-dom";
import type { ApiClient, AppRouter } from "./trpc.ts";

/** What a route's loader needs to start its page's queries. */
export interface RouteData {
  queryClient: QueryClient;
  client: ApiClient;
  trpc: TRPCOptionsProxy<AppRouter>;
}

/** Null under a router made without it (tests): the loaders then start nothing. */
const routeDataContext = createContext<RouteData | null>(null);

/** The router's `getContext`: every navigation's loaders see the app's query client and API. */
export const routeDataProvider =
  (data: RouteData): (() => RouterContextProvider) =>
  () => {
    const context = new RouterContextProvider();
    context.set(routeDataContext, data);
    return context;
  };

/**
 * A route's loader that starts the page's first queries and returns at once, without waiting for
 * them: the router runs it alongside the page's lazy chunk, so the data downloads with the page's
 * code instead of after the page has loaded and rendered. The page reads the same queries (same
 * keys) from the cache, and shows its own loading and error states as before. It runs when the
 * route is entered only (`shouldRevalidate`): within the page (a new search, another product)
 * the page's own queries fetch, and the navigation stays synchronous.
 */
export const prefetch = (start: (data: RouteData, args: LoaderFunctionArgs) => void) => ({
  loader: (args: LoaderFunctionArgs): null => {
    const data = (args.context as RouterContextProvider | undefined)?.get(routeDataContext);
    if (data) start(data, args);
    return null;
  },
  shouldRevalidate: () => false,
});

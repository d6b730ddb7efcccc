import { infiniteQueryOptions } from "@tanstack/react-query";
import { ORDERS_PAGE_DEFAULT } from "@vela/shared";
import type { RouteData } from "../../../lib/route-data.ts";

/**
 * The orders list (orders-page.tsx), started early by the route's loader. Not tRPC's
 * infiniteQueryOptions: tRPC adds a `direction` field to infinite inputs, which the server's
 * strict input schema refuses. The cursor is passed by hand instead.
 */
export const ordersQueryOptions = ({ trpc, client }: Pick<RouteData, "trpc" | "client">) =>
  infiniteQueryOptions({
    queryKey: trpc.orders.list.infiniteQueryKey({ limit: ORDERS_PAGE_DEFAULT }),
    queryFn: ({ pageParam, signal }) =>
      client.orders.list.query({ limit: ORDERS_PAGE_DEFAULT, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.orders.pageInfo.hasNextPage ? last.orders.pageInfo.endCursor : undefined,
  });

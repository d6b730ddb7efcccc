// A list read in cursor pages (`{..., nextCursor}` answers, `cursor` in the input), for
// useInfiniteQuery. Not tRPC's infiniteQueryOptions: that adds `direction` to the input, which the
// admin's strict input schemas refuse. The key is the procedure's infinite-query key, so
// invalidating the procedure (its pathKey) refreshes the list.
import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";

export interface CursorPage {
  nextCursor: number | null;
}

export function cursorPages<TPage extends CursorPage>(
  queryKey: QueryKey,
  fetchPage: (cursor: number | undefined) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (last: TPage) => last.nextCursor ?? undefined,
  });
}

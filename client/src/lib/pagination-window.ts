// Which page numbers a pagination shows (the games search, spec 001 §5, §9, and the reviews):
// every page up to `max` (7), else `max` page numbers (the first, the last, and those around the
// current one) with an ellipsis for each gap; nothing at all when one page holds everything.
import { GAMES_PAGINATION_PAGES } from "@vela/shared";

export type PageSlot = number | "ellipsis-start" | "ellipsis-end";

export function paginationWindow(page: number, pageCount: number, max = GAMES_PAGINATION_PAGES): PageSlot[] {
  if (pageCount <= 1) return [];
  const all = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pageCount <= max) return all(1, pageCount);
  const current = Math.min(Math.max(1, page), pageCount);
  // Near an end, that end shows max - 1 numbers in a row; in the middle, max - 2 around the page.
  const edge = max - 1;
  if (current <= edge - Math.floor((max - 2) / 2)) return [...all(1, edge), "ellipsis-end", pageCount];
  if (current >= pageCount - edge + 1 + Math.floor((max - 2) / 2))
    return [1, "ellipsis-start", ...all(pageCount - edge + 1, pageCount)];
  const side = Math.floor((max - 3) / 2);
  return [1, "ellipsis-start", ...all(current - side, current + side), "ellipsis-end", pageCount];
}

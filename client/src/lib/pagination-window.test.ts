import { describe, expect, it } from "vitest";
import { paginationWindow } from "./pagination-window.ts";

const numbers = (slots: ReturnType<typeof paginationWindow>) => slots.filter((s) => typeof s === "number");

describe("paginationWindow (spec 001 §5, §9)", () => {
  it("shows nothing when one page holds all (or there is nothing)", () => {
    expect(paginationWindow(1, 1)).toEqual([]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it("shows every page up to seven, without ellipsis", () => {
    expect(paginationWindow(1, 2)).toEqual([1, 2]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("beyond seven pages shows seven numbers and an ellipsis for each gap", () => {
    expect(paginationWindow(1, 8)).toEqual([1, 2, 3, 4, 5, 6, "ellipsis-end", 8]);
    expect(paginationWindow(4, 14)).toEqual([1, 2, 3, 4, 5, 6, "ellipsis-end", 14]);
    expect(paginationWindow(5, 14)).toEqual([1, "ellipsis-start", 3, 4, 5, 6, 7, "ellipsis-end", 14]);
    expect(paginationWindow(7, 14)).toEqual([1, "ellipsis-start", 5, 6, 7, 8, 9, "ellipsis-end", 14]);
    expect(paginationWindow(10, 14)).toEqual([1, "ellipsis-start", 8, 9, 10, 11, 12, "ellipsis-end", 14]);
    expect(paginationWindow(11, 14)).toEqual([1, "ellipsis-start", 9, 10, 11, 12, 13, 14]);
    expect(paginationWindow(14, 14)).toEqual([1, "ellipsis-start", 9, 10, 11, 12, 13, 14]);
  });

  it("always holds the first, the last and the current page, at most seven numbers, in order", () => {
    for (let count = 2; count <= 40; count++) {
      for (let page = 1; page <= count; page++) {
        const slots = paginationWindow(page, count);
        const nums = numbers(slots) as number[];
        expect(nums.length).toBe(Math.min(7, count));
        expect(nums).toContain(1);
        expect(nums).toContain(count);
        expect(nums).toContain(page);
        expect([...nums].sort((a, b) => a - b)).toEqual(nums);
        // An ellipsis stands exactly where numbers are skipped.
        for (let i = 1; i < slots.length; i++) {
          const prev = slots[i - 1];
          const cur = slots[i];
          if (typeof prev === "number" && typeof cur === "number") expect(cur).toBe(prev + 1);
        }
        expect(slots.length - nums.length).toBe(count > 7 ? (page > 4 && page < count - 3 ? 2 : 1) : 0);
      }
    }
  });

  it("clamps a page outside the range", () => {
    expect(paginationWindow(99, 14)).toEqual(paginationWindow(14, 14));
    expect(paginationWindow(0, 14)).toEqual(paginationWindow(1, 14));
  });
});

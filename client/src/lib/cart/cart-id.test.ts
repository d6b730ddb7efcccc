import { ZCartId } from "@vela/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCartId } from "./cart-id.ts";

describe("isCartId", () => {
  it("accepts exactly what the shared ZCartId schema accepts", () => {
    const samples = [
      "",
      "short",
      "abcdefghij",
      "  abcdefghij  ",
      "abc-DEF_123",
      "a".repeat(64),
      "a".repeat(65),
      "abc def ghij",
      "abcdefghij\n",
      "gid://vela/Cart/1",
      "ÄBCDEFGHIJ",
    ];
    for (const s of samples) expect(isCartId(s), JSON.stringify(s)).toBe(ZCartId.safeParse(s).success);
    const idChars = fc.constantFrom(..."aZ09_- \t\n.é/".split(""));
    fc.assert(
      fc.property(fc.string({ unit: idChars, maxLength: 70 }), fc.string({ maxLength: 70 }), (a, b) => {
        expect(isCartId(a)).toBe(ZCartId.safeParse(a).success);
        expect(isCartId(b)).toBe(ZCartId.safeParse(b).success);
      }),
    );
  });
});

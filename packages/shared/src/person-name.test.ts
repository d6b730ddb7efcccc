import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { personName, splitPersonName } from "./person-name.ts";

describe("person names", () => {
  it("put the family name first in Japanese only", () => {
    expect(personName("ja-JP", "花子", "佐藤")).toBe("佐藤 花子");
    expect(personName("en-US", "Alex", "Rivera")).toBe("Alex Rivera");
    expect(personName("zh-CN", "Alex", "Rivera")).toBe("Alex Rivera");
    expect(personName("ja-JP", "花子", " ")).toBe("花子");
  });

  it("split back into the stored fields in the language that wrote them", () => {
    const word = fc.stringMatching(/^[A-Za-z\u3040-\u30ff\u4e00-\u9fff]{1,8}$/);
    fc.assert(
      fc.property(fc.constantFrom("en-US", "ja-JP"), word, word, (locale, firstName, lastName) => {
        expect(splitPersonName(locale, personName(locale, firstName, lastName))).toEqual({
          firstName,
          lastName,
        });
      }),
    );
  });
});

// The state a server-rendered page carries is inert JSON: nothing in it can end its <script>
// element or start markup, and it reads back unchanged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonForScript, readSsrState, SSR_STATE_ID } from "./ssr-state.ts";

describe("jsonForScript", () => {
  it("writes no <, >, & or line separator, whatever the value holds", () => {
    const text = jsonForScript({ description: "</script><script>alert(1)</script><!-- a\u2028b\u2029 & c" });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
  });

  it("reads back as the same value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = jsonForScript(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe("readSsrState", () => {
  it("reads the page's state element, and null for the client's shell or a broken one", () => {
    const doc = document.implementation.createHTMLDocument("");
    expect(readSsrState(doc)).toBeNull();
    const el = doc.createElement("script");
    el.type = "application/json";
    el.id = SSR_STATE_ID;
    el.textContent = jsonForScript({ locale: "ja-JP", router: {}, queries: { queries: [], mutations: [] } });
    doc.body.append(el);
    expect(readSsrState(doc)?.locale).toBe("ja-JP");
    el.textContent = "{not json";
    expect(readSsrState(doc)).toBeNull();
  });
});

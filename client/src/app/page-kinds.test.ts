// Which pages the server renders with their content, and which stay the client's shell.
import { describe, expect, it } from "vitest";
import { pageKind } from "./page-kinds.ts";

describe("pageKind", () => {
  it("renders the public pages", () => {
    for (const p of [
      "/",
      "/products",
      "/products/vela-one",
      "/games",
      "/blog/a-post",
      "/privacy-policy",
      "/nope",
    ]) {
      expect(pageKind(p), p).toEqual({ kind: "rendered" });
    }
  });

  it("leaves private pages to the client, named and noindex", () => {
    expect(pageKind("/account/orders/1001")).toEqual({ kind: "shell", title: "orders.title", noindex: true });
    expect(pageKind("/cart")).toEqual({ kind: "shell", title: "cart.title", noindex: true });
    expect(pageKind("/checkout/confirmation/5")).toMatchObject({ noindex: true });
    expect(pageKind("/checkout/complete")).toEqual({
      kind: "shell",
      title: "checkout.complete.title",
      noindex: true,
    });
    expect(pageKind("/newsletter/confirm")).toMatchObject({ noindex: true });
    // Whatever lies under the private areas, known to the client or not.
    expect(pageKind("/account/whatever")).toEqual({ kind: "shell", title: null, noindex: true });
    expect(pageKind("/dev")).toEqual({ kind: "shell", title: null, noindex: true });
  });

  it("leaves the glasses tools to the client, indexable", () => {
    expect(pageKind("/firmware/update")).toEqual({
      kind: "shell",
      title: "firmware.update.title",
      noindex: false,
    });
  });
});

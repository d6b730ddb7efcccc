import { describe, expect, it } from "vitest";
import { loginHref, loginHrefAfter401, orderHref, registerHref } from "./routes.ts";

describe("href helpers", () => {
  it("builds the login link with a readable redirect", () => {
    expect(loginHref()).toBe("/account/login");
    expect(loginHref("/account/orders")).toBe("/account/login?redirect=/account/orders");
    expect(registerHref("/account/addresses")).toBe("/account/register?redirect=/account/addresses");
    expect(loginHref("/a?b=c&d")).toBe("/account/login?redirect=/a%3Fb%3Dc%26d");
  });

  it("routes an order by the last segment of its global id", () => {
    expect(orderHref("gid://vela/Order/1001")).toBe("/account/orders/1001");
    expect(orderHref(1002)).toBe("/account/orders/1002");
  });

  it("sends a 401 on the overview to plain login, elsewhere back to the page (spec 000 §6)", () => {
    expect(loginHrefAfter401("/account")).toBe("/account/login");
    expect(loginHrefAfter401("/account/")).toBe("/account/login");
    expect(loginHrefAfter401("/account/orders")).toBe("/account/login?redirect=/account/orders");
    expect(loginHrefAfter401("/account/addresses")).toBe("/account/login?redirect=/account/addresses");
  });
});

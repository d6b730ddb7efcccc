import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { handle, STOREFRONT_MESSAGES } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";

beforeEach(() => {
  quietSubscribeDialog();
});

const LUMA = handle("luma-pro-xr-glasses");
const ONE = handle("one-xr-glasses");
const PRODUCTS = {
  products: [
    { id: "gid://vela/Product/1", handle: ONE, title: "Vela One XR Glasses" },
    { id: "gid://vela/Product/4", handle: LUMA, title: "Vela Luma Pro XR Glasses" },
  ],
};

function review(n: number, product = { handle: LUMA, title: "Vela Luma Pro XR Glasses" }) {
  return {
    id: `gid://vela/Review/${n}`,
    rating: 4,
    title: `Review ${n}`,
    body: "Bright and sharp.",
    authorName: "Maya R.",
    verified: n % 2 === 0,
    createdAt: "2026-10-28T09:12:00.000Z",
    product,
  };
}

function listFor(input: unknown) {
  const { handle: h, page = 1 } = (input ?? {}) as { handle?: string | null; page?: number };
  const product = PRODUCTS.products.find((p) => p.handle === h) ?? null;
  return {
    product,
    summary: { average: product ? 4.4 : 4.2, count: product ? 12 : 38, distribution: [0, 1, 1, 3, 7] },
    reviews: [review(page * 10 + 1), review(page * 10 + 2)],
    pageInfo: { page, pageSize: 5, pageCount: product ? 3 : 8, total: product ? 12 : 38 },
  };
}

const base = {
  "catalog.filterProducts": () => PRODUCTS,
  "reviews.list": listFor,
  "reviews.eligibility": () => {
    throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
  },
};

describe("reviews page", () => {
  it("starts on 'All Products', with average and count", async () => {
    renderApp("/reviews", { handlers: base });
    expect(await screen.findByRole("heading", { level: 1, name: "Reviews" })).toBeTruthy();
    const select = (await screen.findByLabelText("Product")) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect(select.options[0]?.textContent).toBe("All Products");
    expect(select.value).toBe("");
    expect(await screen.findByText("4.2 out of 5")).toBeTruthy();
    expect(screen.getByText("Based on 38 reviews")).toBeTruthy();
    expect(screen.getAllByText("Verified buyer")).toHaveLength(1);
  });

  it("rewrites the handle in the URL when a product is chosen, and filters", async () => {
    const { router, api } = renderApp("/reviews?page=2", { handlers: base });
    const select = (await screen.findByLabelText("Product")) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    fireEvent.change(select, { target: { value: LUMA } });
    await waitFor(() => expect(router.state.location.search).toBe(`?handle=${LUMA}`));
    expect(await screen.findByText("4.4 out of 5")).toBeTruthy();
    expect(
      api.calls.some(
        (c) => c.path === "reviews.list" && JSON.stringify(c.input) === `{"handle":"${LUMA}","page":1}`,
      ),
    ).toBe(true);
    fireEvent.change(select, { target: { value: "" } });
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("shows at most seven page numbers, with an ellipsis for the gap", async () => {
    renderApp("/reviews", { handlers: base });
    const nav = await screen.findByRole("navigation", { name: "Review pages" });
    const numbers = within(nav)
      .getAllByRole("button", { name: /^Page \d+$/ })
      .map((b) => b.textContent);
    expect(numbers).toEqual(["1", "2", "3", "4", "5", "6", "8"]);
    expect(nav.textContent).toContain("…");
  });

  it("reads the handle from the URL and pages with ?page=", async () => {
    const { router } = renderApp(`/reviews?handle=${LUMA}`, { handlers: base });
    const select = (await screen.findByLabelText("Product")) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(LUMA));
    const nav = await screen.findByRole("navigation", { name: "Review pages" });
    expect(within(nav).getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(nav).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?handle=${LUMA}&page=2`));
    expect(await screen.findByText("Review 21")).toBeTruthy();
  });

  it("invites a visitor to sign in to review", async () => {
    renderApp(`/reviews?handle=${LUMA}`, { handlers: base });
    const link = await screen.findByRole("link", { name: "Login to review a product you have ordered" });
    expect(link.getAttribute("href")).toBe(`/account/login?redirect=/reviews%3Fhandle%3D${LUMA}`);
  });

  it("says why a customer cannot review", async () => {
    renderApp(`/reviews?handle=${LUMA}`, {
      handlers: { ...base, "reviews.eligibility": () => ({ canReview: false, reason: "not-ordered" }) },
    });
    expect(await screen.findByText(STOREFRONT_MESSAGES.reviewNotOrdered)).toBeTruthy();
  });

  it("lets a customer who ordered the product write a review, validated first", async () => {
    const { api } = renderApp(`/reviews?handle=${LUMA}`, {
      handlers: {
        ...base,
        "reviews.eligibility": () => ({ canReview: true, reason: null }),
        "reviews.create": (input) => ({ review: { ...review(99), ...(input as object), verified: true } }),
      },
    });
    const form = (await screen.findByRole("heading", { name: "Write a review" })).closest(
      "form",
    ) as HTMLFormElement;
    fireEvent.click(within(form).getByRole("button", { name: "Publish review" }));
    expect(await within(form).findByText(STOREFRONT_MESSAGES.ratingRequired)).toBeTruthy();
    expect(within(form).getByText(STOREFRONT_MESSAGES.reviewTitleRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.path === "reviews.create")).toBe(false);
    fireEvent.click(within(form).getByRole("radio", { name: "4 out of 5 stars" }));
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Great" } });
    fireEvent.change(within(form).getByLabelText("Your review"), {
      target: { value: "Sharp and bright picture." },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Publish review" }));
    expect(await screen.findByText("Thank you! Your review is published.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "reviews.create")?.input).toEqual({
      handle: LUMA,
      rating: 4,
      title: "Great",
      body: "Sharp and bright picture.",
    });
  });

  it("says so when the handle is unknown", async () => {
    renderApp(`/reviews?handle=${handle("nothing")}`, {
      handlers: {
        ...base,
        "reviews.list": () => {
          throw new ApiFailure("NOT_FOUND", "Product not found");
        },
      },
    });
    expect(await screen.findByText("We could not find that product. Choose one from the list.")).toBeTruthy();
  });

  it("is in Japanese", async () => {
    renderApp("/reviews", { handlers: base, locale: "ja-JP" });
    expect(await screen.findByRole("heading", { level: 1, name: "レビュー" })).toBeTruthy();
    const select = (await screen.findByLabelText("製品")) as HTMLSelectElement;
    await waitFor(() => expect(select.options[0]?.textContent).toBe("すべての製品"));
  });

  it("links each product under the catalogue's Japanese name and labels English reviews on a Japanese page", async () => {
    const JA = {
      products: [
        { id: "gid://vela/Product/1", handle: ONE, title: "Vela One XRグラス" },
        { id: "gid://vela/Product/4", handle: LUMA, title: "Vela Luma Pro XRグラス" },
      ],
    };
    const japanese = {
      ...review(3),
      id: "gid://vela/Review/3",
      title: "映像がとてもきれい",
      body: "文字もはっきり読めます。",
    };
    const { api } = renderApp("/reviews", {
      locale: "ja-JP",
      handlers: {
        ...base,
        "catalog.filterProducts": () => JA,
        "reviews.list": (input) => ({ ...listFor(input), reviews: [review(1), japanese] }),
      },
    });
    const links = await screen.findAllByRole("link", { name: "Vela Luma Pro XRグラス" });
    expect(links).toHaveLength(2);
    expect(screen.queryByText("Vela Luma Pro XR Glasses")).toBeNull();
    expect(api.calls.find((c) => c.path === "catalog.filterProducts")?.input).toEqual({ language: "ja-JP" });
    // The English review says so, and its text is marked English; the Japanese one is not labelled.
    expect(screen.getAllByText("英語のレビュー")).toHaveLength(1);
    const english = screen.getByText("Review 1").closest("article") as HTMLElement;
    expect(within(english).getByText("英語のレビュー")).toBeTruthy();
    expect(within(english).getByText("Bright and sharp.").getAttribute("lang")).toBe("en-US");
    expect(screen.getByText("文字もはっきり読めます。").getAttribute("lang")).toBeNull();
  });

  it("labels a Japanese review on an English page", async () => {
    renderApp("/reviews", {
      handlers: {
        ...base,
        "reviews.list": (input) => ({
          ...listFor(input),
          reviews: [{ ...review(3), title: "映像がとてもきれい", body: "文字もはっきり読めます。" }],
        }),
      },
    });
    expect(await screen.findByText("Review in Japanese")).toBeTruthy();
    expect(screen.getByText("文字もはっきり読めます。").getAttribute("lang")).toBe("ja-JP");
  });
});

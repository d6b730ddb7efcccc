import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BLOG_ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const text = (title: string, body = "") => ({ title, excerpt: "", imageAlt: "", body, bodyHtml: "" });

function post(extra: Record<string, unknown> = {}) {
  return {
    id: 5,
    slug: "lenses-arrive",
    status: "DRAFT",
    state: "DRAFT",
    publishedAt: "2026-11-20T10:00:00.000Z",
    cover: "academy-opens",
    version: 2,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    texts: { en: text("Lenses arrive", "Hello"), ja: text("レンズ登場", "こんにちは") },
    ...extra,
  };
}

const row = (id: number, state: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `post-${id}`,
  status: state === "DRAFT" ? "DRAFT" : "PUBLISHED",
  state,
  publishedAt: "2026-12-01T09:00:00.000Z",
  cover: "academy-opens",
  title: `Post ${id}`,
  titleJa: "",
  languages: ["en-US"],
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...extra,
});

describe("the blog list", () => {
  it("shows each post's state, date and languages, and filters by state in the URL", async () => {
    const { api, router } = renderAdmin("/admin/blog", {
      handlers: {
        "auth.me": signedIn(member("content")),
        "blog.list": () => ({
          posts: [row(1, "SCHEDULED", { titleJa: "予約", languages: ["en-US", "ja-JP"] }), row(2, "DRAFT")],
        }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Blog" })).toBeTruthy();
    const table = await screen.findByRole("table");
    const first = within(table)
      .getByRole("rowheader", { name: /Post 1/ })
      .closest("tr") as HTMLElement;
    expect(within(first).getByText("Scheduled")).toBeTruthy();
    expect(within(first).getByText("English, Japanese")).toBeTruthy();
    const second = within(table)
      .getByRole("rowheader", { name: /Post 2/ })
      .closest("tr") as HTMLElement;
    expect(within(second).getByText("Draft")).toBeTruthy();
    expect(within(second).getByText("—")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "DRAFT" } });
    await waitFor(() => expect(router.state.location.search).toBe("?state=DRAFT"));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === "blog.list" && (c.input as { status?: string })?.status === "DRAFT"),
      ).toBe(true),
    );
  });

  it("is not in the navigation of a role without content.manage", async () => {
    renderAdmin("/admin/blog", { handlers: { "auth.me": signedIn(member("support")) } });
    expect(await screen.findByText("You do not have access")).toBeTruthy();
  });
});

describe("a post's page", () => {
  it("shows English and Japanese side by side, previews the body as the server renders it, and saves at the version opened", async () => {
    const { api } = renderAdmin("/admin/blog/5", {
      handlers: {
        "auth.me": signedIn(member("content")),
        "blog.get": () => post(),
        "blog.preview": (input) => ({ html: `<p><strong>${(input as { body: string }).body}</strong></p>` }),
        "blog.update": () => post({ version: 3 }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Lenses arrive" })).toBeTruthy();
    expect((screen.getByLabelText("Title (English)") as HTMLInputElement).value).toBe("Lenses arrive");
    expect((screen.getByLabelText("Title (Japanese)") as HTMLInputElement).value).toBe("レンズ登場");
    const body = screen.getByLabelText("Body (markdown) (English)");
    fireEvent.change(body, { target: { value: "New words" } });
    const preview = screen.getByRole("region", { name: "Preview of the English body" });
    // The preview follows once typing rests, with the server's HTML.
    await waitFor(() => expect(within(preview).getByText("New words").tagName).toBe("STRONG"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved")).toBeTruthy();
    const sent = api.calls.find((c) => c.path === "blog.update")?.input;
    expect(sent).toMatchObject({
      postId: 5,
      version: 2,
      slug: "lenses-arrive",
      cover: "academy-opens",
      texts: { en: { title: "Lenses arrive", body: "New words" }, ja: { title: "レンズ登場" } },
    });
  });

  it("keeps what the member typed when the post changed since it was opened, and offers the latest version", async () => {
    renderAdmin("/admin/blog/5", {
      handlers: {
        "auth.me": signedIn(member("content")),
        "blog.get": () => post(),
        "blog.preview": () => ({ html: "" }),
        "blog.update": () => {
          throw new ApiFailure("CONFLICT", BLOG_ADMIN_MESSAGES.staleVersion);
        },
      },
    });
    const title = (await screen.findByLabelText("Title (English)")) as HTMLInputElement;
    fireEvent.change(title, { target: { value: "Mine" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(BLOG_ADMIN_MESSAGES.staleVersion)).toBeTruthy();
    expect(title.value).toBe("Mine");
    expect(screen.getByRole("button", { name: "Open the latest version" })).toBeTruthy();
  });

  it("schedules a post at the time chosen, and asks before deleting it", async () => {
    const { api, router } = renderAdmin("/admin/blog/5", {
      handlers: {
        "auth.me": signedIn(member("content")),
        "blog.get": () => post(),
        "blog.preview": () => ({ html: "" }),
        "blog.publish": () => post({ status: "PUBLISHED", state: "SCHEDULED", version: 3 }),
        "blog.delete": () => ({ deleted: true }),
        "blog.list": () => ({ posts: [] }),
      },
    });
    const at = (await screen.findByLabelText("Publish at")) as HTMLInputElement;
    fireEvent.change(at, { target: { value: "2030-01-02T09:30" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "blog.publish")).toBe(true));
    const sent = api.calls.find((c) => c.path === "blog.publish")?.input as {
      publishAt: string;
      version: number;
    };
    expect(sent.version).toBe(2);
    expect(new Date(sent.publishAt).getTime()).toBe(new Date("2030-01-02T09:30").getTime());
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/blog"));
    // The delete was made at the version the schedule moved it to.
    expect(api.calls.find((c) => c.path === "blog.delete")?.input).toEqual({ postId: 5, version: 3 });
  });

  it("a new post is created as a draft and its page opens; a refusal keeps what was typed", async () => {
    let refuse = true;
    const { api, router } = renderAdmin("/admin/blog/new", {
      handlers: {
        "auth.me": signedIn(member("content")),
        "blog.preview": () => ({ html: "" }),
        "blog.get": () => post({ id: 9, slug: "fresh" }),
        "blog.create": () => {
          if (refuse) throw new ApiFailure("CONFLICT", BLOG_ADMIN_MESSAGES.slugTaken);
          return post({ id: 9, slug: "fresh" });
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "New post" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Address"), { target: { value: "taken" } });
    fireEvent.change(screen.getByLabelText("Title (English)"), { target: { value: "Hi" } });
    fireEvent.click(screen.getByRole("button", { name: "Create draft" }));
    expect(await screen.findByText(BLOG_ADMIN_MESSAGES.slugTaken)).toBeTruthy();
    expect((screen.getByLabelText("Address") as HTMLInputElement).value).toBe("taken");
    refuse = false;
    fireEvent.change(screen.getByLabelText("Address"), { target: { value: "fresh" } });
    fireEvent.click(screen.getByRole("button", { name: "Create draft" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/blog/9"));
    expect(api.calls.filter((c) => c.path === "blog.create").at(-1)?.input).toMatchObject({
      slug: "fresh",
      cover: "academy-opens",
      texts: { en: { title: "Hi" }, ja: { title: "" } },
    });
  });

  it("uploads a cover picture and saves the post with it; a refused file is said under its field", async () => {
    const cover = `upload-${"ab".repeat(32)}-png`;
    let refuse = true;
    const { api } = renderAdmin("/admin/blog/5", {
      handlers: {
        "auth.me": signedIn(member("content")),
        "blog.get": () => post(),
        "blog.preview": () => ({ html: "" }),
        "blog.uploadCover": () => {
          if (refuse) throw new ApiFailure("BAD_REQUEST", "This file is not a JPEG, PNG or WebP picture");
          return { cover, image: "/images/blog/x-640.webp", imageMD: "", imageXL: "" };
        },
        "blog.update": () => post({ version: 3, cover }),
      },
    });
    const file = (await screen.findByLabelText(
      "Upload a cover picture (JPEG, PNG or WebP)",
    )) as HTMLInputElement;
    fireEvent.change(file, {
      target: { files: [new File(["not a picture"], "a.txt", { type: "text/plain" })] },
    });
    await waitFor(() => expect(file.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("This file is not a JPEG, PNG or WebP picture")).toBeTruthy();
    refuse = false;
    fireEvent.change(file, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], "a.png", { type: "image/png" })] },
    });
    await waitFor(() =>
      expect((screen.getByLabelText("Cover picture") as HTMLSelectElement).value).toBe(cover),
    );
    expect(api.calls.filter((c) => c.path === "blog.uploadCover").at(-1)?.input).toEqual({
      data: "iVBORw==",
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "blog.update")).toBe(true));
    expect(api.calls.find((c) => c.path === "blog.update")?.input).toMatchObject({ cover });
  });
});

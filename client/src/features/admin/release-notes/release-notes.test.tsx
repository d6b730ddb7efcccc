import { fireEvent, screen, within } from "@testing-library/react";
import { RELEASES_ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const lists = () => ({
  system: [
    {
      product: "xr-glasses",
      model: "N6",
      releases: [
        {
          id: 3,
          version: "1.3.0.260609",
          displayVersion: "1.3.0",
          date: "2026-06-09",
          languages: ["en-US", "ja-JP"],
          downloadLink: "",
          rowVersion: 0,
        },
      ],
    },
    { product: "xr-glasses", model: "N6C", releases: [] },
  ],
  app: [
    {
      app: "spacewalker",
      platform: "Windows",
      releases: [
        {
          id: 9,
          version: "2.0.0",
          displayVersion: "2.0.0",
          date: "2026-05-01",
          languages: ["en-US"],
          downloadLink: "https://example.com/sw.exe",
          rowVersion: 2,
        },
      ],
    },
  ],
});

const systemRelease = (extra: Record<string, unknown> = {}) => ({
  kind: "system",
  id: 3,
  product: "xr-glasses",
  model: "N6",
  version: "1.3.0.260609",
  displayVersion: "1.3.0",
  date: "2026-06-09",
  notes: { "en-US": "- Fixes", "zh-CN": "", "ja-JP": "- 修正" },
  html: { "en-US": "<ul>\n<li>Fixes</li>\n</ul>\n", "zh-CN": "", "ja-JP": "<ul>\n<li>修正</li>\n</ul>\n" },
  rowVersion: 0,
  ...extra,
});

describe("the release notes list", () => {
  it("shows system releases per model and app releases per app and platform, each opening its page", async () => {
    renderAdmin("/admin/release-notes", {
      handlers: { "auth.me": signedIn(member("content")), "releaseNotes.list": lists },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Release notes" })).toBeTruthy();
    const n6 = await screen.findByRole("table", { name: /\(N6\) releases/ });
    expect(within(n6).getByRole("link", { name: "Edit 1.3.0.260609" }).getAttribute("href")).toBe(
      "/admin/release-notes/system/3",
    );
    expect(within(n6).getByText("English, Japanese")).toBeTruthy();
    const app = screen.getByRole("table", { name: "Spacewalker on Windows" });
    expect(within(app).getByText("https://example.com/sw.exe")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add a system release" })).toBeTruthy();
  });
});

describe("a release's form", () => {
  it("adds a system release with notes in English and Japanese, each field labelled", async () => {
    const { api } = renderAdmin("/admin/release-notes/new?kind=system", {
      handlers: {
        "auth.me": signedIn(member("content")),
        "releaseNotes.createSystem": () => systemRelease({ id: 12 }),
        "releaseNotes.get": () => systemRelease({ id: 12 }),
        "releaseNotes.list": lists,
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "New system release" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Model"), { target: { value: "P6" } });
    fireEvent.change(screen.getByLabelText(/Build version/), { target: { value: "2.0.0.270101" } });
    fireEvent.change(screen.getByLabelText("Version shown to readers"), { target: { value: "2.0.0" } });
    fireEvent.change(screen.getByLabelText("Release date"), { target: { value: "2027-01-01" } });
    fireEvent.change(screen.getByLabelText("Notes in English (markdown)"), { target: { value: "- New" } });
    fireEvent.change(screen.getByLabelText("Notes in Japanese (markdown)"), {
      target: { value: "- 新機能" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add the release" }));
    expect(await screen.findByText("Saved. The shop shows it now.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "releaseNotes.createSystem")?.input).toEqual({
      model: "P6",
      version: "2.0.0.270101",
      displayVersion: "2.0.0",
      date: "2027-01-01",
      notes: { "en-US": "- New", "zh-CN": "", "ja-JP": "- 新機能" },
    });
  });

  it("says why an app release's download link is refused, in Japanese for a Japanese reader", async () => {
    renderAdmin("/admin/release-notes/new?kind=app", {
      locale: "ja-JP",
      handlers: {
        "auth.me": signedIn(member("content")),
        "releaseNotes.createApp": () => {
          throw new ApiFailure("BAD_REQUEST", RELEASES_ADMIN_MESSAGES.downloadLinkText);
        },
      },
    });
    fireEvent.change(await screen.findByLabelText("ダウンロードリンク (任意)"), {
      target: { value: "/x.exe" },
    });
    fireEvent.click(screen.getByRole("button", { name: "リリースを追加" }));
    expect(await screen.findByText(/https:\/\/ または http:\/\/ で始まる完全なアドレス/)).toBeTruthy();
  });

  it("saves at the version it opened, and offers the latest version when the release changed meanwhile", async () => {
    const { api } = renderAdmin("/admin/release-notes/system/3", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "releaseNotes.get": () => systemRelease(),
        "releaseNotes.updateSystem": () => {
          throw new ApiFailure("CONFLICT", RELEASES_ADMIN_MESSAGES.staleVersion);
        },
      },
    });
    const en = (await screen.findByLabelText("Notes in English (markdown)")) as HTMLTextAreaElement;
    expect(en.value).toBe("- Fixes");
    fireEvent.change(en, { target: { value: "- Mine" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(RELEASES_ADMIN_MESSAGES.staleVersion)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Open the latest version" })).toBeTruthy();
    expect((screen.getByLabelText("Notes in English (markdown)") as HTMLTextAreaElement).value).toBe(
      "- Mine",
    );
    expect(api.calls.find((c) => c.path === "releaseNotes.updateSystem")?.input).toMatchObject({
      id: 3,
      rowVersion: 0,
    });
  });

  it("is not open to a role without content.manage", async () => {
    renderAdmin("/admin/release-notes", { handlers: { "auth.me": signedIn(member("support")) } });
    expect(await screen.findByText(/You do not have access/)).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { RELEASES_ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const version = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  model: "N6P",
  label: `1.${id}.0`,
  releaseDate: "2026-10-01",
  notes: { "en-US": "- Fixes", "ja-JP": "", "zh-CN": "" },
  sha256: "ab".repeat(32),
  size: 65_608,
  status: "PUBLISHED",
  rowVersion: 1,
  createdAt: "2026-10-01T00:00:00.000Z",
  ...extra,
});

describe("the firmware page", () => {
  it("lists versions with their status, and publishes a draft at the version it read", async () => {
    const { api } = renderAdmin("/admin/firmware", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "firmware.list": () => ({ versions: [version(1), version(2, { status: "DRAFT", rowVersion: 0 })] }),
        "firmware.setStatus": () => version(2, { status: "PUBLISHED", rowVersion: 1 }),
      },
    });
    const table = await screen.findByRole("table", { name: "Firmware versions" });
    expect(within(table).getByText("Published")).toBeTruthy();
    expect(within(table).getByText("Draft")).toBeTruthy();
    fireEvent.click(within(table).getByRole("button", { name: "Publish N6P 1.2.0" }));
    expect(await screen.findByText("N6P 1.2.0 is published: the update tool offers it.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "firmware.setStatus")?.input).toEqual({
      id: 2,
      rowVersion: 0,
      status: "PUBLISHED",
    });
  });

  it("sends the chosen file as base64 and says why the server refused the image", async () => {
    const { api } = renderAdmin("/admin/firmware", {
      handlers: {
        "auth.me": signedIn(member("owner")),
        "firmware.list": () => ({ versions: [] }),
        "firmware.add": () => {
          throw new ApiFailure("BAD_REQUEST", RELEASES_ADMIN_MESSAGES.firmwareImageChecksum);
        },
      },
    });
    fireEvent.change(await screen.findByLabelText("Glasses model"), { target: { value: "P6" } });
    fireEvent.change(screen.getByLabelText(/^Version label/), { target: { value: "2.0.0" } });
    fireEvent.change(screen.getByLabelText("Release notes in English"), { target: { value: "- New" } });
    const file = new File([new Uint8Array([86, 69, 76, 65, 1, 2, 3])], "p6.img");
    fireEvent.change(screen.getByLabelText("Image file (.img or .img.gz)"), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: "Check and add as a draft" }));
    expect(await screen.findByText(RELEASES_ADMIN_MESSAGES.firmwareImageChecksum)).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === "firmware.add")).toBe(true));
    expect(api.calls.find((c) => c.path === "firmware.add")?.input).toMatchObject({
      model: "P6",
      label: "2.0.0",
      notes: { "en-US": "- New", "ja-JP": "", "zh-CN": "" },
      image: "VkVMQQECAw==",
    });
  });

  it("saves a version's date and notes at the version it read", async () => {
    const { api } = renderAdmin("/admin/firmware", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "firmware.list": () => ({ versions: [version(1, { rowVersion: 3 })] }),
        "firmware.update": () => version(1, { rowVersion: 4 }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit N6P 1.1.0" }));
    expect(screen.getByRole("heading", { level: 2, name: "Date and notes of N6P 1.1.0" })).toBeTruthy();
    const notes = screen.getAllByLabelText("Release notes in Japanese")[0] as HTMLTextAreaElement;
    fireEvent.change(notes, { target: { value: "- 修正" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The date and notes of N6P 1.1.0 are saved.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "firmware.update")?.input).toEqual({
      id: 1,
      rowVersion: 3,
      releaseDate: "2026-10-01",
      notes: { "en-US": "- Fixes", "ja-JP": "- 修正", "zh-CN": "" },
    });
  });

  it("is for owner and manager only: the content role cannot open it", async () => {
    renderAdmin("/admin/firmware", { handlers: { "auth.me": signedIn(member("content")) } });
    expect(await screen.findByText(/You do not have access/)).toBeTruthy();
  });
});

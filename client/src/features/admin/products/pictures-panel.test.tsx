import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PICTURE_ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const product = {
  id: 7,
  handle: "vela-one-xr-glasses",
  productType: "glasses",
  status: "DRAFT",
  version: 1,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  texts: {
    en: { title: "Vela One XR Glasses", description: "", seoDescription: "" },
    ja: { title: "", description: "", seoDescription: "" },
  },
  images: [],
  variants: [
    {
      id: 71,
      title: "Standard",
      titleJa: "",
      sku: "VELA-ONE-STD",
      available: true,
      inventory: 0,
      prices: { USD: { amount: "399.00", compareAt: null }, JPY: { amount: "59800", compareAt: null } },
    },
  ],
  history: [],
};

const picture = (id: number, en: string, ja = "") => ({
  id,
  position: id,
  thumbnailUrl: `/images/pictures/${String(id).repeat(64).slice(0, 64)}-320.jpg`,
  format: "jpeg",
  width: 800,
  height: 600,
  altText: { en, ja },
});

const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "front.jpg", { type: "image/jpeg" });

describe("a product's pictures panel", () => {
  it("uploads a file with its alt texts and lists it with its thumbnail", async () => {
    let pictures = [picture(1, "Front")];
    const { api } = renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product,
        "products.pictures": () => pictures,
        "products.addPicture": () => {
          pictures = [...pictures, picture(2, "Side", "横から")];
          return pictures;
        },
      },
    });
    const panel = await screen.findByRole("region", { name: "Pictures" });
    expect(await within(panel).findByRole("img", { name: "Front" })).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText("Picture file"), { target: { files: [file()] } });
    const alts = within(panel).getAllByLabelText(/Alt text \(English\)/);
    fireEvent.change(alts[alts.length - 1] as HTMLElement, { target: { value: "Side" } });
    const jas = within(panel).getAllByLabelText(/Alt text \(Japanese\)/);
    fireEvent.change(jas[jas.length - 1] as HTMLElement, { target: { value: "横から" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Upload picture" }));
    expect(await within(panel).findByRole("img", { name: "Side" })).toBeTruthy();
    const sent = api.calls.find((c) => c.path === "products.addPicture")?.input as {
      productId: number;
      data: string;
      altText: { en: string; ja: string };
    };
    expect(sent.productId).toBe(7);
    expect(sent.altText).toEqual({ en: "Side", ja: "横から" });
    expect(Buffer.from(sent.data, "base64")).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  });

  it("shows the server's refusal of a file under the file field", async () => {
    renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product,
        "products.pictures": () => [],
        "products.addPicture": () => {
          throw new ApiFailure("BAD_REQUEST", PICTURE_ADMIN_MESSAGES.notAPicture, [
            { path: "data", message: PICTURE_ADMIN_MESSAGES.notAPicture },
          ]);
        },
      },
    });
    const panel = await screen.findByRole("region", { name: "Pictures" });
    expect(await within(panel).findByText("No pictures uploaded yet.")).toBeTruthy();
    const input = within(panel).getByLabelText("Picture file");
    fireEvent.change(input, { target: { files: [file()] } });
    fireEvent.change(within(panel).getByLabelText(/Alt text \(English\)/), { target: { value: "A" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Upload picture" }));
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    const error = document.getElementById(input.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toBe(PICTURE_ADMIN_MESSAGES.notAPicture);
  });

  it("moves and deletes a picture after a confirmation; read-only without catalogue.manage", async () => {
    let pictures = [picture(1, "Front"), picture(2, "Side")];
    const { api } = renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product,
        "products.pictures": () => pictures,
        "products.movePicture": () => {
          pictures = [picture(2, "Side"), picture(1, "Front")];
          return pictures;
        },
        "products.deletePicture": () => {
          pictures = pictures.filter((p) => p.id !== 1);
          return pictures;
        },
      },
    });
    const panel = await screen.findByRole("region", { name: "Pictures" });
    expect(
      (await within(panel).findByRole("button", { name: "Move picture 1 up" })).hasAttribute("disabled"),
    ).toBe(true);
    fireEvent.click(within(panel).getByRole("button", { name: "Move picture 2 up" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "products.movePicture")).toBe(true));
    expect(api.calls.find((c) => c.path === "products.movePicture")?.input).toEqual({
      pictureId: 2,
      direction: "up",
    });
    fireEvent.click(await within(panel).findByRole("button", { name: "Delete picture 2" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete picture 2" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "products.deletePicture")?.input).toEqual({ pictureId: 1 }),
    );
  });

  it("saves alt texts at the texts it opened", async () => {
    const { api } = renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product,
        "products.pictures": () => [picture(1, "Front", "正面")],
        "products.setPictureAlt": () => [picture(1, "Front view", "正面から")],
      },
    });
    const panel = await screen.findByRole("region", { name: "Pictures" });
    const item = await within(panel).findByRole("listitem", { name: "Picture 1 of 1" });
    fireEvent.change(within(item).getByLabelText(/Alt text \(English\)/), {
      target: { value: "Front view" },
    });
    fireEvent.change(within(item).getByLabelText(/Alt text \(Japanese\)/), { target: { value: "正面から" } });
    fireEvent.click(within(item).getByRole("button", { name: "Save alt texts" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "products.setPictureAlt")?.input).toEqual({
        pictureId: 1,
        altText: { en: "Front view", ja: "正面から" },
        was: { en: "Front", ja: "正面" },
      }),
    );
  });

  it("lists the pictures without controls for a member who may only read", async () => {
    renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("support")),
        "products.get": () => product,
        "products.pictures": () => [picture(1, "Front")],
      },
    });
    const panel = await screen.findByRole("region", { name: "Pictures" });
    expect(await within(panel).findByRole("img", { name: "Front" })).toBeTruthy();
    expect(within(panel).queryByLabelText("Picture file")).toBeNull();
    expect(within(panel).queryByRole("button", { name: /Delete/ })).toBeNull();
  });
});

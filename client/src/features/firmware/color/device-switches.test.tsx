import { fireEvent, screen, waitFor } from "@testing-library/react";
import { GlassesClient, type GlassesModelSlug, MemoryTransport, VirtualGlasses } from "@vela/device";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { DeviceSwitches } from "./device-switches.tsx";

const FAST = { reportLatencyMs: 0, commandMs: 0, settingsWriteMs: 0, bootMs: 20, rebootDelayMs: 5 };

let open: GlassesClient | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

/** Simulated glasses of a model, connected, and the switches as the colour page shows them after reading them. */
async function renderSwitches(model: GlassesModelSlug) {
  const glasses = new VirtualGlasses({ model, timings: FAST });
  const client = new GlassesClient(new MemoryTransport(glasses));
  open = client;
  await client.connect();
  const wearer = await client.getWearerDetection();
  const highColorAccuracy = await client.getHighColorAccuracy();
  const blueLight = await client.getBlueLightProtection();
  renderWithProviders(
    <DeviceSwitches
      client={client}
      enabled
      wearer={wearer}
      highColorAccuracy={highColorAccuracy}
      blueLight={blueLight}
    />,
  );
  return { glasses };
}

describe("Blue Light Protection switch", () => {
  it("starts on for the One Lite (N6C), as the glasses report it, and turns off on the glasses", async () => {
    const { glasses } = await renderSwitches("N6C");
    const blue = await screen.findByRole("switch", { name: "Blue Light Protection" });
    expect(blue.getAttribute("aria-checked")).toBe("true");
    expect(blue.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.click(blue);
    await waitFor(() => expect(blue.getAttribute("aria-checked")).toBe("false"));
    expect(glasses.store.blueLightProtection).toBe(false);
  });

  it("starts off on the other models, and turns on", async () => {
    const { glasses } = await renderSwitches("P6");
    const blue = await screen.findByRole("switch", { name: "Blue Light Protection" });
    expect(blue.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(blue);
    await waitFor(() => expect(blue.getAttribute("aria-checked")).toBe("true"));
    expect(glasses.store.blueLightProtection).toBe(true);
  });

  it("is disabled until the glasses are connected and have answered", async () => {
    renderWithProviders(
      <DeviceSwitches client={null} enabled={false} wearer={null} highColorAccuracy={null} />,
    );
    expect(
      (await screen.findByRole("switch", { name: "Blue Light Protection" })).hasAttribute("disabled"),
    ).toBe(true);
  });

  it("says so when the glasses refuse, and keeps the switch as it was", async () => {
    const { glasses } = await renderSwitches("N6C");
    const blue = await screen.findByRole("switch", { name: "Blue Light Protection" });
    glasses.unplug();
    fireEvent.click(blue);
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(blue.getAttribute("aria-checked")).toBe("true");
  });
});

// The admin's release notes and firmware in a browser. A content editor with an authenticator app
// adds a system release with notes in English and Japanese; the shop's /release-updates/xr-glasses
// shows it at once, in English and in Japanese. A manager adds a firmware version: a file that is
// not a firmware image and an image whose payload was damaged are refused with their reasons; a
// good image is added as a draft, and once published the update tool lists it. The admin pages pass
// axe. What the spec made is deleted or withdrawn at its end, for the specs after it.
import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { adminCall, createStaffMember, freshTotpCode, signInAsStaff, totpCode } from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, request as playwrightRequest, test } from "../support/test.ts";
import { skipSubscribeDialog } from "./storefront-support.ts";

/** A member of `role` whose authenticator app is set up (through the enrolment procedures). */
async function memberWithTotp(baseURL: string, role: "content" | "manager", label: string) {
  const member = await createStaffMember(baseURL, role, label);
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await adminCall(api, "auth.signIn", { email: member.email, password: member.password });
    const { secret } = await adminCall<{ secret: string }>(api, "auth.startTotpEnrolment");
    const used = totpCode(secret);
    await adminCall(api, "auth.confirmTotpEnrolment", { code: used });
    return { ...member, secret, used };
  } finally {
    await api.dispose();
  }
}

/**
 * A firmware image in the device package's format (docs/device-protocol.md): a 72-byte header
 * (magic, format 1, header size, model, version label, payload length, payload SHA-256, CRC-32 of
 * the header before it), then the payload.
 */
function firmwareImage(model: string, version: string, size = 2048): Buffer {
  const payload = Buffer.alloc(size);
  for (let i = 0; i < size; i++) payload[i] = (i * 73 + 11) & 0xff;
  const header = Buffer.alloc(72);
  header.write("VELA", 0, "ascii");
  header.writeUInt16LE(1, 4);
  header.writeUInt16LE(72, 6);
  header.write(model, 8, "ascii");
  header.write(version, 16, "ascii");
  header.writeUInt32LE(payload.length, 32);
  createHash("sha256").update(payload).digest().copy(header, 36);
  header.writeUInt32LE(crc32(header.subarray(0, 68)), 68);
  return Buffer.concat([header, payload]);
}

const outcome = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("an editor adds a system release note in English and Japanese, which the shop shows at once", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const editor = await memberWithTotp(baseURL as string, "content", "release-editor");
  await signInAsStaff(page, editor.email, editor.password, {
    code: freshTotpCode(editor.secret, editor.used),
    next: "/admin/release-notes",
  });
  await expect(page.getByRole("heading", { level: 1, name: "Release notes" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Add a system release" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New system release" })).toBeVisible();
  const display = `9.${Date.now() % 1000}.1`;
  await page.getByLabel("Model").selectOption("N6");
  await page.getByLabel(/Build version/).fill(`${display}.990101`);
  await page.getByLabel("Version shown to readers").fill(display);
  await page.getByLabel("Release date").fill("2099-01-01");
  await page
    .getByLabel("Notes in English (markdown)")
    .fill("## Display\n\n- Sharper *text* in the e2e release");
  await page.getByLabel("Notes in Japanese (markdown)").fill("- E2E リリースで文字がより鮮明に");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Add the release" }).click();
  await expect(outcome(page, "Saved. The shop shows it now.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Release ${display}.990101` })).toBeVisible();
  const editUrl = page.url();

  const shop = await page.context().newPage();
  await shop.goto("/release-updates/xr-glasses");
  await expect(shop.getByText("Sharper text in the e2e release")).toBeVisible();
  await expect(shop.locator("em", { hasText: "text" }).first()).toBeVisible();
  await shop.goto("/release-updates/xr-glasses?language=ja-JP");
  await expect(shop.getByText("E2E リリースで文字がより鮮明に")).toBeVisible();
  await shop.close();

  // Put back: the release is deleted (after the confirmation) and the shop no longer shows it.
  await page.goto(editUrl);
  await page.getByRole("button", { name: "Delete this release" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete this release" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Release notes" })).toBeVisible();
  await page.goto("/release-updates/xr-glasses");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Sharper text in the e2e release")).toHaveCount(0);
});

test("a bad firmware image is refused with its reason; a good one, published, is in the update tool's list", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const manager = await memberWithTotp(baseURL as string, "manager", "firmware-manager");
  await signInAsStaff(page, manager.email, manager.password, {
    code: freshTotpCode(manager.secret, manager.used),
    next: "/admin/firmware",
  });
  await expect(page.getByRole("heading", { level: 1, name: "Firmware" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Firmware versions" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const label = `9.${Date.now() % 1000}.7`;
  await page.getByLabel("Glasses model").selectOption("N6");
  await page.getByLabel(/^Version label/).fill(label);
  await page.getByLabel("Release notes in English").fill("- Steadier tracking (e2e)");
  const file = page.getByLabel("Image file (.img or .img.gz)");
  const submit = page.getByRole("button", { name: "Check and add as a draft" });

  // Not an image at all.
  await file.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("x".repeat(200)),
  });
  await submit.click();
  const notImage = "This file is not a firmware image (it does not start with the image header)";
  await expect(page.getByRole("alert").filter({ hasText: notImage })).toBeVisible();
  await expect(file).toHaveAttribute("aria-invalid", "true");

  // An image whose payload no longer matches its SHA-256.
  const damaged = firmwareImage("N6", label);
  damaged[100] = (damaged[100] ?? 0) ^ 0xff;
  await file.setInputFiles({
    name: `n6-${label}.img`,
    mimeType: "application/octet-stream",
    buffer: damaged,
  });
  await submit.click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "The image is damaged: its contents do not match their SHA-256" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The good one: a draft, then published.
  await file.setInputFiles({
    name: `n6-${label}.img`,
    mimeType: "application/octet-stream",
    buffer: firmwareImage("N6", label),
  });
  await submit.click();
  await expect(outcome(page, `N6 ${label} was added as a draft`)).toBeVisible();
  const table = page.getByRole("table", { name: "Firmware versions" });
  await table.getByRole("button", { name: `Publish N6 ${label}` }).click();
  await expect(outcome(page, `N6 ${label} is published`)).toBeVisible();

  const tool = await page.context().newPage();
  await tool.goto("/firmware/update");
  await expect(tool.getByRole("option", { name: new RegExp(label.replaceAll(".", "\\.")) })).toHaveCount(1);
  await tool.close();

  // Put back: withdrawn, the update tool no longer offers it.
  await table.getByRole("button", { name: `Withdraw N6 ${label}` }).click();
  await expect(outcome(page, `N6 ${label} is withdrawn`)).toBeVisible();
});

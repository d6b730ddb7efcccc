import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import {
  DESKTOP,
  fitsViewport,
  mailboxRows,
  mailText,
  PHONE,
  skipSubscribeDialog,
} from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("the contact form reaches the outbox of the department its topic belongs to", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  const mailboxes = page.getByRole("complementary", { name: "Department mailboxes" });
  await expect(mailboxes.getByRole("link")).toHaveText([
    "support@vela.test",
    "media@vela.test",
    "creators@vela.test",
    "partnerships@vela.test",
    "channel@vela.test",
    "careers@vela.test",
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByLabel("Name")).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  const who = `press-${Date.now()}@example.com`;
  await page.getByLabel("Name").fill("Pat Press");
  await page.getByLabel("Email").fill(who);
  await page.getByLabel("Topic").selectOption({ label: "Media and press" });
  await page
    .getByLabel("Message", { exact: true })
    .fill("We would like to review the Luma Pro for our magazine.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeFocused();
  await expect(page.getByRole("status")).toContainText("Your message has been sent");
  const reference = (await page.getByText(/^Reference: C-\d+$/).textContent())?.replace("Reference: ", "");

  const mail = (await mailboxRows(page.request)).find((r) =>
    r.subject.startsWith(`[Contact #${reference?.slice(2)}]`),
  );
  expect(mail).toMatchObject({ to: "media@vela.test", kind: "contact-message" });
  const text = await mailText(page.request, mail?.href ?? "");
  expect(text).toContain(`From: “Pat Press” <${who}>`);
  expect(text).toContain("We would like to review the Luma Pro for our magazine.");
});

test("in Japanese at 375px: one support mailbox, business hours, and the message goes to it", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/contact?lang=ja-JP");
  const aside = page.getByRole("complementary", { name: "サポート窓口" });
  await expect(aside.getByRole("link")).toHaveText(["support-jp@vela.test"]);
  await expect(aside).toContainText("平日 11:00〜19:00（土日・一部祝日は休業）");
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("お名前").fill("佐藤 花子");
  await page.getByLabel("メールアドレス").fill("hanako@example.com");
  await page.getByLabel(/^注文番号/).fill("#1042");
  await page.getByLabel("お問い合わせの種類").selectOption({ label: "ご注文について" });
  await page.getByLabel("お問い合わせ内容").fill("注文した商品がまだ届いていません。確認をお願いします。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByRole("heading", { name: "送信しました" })).toBeVisible();
  const reference = (await page.getByText(/^受付番号：C-\d+$/).textContent())?.replace("受付番号：C-", "");
  const mail = (await mailboxRows(page.request)).find((r) => r.subject.startsWith(`[Contact #${reference}]`));
  expect(mail?.to).toBe("support-jp@vela.test");
  expect(await mailText(page.request, mail?.href ?? "")).toContain("Order number: 1042");
});

test("every invalid field of the contact form looks invalid, and an order number must be one of the store's", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Send us a message" });
  const border = (label: string | RegExp) =>
    form
      .getByLabel(label, { exact: typeof label === "string" })
      .evaluate((el) => getComputedStyle(el).borderTopColor);
  const calm = await border("Name");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  const invalid = await border("Topic");
  expect(invalid).not.toBe(calm);
  for (const label of ["Name", "Email", "Topic", "Message"]) expect(await border(label), label).toBe(invalid);
  // The optional order number, left empty, is not invalid.
  expect(await border(/^Order number/)).toBe(calm);

  await form.getByLabel(/^Order number/).fill("abc");
  await expect(form.getByText("Enter the number of your order, digits only, such as 1042")).toBeVisible();
  expect(await border(/^Order number/)).toBe(invalid);
  await form.getByLabel(/^Order number/).fill("#1042");
  await expect(form.getByText("Enter the number of your order, digits only, such as 1042")).toBeHidden();
});

test("the home page and the contact confirmation promise the same answer time", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await expect(page.getByText("Our support team usually answers within two business days.")).toBeVisible();
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name").fill("Pat");
  await form.getByLabel("Email").fill(`pat-${Date.now()}@example.com`);
  await form.getByLabel("Topic").selectOption({ label: "A product" });
  await form.getByLabel("Message", { exact: true }).fill("Does the Luma Pro fit over my own glasses?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toContainText("we usually answer within two business days");
});

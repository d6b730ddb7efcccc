import { fireEvent, screen, within } from "@testing-library/react";
import { BRAND, CONTACT_DEPARTMENTS, STOREFRONT_MESSAGES } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";

beforeEach(() => {
  quietSubscribeDialog();
});

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("contact page", () => {
  it("lists the six department mailboxes of §1 in English", async () => {
    renderApp("/contact");
    const aside = await screen.findByRole("complementary", { name: "Department mailboxes" });
    const links = within(aside).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(CONTACT_DEPARTMENTS.map((d) => d.mailbox));
    expect(within(aside).getByText("Orders and products")).toBeTruthy();
    expect(within(aside).getByText("Channel partners")).toBeTruthy();
  });

  it("shows the single Japanese mailbox and business hours in Japanese", async () => {
    renderApp("/contact", { locale: "ja-JP" });
    const aside = await screen.findByRole("complementary", { name: "サポート窓口" });
    expect(
      within(aside)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual([`support-jp@${BRAND.domain}`]);
    expect(within(aside).getByText("平日 11:00〜19:00（土日・一部祝日は休業）")).toBeTruthy();
  });

  it("validates before sending and says what is wrong", async () => {
    const { api } = renderApp("/contact");
    fireEvent.click(await screen.findByRole("button", { name: "Send message" }));
    expect(await screen.findByText(STOREFRONT_MESSAGES.nameRequired)).toBeTruthy();
    expect([...document.querySelectorAll(".field-error")].map((e) => e.textContent)).toEqual([
      STOREFRONT_MESSAGES.nameRequired,
      "Enter a valid email address",
      STOREFRONT_MESSAGES.topicRequired,
      STOREFRONT_MESSAGES.messageTooShort,
    ]);
    expect(document.activeElement?.getAttribute("data-field")).toBe("name");
    expect(api.calls.some((c) => c.path === "contact.send")).toBe(false);
  });

  it("sends the message with the page's language and confirms", async () => {
    const { api } = renderApp("/contact", {
      handlers: {
        "contact.send": () => ({ ok: true, message: STOREFRONT_MESSAGES.contactSent, reference: "C-7" }),
      },
    });
    await screen.findByRole("button", { name: "Send message" });
    fill("Name", "Ann Lee");
    fill("Email", "ann@example.com");
    fill(/^Order number/, "1042");
    fireEvent.change(screen.getByLabelText("Topic"), { target: { value: "media" } });
    fill("Message", "Could we interview your team?");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByRole("heading", { name: "Message sent" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(STOREFRONT_MESSAGES.contactSent);
    expect(screen.getByText("Reference: C-7")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "contact.send")?.input).toEqual({
      name: "Ann Lee",
      email: "ann@example.com",
      orderNumber: "1042",
      topic: "media",
      message: "Could we interview your team?",
      locale: "en-US",
    });
  });

  it("shows the server's refusal, in the reader's language", async () => {
    renderApp("/contact", {
      locale: "ja-JP",
      handlers: {
        "contact.send": () => {
          throw new ApiFailure("TOO_MANY_REQUESTS", "Too many attempts. Please wait a moment and try again.");
        },
      },
    });
    await screen.findByRole("button", { name: "送信する" });
    fill("お名前", "佐藤");
    fill("メールアドレス", "sato@example.com");
    fireEvent.change(screen.getByLabelText("お問い合わせの種類"), { target: { value: "order" } });
    fill("お問い合わせ内容", "注文した商品がまだ届いていません。");
    fireEvent.click(screen.getByRole("button", { name: "送信する" }));
    expect(
      await screen.findByText("試行回数が多すぎます。しばらく待ってからもう一度お試しください。"),
    ).toBeTruthy();
  });

  it("refuses control and bidi-override characters before sending, in the reader's language", async () => {
    const { api } = renderApp("/contact", { locale: "ja-JP" });
    await screen.findByRole("button", { name: "送信する" });
    fill("お名前", "佐藤\u202e");
    fill("メールアドレス", "sato@example.com");
    fireEvent.change(screen.getByLabelText("お問い合わせの種類"), { target: { value: "order" } });
    fill("お問い合わせ内容", "注文した商品が\u0000まだ届いていません。");
    fireEvent.click(screen.getByRole("button", { name: "送信する" }));
    expect(await screen.findByText("お名前は改行や制御文字を含まない1行で入力してください")).toBeTruthy();
    expect(screen.getByText("お問い合わせ内容に制御文字は使用できません")).toBeTruthy();
    expect(document.activeElement?.getAttribute("data-field")).toBe("name");
    expect(api.calls.some((c) => c.path === "contact.send")).toBe(false);
  });
});

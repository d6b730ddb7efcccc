// The support contact form (spec 000 §1): validated, rate-limited per IP, stored, and delivered
// through the outbox to the department mailbox its topic belongs to, in one transaction. A
// Japanese page writes to the single Japanese support mailbox.
import {
  CONTACT_DEPARTMENTS,
  CONTACT_TOPICS,
  type ContactTopic,
  JP_SUPPORT,
  STOREFRONT_MESSAGES,
  type ZContactInput,
} from "@vela/shared";
import type { z } from "zod";
import type { Deps } from "../../deps.ts";
import { composeMail, inline, quoted, quotedBlock } from "../../mail/compose.ts";

type ContactInput = z.output<typeof ZContactInput>;

/** English names of the topics, for the department's mail. */
export const TOPIC_NAMES: Record<ContactTopic, string> = {
  order: "An order",
  product: "A product",
  media: "Media and press",
  creators: "Creators",
  partnerships: "Business partnerships",
  channel: "Channel partners",
  careers: "Careers",
  other: "Something else",
};

export function mailboxFor(
  topic: ContactTopic,
  locale: string | undefined,
): { department: string; mailbox: string } {
  if (locale === "ja-JP") return { department: "support-jp", mailbox: JP_SUPPORT.mailbox };
  const department = CONTACT_TOPICS[topic];
  const mailbox =
    CONTACT_DEPARTMENTS.find((d) => d.id === department)?.mailbox ?? CONTACT_DEPARTMENTS[0].mailbox;
  return { department, mailbox };
}

export async function sendContactMessage(
  deps: Deps,
  input: ContactInput,
  ip: string,
): Promise<{ ok: true; message: string; reference: string }> {
  await deps.limiter.hit(`contact:ip:${ip}`, deps.limiter.rules.contactIp);
  const { department, mailbox } = mailboxFor(input.topic, input.locale);
  const locale = input.locale ?? "en-US";
  const id = await deps.db.$transaction(async (tx) => {
    const row = await tx.contactMessage.create({
      data: {
        name: input.name,
        email: input.email,
        orderNumber: input.orderNumber,
        topic: input.topic,
        department,
        mailbox,
        message: input.message,
        locale,
        createdAt: deps.clock.now(),
      },
      select: { id: true },
    });
    await deps.mailer.enqueue(
      tx,
      composeMail({
        to: mailbox,
        subject: `[Contact #${row.id}] ${TOPIC_NAMES[input.topic]}: ${inline(input.name, 80)}`,
        kind: "contact-message",
        replyTo: input.email,
        paragraphs: [
          `From: ${quoted(input.name)} <${input.email}>`,
          `Topic: ${TOPIC_NAMES[input.topic]}`,
          `Order number: ${input.orderNumber ?? "none"}`,
          `Language: ${locale}`,
          quotedBlock(input.message),
        ],
      }),
    );
    return row.id;
  });
  deps.mailer.kick();
  deps.log.info({ contactMessageId: id, department }, "contact message received");
  return { ok: true, message: STOREFRONT_MESSAGES.contactSent, reference: `C-${id}` };
}

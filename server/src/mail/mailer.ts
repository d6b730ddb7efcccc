// Email leaves through the outbox table. With SMTP_URL set, a delivery loop sends it by
// nodemailer and retries with back-off; without it, mail stays in the outbox, where the
// development mailbox page (/dev/mailbox) and the tests read it.
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Clock } from "../clock.ts";
import type { Db, Prisma } from "../db/client.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Where replies go instead of the store's sender address. */
  replyTo?: string;
  text: string;
  html: string;
  kind: string;
}

type OutboxWriter = { emailOutbox: { create(args: { data: Prisma.EmailOutboxCreateInput }): unknown } };

export interface Mailer {
  /** Writes the mail to the outbox; pass the transaction client so mail and data commit together. */
  enqueue(db: OutboxWriter, mail: OutgoingMail): Promise<void>;
  /** Asks the delivery loop to look at the outbox now. */
  kick(): void;
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 8;

export function createMailer(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function deliverDue(): Promise<void> {
    if (!transport) return;
    const now = opts.clock.now();
    const due = await opts.db.emailOutbox.findMany({
      where: { sentAt: null, attempts: { lt: MAX_ATTEMPTS }, nextAttemptAt: { lte: now } },
      orderBy: { id: "asc" },
      take: 20,
    });
    for (const mail of due) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await opts.db.emailOutbox.update({
          where: { id: mail.id },
          data: { sentAt: opts.clock.now(), attempts: { increment: 1 } },
        });
      } catch (err) {
        const attempts = mail.attempts + 1;
        const backoffMs = Math.min(3_600_000, 2 ** attempts * 15_000);
        opts.log.warn({ outboxId: mail.id, attempts }, "mail delivery failed");
        await opts.db.emailOutbox.update({
          where: { id: mail.id },
          data: {
            attempts,
            lastError: err instanceof Error ? err.message.slice(0, 500) : "delivery failed",
            nextAttemptAt: new Date(opts.clock.now().getTime() + backoffMs),
          },
        });
      }
    }
  }

  function run(): void {
    if (!transport || stopped || running) return;
    running = deliverDue()
      .catch((err: unknown) => opts.log.error({ err }, "mail delivery loop failed"))
      .finally(() => {
        running = undefined;
      });
  }

  if (transport) {
    timer = setInterval(run, 10_000);
    timer.unref();
  }

  return {
    async enqueue(db, mail) {
      await db.emailOutbox.create({
        data: { ...mail, createdAt: opts.clock.now(), nextAttemptAt: opts.clock.now() },
      });
    },
    kick() {
      setImmediate(run);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}

// Email leaves through the outbox table. With SMTP_URL set, a delivery loop sends it by
// nodemailer and retries with back-off; without it, mail stays in the outbox, where the
// development mailbox page (/dev/mailbox) and the tests read it. Every address gets at most
// a few mails of one kind in a window (limits.ts); one over the limit is kept with heldAt set
// and never sent.
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Clock } from "../clock.ts";
import type { Db, Prisma } from "../db/client.ts";
import { MAIL_LIMITS, type MailLimits, mailLimitFor } from "./limits.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Where replies go instead of the store's sender address. */
  replyTo?: string;
  text: string;
  html: string;
  kind: string;
}

type OutboxReader = {
  emailOutbox: { count(args: { where: Prisma.EmailOutboxWhereInput }): Promise<number> };
};
type OutboxWriter = OutboxReader & {
  emailOutbox: { create(args: { data: Prisma.EmailOutboxCreateInput }): unknown };
};

export interface Mailer {
  /**
   * Writes the mail to the outbox; pass the transaction client so mail and data commit together.
   * Over the recipient's limit for this kind the row is written held (heldAt set, never sent).
   */
  enqueue(db: OutboxWriter, mail: OutgoingMail): Promise<{ held: boolean }>;
  /** Whether a mail of this kind to this address would be sent now rather than held. */
  allows(db: OutboxReader, to: string, kind: string): Promise<boolean>;
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
  limits?: MailLimits;
}): Mailer {
  const limits = opts.limits ?? MAIL_LIMITS;
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function deliverDue(): Promise<void> {
    if (!transport) return;
    const now = opts.clock.now();
    const due = await opts.db.emailOutbox.findMany({
      where: { sentAt: null, heldAt: null, attempts: { lt: MAX_ATTEMPTS }, nextAttemptAt: { lte: now } },
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

  /** Mails of this kind to this address in the current window that were not held. */
  async function allows(db: OutboxReader, to: string, kind: string): Promise<boolean> {
    const rule = mailLimitFor(limits, kind);
    const since = new Date(opts.clock.now().getTime() - rule.windowSeconds * 1000);
    const recent = await db.emailOutbox.count({
      where: { to, kind, heldAt: null, createdAt: { gt: since } },
    });
    return recent < rule.limit;
  }

  return {
    async enqueue(db, mail) {
      const now = opts.clock.now();
      const held = !(await allows(db, mail.to, mail.kind));
      await db.emailOutbox.create({
        data: { ...mail, createdAt: now, nextAttemptAt: now, ...(held ? { heldAt: now } : {}) },
      });
      if (held) opts.log.info({ kind: mail.kind }, "mail held back by the per-recipient limit");
      return { held };
    },
    allows,
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

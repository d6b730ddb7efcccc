// Email leaves through the outbox table. With SMTP_URL set, a delivery loop sends it by
// nodemailer and retries with back-off; without it, mail stays in the outbox, where the
// development mailbox page (/dev/mailbox) and the tests read it. Every address gets at most
// a few mails of one kind in a window (limits.ts); one over the limit is kept with heldAt set
// and never sent. Several instances may share one outbox: a delivery loop first claims the
// mails it will send with a lease (one conditional UPDATE), so no two instances send the same
// mail, and a claim whose lease ran out (its instance died) is taken over by another.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
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
/** Mails claimed per round of the delivery loop. */
const BATCH = 20;
/**
 * How long a claim holds. Longer than a round can take (20 mails, each within nodemailer's
 * timeouts of a few minutes at worst, is not expected; a healthy round takes seconds): a lease
 * that ends while its instance is still sending lets another instance send the same mail.
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;

export function createMailer(opts: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  limits?: MailLimits;
  /** Names this instance in the claims it makes (leaseOwner); unique per process by default. */
  instanceId?: string;
  leaseMs?: number;
}): Mailer {
  const limits = opts.limits ?? MAIL_LIMITS;
  const instanceId = opts.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? OUTBOX_LEASE_MS;
  let claims = 0;
  const smtpUrl = opts.smtpUrl;
  // nodemailer is loaded with the first delivery round: a store without SMTP never loads it (14 MiB).
  let transport: Transporter | undefined;
  const transportFor = async (url: string): Promise<Transporter> => {
    transport ??= (await import("nodemailer")).default.createTransport(url);
    return transport;
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /**
   * Claims up to BATCH due mails for this round. The UPDATE repeats every condition of the
   * look-up, so of two instances that saw the same rows, only one's UPDATE matches each row
   * (SQLite has one writer; PostgreSQL re-checks the WHERE on a row another transaction has
   * just changed). Each round's claim has its own owner name, so the mails it got are read back
   * by that name.
   */
  async function claim() {
    const now = opts.clock.now();
    const claimable: Prisma.EmailOutboxWhereInput = {
      sentAt: null,
      heldAt: null,
      attempts: { lt: MAX_ATTEMPTS },
      nextAttemptAt: { lte: now },
      OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lte: now } }],
    };
    const owner = `${instanceId}#${++claims}`;
    const candidates = await opts.db.emailOutbox.findMany({
      where: claimable,
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true },
    });
    if (candidates.length === 0) return { owner, mails: [] as never[] };
    await opts.db.emailOutbox.updateMany({
      where: { id: { in: candidates.map((c) => c.id) }, ...claimable },
      data: { leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs) },
    });
    const mails = await opts.db.emailOutbox.findMany({
      where: { leaseOwner: owner },
      orderBy: { id: "asc" },
    });
    return { owner, mails };
  }

  async function deliverDue(): Promise<void> {
    if (!smtpUrl) return;
    const smtp = await transportFor(smtpUrl);
    const { owner, mails } = await claim();
    for (const mail of mails) {
      if (stopped) break;
      try {
        await smtp.sendMail({
          from: opts.from,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await opts.db.emailOutbox.updateMany({
          where: { id: mail.id, sentAt: null },
          data: {
            sentAt: opts.clock.now(),
            attempts: { increment: 1 },
            leaseOwner: null,
            leaseExpiresAt: null,
          },
        });
      } catch (err) {
        const attempts = mail.attempts + 1;
        const backoffMs = Math.min(3_600_000, 2 ** attempts * 15_000);
        opts.log.warn({ outboxId: mail.id, attempts }, "mail delivery failed");
        await opts.db.emailOutbox.updateMany({
          where: { id: mail.id, leaseOwner: owner },
          data: {
            attempts,
            lastError: err instanceof Error ? err.message.slice(0, 500) : "delivery failed",
            nextAttemptAt: new Date(opts.clock.now().getTime() + backoffMs),
            leaseOwner: null,
            leaseExpiresAt: null,
          },
        });
      }
    }
    // Stopping mid-round: what this round claimed but did not send is free for another instance now.
    await opts.db.emailOutbox.updateMany({
      where: { leaseOwner: owner, sentAt: null },
      data: { leaseOwner: null, leaseExpiresAt: null },
    });
    // A full batch may mean more is waiting.
    if (mails.length === BATCH) again = true;
  }

  function run(): void {
    if (!smtpUrl || stopped) return;
    if (running) {
      // A mail enqueued during a round goes out in the next one, not at the next tick.
      again = true;
      return;
    }
    running = deliverDue()
      .catch((err: unknown) => opts.log.error({ err }, "mail delivery loop failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          setImmediate(run);
        }
      });
  }

  if (smtpUrl) {
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

// The outbox shared by several instances: delivery loops claim mails with a lease, so no two
// send the same mail, and a claim left by an instance that died is taken over once its lease
// has run out. Real SMTP (a local smtp-server), real database connections.
import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock.ts";
import { createDb, type Db } from "../src/db/client.ts";
import { createMailer, type Mailer } from "../src/mail/mailer.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

const received: { to: string; subject: string }[] = [];
let smtp: SMTPServer;
let smtpUrl = "";
let t: TestApp;
const log = pino({ level: "silent" });

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => {
        data += c.toString("utf8");
      });
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? "";
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`;
  // The app itself has no SMTP_URL: only the mailers made below deliver.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(25);
  }
}

function mailerOn(db: Db, instanceId: string, clock = t.clock): Mailer {
  return createMailer({ db, clock, log, smtpUrl, from: "Vela <no-reply@vela.test>", instanceId });
}

describe("two instances on one outbox", () => {
  it("send each of 45 mails exactly once, however often both loops run", async () => {
    const subjects = Array.from({ length: 45 }, (_, i) => `lease-${i}`);
    for (const subject of subjects) {
      await t.deps.mailer.enqueue(t.db, {
        to: `${subject}@example.com`,
        kind: "lease-test",
        subject,
        text: "t",
        html: "t",
      });
    }
    const other = createDb(t.config.databaseUrl);
    const a = mailerOn(t.db, "instance-a");
    const b = mailerOn(other, "instance-b");
    try {
      const outstanding = () => t.db.emailOutbox.count({ where: { kind: "lease-test", sentAt: null } });
      // Both loops keep being asked to run while the mails go out.
      await until(async () => {
        a.kick();
        b.kick();
        return (await outstanding()) === 0;
      });
      // One more round each, to see that nothing sent goes again.
      a.kick();
      b.kick();
      await sleep(300);
    } finally {
      await a.stop();
      await b.stop();
      await other.$disconnect();
    }
    const ours = received.filter((m) => m.subject.startsWith("lease-"));
    expect(ours.map((m) => m.subject).sort()).toEqual([...subjects].sort());
    const rows = await t.db.emailOutbox.findMany({
      where: { kind: "lease-test" },
      select: { sentAt: true, attempts: true, leaseOwner: true, leaseExpiresAt: true },
    });
    expect(rows.every((r) => r.sentAt && r.attempts === 1 && !r.leaseOwner && !r.leaseExpiresAt)).toBe(true);
  });

  it("take over a claim once its lease has run out, never before", async () => {
    const clock = new ManualClock(t.clock.now());
    await t.deps.mailer.enqueue(t.db, {
      to: "orphan@example.com",
      kind: "orphan-test",
      subject: "orphaned",
      text: "t",
      html: "t",
    });
    // An instance claimed it and died before sending.
    await t.db.emailOutbox.updateMany({
      where: { kind: "orphan-test" },
      data: { leaseOwner: "dead-instance#1", leaseExpiresAt: new Date(clock.now().getTime() + 60_000) },
    });
    const survivor = mailerOn(t.db, "survivor", clock);
    try {
      survivor.kick();
      await sleep(400);
      clock.advance(59_000);
      survivor.kick();
      await sleep(400);
      expect(received.filter((m) => m.subject === "orphaned")).toEqual([]);
      clock.advance(1_000);
      survivor.kick();
      await until(() => received.some((m) => m.subject === "orphaned"));
      survivor.kick();
      await sleep(300);
    } finally {
      await survivor.stop();
    }
    expect(received.filter((m) => m.subject === "orphaned")).toHaveLength(1);
    const row = await t.db.emailOutbox.findFirstOrThrow({ where: { kind: "orphan-test" } });
    expect(row.sentAt).not.toBeNull();
    expect(row.leaseOwner).toBeNull();
  });

  it("a failed send gives its claim back, with the back-off, so any instance may retry it", async () => {
    await t.deps.mailer.enqueue(t.db, {
      to: "refused@example.com",
      kind: "refused-test",
      subject: "refused",
      text: "t",
      html: "t",
    });
    const broken = createMailer({
      db: t.db,
      clock: t.clock,
      log,
      smtpUrl: "smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=500",
      from: "Vela <no-reply@vela.test>",
      instanceId: "broken",
    });
    try {
      broken.kick();
      await until(async () => {
        const row = await t.db.emailOutbox.findFirstOrThrow({ where: { kind: "refused-test" } });
        return row.attempts === 1;
      });
    } finally {
      await broken.stop();
    }
    const row = await t.db.emailOutbox.findFirstOrThrow({ where: { kind: "refused-test" } });
    expect(row).toMatchObject({ sentAt: null, attempts: 1, leaseOwner: null, leaseExpiresAt: null });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});

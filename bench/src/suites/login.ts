// 3. Login: sign-ins per second at our argon2id settings (19 MiB, t=2, p=1), and how the
// event loop fares during a burst of 20 concurrent sign-ins while /api/health is polled.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { load } from "../lib/load.ts";
import { type Figure, median, type Suite, type Target } from "../lib/report.ts";
import { startServer } from "../lib/server-process.ts";
import { DEMO } from "./framework.ts";

const BENCH_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "../bench-server.ts");
export const BURST = 20;
/** The target for the event-loop delay p99 during the burst. */
export const LOOP_DELAY_P99_TARGET: Target = { op: "<=", value: 20 };

interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  count: number;
}

export const loginSuite: Suite = async ({ quick, database }) => {
  const db = await database("login");
  const server = await startServer({
    databaseUrl: db.url,
    entry: BENCH_SERVER,
    env: { RATE_LIMIT_MULTIPLIER: "10000" },
  });
  const post = (p: string, body: unknown) =>
    fetch(server.url + p, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(body),
    });
  try {
    const body = JSON.stringify(DEMO);
    const headers = { "content-type": "application/json", origin: server.url };
    // Sustained sign-ins: as many as the server takes with 4 clients at a time.
    await load({
      url: `${server.url}/api/account/login`,
      connections: 4,
      amount: 20,
      method: "POST",
      headers,
      body,
    });
    const rounds = 3;
    const rates: number[] = [];
    const bursts: { loop: LoopDelay; health: number[]; healthFailures: number; burstMs: number }[] = [];
    for (let r = 0; r < rounds; r++) {
      const s = await load({
        url: `${server.url}/api/account/login`,
        connections: 4,
        durationSeconds: quick ? 2 : 5,
        method: "POST",
        headers,
        body,
      });
      if (s.errors || s.non2xx) throw new Error(`sign-ins failed: ${JSON.stringify(s)}`);
      rates.push(s.rps);

      // The burst: 20 sign-ins at once, health polled every 10 ms until they are all done.
      await post("/api/bench/event-loop/reset", {});
      const health: number[] = [];
      let healthFailures = 0;
      let done = false;
      const poller = (async () => {
        while (!done) {
          const t = performance.now();
          try {
            const res = await fetch(`${server.url}/api/health`);
            await res.arrayBuffer();
            if (!res.ok) healthFailures++;
            health.push(performance.now() - t);
          } catch {
            healthFailures++;
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const t0 = performance.now();
      const answers = await Promise.all(
        Array.from({ length: BURST }, () => post("/api/account/login", DEMO)),
      );
      const burstMs = performance.now() - t0;
      done = true;
      await poller;
      if (answers.some((a) => !a.ok)) throw new Error("a sign-in of the burst failed");
      const loop = (await (await fetch(`${server.url}/api/bench/event-loop`)).json()) as LoopDelay;
      bursts.push({ loop, health, healthFailures, burstMs });
    }
    const S = "Login";
    const p99 = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? Number.NaN;
    };
    const figures: Figure[] = [
      {
        suite: S,
        name: "sign-ins per second (argon2id 19 MiB, t=2)",
        value: median(rates),
        unit: "/s",
        note: `4 clients, ${rates.map((r) => r.toFixed(1)).join(" / ")} per round`,
      },
      {
        suite: S,
        name: `event-loop delay p99 during ${BURST} concurrent sign-ins`,
        value: median(bursts.map((b) => b.loop.p99Ms)),
        unit: "ms",
        target: LOOP_DELAY_P99_TARGET,
        note: `max ${median(bursts.map((b) => b.loop.maxMs)).toFixed(1)} ms; burst took ${Math.round(median(bursts.map((b) => b.burstMs)))} ms`,
      },
      {
        suite: S,
        name: "health answers failed during the burst",
        value: Math.max(...bursts.map((b) => b.healthFailures)),
        unit: "",
        target: { op: "<=", value: 0 },
        note: `${median(bursts.map((b) => b.health.length))} polls, p99 ${median(bursts.map((b) => p99(b.health))).toFixed(1)} ms`,
      },
    ];
    return {
      figures,
      details: {
        rates,
        bursts: bursts.map((b) => ({
          ...b,
          health: undefined,
          polls: b.health.length,
          healthP99Ms: p99(b.health),
        })),
      },
    };
  } finally {
    await server.stop();
    await db.drop();
  }
};

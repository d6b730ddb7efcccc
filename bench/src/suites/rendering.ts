// "Server rendering": what answering a public page with its content costs the server
// (docs/decisions/013-server-rendering.md). In one run, against the real server process, in
// alternation: the client's shell (a private page: the built index.html with its title, as every
// page was answered before server rendering), a product page from the page cache (warm), and a
// page rendered afresh on every request (cold: the games page searched for a word never asked for
// before, so each one misses the cache, renders, fetches its data through the tRPC caller and is
// compressed). The cache keys a page by the query parameters it reads only, so a made-up parameter
// on the product page (as this suite used to add) is the cached page, not a cold one.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { alternate, type LoadSample, load } from "../lib/load.ts";
import type { Figure, Suite } from "../lib/report.ts";
import { prepareDatabase, ROOT_DIR, scratchDir, startServer } from "../lib/server-process.ts";

const SUITE = "Server rendering";
const RENDERER = path.join(ROOT_DIR, "client/dist-ssr/entry-server.js");
const PRODUCT = "/products/vela-one-xr-glasses";
/** A games search: `q` is a parameter the games page reads, so each new word is a page of its own. */
const COLD_SEARCH = "/games?q=";
export const RENDER_CONNECTIONS = 10;

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** Builds the client and its server renderer unless the renderer is newer than the sources. */
function ensureRenderer(): void {
  const sources = Math.max(
    newestMtime(path.join(ROOT_DIR, "client/src")),
    ...readdirSync(path.join(ROOT_DIR, "packages")).map((p) =>
      newestMtime(path.join(ROOT_DIR, "packages", p, "src")),
    ),
  );
  if (existsSync(RENDERER) && statSync(RENDERER).mtimeMs > sources) return;
  console.info("[rendering] building the client (npm run build -w @vela/client) ...");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const res = spawnSync(npm, ["run", "build", "-w", "@vela/client"], { cwd: ROOT_DIR, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`the client build failed:\n${res.stdout}\n${res.stderr}`);
}

export const renderingSuite: Suite = async ({ quick }) => {
  ensureRenderer();
  const dir = scratchDir("rendering");
  const dbFile = path.join(dir, "store.db");
  prepareDatabase(dbFile);
  const server = await startServer({ dbFile });
  const pid = server.child.pid;
  try {
    const headers = { "accept-encoding": "br" };
    // Each cold request its own URL, never asked for again (whichever connection sends it).
    let serial = 0;
    const nextCold = () => `${COLD_SEARCH}bench${serial++}`;
    const check = async (p: string, cache: string, text: string) => {
      const res = await fetch(server.url + p, { headers });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(text) || res.headers.get("x-page-cache") !== cache) {
        throw new Error(`${p}: ${res.status} ${res.headers.get("x-page-cache")}, not a rendered page`);
      }
    };
    await check(PRODUCT, "miss", "Vela One XR Glasses");
    await check(PRODUCT, "hit", "Vela One XR Glasses");
    await check(nextCold(), "miss", "Games for your XR glasses");
    const run = (paths: string[] | (() => string)): Promise<LoadSample> =>
      load({
        url: server.url,
        ...(typeof paths === "function" ? { nextPath: paths } : { paths }),
        connections: RENDER_CONNECTIONS,
        durationSeconds: quick ? 2 : 5,
        headers,
        ...(pid ? { serverPid: pid } : {}),
      });
    // Warm-up: the renderer's modules, the database's pages, the JIT.
    await run(nextCold);
    const ab = await alternate(
      {
        shell: () => run(["/cart"]),
        warm: () => run([PRODUCT]),
        cold: () => run(nextCold),
      },
      quick ? 1 : 3,
    );
    for (const [name, s] of Object.entries(ab.median)) {
      if (s.errors || s.non2xx || s.timeouts) throw new Error(`${name}: ${JSON.stringify(s)}`);
    }
    // Every cold request was a miss: as many fresh URLs were asked for as pages were answered.
    const coldAnswers = ab.rounds.reduce((n, r) => n + r.cold.requests, 0);
    if (serial < coldAnswers) throw new Error(`cold: ${coldAnswers} answers for ${serial} URLs`);
    const { shell, warm, cold } = ab.median;
    const latency = (s: LoadSample) => `p50 ${s.p50} ms, p99 ${s.p99} ms`;
    const cpu = (s: LoadSample) => `${Math.round(s.serverCpuUs)} µs server CPU per page`;
    const figures: Figure[] = [
      {
        suite: SUITE,
        name: "static index.html (the client's shell) per second",
        value: shell.rps,
        unit: "/s",
        note: `${latency(shell)}; ${cpu(shell)}`,
      },
      {
        suite: SUITE,
        name: "rendered product pages per second, warm (cache hit)",
        value: warm.rps,
        unit: "/s",
        note: `${(warm.rps / shell.rps).toFixed(2)} × the shell; ${cpu(warm)}`,
      },
      {
        suite: SUITE,
        name: "rendered games search pages per second, cold (cache miss)",
        value: cold.rps,
        unit: "/s",
        note: `${(cold.rps / shell.rps).toFixed(3)} × the shell; ${cpu(cold)}`,
      },
      // The server writes a page in one piece once it is rendered: the first byte comes with the
      // rest, so autocannon's whole-answer latency is the time to first byte.
      {
        suite: SUITE,
        name: "TTFB p50, static index.html",
        value: shell.p50,
        unit: "ms",
        note: latency(shell),
      },
      { suite: SUITE, name: "TTFB p99, static index.html", value: shell.p99, unit: "ms" },
      { suite: SUITE, name: "TTFB p50, product page warm", value: warm.p50, unit: "ms", note: latency(warm) },
      { suite: SUITE, name: "TTFB p99, product page warm", value: warm.p99, unit: "ms" },
      {
        suite: SUITE,
        name: "TTFB p50, games search page cold",
        value: cold.p50,
        unit: "ms",
        note: latency(cold),
      },
      { suite: SUITE, name: "TTFB p99, games search page cold", value: cold.p99, unit: "ms" },
    ];
    return { figures, details: { connections: RENDER_CONNECTIONS, rounds: ab.rounds } };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

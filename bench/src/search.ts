// The store's search on a catalogue of 500 products (each with a Japanese title and description
// and three variants with SKUs) and the seeded posts, in this process against a scratch database:
// the time of one `search.query` (the results page: the look-up and the product cards) and one
// `search.suggest` (the header's suggestions) for the kinds of words shoppers type, and the time
// of rebuilding the index. A quick measurement, not a load test.
//
//   npx tsx bench/src/search.ts [--rounds 50]
//   npx tsx bench/src/search.ts --postgres    (on a throwaway PostgreSQL cluster of this machine)
//   BENCH_DATABASE_URL=postgres://... npx tsx bench/src/search.ts    (an empty PostgreSQL database)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { standaloneDeps } from "../../server/src/cli/standalone-deps.ts";
import { loadConfig } from "../../server/src/config.ts";
import { engineOf } from "../../server/src/db/engine.ts";
import { migrateDatabase } from "../../server/src/db/migrate.ts";
import { type Cluster, startThrowawayCluster } from "../../server/src/db/postgres-cluster.ts";
import { seedBlog } from "../../server/src/modules/blog/seed.ts";
import { reindexSearch } from "../../server/src/modules/search/reindex.ts";
import { search, suggest } from "../../server/src/modules/search/service.ts";
import { createProductRecord } from "../../server/src/seed/factories.ts";
import { median, round } from "./lib/report.ts";

const PRODUCTS = 500;
const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const ROUNDS = process.argv.includes("--rounds") ? Number(arg("--rounds")) : 50;

const KINDS = ["Glasses", "Lens", "Dock", "Cable", "Case", "Stand", "Adapter", "Strap", "Pack", "Lamp"];
const KINDS_JA = [
  "グラス",
  "レンズ",
  "ドック",
  "ケーブル",
  "ケース",
  "スタンド",
  "アダプター",
  "ストラップ",
  "パック",
  "ランプ",
];
const WORDS = ["Nova", "Orbit", "Comet", "Aurora", "Zenith", "Drift", "Pulse", "Echo", "Halo", "Prism"];
const WORDS_JA = ["星雲", "軌道", "彗星", "極光", "天頂", "漂流", "鼓動", "残響", "光輪", "分光"];
const COLOURS = ["Midnight", "Silver", "Coral", "Forest", "Sand"];

/** The words shoppers type: a product word, a model, a SKU, two kanji, Japanese of 3+ letters, a typo, nothing. */
const QUERIES = ["glasses", "aurora lamp", "AUR-LAM-3", "星雲", "アダプター", "auroar", "qqzzxx"];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "vela-bench-search-"));
  let cluster: Cluster | null = null;
  if (process.argv.includes("--postgres")) {
    cluster = await startThrowawayCluster();
    if (!cluster) throw new Error("no PostgreSQL binaries on this machine");
  }
  const url = cluster
    ? cluster.url.replace(/\/postgres$/, "/bench_search")
    : (process.env.BENCH_DATABASE_URL ?? `file:${path.join(scratch, "store.db")}`);
  try {
    await migrateDatabase(url);
    const deps = standaloneDeps(
      loadConfig({
        NODE_ENV: "production",
        DATABASE_URL: url,
        SESSION_SECRET: "b".repeat(43),
        LOG_LEVEL: "warn",
      }),
    );
    for (let i = 0; i < PRODUCTS; i++) {
      const kind = i % KINDS.length;
      const word = Math.floor(i / KINDS.length) % WORDS.length;
      const series = Math.floor(i / (KINDS.length * WORDS.length));
      const code = `${WORDS[word]?.slice(0, 3)}-${KINDS[kind]?.slice(0, 3)}-${series}`.toUpperCase();
      await createProductRecord(deps.db, {
        handle: `bench-${i}`,
        title: `${WORDS[word]} ${KINDS[kind]} ${series}`,
        type: "accessories",
        description: `The ${WORDS[word]} ${KINDS[kind]?.toLowerCase()} of series ${series}, made to travel with your glasses.`,
        position: i,
        translations: [
          {
            language: "ja-JP",
            title: `${WORDS_JA[word]}${KINDS_JA[kind]} ${series}`,
            description: `シリーズ${series}の${WORDS_JA[word]}${KINDS_JA[kind]}。グラスと一緒に持ち歩けます。`,
          },
        ],
        variants: COLOURS.slice(0, 3).map((colour, v) => ({
          title: colour,
          sku: `${code}-${v + 1}`,
          usd: 1000 + i,
          jpy: 1500 + i,
        })),
      });
    }
    await seedBlog(deps.db);
    const reindex = await time(() => reindexSearch(deps.db));

    console.info(
      `search on ${PRODUCTS} products (${engineOf(url)}), ${ROUNDS} rounds each: median / p95 in ms, results`,
    );
    console.info(`  reindexSearch: ${round(median(reindex))} / ${round(pct(reindex, 95))}`);
    for (const q of QUERIES) {
      const answer = await search(deps, { q });
      const full = await time(() => search(deps, { q }));
      const hints = await time(() => suggest(deps, { q }));
      console.info(
        `  ${JSON.stringify(q).padEnd(14)} query ${round(median(full))} / ${round(pct(full, 95))}` +
          `   suggest ${round(median(hints))} / ${round(pct(hints, 95))}` +
          `   ${answer.products.length} products, ${answer.posts.length} posts${answer.approximate ? " (near)" : ""}`,
      );
    }
    await deps.db.$disconnect();
  } finally {
    cluster?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();

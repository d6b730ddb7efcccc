// Compatibility records from prisma/seed-data/compatibility.json: {brand} and {slug} become the
// brand's name and slug. Every language is checked against the record schema once merged over
// en-US, so a bad translation fails the seed instead of a page. Idempotent.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BRAND, handle, localizeCompatibility, ZCompatibilityRecord } from "@vela/shared";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";

type Seeds = Record<string, Record<string, unknown>>;

export function loadCompatibilitySeeds(): Seeds {
  const file = path.join(ROOT_DIR, "prisma/seed-data/compatibility.json");
  const text = readFileSync(file, "utf8").replaceAll("{brand}", BRAND.name).replaceAll("{slug}", BRAND.slug);
  return (JSON.parse(text) as { records: Seeds }).records;
}

export async function seedCompatibility(db: Db): Promise<void> {
  for (const [rest, languages] of Object.entries(loadCompatibilitySeeds())) {
    const enUS = ZCompatibilityRecord.parse(languages["en-US"]);
    for (const [language, record] of Object.entries(languages)) {
      ZCompatibilityRecord.parse(localizeCompatibility(enUS, record));
      await db.compatibilityRecord.upsert({
        where: { handle_language: { handle: handle(rest), language } },
        create: { handle: handle(rest), language, record: JSON.stringify(record) },
        update: {},
      });
    }
  }
}

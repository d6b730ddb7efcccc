// Compatibility records from prisma/seed-data/compatibility.json: {brand} and {slug} become the
// brand's name and slug, {name:<handle>} the product's name in the record's language (product-names.ts). Every language is checked against the record schema once merged over
// en-US, so a bad translation fails the seed instead of a page. Idempotent.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BRAND, fillProductNames, handle, localizeCompatibility, ZCompatibilityRecord } from "@vela/shared";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";

type Seeds = Record<string, Record<string, unknown>>;

export function loadCompatibilitySeeds(): Seeds {
  const file = path.join(ROOT_DIR, "prisma/seed-data/compatibility.json");
  const text = readFileSync(file, "utf8").replaceAll("{brand}", BRAND.name).replaceAll("{slug}", BRAND.slug);
  const records = (JSON.parse(text) as { records: Seeds }).records;
  // Product names in each language's own words, from the one source the catalogue is seeded from.
  return Object.fromEntries(
    Object.entries(records).map(([rest, languages]) => [
      rest,
      Object.fromEntries(
        Object.entries(languages).map(([language, record]) => [
          language,
          JSON.parse(fillProductNames(JSON.stringify(record), language)) as unknown,
        ]),
      ),
    ]),
  );
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

// The storefront's demo data (reviews, compatibility records), called once from seed/demo.ts after the catalogue.
import type { Db } from "../../db/client.ts";
import { seedCompatibility } from "../compatibility/seed.ts";
import { seedReviews } from "../reviews/seed.ts";

export async function seedStorefront(db: Db): Promise<void> {
  await seedReviews(db);
  await seedCompatibility(db);
}

// Seeded reviews from prisma/seed-data/reviews.json. Idempotent: a product that already has
// reviews is left alone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { handle } from "@vela/shared";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";

export interface ReviewSeed {
  /** Without the brand prefix. */
  handle: string;
  rating: number;
  title: string;
  body: string;
  author: string;
  date: string;
  verified: boolean;
}

export function loadReviewSeeds(): ReviewSeed[] {
  const file = path.join(ROOT_DIR, "prisma/seed-data/reviews.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { reviews: ReviewSeed[] }).reviews;
}

/** One review, for the seed and the tests alike. */
export function createReview(
  db: Db,
  productId: number,
  spec: Omit<ReviewSeed, "handle"> & { customerId?: number | null },
) {
  return db.review.create({
    data: {
      productId,
      customerId: spec.customerId ?? null,
      rating: spec.rating,
      title: spec.title,
      body: spec.body,
      authorName: spec.author,
      verified: spec.verified,
      createdAt: new Date(spec.date),
    },
  });
}

export async function seedReviews(db: Db): Promise<void> {
  const seeds = loadReviewSeeds();
  const handles = [...new Set(seeds.map((s) => handle(s.handle)))];
  const products = await db.product.findMany({
    where: { handle: { in: handles } },
    select: { id: true, handle: true, _count: { select: { reviews: true } } },
  });
  for (const seed of seeds) {
    const product = products.find((p) => p.handle === handle(seed.handle));
    if (!product) throw new Error(`seed: reviews for unknown product ${seed.handle}`);
    if (product._count.reviews > 0) continue;
    await createReview(db, product.id, seed);
  }
}

// Reviews per product (spec 000 §2, §3): the list behind /reviews?handle= with its average,
// count and pages, and reviews written in the store by customers who ordered the product.
import {
  REVIEWS_PAGE_SIZE,
  type ReviewInput,
  type ReviewsListInput,
  STOREFRONT_MESSAGES,
  toGid,
} from "@vela/shared";
import type { Review, ReviewSummary, ReviewsPage } from "@vela/shared/api";
import type { Db, Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

const reviewSelect = {
  id: true,
  rating: true,
  title: true,
  body: true,
  authorName: true,
  verified: true,
  createdAt: true,
  product: { select: { handle: true, title: true } },
} satisfies Prisma.ReviewSelect;

type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewSelect }>;

const toDto = (r: ReviewRow): Review => ({
  id: toGid("Review", r.id),
  rating: r.rating,
  title: r.title,
  body: r.body,
  authorName: r.authorName,
  verified: r.verified,
  createdAt: r.createdAt.toISOString(),
  product: r.product,
});

async function productByHandle(db: Db, handle: string) {
  const product = await db.product.findUnique({
    where: { handle },
    select: { id: true, handle: true, title: true },
  });
  if (!product) throw new AppError("NOT_FOUND", STOREFRONT_MESSAGES.productNotFound);
  return product;
}

export async function listReviews(deps: Deps, input: ReviewsListInput): Promise<ReviewsPage> {
  const product = input?.handle ? await productByHandle(deps.db, input.handle) : null;
  const where: Prisma.ReviewWhereInput = product ? { productId: product.id } : {};
  const pageSize = input?.pageSize ?? REVIEWS_PAGE_SIZE;
  const groups = await deps.db.review.groupBy({ by: ["rating"], where, _count: { _all: true } });
  const distribution: ReviewSummary["distribution"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const g of groups) {
    if (g.rating >= 1 && g.rating <= 5) distribution[g.rating - 1] = g._count._all;
    total += g._count._all;
    sum += g.rating * g._count._all;
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end shows the last page rather than nothing.
  const page = Math.min(input?.page ?? 1, pageCount);
  const rows = await deps.db.review.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize,
    select: reviewSelect,
  });
  return {
    product: product
      ? { id: toGid("Product", product.id), handle: product.handle, title: product.title }
      : null,
    summary: { average: total ? Math.round((sum / total) * 10) / 10 : null, count: total, distribution },
    reviews: rows.map(toDto),
    pageInfo: { page, pageSize, pageCount, total },
  };
}

/** Orders that count as buying: any order of the customer except a voided one. */
async function hasOrdered(
  db: Db,
  customerId: number,
  product: { id: number; handle: string },
): Promise<boolean> {
  const line = await db.orderLineItem.findFirst({
    where: {
      order: { customerId, financialStatus: { not: "VOIDED" } },
      OR: [{ productHandle: product.handle }, { variant: { productId: product.id } }],
    },
    select: { id: true },
  });
  return line !== null;
}

export type Eligibility =
  | { canReview: true; reason: null }
  | { canReview: false; reason: "not-ordered" | "already-reviewed" };

export async function reviewEligibility(
  deps: Deps,
  customerId: number,
  handle: string,
): Promise<Eligibility> {
  const product = await productByHandle(deps.db, handle);
  const existing = await deps.db.review.findUnique({
    where: { productId_customerId: { productId: product.id, customerId } },
    select: { id: true },
  });
  if (existing) return { canReview: false, reason: "already-reviewed" };
  if (!(await hasOrdered(deps.db, customerId, product))) return { canReview: false, reason: "not-ordered" };
  return { canReview: true, reason: null };
}

/** "Alex R.": the first name and the initial of the last. */
export const reviewAuthorName = (firstName: string, lastName: string): string =>
  [firstName.trim(), lastName.trim() ? `${[...lastName.trim()][0]}.` : ""].filter(Boolean).join(" ") ||
  "Customer";

/** A review by a customer who ordered the product: verified, and one per product. */
export async function createReview(
  deps: Deps,
  customerId: number,
  input: ReviewInput,
): Promise<{ review: Review }> {
  const product = await productByHandle(deps.db, input.handle);
  if (!(await hasOrdered(deps.db, customerId, product))) {
    throw new AppError("FORBIDDEN", STOREFRONT_MESSAGES.reviewNotOrdered);
  }
  const customer = await deps.db.customer.findUniqueOrThrow({
    where: { id: customerId },
    select: { firstName: true, lastName: true },
  });
  try {
    const row = await deps.db.review.create({
      data: {
        productId: product.id,
        customerId,
        rating: input.rating,
        title: input.title,
        body: input.body,
        authorName: reviewAuthorName(customer.firstName, customer.lastName),
        verified: true,
        createdAt: deps.clock.now(),
      },
      select: reviewSelect,
    });
    deps.log.info({ productId: product.id, customerId }, "review written");
    return { review: toDto(row) };
  } catch (err) {
    if ((err as { code?: string }).code === "P2002")
      throw new AppError("CONFLICT", STOREFRONT_MESSAGES.reviewDuplicate);
    throw err;
  }
}

// Shapes every answer of the API shares: money, pictures, and the error body.
import { z } from "zod";

export const ZMoney = z.object({
  /** Decimal text in the currency's minor digits: "599.00", "59800". */
  amount: z.string(),
  currencyCode: z.string(),
});

export const ZImage = z.object({
  url: z.string(),
  altText: z.string(),
  /**
   * An uploaded picture's sizes (the drawings have none): `webp` and `original` are srcsets of the
   * same sizes in WebP and in the original's format, for a <picture>; width and height its own.
   */
  sources: z
    .object({ webp: z.string(), original: z.string(), width: z.number(), height: z.number() })
    .optional(),
});
export type Image = z.infer<typeof ZImage>;

export const ZFieldIssue = z.object({ path: z.string(), message: z.string() });

/** Every failure: `message` and `error` carry the same text; `issues` names the fields a validation refused. */
export const ZErrorBody = z.object({
  message: z.string(),
  error: z.string(),
  issues: z.array(ZFieldIssue).optional(),
});
export type ErrorBody = z.infer<typeof ZErrorBody>;

export const ZOk = z.object({ ok: z.literal(true) });
export const ZOkMessage = z.object({ ok: z.literal(true), message: z.string() });

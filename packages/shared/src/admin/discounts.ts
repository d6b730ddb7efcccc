// The admin's discount codes: its procedures' inputs, shared with the admin client's forms, and the
// server's answers (English; the admin's catalogue holds every language, keyed
// `admin.server.discounts.*`). docs/admin.md "Discount codes".
import { z } from "zod";
import { CATALOGUE_CURRENCIES, ZAmountText } from "./catalogue.ts";

export const DISCOUNT_ADMIN_MESSAGES = {
  discountNotFound: "No discount code has this id",
  templateNotFound: "No code template has this name",
  staleVersion: "This code changed since you opened it: open it again before you save",
  codeText: "Letters, digits and hyphens, 3 to 32 characters",
  codeTaken: "Another discount code is already called this (codes ignore case)",
  percentText: "Enter a whole percentage from 1 to 100",
  amountRequired: "Enter the amount off in at least one currency",
  amountNegative: "Amounts cannot be negative",
  amountYen: "Yen amounts are whole numbers",
  limitText: "Enter a whole number of at least 1, or leave it empty for no limit",
  daysText: "Enter a whole number of days from 1 to 3650",
  dateText: "Enter a date and time",
  endBeforeStart: "The end must be after the start",
  searchTooLong: "Search for at most 100 characters",
  alreadyDisabled: "This code is already disabled",
  alreadyEnabled: "This code is already enabled",
} as const;

const M = DISCOUNT_ADMIN_MESSAGES;

/** PERCENT: a percentage of the lines; AMOUNT: a fixed amount, only in the currencies it names one for. */
export const DISCOUNT_KINDS = ["PERCENT", "AMOUNT"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** What the list shows and filters by, judged at the time of reading. */
export const DISCOUNT_STATUSES = ["active", "scheduled", "expired", "disabled"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
export const DISCOUNT_PAGE_MAX = 100;
export const DISCOUNT_PAGE_DEFAULT = 50;
const MAX_ID = 2_147_483_647;
const LIMIT_MAX = 1_000_000_000;

export const ZDiscountId = z.number().int().positive().max(MAX_ID);
export const ZDiscountVersion = z.number().int().min(0).max(MAX_ID);

export const ZDiscountListInput = z
  .strictObject({
    /** Part of the code, in any case. */
    q: z.string().trim().max(100, M.searchTooLong).optional(),
    status: z.enum(DISCOUNT_STATUSES).optional(),
    /** `nextCursor` of the page shown (the last id of it). */
    cursor: ZDiscountId.optional(),
    limit: z.number().int().min(1).max(DISCOUNT_PAGE_MAX).default(DISCOUNT_PAGE_DEFAULT),
  })
  .default({ limit: DISCOUNT_PAGE_DEFAULT });
export type DiscountListInput = z.input<typeof ZDiscountListInput>;

export const ZDiscountRefInput = z.strictObject({ discountId: ZDiscountId });

/** Empty text is "none" for an optional amount, limit or date. */
const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const optionalAmount = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .refine((v) => !v.startsWith("-"), M.amountNegative)
    .pipe(ZAmountText)
    .nullable(),
);
const optionalLimit = z.preprocess(
  emptyToNull,
  z
    .number({ error: M.limitText })
    .int(M.limitText)
    .min(1, M.limitText)
    .max(LIMIT_MAX, M.limitText)
    .nullable(),
);
const optionalDate = z.preprocess(
  emptyToNull,
  z.iso.datetime({ offset: true, error: M.dateText }).nullable(),
);

/** A code's terms in one currency: the amount off (fixed-amount codes) and the order's minimum. */
const ZCurrencyTerms = z.strictObject({ amountOff: optionalAmount, minimum: optionalAmount });

export const ZDiscountFields = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(DISCOUNT_CODE_PATTERN, M.codeText)
    .transform((v) => v.toUpperCase()),
  kind: z.enum(DISCOUNT_KINDS),
  /** PERCENT codes: 1–100; ignored for AMOUNT codes. */
  percentOff: z.preprocess(
    emptyToNull,
    z
      .number({ error: M.percentText })
      .int(M.percentText)
      .min(1, M.percentText)
      .max(100, M.percentText)
      .nullable(),
  ),
  currencies: z.strictObject({ USD: ZCurrencyTerms, JPY: ZCurrencyTerms }),
  startsAt: optionalDate,
  endsAt: optionalDate,
  /** Uses overall; null: no limit. */
  usageLimit: optionalLimit,
  /** Uses per customer (an account, or an email for guests); null: no limit. */
  perCustomerLimit: optionalLimit,
  combinable: z.boolean(),
});

type Fields = z.infer<typeof ZDiscountFields>;

/** The rules across fields, each refusal on its field. */
function crossCheck(v: Fields, ctx: z.RefinementCtx): void {
  if (v.kind === "PERCENT" && v.percentOff === null)
    ctx.addIssue({ code: "custom", path: ["percentOff"], message: M.percentText });
  if (v.kind === "AMOUNT" && CATALOGUE_CURRENCIES.every((c) => v.currencies[c].amountOff === null))
    ctx.addIssue({ code: "custom", path: ["currencies", "USD", "amountOff"], message: M.amountRequired });
  for (const c of CATALOGUE_CURRENCIES) {
    for (const f of ["amountOff", "minimum"] as const) {
      const text = v.currencies[c][f];
      if (c === "JPY" && text !== null && /\.\d*[1-9]/.test(text))
        ctx.addIssue({ code: "custom", path: ["currencies", c, f], message: M.amountYen });
    }
  }
  if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: M.endBeforeStart });
}

export const ZDiscountCreateInput = ZDiscountFields.superRefine(crossCheck);
export type DiscountCreateInput = z.input<typeof ZDiscountCreateInput>;
export type DiscountFields = z.output<typeof ZDiscountCreateInput>;

export const ZDiscountUpdateInput = ZDiscountFields.extend({
  discountId: ZDiscountId,
  version: ZDiscountVersion,
}).superRefine(crossCheck);
export type DiscountUpdateInput = z.input<typeof ZDiscountUpdateInput>;

export const ZDiscountDisableInput = z.strictObject({
  discountId: ZDiscountId,
  version: ZDiscountVersion,
  disabled: z.boolean(),
});
export type DiscountDisableInput = z.infer<typeof ZDiscountDisableInput>;

/** The newsletter's welcome code's rules; a change holds for the codes issued after it. */
export const ZDiscountTemplateInput = z.strictObject({
  key: z.string().trim().min(1).max(64),
  version: ZDiscountVersion,
  percentOff: z
    .number({ error: M.percentText })
    .int(M.percentText)
    .min(1, M.percentText)
    .max(100, M.percentText),
  validDays: z.number({ error: M.daysText }).int(M.daysText).min(1, M.daysText).max(3650, M.daysText),
  usageLimit: z
    .number({ error: M.limitText })
    .int(M.limitText)
    .min(1, M.limitText)
    .max(LIMIT_MAX, M.limitText),
  combinable: z.boolean(),
});
export type DiscountTemplateInput = z.infer<typeof ZDiscountTemplateInput>;

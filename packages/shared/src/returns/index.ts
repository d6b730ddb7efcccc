// Returns' inputs, shared by the server (validation) and the forms: the customer's request (from
// the account's order page, or a guest's link from the shipping mail) and the staff's actions.
import { z } from "zod";
import { isMultiLineText } from "../text-rules.ts";
import {
  RETURN_COMMENT_MAX,
  RETURN_DECLINE_REASON_MAX,
  RETURN_MESSAGES,
  RETURN_REASONS,
  RETURN_STAFF_MESSAGES,
  RETURN_STATUSES,
} from "./messages.ts";

export * from "./messages.ts";

const ZOrderRef = z.union([z.string().trim().min(1).max(120), z.number().int().positive()]);
const ZRowId = z.number().int().positive().max(2_147_483_647);

/** One line of the order and how many of its units go back. */
export const ZReturnLineInput = z.strictObject({
  lineId: ZRowId,
  quantity: z.number().int().min(1, RETURN_MESSAGES.quantity).max(9_999, RETURN_MESSAGES.tooMany),
});

const requestFields = {
  lines: z.array(ZReturnLineInput).min(1, RETURN_MESSAGES.noLines).max(100),
  reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
  comment: z
    .string()
    .trim()
    .max(RETURN_COMMENT_MAX, RETURN_MESSAGES.commentTooLong)
    .refine(isMultiLineText, RETURN_MESSAGES.comment)
    .default(""),
};

/** A signed-in customer's request, for an order of theirs (its id or global id). */
export const ZReturnRequestInput = z.strictObject({ orderId: ZOrderRef, ...requestFields });
export type ReturnRequestInput = z.input<typeof ZReturnRequestInput>;

/** The token of the link in the shipping mail: 43 URL-safe characters. */
export const ZReturnLinkToken = z.string().trim().min(1).max(200);

/** A guest's request, through the link of the shipping mail. */
export const ZGuestReturnRequestInput = z.strictObject({ token: ZReturnLinkToken, ...requestFields });
export type GuestReturnRequestInput = z.input<typeof ZGuestReturnRequestInput>;

export const ZReturnOrderInput = z.strictObject({ orderId: ZOrderRef });
export const ZReturnLinkInput = z.strictObject({ token: ZReturnLinkToken });

// --- the staff's actions ------------------------------------------------------------------

export const RETURNS_PAGE_MAX = 100;

/** `waiting`: REQUESTED, the default; `open`: every return not yet final; `all`; or one state. */
export const RETURN_LIST_FILTERS = ["waiting", "open", "all", ...RETURN_STATUSES] as const;
export type ReturnListFilter = (typeof RETURN_LIST_FILTERS)[number];

export const ZReturnListInput = z
  .strictObject({
    filter: z.enum(RETURN_LIST_FILTERS).default("waiting"),
    /** An order number, to see its returns only. */
    orderNumber: z.number().int().positive().max(2_147_483_647).optional(),
    /** The `nextCursor` of the page before. */
    cursor: ZRowId.optional(),
    limit: z.number().int().min(1).max(RETURNS_PAGE_MAX).default(50),
  })
  .default({ filter: "waiting", limit: 50 });
export type ReturnListInput = z.input<typeof ZReturnListInput>;

/**
 * Every action names the return and, when the member's screen knows it, the version they looked
 * at: a return that changed since is refused rather than acted on blind.
 */
const action = { returnId: ZRowId, version: z.number().int().min(0).optional() };

export const ZReturnRefInput = z.strictObject({ returnId: ZRowId });
export const ZReturnApproveInput = z.strictObject(action);
export type ReturnApproveInput = z.input<typeof ZReturnApproveInput>;

export const ZReturnDeclineInput = z.strictObject({
  ...action,
  reason: z
    .string()
    .trim()
    .min(1, RETURN_STAFF_MESSAGES.declineReason)
    .max(RETURN_DECLINE_REASON_MAX, RETURN_STAFF_MESSAGES.declineReason)
    .refine(isMultiLineText, RETURN_STAFF_MESSAGES.declineReasonText),
});
export type ReturnDeclineInput = z.input<typeof ZReturnDeclineInput>;

/** Each line of the return, once, and whether its units go back into stock. */
export const ZReturnReceiveInput = z.strictObject({
  ...action,
  lines: z
    .array(z.strictObject({ returnLineId: ZRowId, restock: z.boolean() }))
    .min(1, RETURN_STAFF_MESSAGES.receiveLines)
    .max(100),
});
export type ReturnReceiveInput = z.input<typeof ZReturnReceiveInput>;

/** `amount`: decimal text in the order's currency ("20.00", "3000"); the return's value when absent. */
export const ZReturnRefundInput = z.strictObject({
  ...action,
  amount: z.string().trim().min(1).max(20).optional(),
});
export type ReturnRefundInput = z.input<typeof ZReturnRefundInput>;

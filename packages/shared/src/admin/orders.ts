// The admin's orders area and dashboard: their procedures' inputs, shared with the admin client's
// forms, and the server's own answers (English; the admin's catalogue holds every language,
// keyed `admin.orders.server.*`). Refusals of the order state machine travel as reason codes
// (server/src/modules/orders/refusals.ts), translated by the client as `admin.orders.refusal.*`.
import { z } from "zod";
import { ZAddressInput } from "../schemas.ts";
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES } from "../statuses.ts";
import { isNameText, isSingleLineText } from "../text-rules.ts";

export const ORDER_ADMIN_MESSAGES = {
  searchTooLong: "Search for at most 200 characters",
  badCursor: "This page link is no longer valid: start from the first page",
  badDate: "Enter a date as YYYY-MM-DD",
  dateOrder: "The start date must not be after the end date",
  carrierRequired: "Enter the carrier",
  trackingRequired: "Enter the tracking number",
  trackingText: "One line of at most 100 characters",
  reasonRequired: "Say why",
  reasonText: "At most 500 characters",
  refundWhat: "Give an amount or choose lines, not both",
  amountText: "Enter an amount such as 20.00 (no currency sign)",
  nameRequired: "Enter the name",
  nameText: "One line of at most 200 characters",
  noteRequired: "Write the note",
  noteText: "At most 2000 characters",
  linesRequired: "Choose at least one line",
} as const;

export const ORDER_SEARCH_MAX = 200;
export const ORDER_PAGE_MAX = 100;
export const ORDER_PAGE_DEFAULT = 25;
export const ORDER_NOTE_MAX = 2000;
export const ORDER_REASON_MAX = 500;
export const ORDER_TRACKING_MAX = 100;
/** The currencies the store sells in. */
export const ORDER_CURRENCIES = ["USD", "JPY"] as const;

const M = ORDER_ADMIN_MESSAGES;
const tuple = (list: readonly string[]) => list as [string, ...string[]];

/** An order number as the customer sees it (`#1001` is 1001). */
export const ZOrderNumber = z.number().int().positive().max(999_999_999);
/** The order's version the member saw: an action on an order that moved since is refused. */
export const ZOrderVersion = z.number().int().min(0).max(2_147_483_647);
/** A calendar day, `YYYY-MM-DD`, in the store's time zone. */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.badDate)
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
  }, M.badDate);

export const ZOrderListInput = z
  .strictObject({
    /** An order number (`1001`, `#1001`), an email or the start of one, or words of a name. */
    q: z.string().trim().max(ORDER_SEARCH_MAX, M.searchTooLong).optional(),
    financialStatus: z.enum(tuple(FINANCIAL_STATUSES)).optional(),
    /** `UNFULFILLED` also finds orders without a fulfilment status. */
    fulfillmentStatus: z.enum(tuple(FULFILLMENT_STATUSES)).optional(),
    currencyCode: z.enum(ORDER_CURRENCIES).optional(),
    /** Placed on or after this day (the store's day). */
    from: ZDay.optional(),
    /** Placed on or before this day. */
    to: ZDay.optional(),
    /** `nextCursor` (with `direction: "next"`) or `prevCursor` (`"prev"`) of the page shown. */
    cursor: z.string().max(100).optional(),
    direction: z.enum(["next", "prev"]).default("next"),
    limit: z.number().int().min(1).max(ORDER_PAGE_MAX).default(ORDER_PAGE_DEFAULT),
  })
  .refine((v) => !(v.from && v.to && v.from > v.to), { message: M.dateOrder, path: ["to"] })
  .default({ direction: "next", limit: ORDER_PAGE_DEFAULT });
export type OrderListInput = z.input<typeof ZOrderListInput>;

export const ZOrderRefInput = z.strictObject({ number: ZOrderNumber });
export type OrderRefInput = z.infer<typeof ZOrderRefInput>;

const ZLinePick = z.strictObject({
  lineId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(1_000_000),
});
const ZLinePicks = z.array(ZLinePick).min(1, M.linesRequired).max(200);

const oneLine = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong).refine(isSingleLineText, tooLong);

export const ZOrderFulfilInput = z.strictObject({
  number: ZOrderNumber,
  version: ZOrderVersion,
  carrier: oneLine(ORDER_TRACKING_MAX, M.carrierRequired, M.trackingText),
  tracking: oneLine(ORDER_TRACKING_MAX, M.trackingRequired, M.trackingText),
  /** The lines and units shipped; every unit left when absent. */
  lines: ZLinePicks.optional(),
});
export type OrderFulfilInput = z.infer<typeof ZOrderFulfilInput>;

const ZReason = z.string().trim().min(1, M.reasonRequired).max(ORDER_REASON_MAX, M.reasonText);

export const ZOrderRefundInput = z
  .strictObject({
    number: ZOrderNumber,
    version: ZOrderVersion,
    reason: ZReason,
    /** Decimal text in the order's currency ("20.00", JPY "3000"). */
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, M.amountText)
      .optional(),
    /** Lines and units paid back at their unit price. */
    lines: ZLinePicks.optional(),
  })
  .refine((v) => (v.amount === undefined) !== (v.lines === undefined), {
    message: M.refundWhat,
    path: ["amount"],
  });
export type OrderRefundInput = z.infer<typeof ZOrderRefundInput>;

export const ZOrderCancelInput = z.strictObject({
  number: ZOrderNumber,
  version: ZOrderVersion,
  reason: ZReason,
});
export type OrderCancelInput = z.infer<typeof ZOrderCancelInput>;

const address = ZAddressInput.shape;
export const ZShippingAddress = z.strictObject({
  name: z.string().trim().min(1, M.nameRequired).max(200, M.nameText).refine(isNameText, M.nameText),
  address1: address.address1,
  address2: address.address2,
  city: address.city,
  province: address.province,
  zip: address.zip,
  country: address.country,
  phone: address.phone,
});
export type ShippingAddress = z.input<typeof ZShippingAddress>;

export const ZOrderAddressInput = z.strictObject({
  number: ZOrderNumber,
  version: ZOrderVersion,
  address: ZShippingAddress,
});
export type OrderAddressInput = z.input<typeof ZOrderAddressInput>;

export const ZOrderNoteInput = z.strictObject({
  number: ZOrderNumber,
  text: z.string().trim().min(1, M.noteRequired).max(ORDER_NOTE_MAX, M.noteText),
});
export type OrderNoteInput = z.infer<typeof ZOrderNoteInput>;

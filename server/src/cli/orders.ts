// npm run orders -- list [--limit N] | show <number> | fulfil <number> --carrier C --tracking T
//   [--line <lineId>:<qty> ...] | refund <number> [--amount 20.00] | cancel <number> | capture <number>
// The moves are the order state machine's (modules/orders/lifecycle.ts), each with its audit row
// by the operator; this file reads the arguments and writes the answers. Every line it returns is safe to print (terminal-text.ts).
import { parseArgs } from "node:util";
import type { Deps } from "../deps.ts";
import { OPERATOR } from "../modules/audit/service.ts";
import { auditChange } from "../modules/orders/admin-actions.ts";
import {
  cancelOrder,
  captureOrder,
  formatAmount,
  fulfilOrder,
  operatorOrder,
  operatorOrders,
  refundOrder,
} from "../modules/orders/lifecycle.ts";
import { requireStoreAddress } from "./store-address.ts";
import { forTerminal } from "./terminal-text.ts";

export const ORDERS_USAGE = [
  "usage: npm run orders -- list [--limit N]",
  "       npm run orders -- show <order number>",
  "       npm run orders -- fulfil <order number> --carrier UPS --tracking 1Z999 [--line <line id>:<qty> ...]",
  "       npm run orders -- refund <order number> [--amount 20.00]",
  "       npm run orders -- cancel <order number>",
  "       npm run orders -- capture <order number>",
].join("\n");

function orderNumberOf(text: string | undefined): number {
  if (!text || !/^#?\d{1,9}$/.test(text))
    throw new Error(`Not an order number: ${text ?? "(none)"}\n${ORDERS_USAGE}`);
  return Number(text.replace("#", ""));
}

async function list(deps: Deps, limitText: string | undefined): Promise<string[]> {
  const limit = limitText ? Math.min(500, Math.max(1, Number(limitText) || 20)) : 20;
  return (await operatorOrders(deps, limit)).map(
    (o) =>
      `#${o.orderNumber}  ${o.processedAt.toISOString().slice(0, 10)}  ${o.financialStatus}/${o.fulfillmentStatus ?? "UNFULFILLED"}  ${formatAmount(o.totalAmount, o.currencyCode)}  ${o.email}`,
  );
}

async function show(deps: Deps, orderNumber: number): Promise<string[]> {
  const o = await operatorOrder(deps, orderNumber);
  const money = (minor: number) => formatAmount(minor, o.currencyCode);
  const p = o.placement;
  return [
    `Order #${o.orderNumber} (${o.email || "no email"}, ${o.locale})`,
    `Status: ${o.financialStatus} / ${o.fulfillmentStatus ?? "UNFULFILLED"}`,
    `Total: ${money(o.totalAmount)}, captured ${money(p?.capturedAmount ?? 0)}, refunded ${money(o.refundedAmount)}`,
    ...(p ? [`Payment: ${p.provider ?? ""} ${p.cardBrand ?? ""} •••• ${p.cardLast4 ?? ""}`] : []),
    "Lines:",
    ...o.lineItems.map(
      (l) =>
        `  line ${l.id}: ${l.title} — ${l.variantTitle} × ${l.quantity} (shipped ${l.fulfilledQuantity})`,
    ),
    ...o.tracking.map((t) => `Tracking: ${t.company} ${t.number} ${t.url}`),
    ...o.events.map((e) =>
      `  ${e.createdAt.toISOString()} ${e.kind}${e.amount !== null ? ` ${money(e.amount)}` : ""} ${e.detail}`.trimEnd(),
    ),
    ...o.paymentOperations.map((op) =>
      `  payment ${op.kind} ${money(op.amount)} ${op.status} (${op.createdAt.toISOString()})${op.failureMessage ? `: ${op.failureMessage}` : ""}`.trimEnd(),
    ),
  ];
}

function linesOf(specs: string[]): { lineId: number; quantity: number }[] {
  return specs.map((l) => {
    const m = /^(\d{1,9}):(\d{1,6})$/.exec(l);
    if (!m) throw new Error(`--line takes <line id>:<quantity>, not ${l}`);
    return { lineId: Number(m[1]), quantity: Number(m[2]) };
  });
}

/** The command's output lines, safe to print; a refused move throws (LifecycleError) with the reason. */
export async function runOrdersCommand(deps: Deps, args: string[]): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      carrier: { type: "string" },
      tracking: { type: "string" },
      line: { type: "string", multiple: true },
      amount: { type: "string" },
      limit: { type: "string" },
    },
  });
  const [sub, number] = positionals;
  // Every change is in the audit trail as the operator's, as the admin's are as the member's.
  const audited = { onChange: auditChange(deps, OPERATOR) };
  let out: string[];
  switch (sub) {
    case "list":
      out = await list(deps, values.limit);
      break;
    case "show":
      out = await show(deps, orderNumberOf(number));
      break;
    case "fulfil":
    case "fulfill": {
      const orderNumber = orderNumberOf(number);
      const lines = linesOf(values.line ?? []);
      requireStoreAddress(deps.config);
      const r = await fulfilOrder(
        deps,
        orderNumber,
        { carrier: values.carrier ?? "", tracking: values.tracking ?? "", lines },
        audited,
      );
      out = [`Order ${r.orderNumber} is now ${r.fulfillmentStatus}`];
      break;
    }
    case "refund": {
      const orderNumber = orderNumberOf(number);
      requireStoreAddress(deps.config);
      const r = await refundOrder(deps, orderNumber, { amount: values.amount }, audited);
      out = [
        `Order ${r.orderNumber}: refunded ${formatAmount(r.amount, r.currencyCode)}, now ${r.financialStatus}`,
      ];
      break;
    }
    case "cancel": {
      const orderNumber = orderNumberOf(number);
      requireStoreAddress(deps.config);
      const r = await cancelOrder(deps, orderNumber, audited);
      out = [
        `Order ${r.orderNumber} is cancelled (VOIDED); stock returned; ${
          r.voided
            ? "the authorization was voided"
            : r.refunded > 0
              ? `${formatAmount(r.refunded, r.currencyCode)} refunded`
              : "nothing left to refund"
        }`,
      ];
      break;
    }
    case "capture": {
      const r = await captureOrder(deps, orderNumberOf(number), audited);
      out = [`Order ${r.orderNumber}: captured ${formatAmount(r.amount, r.currencyCode)}, now PAID`];
      break;
    }
    default:
      throw new Error(ORDERS_USAGE);
  }
  return out.map(forTerminal);
}

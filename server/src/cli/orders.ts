// npm run orders -- list [--limit N] | show <number> | fulfil <number> --carrier C --tracking T
//   [--line <lineId>:<qty> ...] | refund <number> [--amount 20.00] | cancel <number>
import { parseArgs } from "node:util";
import type { Deps } from "../deps.ts";
import {
  cancelOrder,
  fulfilOrder,
  LifecycleError,
  listOperatorOrders,
  refundOrder,
  showOrder,
} from "../modules/checkout/lifecycle.ts";

export const ORDERS_USAGE = [
  "usage: npm run orders -- list [--limit N]",
  "       npm run orders -- show <order number>",
  "       npm run orders -- fulfil <order number> --carrier UPS --tracking 1Z999 [--line <line id>:<qty> ...]",
  "       npm run orders -- refund <order number> [--amount 20.00]",
  "       npm run orders -- cancel <order number>",
].join("\n");

function orderNumberOf(text: string | undefined): number {
  if (!text || !/^#?\d{1,9}$/.test(text))
    throw new LifecycleError(`Not an order number: ${text ?? "(none)"}\n${ORDERS_USAGE}`);
  return Number(text.replace("#", ""));
}

/** The command's output lines; a refused move throws LifecycleError with the reason. */
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
  switch (sub) {
    case "list":
      return listOperatorOrders(
        deps,
        values.limit ? Math.min(500, Math.max(1, Number(values.limit) || 20)) : 20,
      );
    case "show":
      return showOrder(deps, orderNumberOf(number));
    case "fulfil":
    case "fulfill": {
      const lines = (values.line ?? []).map((l) => {
        const m = /^(\d+):(\d+)$/.exec(l);
        if (!m) throw new LifecycleError(`--line takes <line id>:<quantity>, not ${l}`);
        return { lineId: Number(m[1]), quantity: Number(m[2]) };
      });
      return [
        await fulfilOrder(deps, orderNumberOf(number), {
          carrier: values.carrier ?? "",
          tracking: values.tracking ?? "",
          lines,
        }),
      ];
    }
    case "refund":
      return [await refundOrder(deps, orderNumberOf(number), values.amount)];
    case "cancel":
      return [await cancelOrder(deps, orderNumberOf(number))];
    default:
      throw new LifecycleError(ORDERS_USAGE);
  }
}

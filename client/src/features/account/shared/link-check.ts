import {
  ACTIVATION_TOKEN_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  ZActivateInput,
  ZResetInput,
} from "@vela/shared";

export type TokenLinkKind = "reset" | "activate";

export const TOKEN_LINK_TTL_SECONDS: Record<TokenLinkKind, number> = {
  reset: RESET_TOKEN_TTL_SECONDS,
  activate: ACTIVATION_TOKEN_TTL_SECONDS,
};

/** The link's part of the server's input schema for each page: a link it would refuse is not sent. */
const LINK_RULE = {
  reset: (customerId: string, token: string, syclid: string | null) =>
    ZResetInput.pick({ customerId: true, resetToken: true, syclid: true }).safeParse({
      customerId,
      resetToken: token,
      syclid,
    }).success,
  activate: (customerId: string, token: string, syclid: string | null) =>
    ZActivateInput.pick({ customerId: true, activationToken: true, syclid: true }).safeParse({
      customerId,
      activationToken: token,
      syclid,
    }).success,
} as const;

export type TokenLinkCheck =
  | { ok: true; customerId: string; token: string; syclid: string | null; issuedAt: number }
  | { ok: false; problem: "incomplete" | "expired" };

/**
 * The emailed link carries customerId, token and timestamp (unix seconds), and maybe syclid
 * (spec 000 §2, §5). A link missing any of the three, or with a timestamp that is not a
 * number of seconds, or with a part the server's schema refuses (too long), is incomplete; one
 * issued TTL seconds ago or more has expired. The page checks this at load and again at
 * submit; the server checks its own stored expiry as well.
 */
export function checkTokenLink(
  kind: TokenLinkKind,
  search: string | URLSearchParams,
  nowMs: number,
): TokenLinkCheck {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const customerId = params.get("customerId")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  const timestamp = params.get("timestamp")?.trim() ?? "";
  const syclid = params.get("syclid") || null;
  if (!customerId || !token || !/^\d{1,12}$/.test(timestamp)) return { ok: false, problem: "incomplete" };
  if (!LINK_RULE[kind](customerId, token, syclid)) return { ok: false, problem: "incomplete" };
  const issuedAt = Number(timestamp);
  if (Math.floor(nowMs / 1000) - issuedAt >= TOKEN_LINK_TTL_SECONDS[kind])
    return { ok: false, problem: "expired" };
  return { ok: true, customerId, token, syclid, issuedAt };
}

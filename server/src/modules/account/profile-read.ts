// The signed-in customer's profile (`account.me`, GET /api/account/customer) in one statement: the
// session by its token's HMAC, its customer, the default address and the open email change. It is
// the store's most frequent signed-in read and its answer is small, so the fixed cost of Prisma's
// calls (two of them: the session, then the customer) was most of its CPU; this is a direct read
// (db/direct.ts) with a twin per engine. The session rules are the same function every other
// signed-in request goes through (auth/session.ts checkSession); nothing is cached in the process.
// getCustomer (service.ts) reads the same answer through Prisma; a test compares the two.
import { MESSAGES, toGid } from "@vela/shared";
import type { Customer } from "@vela/shared/api";
import { checkSession, SESSION_COLUMNS, type SessionTuple, sessionHashOf } from "../../auth/session.ts";
import { twinFor } from "../../db/client.ts";
import { readJson } from "../../db/direct.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

type ProfileTuple = [
  ...session: SessionTuple,
  firstName: string,
  lastName: string,
  email: string,
  phone: string | null,
  /** 0 or 1 on SQLite, a boolean on PostgreSQL. */
  acceptsMarketing: number | boolean,
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
  createdAt: string,
  addressId: number | null,
  addressFirstName: string | null,
  addressLastName: string | null,
  company: string | null,
  address1: string | null,
  address2: string | null,
  city: string | null,
  province: string | null,
  country: string | null,
  zip: string | null,
  addressPhone: string | null,
  /** The address of the open email change (account/email-change.ts pendingEmailSelect). */
  pendingEmail: string | null,
];

const CUSTOMER_COLUMNS = `c."firstName", c."lastName", c."email", c."phone", c."acceptsMarketing"`;
const ADDRESS_COLUMNS = `a."id", a."firstName", a."lastName", a."company", a."address1", a."address2",
  a."city", a."province", a."country", a."zip", a."phone"`;
const FROM = `FROM "Session" s JOIN "Customer" c ON c."id" = s."customerId"
  LEFT JOIN "Address" a ON a."id" = c."defaultAddressId"`;
// pendingEmailSelect's rule: the newest EMAIL_CHANGE token neither used nor voided nor expired.
const PENDING = (now: string) => `(SELECT t."newEmail" FROM "AccountToken" t
  WHERE t."customerId" = c."id" AND t."kind" = 'EMAIL_CHANGE' AND t."usedAt" IS NULL AND t."voidedAt" IS NULL
    AND t."expiresAt" > ${now}
  ORDER BY t."issuedAt" DESC LIMIT 1)`;

export const PROFILE_BY_SESSION_HASH = {
  sqlite: `SELECT json_array(${SESSION_COLUMNS.sqlite}, ${CUSTOMER_COLUMNS},
      strftime('%Y-%m-%dT%H:%M:%fZ', c."createdAt"), ${ADDRESS_COLUMNS}, ${PENDING("?")})
    ${FROM} WHERE s."tokenHash" = ?`,
  postgresql: `SELECT json_build_array(${SESSION_COLUMNS.postgresql}, ${CUSTOMER_COLUMNS},
      to_char(c."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${ADDRESS_COLUMNS}, ${PENDING("$1")})::text
    ${FROM} WHERE s."tokenHash" = $2`,
} as const;

function toCustomer(r: ProfileTuple): Customer {
  // Keys in the order of toCustomerDto and toAddressDto, so the JSON answer is the same text.
  return {
    id: toGid("Customer", r[1]),
    firstName: r[4],
    lastName: r[5],
    email: r[6],
    phone: r[7],
    acceptsMarketing: r[8] === true || r[8] === 1,
    createdAt: r[9],
    defaultAddress:
      r[10] === null
        ? null
        : {
            id: toGid("Address", r[10]),
            firstName: r[11] as string,
            lastName: r[12] as string,
            company: r[13],
            address1: r[14] as string,
            address2: r[15],
            city: r[16] as string,
            province: r[17] as string,
            country: r[18] as string,
            zip: r[19] as string,
            phone: r[20],
          },
    pendingEmail: r[21],
  };
}

/** The customer signed in with `token`, after the session rules; UNAUTHORIZED without a live session. */
export async function signedInCustomer(deps: Deps, token: string | undefined): Promise<Customer> {
  const hash = sessionHashOf(deps, token);
  const row = hash
    ? await readJson<ProfileTuple>(deps.db, twinFor(deps.db, PROFILE_BY_SESSION_HASH), [
        deps.clock.now(),
        hash,
      ])
    : null;
  const session = row ? await checkSession(deps, [row[0], row[1], row[2], row[3]]) : null;
  if (!row || !session) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
  return toCustomer(row);
}

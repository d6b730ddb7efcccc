import { BRAND } from "./brand.ts";

/**
 * Who sells in this store: the one place the legal pages (terms of sale, the legal notice that
 * Japan's Act on Specified Commercial Transactions asks of mail order, shipping, returns and
 * warranty) take the seller's name, address and contact from.
 *
 * THE STORE'S TO SET: the name, representative, address and phone below are placeholders (a
 * fictional 555-01xx number) until the business that runs the store writes its own. The return
 * address is the one the return-approved email sends parcels to (server/src/modules/returns/
 * templates.ts, RETURN_ADDRESS); a server test holds the two equal.
 */
export const SELLER = {
  /** The legal name of the business. */
  name: `${BRAND.name} Inc.`,
  /** The person responsible for the business (運営統括責任者). */
  representative: "Alex Morgan",
  /** The business's address, one line per element. */
  address: ["1 Market Street, Suite 300", "San Francisco, CA 94105", "United States"],
  email: `support@${BRAND.domain}`,
  /** Placeholder: the store's phone number to set. */
  phone: "+1 415 555 0100",
  /** Where returned parcels go, one line per element. */
  returnAddress: [
    `${BRAND.name} Returns`,
    "1 Market Street, Suite 300",
    "San Francisco, CA 94105",
    "United States",
  ],
} as const;

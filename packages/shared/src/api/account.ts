// The account area's answers (spec 000 §7): the customer, the address book and the small
// acknowledgements of the account mutations.
import { z } from "zod";

export const ZAddress = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
});
export type Address = z.infer<typeof ZAddress>;

export const ZCustomer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  acceptsMarketing: z.boolean(),
  createdAt: z.string(),
  defaultAddress: ZAddress.nullable(),
  /** A new sign-in email waiting for its emailed link to be followed; `email` stays the sign-in until then. */
  pendingEmail: z.string().nullable(),
});
export type Customer = z.infer<typeof ZCustomer>;

export const ZCustomerAnswer = z.object({ customer: ZCustomer });

export const ZAddressBook = z.object({ addresses: z.array(ZAddress), defaultAddress: ZAddress.nullable() });
export type AddressBook = z.infer<typeof ZAddressBook>;
export const ZAddressAnswer = z.object({ address: ZAddress });
export const ZAddressDeleted = z.object({ deletedAddressId: z.string() });

export const ZEmailChangeConfirmed = z.object({
  ok: z.literal(true),
  email: z.string(),
  /** Whether the page that followed the link stays signed in. */
  signedIn: z.boolean(),
});

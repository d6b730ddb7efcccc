import { toGid } from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import { type AddressDto, addressSelect, toAddressDto } from "../addresses/dto.ts";

export const customerSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  acceptsMarketing: true,
  createdAt: true,
  defaultAddress: { select: addressSelect },
} satisfies Prisma.CustomerSelect;

export type CustomerRow = Prisma.CustomerGetPayload<{ select: typeof customerSelect }>;

export interface CustomerDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  acceptsMarketing: boolean;
  createdAt: string;
  defaultAddress: AddressDto | null;
  /** A new sign-in email waiting for its emailed link to be followed; `email` stays the sign-in until then. */
  pendingEmail: string | null;
}

export const toCustomerDto = (c: CustomerRow, pendingEmail: string | null): CustomerDto => ({
  id: toGid("Customer", c.id),
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  acceptsMarketing: c.acceptsMarketing,
  createdAt: c.createdAt.toISOString(),
  defaultAddress: c.defaultAddress ? toAddressDto(c.defaultAddress) : null,
  pendingEmail,
});

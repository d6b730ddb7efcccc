import { toGid } from "@vela/shared";
import type { Customer } from "@vela/shared/api";
import type { Prisma } from "../../db/client.ts";
import { addressSelect, toAddressDto } from "../addresses/dto.ts";

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

export const toCustomerDto = (c: CustomerRow, pendingEmail: string | null): Customer => ({
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

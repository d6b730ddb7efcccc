import { toGid } from "@vela/shared";
import type { Address } from "@vela/shared/api";
import type { Prisma } from "../../db/client.ts";

export const addressSelect = {
  id: true,
  firstName: true,
  lastName: true,
  company: true,
  address1: true,
  address2: true,
  city: true,
  province: true,
  country: true,
  zip: true,
  phone: true,
} satisfies Prisma.AddressSelect;

export type AddressRow = Prisma.AddressGetPayload<{ select: typeof addressSelect }>;

export const toAddressDto = (a: AddressRow): Address => ({ ...a, id: toGid("Address", a.id) });

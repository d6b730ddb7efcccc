import { toGid } from "@vela/shared";
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

export interface AddressDto extends Omit<AddressRow, "id"> {
  id: string;
}

export const toAddressDto = (a: AddressRow): AddressDto => ({ ...a, id: toGid("Address", a.id) });

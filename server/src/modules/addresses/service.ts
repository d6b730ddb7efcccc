import { type AddressInput, MESSAGES, toGid } from "@vela/shared";
import type { Address, AddressBook } from "@vela/shared/api";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { addressSelect, toAddressDto } from "./dto.ts";

export const MAX_ADDRESSES_PER_CUSTOMER = 50;

export async function listAddresses(deps: Deps, customerId: number): Promise<AddressBook> {
  const customer = await deps.db.customer.findUnique({
    where: { id: customerId },
    select: {
      defaultAddressId: true,
      addresses: { select: addressSelect, orderBy: { id: "asc" } },
    },
  });
  if (!customer) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
  const addresses = customer.addresses.map(toAddressDto);
  const def = customer.addresses.find((a) => a.id === customer.defaultAddressId);
  return { addresses, defaultAddress: def ? toAddressDto(def) : null };
}

/** The first address a customer saves becomes their default. */
export async function createAddress(
  deps: Deps,
  customerId: number,
  input: AddressInput,
): Promise<{ address: Address }> {
  const row = await deps.db.$transaction(async (tx) => {
    // The customer's row lock first, so that concurrent creations for one customer queue on it.
    // On PostgreSQL the new address's foreign key takes a share lock on the customer row and
    // making it the default needs that row's update lock: several transactions taking them in
    // that order wait for each other in a circle (a deadlock, again on every retry).
    await tx.customer.update({
      where: { id: customerId },
      data: { updatedAt: new Date() },
      select: { id: true },
    });
    const count = await tx.address.count({ where: { customerId } });
    if (count >= MAX_ADDRESSES_PER_CUSTOMER) {
      throw new AppError("BAD_REQUEST", `You can save at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses`);
    }
    const created = await tx.address.create({ data: { ...input, customerId }, select: addressSelect });
    await tx.customer.updateMany({
      where: { id: customerId, defaultAddressId: null },
      data: { defaultAddressId: created.id },
    });
    return created;
  });
  return { address: toAddressDto(row) };
}

export async function updateAddress(
  deps: Deps,
  customerId: number,
  addressId: number,
  input: AddressInput,
): Promise<{ address: Address }> {
  const { count } = await deps.db.address.updateMany({ where: { id: addressId, customerId }, data: input });
  if (count === 0) throw new AppError("NOT_FOUND", MESSAGES.addressNotFound);
  const row = await deps.db.address.findUniqueOrThrow({ where: { id: addressId }, select: addressSelect });
  return { address: toAddressDto(row) };
}

/** Deleting the default makes the most recently added remaining address the default, or none. */
export async function deleteAddress(
  deps: Deps,
  customerId: number,
  addressId: number,
): Promise<{ deletedAddressId: string }> {
  await deps.db.$transaction(async (tx) => {
    const customer = await tx.customer.findUniqueOrThrow({
      where: { id: customerId },
      select: { defaultAddressId: true },
    });
    const { count } = await tx.address.deleteMany({ where: { id: addressId, customerId } });
    if (count === 0) throw new AppError("NOT_FOUND", MESSAGES.addressNotFound);
    if (customer.defaultAddressId === addressId) {
      const next = await tx.address.findFirst({
        where: { customerId },
        orderBy: { id: "desc" },
        select: { id: true },
      });
      await tx.customer.update({ where: { id: customerId }, data: { defaultAddressId: next?.id ?? null } });
    }
  });
  return { deletedAddressId: toGid("Address", addressId) };
}

/** One column holds the default, so there is exactly one default whatever the concurrency. */
export async function setDefaultAddress(
  deps: Deps,
  customerId: number,
  addressId: number,
): Promise<AddressBook> {
  await deps.db.$transaction(async (tx) => {
    const owned = await tx.address.count({ where: { id: addressId, customerId } });
    if (owned === 0) throw new AppError("NOT_FOUND", MESSAGES.addressNotFound);
    await tx.customer.update({ where: { id: customerId }, data: { defaultAddressId: addressId } });
  });
  return listAddresses(deps, customerId);
}

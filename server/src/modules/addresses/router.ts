import { ZAddressInput, ZNumericId } from "@vela/shared";
import { z } from "zod";
import { customerProcedure, router } from "../../trpc/init.ts";
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from "./service.ts";

const ZId = z.strictObject({ id: ZNumericId });

export const addressesRouter = router({
  list: customerProcedure.query(({ ctx }) => listAddresses(ctx, ctx.customerId)),
  create: customerProcedure
    .input(ZAddressInput)
    .mutation(({ ctx, input }) => createAddress(ctx, ctx.customerId, input)),
  update: customerProcedure
    .input(z.strictObject({ id: ZNumericId, address: ZAddressInput }))
    .mutation(({ ctx, input }) => updateAddress(ctx, ctx.customerId, input.id, input.address)),
  delete: customerProcedure
    .input(ZId)
    .mutation(({ ctx, input }) => deleteAddress(ctx, ctx.customerId, input.id)),
  setDefault: customerProcedure
    .input(ZId)
    .mutation(({ ctx, input }) => setDefaultAddress(ctx, ctx.customerId, input.id)),
});

import { ZCatalogLanguage, ZCatalogListInput, ZHandle } from "@vela/shared";
import { z } from "zod";
import { publicProcedure, router } from "../../trpc/init.ts";
import { filterProducts, getProduct, listProducts } from "./service.ts";

export const catalogRouter = router({
  list: publicProcedure.input(ZCatalogListInput).query(({ ctx, input }) => listProducts(ctx, input)),
  product: publicProcedure
    .input(z.strictObject({ handle: ZHandle, language: ZCatalogLanguage.optional() }))
    .query(({ ctx, input }) => getProduct(ctx, input.handle, input.language)),
  filterProducts: publicProcedure
    .input(z.strictObject({ language: ZCatalogLanguage.optional() }).optional())
    .query(({ ctx, input }) => filterProducts(ctx, input?.language)),
});

// The admin's products and stock procedures, each naming the permission it needs (docs/admin.md,
// "Products and stock"). Thin: the list, the product, its saves (admin-products.ts) and the
// stock changes (stock.ts) live beside it. Every write here changes what the shop shows, so
// each is a public-data writer: the page cache is emptied after it (ADMIN_PUBLIC_DATA_WRITERS).
import {
  ZPictureAltInput,
  ZPictureMoveInput,
  ZPictureRefInput,
  ZPictureUploadInput,
  ZProductCreateInput,
  ZProductListInput,
  ZProductRefInput,
  ZProductSaveInput,
  ZProductStatusInput,
  ZStockAdjustInput,
  ZVariantAddInput,
  ZVariantRemoveInput,
} from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import { deletePicture, movePicture, picturesOf, setPictureAlt, uploadPicture } from "./admin-pictures.ts";
import {
  createProduct,
  listProductsForStaff,
  productForStaff,
  saveProduct,
  setProductStatus,
} from "./admin-products.ts";
import { addVariant, removeVariant } from "./admin-variants.ts";
import { adjustStock } from "./stock.ts";

export const productsAdminRouter = adminRouter({
  /** Searched (title, handle, SKU), filtered by type and status, sorted, in keyset pages both ways. */
  list: staffProcedure("catalogue.read")
    .input(ZProductListInput)
    .query(({ ctx, input }) => listProductsForStaff(ctx, input)),

  /** Texts in both languages, variants with prices and stock, the latest stock changes, `version`. */
  get: staffProcedure("catalogue.read")
    .input(ZProductRefInput)
    .query(({ ctx, input }) => productForStaff(ctx, input.productId)),

  /** Texts, handle, type, variants and prices, at the version opened; refused when it moved since. */
  update: staffProcedure("catalogue.manage")
    .input(ZProductSaveInput)
    .mutation(({ ctx, input }) => saveProduct(ctx, ctx.actor, input)),

  /**
   * A new product as a draft, with its first variant and no stock: nothing the shop shows changes
   * until it is published, so this one is no public-data writer.
   */
  create: staffProcedure("catalogue.manage")
    .input(ZProductCreateInput)
    .mutation(({ ctx, input }) => createProduct(ctx, ctx.actor, input)),

  /** Publish, archive or back to draft, at the version opened. */
  setStatus: staffProcedure("catalogue.manage")
    .input(ZProductStatusInput)
    .mutation(({ ctx, input }) => setProductStatus(ctx, ctx.actor, input)),

  /** A new variant with its prices and starting units, at the version opened (admin-variants.ts). */
  addVariant: staffProcedure("catalogue.manage")
    .input(ZVariantAddInput)
    .mutation(({ ctx, input }) => addVariant(ctx, ctx.actor, input)),

  /** A variant removed at the version opened; one in orders is taken off sale; the last one stays. */
  removeVariant: staffProcedure("catalogue.manage")
    .input(ZVariantRemoveInput)
    .mutation(({ ctx, input }) => removeVariant(ctx, ctx.actor, input)),

  /** A variant's units set to a count or adjusted, with a reason; into the stock history. */
  adjustStock: staffProcedure("catalogue.manage")
    .input(ZStockAdjustInput)
    .mutation(({ ctx, input }) => adjustStock(ctx, ctx.actor, input)),

  /** The product's uploaded pictures (admin-pictures.ts), first shown first. */
  pictures: staffProcedure("catalogue.read")
    .input(ZProductRefInput)
    .query(({ ctx, input }) => picturesOf(ctx, input.productId)),

  /**
   * A JPEG, PNG or WebP in base64 with its alt texts, last of the product's pictures. Its route has
   * a body limit of its own (PICTURE_UPLOAD_BODY_LIMIT, trpc/admin-route.ts) when called alone.
   */
  addPicture: staffProcedure("catalogue.manage")
    .input(ZPictureUploadInput)
    .mutation(({ ctx, input }) => uploadPicture(ctx, ctx.actor, input)),

  /** A picture's alternative texts, English and Japanese. */
  setPictureAlt: staffProcedure("catalogue.manage")
    .input(ZPictureAltInput)
    .mutation(({ ctx, input }) => setPictureAlt(ctx, ctx.actor, input)),

  /** A picture one place up or down. */
  movePicture: staffProcedure("catalogue.manage")
    .input(ZPictureMoveInput)
    .mutation(({ ctx, input }) => movePicture(ctx, ctx.actor, input)),

  /** A picture gone (an active product keeps at least one). */
  deletePicture: staffProcedure("catalogue.manage")
    .input(ZPictureRefInput)
    .mutation(({ ctx, input }) => deletePicture(ctx, ctx.actor, input)),
});

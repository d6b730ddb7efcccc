// The admin's product pictures: upload (checked by decoding it, kept as uploaded in the media
// storage, shown through sizes made from it), alternative texts in English and Japanese, order,
// delete. Each write is one transaction with its audit row; the original is stored before its row
// is written (content-addressed, so a second upload of the same file reuses it) and removed after
// its last row is gone. Every write here changes what the shop shows: each is a public-data writer.
import { PICTURE_EXTENSIONS, PICTURE_WIDTHS, type PictureFormat, pictureUrl } from "@vela/shared";
import {
  type AdminPicture,
  CATALOGUE_ADMIN_MESSAGES,
  PICTURE_ADMIN_MESSAGES as M,
  type PictureAltInput,
  type PictureMoveInput,
  type PictureUploadInput,
} from "@vela/shared/admin";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { localMediaStorage } from "../../media-storage/storage.ts";
import { type Actor, record } from "../audit/service.ts";
import { type CheckedPicture, checkPicture, decodeUpload, originalKey } from "../media/pictures.ts";

type PictureDeps = Pick<Deps, "db" | "clock" | "config">;

const storageOf = (deps: Pick<Deps, "config">) => localMediaStorage(deps.config.mediaDir);

const pictureSelect = {
  id: true,
  productId: true,
  position: true,
  storageKey: true,
  format: true,
  width: true,
  height: true,
  altText: true,
  altTextJa: true,
} as const;

type PictureRow = {
  id: number;
  productId: number;
  position: number;
  storageKey: string | null;
  format: string | null;
  width: number | null;
  height: number | null;
  altText: string;
  altTextJa: string;
};

function toAdminPicture(row: PictureRow): AdminPicture {
  const hash = /^products\/([0-9a-f]{64})\./.exec(row.storageKey ?? "")?.[1] ?? "";
  const format = (row.format ?? "jpeg") as PictureFormat;
  return {
    id: row.id,
    position: row.position,
    thumbnailUrl: pictureUrl(hash, 320, PICTURE_EXTENSIONS[format] ?? "jpg"),
    format,
    width: row.width ?? 0,
    height: row.height ?? 0,
    altText: { en: row.altText, ja: row.altTextJa },
  };
}

const snapshot = (row: PictureRow) => ({
  productId: row.productId,
  position: row.position,
  storageKey: row.storageKey,
  altText: row.altText,
  altTextJa: row.altTextJa,
});

/** The first uploaded picture's position: below the drawings', which start at 0. */
const FIRST_UPLOADED_POSITION = -1_000_000;

/** Uploaded pictures only: the store's drawings are not the admin's to change. */
const UPLOADED = { storageKey: { not: null } } as const;

/** A product's uploaded pictures, first shown first. */
export async function picturesOf(deps: Pick<Deps, "db">, productId: number): Promise<AdminPicture[]> {
  const product = await deps.db.product.findUnique({ where: { id: productId }, select: { id: true } });
  if (!product) throw new AppError("NOT_FOUND", CATALOGUE_ADMIN_MESSAGES.productNotFound);
  const rows = await deps.db.productImage.findMany({
    where: { productId, ...UPLOADED },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: pictureSelect,
  });
  return rows.map(toAdminPicture);
}

const pictureNotFound = () => new AppError("NOT_FOUND", M.pictureNotFound);

export async function uploadPicture(
  deps: PictureDeps,
  actor: Actor,
  input: PictureUploadInput,
): Promise<AdminPicture[]> {
  const product = await deps.db.product.findUnique({ where: { id: input.productId }, select: { id: true } });
  if (!product) throw new AppError("NOT_FOUND", CATALOGUE_ADMIN_MESSAGES.productNotFound);
  const picture = await checkPicture(decodeUpload(input.data));
  const key = originalKey(picture.hash, picture.format);
  await storageOf(deps).put(key, picture.bytes);
  try {
    await addRow(deps, actor, input, picture, key);
  } catch (err) {
    // No row names the original (the product went meanwhile, say): it is not kept.
    if ((await deps.db.productImage.count({ where: { storageKey: key } })) === 0)
      await storageOf(deps).delete(key);
    throw err;
  }
  return picturesOf(deps, input.productId);
}

async function addRow(
  deps: PictureDeps,
  actor: Actor,
  input: PictureUploadInput,
  picture: CheckedPicture,
  key: string,
): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    // Uploaded pictures sit before the drawings (positions from 0), so whatever reads a product's
    // first picture by position reads an uploaded one; the shop shows the drawings only without any.
    const last = await tx.productImage.aggregate({
      where: { productId: input.productId, ...UPLOADED },
      _max: { position: true },
    });
    const position = last._max.position === null ? FIRST_UPLOADED_POSITION : last._max.position + 1;
    const created = await tx.productImage.create({
      data: {
        productId: input.productId,
        // The shop's middle size: what reads `url` alone (the admin's list, a card) shows.
        url: pictureUrl(picture.hash, 640, PICTURE_EXTENSIONS[picture.format]),
        storageKey: key,
        format: picture.format,
        width: picture.width,
        height: picture.height,
        altText: input.altText.en,
        altTextJa: input.altText.ja,
        position,
      },
      select: pictureSelect,
    });
    await record(tx, deps, actor, {
      kind: "product.picture-added",
      entityType: "Product",
      entityId: input.productId,
      after: {
        pictureId: created.id,
        format: picture.format,
        width: picture.width,
        height: picture.height,
        ...snapshot(created),
      },
    });
  });
}

async function pictureOrThrow(deps: Pick<Deps, "db">, pictureId: number): Promise<PictureRow> {
  const row = await deps.db.productImage.findFirst({
    where: { id: pictureId, ...UPLOADED },
    select: pictureSelect,
  });
  if (!row) throw pictureNotFound();
  return row;
}

export async function setPictureAlt(
  deps: PictureDeps,
  actor: Actor,
  input: PictureAltInput,
): Promise<AdminPicture[]> {
  const before = await pictureOrThrow(deps, input.pictureId);
  await deps.db.$transaction(async (tx) => {
    // Written only over the texts the member opened: of two saves from the same texts, one is written.
    const changed = await tx.productImage.updateMany({
      where: { id: input.pictureId, ...UPLOADED, altText: input.was.en, altTextJa: input.was.ja },
      data: { altText: input.altText.en, altTextJa: input.altText.ja },
    });
    if (changed.count === 0) throw new AppError("CONFLICT", M.staleAlt);
    await record(tx, deps, actor, {
      kind: "product.picture-updated",
      entityType: "Product",
      entityId: before.productId,
      before: { pictureId: before.id, altText: before.altText, altTextJa: before.altTextJa },
      after: { pictureId: before.id, altText: input.altText.en, altTextJa: input.altText.ja },
    });
  });
  return picturesOf(deps, before.productId);
}

/** Swaps the picture with its neighbour above or below, in one transaction. */
export async function movePicture(
  deps: PictureDeps,
  actor: Actor,
  input: PictureMoveInput,
): Promise<AdminPicture[]> {
  const { productId } = await pictureOrThrow(deps, input.pictureId);
  await deps.db.$transaction(async (tx) => {
    const rows = await tx.productImage.findMany({
      where: { productId, ...UPLOADED },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { id: true, position: true },
    });
    const at = rows.findIndex((r) => r.id === input.pictureId);
    if (at < 0) throw pictureNotFound();
    const other = rows[input.direction === "up" ? at - 1 : at + 1];
    const self = rows[at];
    if (!other || !self) throw new AppError("CONFLICT", M.cannotMove);
    const order = rows.map((r) => r.id);
    order[at] = other.id;
    order[input.direction === "up" ? at - 1 : at + 1] = self.id;
    // Positions renumbered from the first uploaded one's, so equal positions cannot keep an order.
    const base = Math.min(...rows.map((r) => r.position));
    for (const [i, id] of order.entries()) {
      await tx.productImage.update({ where: { id }, data: { position: base + i } });
    }
    await record(tx, deps, actor, {
      kind: "product.pictures-reordered",
      entityType: "Product",
      entityId: productId,
      before: { order: rows.map((r) => r.id) },
      after: { order },
    });
  });
  return picturesOf(deps, productId);
}

export async function deletePicture(
  deps: PictureDeps,
  actor: Actor,
  input: { pictureId: number },
): Promise<AdminPicture[]> {
  const before = await pictureOrThrow(deps, input.pictureId);
  await deps.db.$transaction(async (tx) => {
    const product = await tx.product.findUnique({
      where: { id: before.productId },
      select: { status: true, _count: { select: { images: true } } },
    });
    // An active product keeps a picture: the shop shows every product with one.
    if (product?.status === "ACTIVE" && product._count.images <= 1)
      throw new AppError("CONFLICT", M.lastPictureOfActive);
    const gone = await tx.productImage.deleteMany({ where: { id: before.id, ...UPLOADED } });
    if (gone.count === 0) throw pictureNotFound();
    await record(tx, deps, actor, {
      kind: "product.picture-deleted",
      entityType: "Product",
      entityId: before.productId,
      before: { pictureId: before.id, ...snapshot(before) },
    });
  });
  // The original goes with its last row (another product may show the same file).
  if (before.storageKey) {
    const still = await deps.db.productImage.count({ where: { storageKey: before.storageKey } });
    if (still === 0) {
      const storage = storageOf(deps);
      await storage.delete(before.storageKey);
      const hash = before.storageKey.slice("products/".length, "products/".length + 64);
      const exts = ["webp", PICTURE_EXTENSIONS[(before.format ?? "jpeg") as PictureFormat]];
      const sizes = PICTURE_WIDTHS.flatMap((w) => exts.map((ext) => `sizes/${hash}-${w}.${ext}`));
      for (const key of [...sizes, `sizes/${hash}-og.png`]) await storage.delete(key);
    }
  }
  return picturesOf(deps, before.productId);
}

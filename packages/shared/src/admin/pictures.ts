// The admin's product pictures: the procedures' inputs and the server's answers (English; the
// admin's catalogue holds every language, keyed `admin.server.pictures.*`).
import { z } from "zod";
import { PICTURE_LIMITS } from "../storefront/pictures.ts";
import { isSingleLineText } from "../text-rules.ts";
import { ZProductId } from "./catalogue.ts";

export const PICTURE_ADMIN_MESSAGES = {
  notAPicture: "This file is not a JPEG, PNG or WebP picture",
  tooLarge: "The picture is larger than 10 MB",
  tooManyPixels: "The picture has more than 40 megapixels",
  tooSmall: "The picture must be at least 200 × 200 pixels",
  pictureNotFound: "No picture has this id",
  altText: "One line of at most 250 characters",
  altRequired: "Describe the picture in English",
  cannotMove: "The picture is already at that end",
  staleAlt: "Someone changed this picture's alt texts since you opened them: check them and save again",
  lastPictureOfActive: "An active product keeps at least one picture: add another first, or make it a draft",
} as const;

const M = PICTURE_ADMIN_MESSAGES;

const alt = z.string().trim().max(250, M.altText).refine(isSingleLineText, M.altText);
const altTexts = z.strictObject({ en: alt.min(1, M.altRequired), ja: alt });

/** Base64 of at most PICTURE_LIMITS.maxBytes bytes (its text is 4/3 of that). */
const MAX_BASE64 = Math.ceil(PICTURE_LIMITS.maxBytes / 3) * 4;

/** The body limit of products.addPicture's route: the base64 of a 10 MiB picture and its alt texts (14 MiB). */
export const PICTURE_UPLOAD_BODY_LIMIT = 14 * 1024 * 1024;

export const ZPictureUploadInput = z.strictObject({
  productId: ZProductId,
  /** The file's bytes in base64 (what the browser's FileReader gives, with or without the data: prefix). */
  data: z
    .string()
    .min(1, M.notAPicture)
    .max(MAX_BASE64 + 100, M.tooLarge),
  altText: altTexts,
});
export type PictureUploadInput = z.infer<typeof ZPictureUploadInput>;

export const ZPictureRefInput = z.strictObject({ pictureId: z.number().int().positive() });
export const ZPictureAltInput = z.strictObject({
  pictureId: z.number().int().positive(),
  altText: altTexts,
  /** The texts the member opened: the save is refused when they changed since (never written over). */
  was: z.strictObject({ en: z.string().max(300), ja: z.string().max(300) }),
});
export type PictureAltInput = z.infer<typeof ZPictureAltInput>;
export const ZPictureMoveInput = z.strictObject({
  pictureId: z.number().int().positive(),
  direction: z.enum(["up", "down"]),
});
export type PictureMoveInput = z.infer<typeof ZPictureMoveInput>;

/** A product's uploaded pictures as the admin lists them. */
export interface AdminPicture {
  id: number;
  position: number;
  /** A small size (320 wide) for the list. */
  thumbnailUrl: string;
  format: string;
  width: number;
  height: number;
  altText: { en: string; ja: string };
}

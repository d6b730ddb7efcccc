// The admin's release notes and firmware areas: their procedures' inputs, shared with the admin
// client's forms, and the server's answers (English; the admin's catalogue holds every language,
// keyed `admin.server.releases.*`).
import { z } from "zod";
import {
  APP_PLATFORMS,
  RELEASE_MODELS,
  releaseAppBySlug,
  SYSTEM_PRODUCTS,
} from "../content/release-notes.ts";

export const RELEASES_ADMIN_MESSAGES = {
  releaseNotFound: "No release has this id",
  staleVersion: "This release changed since you opened it: open it again before you save",
  systemVersionTaken: "This model already has a release with this version",
  appVersionTaken: "This app already has a release with this version on this platform",
  unknownModel: "Choose a model of the list",
  unknownApp: "Choose an app of the list",
  platformNotOfApp: "This app is not released on this platform",
  versionText: "Letters, digits, dots, dashes, plus signs and underscores, at most 40",
  displayVersionText: "One line of at most 40 characters",
  dateText: "Enter a date as YYYY-MM-DD",
  noteText: "At most 20000 characters",
  englishNoteRequired: "Write the notes in English at least",
  downloadLinkText: "Enter a full web address starting with https:// or http://, or leave it empty",
  firmwareNotFound: "No firmware version has this id",
  firmwareStale: "This firmware version changed since you opened it: open it again before you change it",
  firmwareVersionTaken: "This model already has a firmware version with this label",
  firmwareLabelText: "A label of 1 to 16 letters, digits, dots, dashes, plus signs and underscores",
  firmwareNotesText: "At most 4000 characters",
  firmwareStatusUnchanged: "The firmware version already has this status",
  firmwareImageMissing: "Choose the image file",
  firmwareImageEncoding: "The image did not arrive whole: choose the file again",
  firmwareImageTooShort: "This file is too short to be a firmware image",
  firmwareImageTooLarge: "This image is larger than the glasses' firmware slot (1 MiB)",
  firmwareImageGzip: "This gzip file is damaged: it could not be unpacked",
  firmwareImageBadMagic: "This file is not a firmware image (it does not start with the image header)",
  firmwareImageUnsupported: "This image is in a format the update tool does not know",
  firmwareImageHeaderDamaged: "The image header is damaged (its checksum does not match)",
  firmwareImageUnknownModel: "The image names a glasses model the store does not know",
  firmwareImageBadVersion: "The image's version label is not valid",
  firmwareImageTruncated: "The image is incomplete: its length does not match its header",
  firmwareImageChecksum: "The image is damaged: its contents do not match their SHA-256",
  firmwareImageWrongModel: "The image is for another glasses model than the one chosen",
  firmwareImageWrongVersion: "The image's own version label differs from the label entered",
} as const;

const M = RELEASES_ADMIN_MESSAGES;
const MAX_ID = 2_147_483_647;

/** The release note's markdown per language; English is required, the others optional. */
export const RELEASE_NOTE_MAX = 20_000;
export const FIRMWARE_NOTES_MAX = 4000;
/** The largest upload body the firmware image procedure accepts (the image as base64 in JSON). */
export const FIRMWARE_UPLOAD_BODY_LIMIT = 4 * 1024 * 1024;
/** The image file itself, before base64: what fits in that body. */
export const FIRMWARE_UPLOAD_FILE_MAX = 3 * 1024 * 1024;

export const FIRMWARE_STATUSES = ["DRAFT", "PUBLISHED", "WITHDRAWN"] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

/**
 * Spec 001 §5: the viewer offers a download link only when it is a valid absolute URL. The admin
 * stores no other: http(s), a host, no spaces around it.
 */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (value === "" || value !== value.trim()) return false;
  if (!/^https?:\/\/[^/?#\s]/i.test(value)) return false;
  // URL is a global of browsers and Node; declared here for the packages compiled without the DOM's types.
  const Url = (globalThis as unknown as { URL: new (v: string) => { protocol: string; hostname: string } })
    .URL;
  try {
    const url = new Url(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const ZReleaseId = z.number().int().positive().max(MAX_ID);
export const ZRowVersion = z.number().int().min(0).max(MAX_ID);
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateText)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, M.dateText);
const ZBuildVersion = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]{0,39}$/, M.versionText);
const ZNote = z.string().max(RELEASE_NOTE_MAX, M.noteText);

export const ZReleaseNotesText = z
  .strictObject({
    "en-US": ZNote,
    "zh-CN": ZNote.default(""),
    "ja-JP": ZNote.default(""),
  })
  .refine((n) => n["en-US"].trim() !== "", { path: ["en-US"], message: M.englishNoteRequired });

export const SYSTEM_MODEL_SLUGS = RELEASE_MODELS.map((m) => m.slug);
const systemFields = {
  model: z.string().refine((v) => SYSTEM_MODEL_SLUGS.includes(v), M.unknownModel),
  version: ZBuildVersion,
  displayVersion: z
    .string()
    .trim()
    .min(1, M.displayVersionText)
    .max(40, M.displayVersionText)
    .regex(/^[^\r\n]*$/, M.displayVersionText),
  date: ZDay,
  notes: ZReleaseNotesText,
};
export const ZSystemReleaseCreateInput = z.strictObject(systemFields);
export const ZSystemReleaseUpdateInput = z.strictObject({
  id: ZReleaseId,
  rowVersion: ZRowVersion,
  ...systemFields,
});

const ZDownloadLink = z
  .string()
  .trim()
  .max(2000, M.downloadLinkText)
  .refine((v) => v === "" || isAbsoluteHttpUrl(v), M.downloadLinkText);
const appFields = {
  app: z.string().refine((v) => releaseAppBySlug(v) !== undefined, M.unknownApp),
  platform: z.enum(APP_PLATFORMS, { error: M.platformNotOfApp }),
  version: ZBuildVersion,
  date: ZDay,
  /** "" for none. */
  downloadLink: ZDownloadLink.default(""),
  notes: ZReleaseNotesText,
};
const platformOfApp = (v: { app: string; platform: string }, ctx: z.RefinementCtx) => {
  const app = releaseAppBySlug(v.app);
  if (app && !(app.platforms as readonly string[]).includes(v.platform))
    ctx.addIssue({ code: "custom", path: ["platform"], message: M.platformNotOfApp });
};
export const ZAppReleaseCreateInput = z.strictObject(appFields).superRefine(platformOfApp);
export const ZAppReleaseUpdateInput = z
  .strictObject({ id: ZReleaseId, rowVersion: ZRowVersion, ...appFields })
  .superRefine(platformOfApp);

export const RELEASE_KINDS = ["system", "app"] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];
export const ZReleaseRefInput = z.strictObject({ kind: z.enum(RELEASE_KINDS), id: ZReleaseId });
export const ZReleaseDeleteInput = z.strictObject({
  kind: z.enum(RELEASE_KINDS),
  id: ZReleaseId,
  rowVersion: ZRowVersion,
});
export const ZReleaseListInput = z.strictObject({ product: z.enum(SYSTEM_PRODUCTS).optional() }).optional();

export type SystemReleaseCreateInput = z.input<typeof ZSystemReleaseCreateInput>;
export type SystemReleaseUpdateInput = z.input<typeof ZSystemReleaseUpdateInput>;
export type AppReleaseCreateInput = z.input<typeof ZAppReleaseCreateInput>;
export type AppReleaseUpdateInput = z.input<typeof ZAppReleaseUpdateInput>;

// ---- Firmware ----

const FIRMWARE_LABEL = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,15}$/;
const ZFirmwareNotes = z.string().max(FIRMWARE_NOTES_MAX, M.firmwareNotesText);
export const ZFirmwareAddInput = z.strictObject({
  model: z.string().min(1, M.unknownModel).max(8, M.unknownModel),
  label: z.string().trim().regex(FIRMWARE_LABEL, M.firmwareLabelText),
  releaseDate: ZDay,
  notes: z.strictObject({
    "en-US": ZFirmwareNotes,
    "ja-JP": ZFirmwareNotes.default(""),
    "zh-CN": ZFirmwareNotes.default(""),
  }),
  /** The image file, raw (.img) or gzip-compressed (.img.gz), as base64. */
  image: z
    .string()
    .min(1, M.firmwareImageMissing)
    .max(Math.ceil(FIRMWARE_UPLOAD_FILE_MAX / 3) * 4, M.firmwareImageTooLarge),
});
export type FirmwareAddInput = z.input<typeof ZFirmwareAddInput>;
export const ZFirmwareStatusInput = z.strictObject({
  id: ZReleaseId,
  rowVersion: ZRowVersion,
  status: z.enum(["PUBLISHED", "WITHDRAWN"]),
});
/** A version's release date and notes, at the version opened (its image and label stay as checked). */
export const ZFirmwareUpdateInput = z.strictObject({
  id: ZReleaseId,
  rowVersion: ZRowVersion,
  releaseDate: ZDay,
  notes: z.strictObject({
    "en-US": ZFirmwareNotes,
    "ja-JP": ZFirmwareNotes.default(""),
    "zh-CN": ZFirmwareNotes.default(""),
  }),
});
export const ZFirmwareListAdminInput = z.strictObject({ model: z.string().max(8).optional() }).optional();

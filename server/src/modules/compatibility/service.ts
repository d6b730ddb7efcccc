// Compatibility records (spec 000 §3, §7): one per product handle and language. For a language
// other than en-US, the en-US record is merged beneath the localized one, so a partial
// translation (zh-CN is deliberately incomplete) still answers every row.
import {
  type CompatibilityLanguage,
  localizeCompatibility,
  STOREFRONT_MESSAGES,
  ZCompatibilityRecord,
} from "@vela/shared";
import type { CompatibilityAnswer } from "@vela/shared/api";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

export async function getCompatibility(
  deps: Deps,
  language: CompatibilityLanguage,
  handle: string,
): Promise<CompatibilityAnswer> {
  const rows = await deps.db.compatibilityRecord.findMany({
    where: { handle, language: { in: language === "en-US" ? ["en-US"] : ["en-US", language] } },
    select: { language: true, record: true },
  });
  const base = rows.find((r) => r.language === "en-US");
  if (!base) throw new AppError("NOT_FOUND", STOREFRONT_MESSAGES.compatibilityNotFound);
  const own = language === "en-US" ? base : rows.find((r) => r.language === language);
  const enUS = ZCompatibilityRecord.parse(JSON.parse(base.record));
  const record =
    language === "en-US" || !own
      ? enUS
      : ZCompatibilityRecord.parse(localizeCompatibility(enUS, JSON.parse(own.record)));
  return { handle, language, localized: Boolean(own), record };
}

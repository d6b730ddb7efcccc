// How the release areas name things: models and apps in the reader's language, languages, and the
// server's refusals in the reader's language, placed on the form field they are about.
import { TRPCClientError } from "@trpc/client";
import { RELEASE_APPS, RELEASE_MODELS, type ReleaseLanguage } from "@vela/shared";
import { adminServerText, useAdminText } from "../../../lib/admin/text.ts";

interface ErrorData {
  issues?: { path: string; message: string }[] | null;
}

export function useReleaseText() {
  const text = useAdminText();
  const lang = (text.locale as ReleaseLanguage) ?? "en-US";
  return {
    ...text,
    modelName: (slug: string) => {
      const m = RELEASE_MODELS.find((x) => x.slug === slug);
      return m ? `${m.names[lang] ?? m.names["en-US"]} (${slug})` : slug;
    },
    appName: (slug: string) => {
      const a = RELEASE_APPS.find((x) => x.slug === slug);
      return a ? (a.names[lang] ?? a.names["en-US"]) : slug;
    },
    /** The failure's text for each form field it names (`version`, `notes.en-US`). */
    fieldErrors(err: unknown): Record<string, string> {
      const out: Record<string, string> = {};
      const issues =
        err instanceof TRPCClientError ? ((err.data as ErrorData | undefined)?.issues ?? []) : [];
      for (const issue of issues)
        out[issue.path] ??= adminServerText(text.locale, issue.message, text.serverText);
      return out;
    },
  };
}

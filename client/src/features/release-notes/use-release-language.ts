import type { Translate } from "@vela/i18n";
import { isReleaseLanguage, type ReleaseLanguage } from "@vela/shared";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { useI18n, useTranslatorFor } from "../../lib/i18n.tsx";

/** The notes language: ?language= when it is one of the three, else the reader's, else English. */
export function useReleaseLanguage(): [ReleaseLanguage, Translate] {
  const { locale } = useI18n();
  const [params] = useSearchParams();
  const raw = params.get("language");
  const language = isReleaseLanguage(raw) ? raw : isReleaseLanguage(locale) ? locale : "en-US";
  const t = useTranslatorFor(language);
  return [language, t];
}

/** Spec 001 §4: changing a select rewrites the URL query and reloads the notes. */
export function useReloadOnChange(key: string, reload: () => unknown): void {
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    void reload();
  }, [key, reload]);
}

/**
 * Spec 001 §4: a select writes its value into the URL query, keeping the page's other filter and
 * the notes language there too, so the address always names what is shown.
 */
export function useFilterChange(pinned: [key: string, value: string], language: ReleaseLanguage) {
  const [, setParams] = useSearchParams();
  const [pinKey, pinValue] = pinned;
  return (key: string, value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set(pinKey, pinValue);
      next.set(key, value);
      if (!next.has("language")) next.set("language", language);
      return next;
    });
  };
}

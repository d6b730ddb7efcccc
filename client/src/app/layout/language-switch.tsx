import { isLocale, LANG_QUERY_PARAM, LOCALE_NAMES, type Locale } from "@vela/i18n";
import { useEffect, useId } from "react";
import { useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";

/**
 * The language lives in the `lang` cookie; `?lang=` in a URL picks one for the visit and is
 * remembered. Switching keeps a `?lang=` already in the URL in step, so a reload agrees.
 */
export function LanguageSwitch() {
  const { locale, pageLocales, setLocale, t } = useI18n();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const fromUrl = params.get(LANG_QUERY_PARAM);

  // A ?lang= in the URL (on arrival, or on a link inside the store) picks the language and is
  // remembered in the cookie.
  useEffect(() => {
    if (isLocale(fromUrl)) setLocale(fromUrl);
  }, [fromUrl, setLocale]);

  const choose = (next: Locale) => {
    setLocale(next);
    if (fromUrl !== null) {
      const copy = new URLSearchParams(params);
      copy.set(LANG_QUERY_PARAM, next);
      setParams(copy, { replace: true });
    }
  };

  // The languages this page has: zh-CN only on its own pages (spec 000 §9). Elsewhere a reader who
  // chose it sees English, shown as the choice here; picking another language replaces zh-CN.
  const offered = pageLocales;

  return (
    <div className="language-switch">
      <label htmlFor={id}>{t("layout.language")}</label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) choose(e.target.value);
        }}
      >
        {offered.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { LOCALE_NAMES, type Translate } from "@vela/i18n";
import { RELEASE_LANGUAGES, type ReleaseLanguage } from "@vela/shared";
import { useEffect, useId, useState } from "react";

export function SelectField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string; lang?: string }[];
}) {
  const id = useId();
  // The select shows the choice at once; the URL (and so `value`) follows, and leads on back/forward.
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return (
    <div className="field release-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={shown}
        onChange={(e) => {
          setShown(e.target.value);
          onChange(e.target.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function LanguageSelect({
  t,
  language,
  onChange,
}: {
  t: Translate;
  language: ReleaseLanguage;
  onChange(value: string): void;
}) {
  return (
    <SelectField
      label={t("releases.language")}
      value={language}
      onChange={onChange}
      options={RELEASE_LANGUAGES.map((l) => ({ value: l, label: LOCALE_NAMES[l], lang: l }))}
    />
  );
}

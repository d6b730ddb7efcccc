// A person's name in the reader's order. The stored fields stay firstName (given name) and
// lastName (family name); Japanese writes the family name first ("佐藤 花子"), every other
// language of the store the given name first.

/** Whether a language writes the family name before the given name. */
export const familyNameFirst = (locale: string | null | undefined): boolean => locale === "ja-JP";

/** A person's name as the reader writes it, one space between the parts. */
export function personName(locale: string | null | undefined, firstName: string, lastName: string): string {
  const parts = familyNameFirst(locale) ? [lastName, firstName] : [firstName, lastName];
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(" ");
}

/** The parts of a name written by `personName` in the same language (one word is the given name). */
export function splitPersonName(
  locale: string | null | undefined,
  name: string,
): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? "", lastName: "" };
  return familyNameFirst(locale)
    ? { lastName: words[0] ?? "", firstName: words.slice(1).join(" ") }
    : { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

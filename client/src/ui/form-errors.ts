import type { I18n } from "../lib/i18n.tsx";

/** The parts of a zod issue this needs; the shared schemas' issues fit it (the client does not import zod itself). */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly origin?: string;
  readonly maximum?: number | bigint;
}

/** What `safeParse` of a shared schema answers, as far as the forms need it. */
export type SchemaCheck = { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };

/**
 * The text of one issue of a shared schema: a text over its length limit in the catalogue's
 * words, naming the field (the schemas leave zod's wording there); any other rule in the
 * schema's own text, in the reader's language when the catalogue knows it.
 */
export function issueText(i18n: Pick<I18n, "t" | "serverText">, issue: SchemaIssue, label: string): string {
  if (issue.code === "too_big" && issue.origin === "string" && issue.maximum !== undefined) {
    return i18n.t("form.tooLong", { field: label, max: Number(issue.maximum) });
  }
  return i18n.serverText(issue.message);
}

/**
 * Per field, the text of the first issue a shared schema (the server's own) raised on it, so a
 * form refuses what the server would refuse, before sending. Issues of the whole object (unknown
 * keys) belong to no field and are left out.
 */
export function schemaErrors<F extends string>(
  i18n: Pick<I18n, "t" | "serverText">,
  check: SchemaCheck,
  label: (field: F) => string,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (check.success) return errors;
  for (const issue of check.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || errors[field as F]) continue;
    errors[field as F] = issueText(i18n, issue, label(field as F));
  }
  return errors;
}

/** The form's own checks first (its texts, its order); then whatever else the schema refuses. */
export function withSchemaErrors<E extends Record<string, string | undefined>>(
  own: E,
  fromSchema: Partial<Record<keyof E, string>>,
): E {
  const merged: Record<string, string | undefined> = { ...own };
  for (const [field, text] of Object.entries(fromSchema)) merged[field] ??= text;
  return merged as E;
}

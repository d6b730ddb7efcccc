import { ZEmail, ZPhone } from "@vela/shared";
import type { I18n } from "../i18n.tsx";

type T = Pick<I18n, "t">;

/** "{field} is required" when blank, else nothing. */
export function requiredError({ t }: T, value: string, label: string): string | undefined {
  return value.trim() ? undefined : t("form.required", { field: label });
}

/** The shared schema decides what an email is; the text is the catalogue's. */
export function emailError(i18n: T, value: string, label: string): string | undefined {
  return (
    requiredError(i18n, value, label) ??
    (ZEmail.safeParse(value).success ? undefined : i18n.t("form.invalidEmail"))
  );
}

export function phoneError({ t }: T, value: string): string | undefined {
  return ZPhone.safeParse(value).success ? undefined : t("form.invalidPhone");
}

/**
 * The one rule for a repeated password (register, change password, reset and activation): the
 * confirmation must equal the password. Nothing is said while the password is blank, where the
 * password's own rule speaks. Each page keeps its own text (spec 000 words them differently).
 */
export function confirmationError(
  password: string,
  confirmation: string,
  mismatch: string,
): string | undefined {
  return password && confirmation !== password ? mismatch : undefined;
}

import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useI18n } from "../lib/i18n.tsx";
import { familyNameFirst } from "../lib/names.ts";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Shown under the field and tied to it with aria-describedby; the field is marked invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Says "(optional)" beside the label; required fields say nothing, as most are. */
  optional?: boolean;
}

/**
 * A labelled input with its hint and its inline error. Its `type` is written out (`text` unless
 * given): a missing type is read as text by browsers but not by every checker or assistive tool.
 */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  optional = false,
  id,
  className,
  type = "text",
  ...rest
}: TextFieldProps) {
  const { t } = useI18n();
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", error ? "field-invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId}>
        {label}
        {optional ? <span className="field-optional"> ({t("common.optional")})</span> : null}
      </label>
      <input
        id={inputId}
        type={type}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  name,
}: {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** What `useForm().field(name)` hands a text field: its value, change handler and inline error. */
export type FieldBinding = Pick<TextFieldProps, "value" | "onValueChange" | "error">;

type PresetFieldProps = Omit<TextFieldProps, "label" | "type"> & { label?: string };

/** The sign-in email of the account forms: required, typed and autocompleted as an email. */
export function EmailField({ label, name = "email", ...rest }: PresetFieldProps) {
  const { t } = useI18n();
  return (
    <TextField
      label={label ?? t("field.email")}
      name={name}
      type="email"
      autoComplete="email"
      required
      {...rest}
    />
  );
}

/**
 * A required password field. `current` asks for the password the customer has (the browser may
 * fill it in); `new` for one being chosen (the browser may suggest one).
 */
export function PasswordField({
  purpose,
  ...rest
}: Omit<TextFieldProps, "type" | "autoComplete"> & { purpose: "current" | "new" }) {
  return <TextField type="password" autoComplete={`${purpose}-password`} required {...rest} />;
}

/**
 * The required first and last name of the account forms, side by side where the form is a grid,
 * in the reader's order (the family name first in Japanese, lib/names.ts): text fields the browser
 * fills in with the given and the family name.
 */
export function NameFields({ firstName, lastName }: { firstName: FieldBinding; lastName: FieldBinding }) {
  const { t, locale } = useI18n();
  const given = (
    <TextField
      key="firstName"
      label={t("field.firstName")}
      name="firstName"
      type="text"
      autoComplete="given-name"
      required
      {...firstName}
    />
  );
  const family = (
    <TextField
      key="lastName"
      label={t("field.lastName")}
      name="lastName"
      type="text"
      autoComplete="family-name"
      required
      {...lastName}
    />
  );
  return <>{familyNameFirst(locale) ? [family, given] : [given, family]}</>;
}

/**
 * A new password and its confirmation (named `confirmPassword`), both offered the browser's
 * suggested password; the form's rules say whether they match.
 */
export function NewPasswordFields({
  password,
  confirmLabel,
  confirm,
}: {
  password: Omit<TextFieldProps, "type" | "autoComplete">;
  confirmLabel: string;
  confirm: FieldBinding;
}) {
  return (
    <>
      <PasswordField purpose="new" {...password} />
      <PasswordField purpose="new" label={confirmLabel} name="confirmPassword" {...confirm} />
    </>
  );
}

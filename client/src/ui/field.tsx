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
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame
      ids={ids}
      className={className}
      error={error}
      hint={hint}
      label={
        <>
          {label}
          {optional ? <span className="field-optional"> ({t("common.optional")})</span> : null}
        </>
      }
    >
      <input
        id={ids.id}
        type={type}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
    </FieldFrame>
  );
}

/** The ids that tie a field's control to its hint and its error (`id` when the caller names it). */
export interface FieldIds {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** The control's aria-describedby: the hint, then the error, whichever are shown. */
  describedBy: string | undefined;
}

export function useFieldIds(
  id: string | undefined,
  hint: ReactNode,
  error: string | null | undefined,
): FieldIds {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return {
    id: fieldId,
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
}

/**
 * A field's frame around its control (an input, a select, a text area): the label tied to it, then
 * its hint and its inline error with the ids the control names in aria-describedby; marked invalid
 * while it has an error. Every labelled field of the shop and the admin is drawn by it.
 */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: FieldIds;
  label: ReactNode;
  hint: ReactNode;
  error: string | null | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={["field", error ? "field-invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id}>{label}</label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="field-error">
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

import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useI18n } from "../lib/i18n.tsx";

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

/** A labelled input with its hint and its inline error. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  optional = false,
  id,
  className,
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

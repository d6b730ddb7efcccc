// The admin's form fields beside ui/'s TextField: a labelled select and a labelled text area, each
// with its hint and inline error tied to it (as TextField does). One copy for every admin area.
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldFrame, useFieldIds } from "../field.tsx";

export function SelectField({
  label,
  value,
  onValueChange,
  options,
  hint,
  error,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  error?: string | null | undefined;
}) {
  const ids = useFieldIds(rest.id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <select
        id={ids.id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  value,
  onValueChange,
  hint,
  error,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value"> & {
  label: string;
  value: string;
  onValueChange(value: string): void;
  hint?: ReactNode;
  error?: string | null | undefined;
}) {
  const ids = useFieldIds(rest.id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <textarea
        id={ids.id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
    </FieldFrame>
  );
}

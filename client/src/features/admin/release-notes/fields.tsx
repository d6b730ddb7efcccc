// The labelled select and text area the release forms need beside ui/'s TextField, each with its
// hint and inline error tied to it (as TextField does).
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";

function Foot({ id, hint, error }: { id: string; hint: ReactNode; error: string | null | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, hint: ReactNode, error: string | null | undefined) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

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
  const id = useId();
  return (
    <div className={["field", error ? "field-invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Foot id={id} hint={hint} error={error} />
    </div>
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
  const id = useId();
  return (
    <div className={["field", error ? "field-invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      <Foot id={id} hint={hint} error={error} />
    </div>
  );
}

// The admin's form fields beside ui/'s TextField: a labelled select and a labelled text area, each
// with its hint and inline error tied to it (as TextField does). One copy for every admin area.
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";

function useFieldIds(hint: ReactNode, error: string | null | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

function FieldFoot({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: ReactNode;
  hintId: string | undefined;
  error: string | null | undefined;
  errorId: string | undefined;
}) {
  return (
    <>
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
    </>
  );
}

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
  const ids = useFieldIds(hint, error);
  return (
    <div className={["field", error ? "field-invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id}>{label}</label>
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
      <FieldFoot hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
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
  const ids = useFieldIds(hint, error);
  return (
    <div className={["field", error ? "field-invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={ids.id}>{label}</label>
      <textarea
        id={ids.id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...rest}
      />
      <FieldFoot hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

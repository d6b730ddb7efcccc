import { useId } from "react";

/** An on/off switch (role="switch") with a visible label and description. */
export function SwitchField({
  label,
  description,
  checked,
  disabled,
  busy = false,
  onToggle,
  testId,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  busy?: boolean;
  onToggle(): void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="switch-field">
      <div className="switch-text">
        <span id={`${id}-label`} className="switch-label">
          {label}
        </span>
        <p id={`${id}-description`} className="muted">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        className="switch"
        data-testid={testId}
        onClick={onToggle}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}

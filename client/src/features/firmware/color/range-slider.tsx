import type { SliderRange } from "@vela/device";
import { useId } from "react";

/** A labelled native range input with its value beside it; arrow keys, Home and End work as usual. */
export function RangeSlider({
  label,
  value,
  range,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  range: SliderRange;
  disabled: boolean;
  onChange(value: number): void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="range-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <output htmlFor={id} className="range-value">
        {value}
      </output>
    </div>
  );
}

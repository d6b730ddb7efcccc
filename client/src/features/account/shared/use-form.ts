import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const hasErrors = (errors: FieldErrors<Record<string, unknown>>): boolean =>
  Object.values(errors).some(Boolean);

/**
 * Values, inline errors and submission for a small form. Errors appear after the first submit
 * and then follow every keystroke (they are derived from the values, never stored); the first
 * invalid field takes focus; a form that is sending cannot be sent again.
 */
export function useForm<T extends Record<string, unknown>>(
  initial: T | (() => T),
  validate: (values: T) => FieldErrors<T>,
) {
  const [values, setValues] = useState<T>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const validateRef = useRef(validate);

  useEffect(() => {
    validateRef.current = validate;
  });

  const errors: FieldErrors<T> = submitted ? validate(values) : {};

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
  }, []);

  const handleSubmit = useCallback(
    (send: (values: T) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending.current) return;
      setSubmitted(true);
      if (hasErrors(validateRef.current(values))) {
        setAttempt((n) => n + 1);
        return;
      }
      sending.current = true;
      try {
        await send(values);
      } finally {
        sending.current = false;
      }
    },
    [values],
  );

  const reset = useCallback((next: T) => {
    setValues(next);
    setSubmitted(false);
  }, []);

  /** The value, change handler and inline error of a text field, for `<TextField {...form.field("email")} />`. */
  const field = <K extends keyof T & string>(name: K) => ({
    value: values[name] as string,
    onValueChange: (value: string) => set(name, value as T[K]),
    error: errors[name],
  });

  return { values, set, errors, field, handleSubmit, reset, formRef };
}

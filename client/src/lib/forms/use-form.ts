import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const hasErrors = (errors: FieldErrors<Record<string, unknown>>): boolean =>
  Object.values(errors).some(Boolean);

export interface FormOptions {
  /**
   * Loads what `validate` needs before the first check, such as a form's zod rules that the first
   * screen does not carry (ADR 008). Should it fail, the form sends and the server checks.
   */
  prepare?(): Promise<unknown>;
  /**
   * Runs at every submit, before the check: a form clears what its last submit said (a success
   * notice, the server's error) here, so an old message never stands beside a new one.
   */
  onSubmitAttempt?(): void;
}

/**
 * Values, inline errors and submission for every form of the store. Errors appear after the
 * first submit and then follow every keystroke (they are derived from the values, never stored);
 * the first invalid field takes focus; a form that is checking or sending cannot be sent again.
 */
export function useForm<T extends Record<string, unknown>>(
  initial: T | (() => T),
  validate: (values: T) => FieldErrors<T>,
  options: FormOptions = {},
) {
  const [values, setValues] = useState<T>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const validateRef = useRef(validate);
  const prepareRef = useRef(options.prepare);
  const attemptRef = useRef(options.onSubmitAttempt);

  useEffect(() => {
    validateRef.current = validate;
    prepareRef.current = options.prepare;
    attemptRef.current = options.onSubmitAttempt;
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
      sending.current = true;
      try {
        attemptRef.current?.();
        const prepare = prepareRef.current;
        if (prepare) await prepare().catch(() => undefined);
        setSubmitted(true);
        if (hasErrors(validateRef.current(values))) {
          setAttempt((n) => n + 1);
          return;
        }
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

import { useMutation } from "@tanstack/react-query";
import {
  SUBSCRIBE_DISCOUNT_PERCENT,
  SUBSCRIBED_AFTER_SIGNUP_MAX_AGE_SECONDS,
  ZSubscribeInput,
} from "@vela/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TextField } from "../../ui/field.tsx";
import { issueText } from "../../ui/form-errors.ts";
import "./newsletter.css";
import { setSubscribedCookie } from "./visit.ts";

/**
 * The 'Subscribe and save 10%' dialog itself (spec 000 §4). Loaded apart from the first screen by
 * SubscribeDialogHost, which decides when it opens: it brings the form, its validation (zod) and
 * the mutation, which no page needs before the dialog shows.
 */
export function SubscribeDialog({ onClose }: { onClose(): void }) {
  const i18n = useI18n();
  const { t, locale, serverText } = i18n;
  const trpc = useTRPC();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
  }, []);

  const close = () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === "function") dialog.close();
    else onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZSubscribeInput.safeParse({ email, locale });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue ? issueText(i18n, issue, t("newsletter.email")) : t("form.invalidEmail"));
      return;
    }
    setError(null);
    try {
      await subscribe.mutateAsync(parsed.data);
      setSubscribedCookie(SUBSCRIBED_AFTER_SIGNUP_MAX_AGE_SECONDS);
      setDone(true);
    } catch {
      // shown below from subscribe.error
    }
  };

  return (
    <dialog ref={ref} className="dialog subscribe-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="dialog-title">
        {t("newsletter.title", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}
      </h2>
      {done ? (
        <>
          <p role="status">{t("newsletter.checkInbox")}</p>
          <div className="dialog-actions">
            <Button onClick={close}>{t("common.close")}</Button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="form">
          <p>{t("newsletter.offer", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}</p>
          <TextField
            label={t("newsletter.email")}
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={error}
            required
          />
          {subscribe.error ? <ErrorBox message={serverText(subscribe.error.message)} /> : null}
          <div className="dialog-actions">
            <Button variant="secondary" onClick={close}>
              {t("newsletter.noThanks")}
            </Button>
            <Button type="submit" busy={subscribe.isPending}>
              {t("newsletter.subscribe")}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}

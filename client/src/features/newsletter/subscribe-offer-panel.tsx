import { useMutation } from "@tanstack/react-query";
import {
  SUBSCRIBE_DISCOUNT_PERCENT,
  SUBSCRIBED_AFTER_SIGNUP_MAX_AGE_SECONDS,
  ZSubscribeInput,
} from "@vela/shared";
import { useState } from "react";
import { useForm } from "../../lib/forms/use-form.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TextField } from "../../ui/field.tsx";
import { issueText } from "../../ui/form-errors.ts";
import "./newsletter.css";
import { setSubscribedCookie } from "./visit.ts";

/**
 * The 'Subscribe and save 10%' dialog itself (spec 000 §4). Loaded apart from the first screen by
 * SubscribeOffer, which decides when it opens: it brings the form, its validation (zod) and
 * the mutation, which no page needs before the dialog shows.
 */
export function SubscribeOfferDialog({ onClose }: { onClose(): void }) {
  // On a touch screen the field waits for a tap: focused unasked, it would open the keyboard.
  const [touch] = useState(() => window.matchMedia?.("(pointer: coarse)").matches ?? false);
  const i18n = useI18n();
  const { t, locale, serverText } = i18n;
  const trpc = useTRPC();
  const [done, setDone] = useState(false);
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());
  const form = useForm({ email: "" }, ({ email }) => {
    const parsed = ZSubscribeInput.safeParse({ email, locale });
    if (parsed.success) return {};
    const issue = parsed.error.issues[0];
    return { email: issue ? issueText(i18n, issue, t("newsletter.email")) : t("form.invalidEmail") };
  });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await subscribe.mutateAsync(ZSubscribeInput.parse({ email, locale }));
      setSubscribedCookie(SUBSCRIBED_AFTER_SIGNUP_MAX_AGE_SECONDS);
      setDone(true);
    } catch {
      // shown below from subscribe.error
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      focusFirstField={!touch}
      className="subscribe-dialog"
      title={t("newsletter.title", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}
    >
      {done ? (
        <>
          <p role="status">{t("newsletter.checkInbox")}</p>
          <div className="dialog-actions">
            <Button onClick={onClose}>{t("common.close")}</Button>
          </div>
        </>
      ) : (
        <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate className="form">
          <p>{t("newsletter.offer", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}</p>
          <TextField
            label={t("newsletter.email")}
            type="email"
            autoComplete="email"
            {...form.field("email")}
            required
          />
          {subscribe.error ? <ErrorBox message={serverText(subscribe.error.message)} /> : null}
          <div className="dialog-actions">
            <Button variant="secondary" onClick={onClose}>
              {t("newsletter.noThanks")}
            </Button>
            <Button type="submit" busy={subscribe.isPending}>
              {t("newsletter.subscribe")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { REVIEW_BODY_MAX, REVIEW_RATING_MAX, REVIEW_TITLE_MAX } from "@vela/shared";
import { useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { isUnauthorized } from "../../lib/errors.ts";
import { useForm } from "../../lib/forms/use-form.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { loginHref } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { SubmitButton } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TextField } from "../../ui/field.tsx";
import { NeedsScript } from "../../ui/needs-script.tsx";
import { Notice } from "../../ui/notice.tsx";

const loadSchema = () => import("./review-schema.ts");

type Errors = Partial<Record<"rating" | "title" | "body", string>>;
type ReviewValues = { rating: number; title: string; body: string };
type ReviewSchema = typeof import("./review-schema.ts");

/**
 * Beyond the original widget: a signed-in customer who ordered the product writes one review,
 * shown as verified. Visitors are invited to sign in; others are told why they cannot.
 */
export function WriteReview({ handle }: { handle: string }) {
  const { t, serverText } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const location = useLocation();
  const eligibility = useQuery({ ...trpc.reviews.eligibility.queryOptions({ handle }), retry: false });
  const [done, setDone] = useState(false);
  const bodyId = useId();
  const create = useMutation(trpc.reviews.create.mutationOptions());
  /** The form's rules, loaded on first focus or submit (ADR 008). */
  const rules = useRef<ReviewSchema | null>(null);
  const form = useForm<ReviewValues>(
    { rating: 0, title: "", body: "" },
    (values) => {
      const errors: Errors = {};
      const parsed = rules.current?.ZReviewInput.safeParse({ handle, ...values });
      if (!parsed || parsed.success) return errors;
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        errors[key] ??= serverText(issue.message);
      }
      return errors;
    },
    // Should the rules fail to load, the server checks the review all the same.
    { prepare: async () => (rules.current ??= await loadSchema()) },
  );
  const { rating, title, body } = form.values;
  const { errors } = form;

  if (done) return <Notice>{t("reviews.thanks")}</Notice>;
  // The server never asks who is reading (ADR 013): its page has the form's place pending.
  if (eligibility.isPending) return <NeedsScript text={t("noScript.review")} />;
  if (eligibility.error) {
    if (isUnauthorized(eligibility.error)) {
      return (
        <p className="write-review-invite">
          <Link to={loginHref(`${location.pathname}${location.search}`)}>{t("reviews.signInToReview")}</Link>
        </p>
      );
    }
    return null;
  }
  if (!eligibility.data.canReview) {
    return (
      <p className="muted">
        {eligibility.data.reason === "already-reviewed"
          ? t("reviews.alreadyReviewed")
          : t("reviews.notOrdered")}
      </p>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    const input = { handle, ...values };
    try {
      await create.mutateAsync(rules.current?.ZReviewInput.parse(input) ?? input);
      setDone(true);
      await queryClient.invalidateQueries(trpc.reviews.pathFilter());
      await queryClient.invalidateQueries(trpc.catalog.pathFilter());
    } catch {
      // shown below from create.error
    }
  });

  return (
    <form
      className="form write-review card"
      ref={form.formRef}
      onSubmit={(e) => void submit(e)}
      onFocus={() => void loadSchema().catch(() => undefined)}
      noValidate
    >
      <h2>{t("reviews.writeTitle")}</h2>
      <fieldset className="rating-input" aria-describedby={errors.rating ? "rating-error" : undefined}>
        <legend>{t("reviews.ratingLabel")}</legend>
        {Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1).map((n) => (
          <label key={n} className="rating-choice">
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => form.set("rating", n)}
            />
            <span aria-hidden="true">{"★".repeat(n)}</span>
            <span className="visually-hidden">{t("reviews.stars", { n })}</span>
          </label>
        ))}
        {errors.rating ? (
          <p id="rating-error" className="field-error">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={t("reviews.titleLabel")}
        value={title}
        onValueChange={(value) => form.set("title", value)}
        maxLength={REVIEW_TITLE_MAX}
        error={errors.title}
      />
      <div className={errors.body ? "field field-invalid" : "field"}>
        <label htmlFor={bodyId}>{t("reviews.bodyLabel")}</label>
        <textarea
          id={bodyId}
          value={body}
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          onChange={(e) => form.set("body", e.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${bodyId}-error` : undefined}
        />
        {errors.body ? (
          <p id={`${bodyId}-error`} className="field-error">
            {errors.body}
          </p>
        ) : null}
      </div>
      {create.error ? <ErrorBox message={serverText(create.error.message)} /> : null}
      <p>
        <SubmitButton
          busy={create.isPending}
          label={t("reviews.submit")}
          busyLabel={t("reviews.submitting")}
        />
      </p>
    </form>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { REVIEW_BODY_MAX, REVIEW_RATING_MAX, REVIEW_TITLE_MAX } from "@vela/shared";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { isUnauthorized } from "../../lib/errors.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { loginHref } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TextField } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";

const loadSchema = () => import("./review-schema.ts");

type Errors = Partial<Record<"rating" | "title" | "body", string>>;

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
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const bodyId = useId();
  const create = useMutation(trpc.reviews.create.mutationOptions());
  /** A submit waiting for the rules: a second Enter meanwhile sends nothing. */
  const checking = useRef(false);

  if (done) return <Notice>{t("reviews.thanks")}</Notice>;
  if (eligibility.isPending) return null;
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (checking.current) return;
    checking.current = true;
    const input = { handle, rating, title, body };
    // Should the rules fail to load, the server checks the review all the same.
    const parsed = await loadSchema().then(
      ({ ZReviewInput }) => ZReviewInput.safeParse(input),
      () => ({ success: true, data: input }) as const,
    );
    checking.current = false;
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= serverText(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      setDone(true);
      await queryClient.invalidateQueries(trpc.reviews.pathFilter());
      await queryClient.invalidateQueries(trpc.catalog.pathFilter());
    } catch {
      // shown below from create.error
    }
  };

  return (
    <form
      className="form write-review card"
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
              onChange={() => setRating(n)}
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
        onValueChange={setTitle}
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
          onChange={(e) => setBody(e.target.value)}
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
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? t("reviews.submitting") : t("reviews.submit")}
        </Button>
      </p>
    </form>
  );
}

import { useMutation } from "@tanstack/react-query";
import {
  BRAND,
  CONTACT_DEPARTMENTS,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_TOPIC_IDS,
  type ContactTopic,
  JP_SUPPORT,
} from "@vela/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "../../lib/forms/use-form.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { SubmitButton } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TextField } from "../../ui/field.tsx";
import { schemaErrors } from "../../ui/form-errors.ts";
import { NeedsScript } from "../../ui/needs-script.tsx";
import "./contact.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

type Field = "name" | "email" | "orderNumber" | "topic" | "message";
type ContactValues = Record<Field, string>;
type ContactSchema = typeof import("./contact-schema.ts");

/** The contact page (spec 000 §1): the support form and the department mailboxes, or in Japanese the one mailbox and its hours. */
export function ContactPage() {
  const { t, tKey, locale } = useI18n();
  return (
    <div className="storefront contact-page">
      <PageMeta
        title={t("contact.title")}
        description={t("seo.contact", { brand: BRAND.name })}
        path={PATHS.contact}
      />
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.intro")}</p>
      <div className="contact-layout">
        <ContactForm />
        <aside className="contact-mailboxes" aria-labelledby="contact-mailboxes-title">
          <h2 id="contact-mailboxes-title">{t("contact.mailboxesTitle")}</h2>
          {locale === "ja-JP" ? (
            <dl>
              <dt>{t("contact.jpSupport")}</dt>
              <dd>
                <a href={`mailto:${JP_SUPPORT.mailbox}`}>{JP_SUPPORT.mailbox}</a>
              </dd>
              <dt>{t("contact.hoursTitle")}</dt>
              <dd>{t("contact.hours", { opens: JP_SUPPORT.opens, closes: JP_SUPPORT.closes })}</dd>
            </dl>
          ) : (
            <dl>
              {CONTACT_DEPARTMENTS.map((d) => (
                <div key={d.id}>
                  <dt>{tKey(`contact.department.${d.id}`)}</dt>
                  <dd>
                    <a href={`mailto:${d.mailbox}`}>{d.mailbox}</a>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </aside>
      </div>
    </div>
  );
}

const loadSchema = () => import("./contact-schema.ts");

/** The support form; also embedded by the home page's Ask Us dialog (spec 001 §2), which the app hands to it (client/src/app/router.tsx). */
export function ContactForm() {
  const i18n = useI18n();
  const { t, tKey, locale, serverText } = i18n;
  const trpc = useTRPC();
  const send = useMutation(trpc.contact.send.mutationOptions());
  const [sent, setSent] = useState<string | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  /** The form's rules, loaded on first focus or submit (ADR 008). */
  const rules = useRef<ContactSchema | null>(null);
  const topicId = useId();
  const messageId = useId();
  const form = useForm<ContactValues>(
    { name: "", email: "", orderNumber: "", topic: "", message: "" },
    (values) => {
      if (!rules.current) return {};
      const labels: Record<Field, string> = {
        name: t("contact.name"),
        email: t("contact.email"),
        orderNumber: t("contact.orderNumber"),
        topic: t("contact.topic"),
        message: t("contact.message"),
      };
      return schemaErrors<Field>(
        i18n,
        rules.current.ZContactInput.safeParse({ ...values, locale }),
        (field) => labels[field],
      );
    },
    // Should the rules fail to load, the server checks the message all the same.
    { prepare: async () => (rules.current ??= await loadSchema()) },
  );
  const { values, errors } = form;

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const set = (field: Field) => (value: string) => form.set(field, value);

  const submit = form.handleSubmit(async (v) => {
    try {
      const answer = await send.mutateAsync({ ...v, locale, topic: v.topic as ContactTopic });
      setSent(answer.reference);
    } catch {
      // shown below from send.error
    }
  });

  if (sent) {
    return (
      <section className="contact-done card" aria-labelledby="contact-done-title">
        <h2 id="contact-done-title" ref={doneRef} tabIndex={-1}>
          {t("contact.sentTitle")}
        </h2>
        <p role="status">{t("contact.sent")}</p>
        <p>{t("contact.reference", { reference: sent })}</p>
      </section>
    );
  }

  return (
    <form
      className="form contact-form"
      ref={form.formRef}
      onSubmit={(e) => void submit(e)}
      onFocus={() => void loadSchema().catch(() => undefined)}
      noValidate
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{t("contact.formTitle")}</h2>
      <TextField
        label={t("contact.name")}
        value={values.name}
        onValueChange={set("name")}
        error={errors.name}
        autoComplete="name"
        maxLength={CONTACT_NAME_MAX}
        required
        data-field="name"
      />
      <TextField
        label={t("contact.email")}
        type="email"
        value={values.email}
        onValueChange={set("email")}
        error={errors.email}
        autoComplete="email"
        required
        data-field="email"
      />
      <TextField
        label={t("contact.orderNumber")}
        value={values.orderNumber}
        onValueChange={set("orderNumber")}
        error={errors.orderNumber}
        optional
        hint={t("contact.orderNumberHint")}
        data-field="orderNumber"
      />
      <div className={errors.topic ? "field field-invalid" : "field"}>
        <label htmlFor={topicId}>{t("contact.topic")}</label>
        <select
          id={topicId}
          value={values.topic}
          onChange={(e) => set("topic")(e.target.value)}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={errors.topic ? `${topicId}-error` : undefined}
          required
          data-field="topic"
        >
          <option value="">{t("contact.chooseTopic")}</option>
          {CONTACT_TOPIC_IDS.map((id) => (
            <option key={id} value={id}>
              {tKey(`contact.topic.${id}`)}
            </option>
          ))}
        </select>
        {errors.topic ? (
          <p id={`${topicId}-error`} className="field-error">
            {errors.topic}
          </p>
        ) : null}
      </div>
      <div className={errors.message ? "field field-invalid" : "field"}>
        <label htmlFor={messageId}>{t("contact.message")}</label>
        <textarea
          id={messageId}
          value={values.message}
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          onChange={(e) => set("message")(e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          required
          data-field="message"
        />
        {errors.message ? (
          <p id={`${messageId}-error`} className="field-error">
            {errors.message}
          </p>
        ) : null}
      </div>
      <NeedsScript text={t("noScript.contact")} />
      {send.error ? <ErrorBox message={serverText(send.error.message) || t("contact.failed")} /> : null}
      <p>
        <SubmitButton busy={send.isPending} label={t("contact.send")} busyLabel={t("contact.sending")} />
      </p>
    </form>
  );
}

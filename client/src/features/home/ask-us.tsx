import { type ComponentType, Suspense, useEffect, useId, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * "Still have a question?" (spec 001 §2): Ask Us opens a dialog, on native <dialog>, with the
 * store's contact form in the page's language (English by default). Escape and Close close it,
 * and focus goes back to Ask Us. `form` is that contact form, handed in by the app.
 */
export function StillHaveAQuestion({ form: ContactForm }: { form: ComponentType }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <section className="ask-us" aria-labelledby="ask-us-title">
      <h2 id="ask-us-title">{t("homepage.question.title")}</h2>
      <p>{t("homepage.question.body")}</p>
      <button
        ref={opener}
        type="button"
        className="btn btn-primary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t("homepage.question.askUs")}
      </button>
      <dialog
        ref={dialog}
        className="dialog ask-us-dialog"
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      >
        <div className="ask-us-dialog-head">
          <h2 id={titleId} className="dialog-title">
            {t("homepage.question.dialog")}
          </h2>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t("common.close")}
          </button>
        </div>
        {open ? (
          <Suspense fallback={<Spinner />}>
            <ContactForm />
          </Suspense>
        ) : null}
      </dialog>
    </section>
  );
}

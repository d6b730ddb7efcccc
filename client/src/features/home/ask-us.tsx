import { type ComponentType, Suspense, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * "Still have a question?" (spec 001 §2): Ask Us opens a dialog, on native <dialog>, with the
 * store's contact form in the page's language (English by default). Escape and Close close it,
 * and focus goes back to Ask Us. `form` is that contact form, handed in by the app.
 */
export function StillHaveAQuestion({ form: ContactForm }: { form: ComponentType }) {
  const { t } = useI18n();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

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
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={opener}
        className="ask-us-dialog"
        title={t("homepage.question.dialog")}
        headerAction={
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t("common.close")}
          </button>
        }
      >
        <Suspense fallback={<Spinner />}>
          <ContactForm />
        </Suspense>
      </Dialog>
    </section>
  );
}

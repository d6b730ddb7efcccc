import { Link } from "react-router-dom";
import { useI18n } from "./i18n.tsx";
import { PATHS } from "./routes.ts";

/** PLACEHOLDER for the contact form of client/src/features/contact (see ask-us-form.tsx). */
export function ContactFormPlaceholder() {
  const { t } = useI18n();
  return (
    <div className="contact-form-placeholder" data-testid="contact-form-placeholder">
      <p>{t("homepage.question.placeholder")}</p>
      <p>
        <Link className="btn btn-primary" to={PATHS.contact}>
          {t("homepage.question.contactLink")}
        </Link>
      </p>
    </div>
  );
}

import { LANG_COOKIE_MAX_AGE_SECONDS, type MessageKey } from "@vela/i18n";
import {
  ACTIVATION_TOKEN_TTL_SECONDS,
  BRAND,
  NEWSLETTER_CONFIRM_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_DAYS,
  SUBSCRIBE_COOKIE_MAX_AGE_SECONDS,
  WELCOME_CODE_VALID_DAYS,
} from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import "./privacy.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

const DAY = 86_400;
const HOUR = 3_600;

/** Each section: its id (the anchor of the contents list), heading, paragraphs, and how long the data is kept. */
interface Section {
  id: string;
  title: MessageKey;
  body: MessageKey[];
  items?: MessageKey[];
  kept?: MessageKey;
}

const SECTIONS: Section[] = [
  {
    id: "account",
    title: "privacy.account.title",
    body: ["privacy.account.body"],
    kept: "privacy.account.kept",
  },
  { id: "orders", title: "privacy.orders.title", body: ["privacy.orders.body"], kept: "privacy.orders.kept" },
  {
    id: "addresses",
    title: "privacy.addresses.title",
    body: ["privacy.addresses.body"],
    kept: "privacy.addresses.kept",
  },
  {
    id: "signing-in",
    title: "privacy.sessions.title",
    body: ["privacy.sessions.body", "privacy.sessions.kept", "privacy.tokens.body"],
    kept: "privacy.tokens.kept",
  },
  { id: "emails", title: "privacy.email.title", body: ["privacy.email.body"], kept: "privacy.email.kept" },
  {
    id: "reviews",
    title: "privacy.reviews.title",
    body: ["privacy.reviews.body"],
    kept: "privacy.reviews.kept",
  },
  {
    id: "messages",
    title: "privacy.contact.title",
    body: ["privacy.contact.body"],
    kept: "privacy.contact.kept",
  },
  {
    id: "newsletter",
    title: "privacy.newsletter.title",
    body: ["privacy.newsletter.body"],
    kept: "privacy.newsletter.kept",
  },
  {
    id: "browser",
    title: "privacy.browser.title",
    body: [],
    items: [
      "privacy.browser.session",
      "privacy.browser.lang",
      "privacy.browser.cart",
      "privacy.browser.subscribe",
    ],
    kept: "privacy.browser.none",
  },
  { id: "logs", title: "privacy.logs.title", body: ["privacy.logs.body"] },
];

/**
 * The privacy policy linked from every footer: what the store keeps, and for how long. The
 * figures come from the constants the store runs on.
 */
export function PrivacyPage() {
  const { t, tKey } = useI18n();
  const params = {
    brand: BRAND.name,
    idleDays: SESSION_IDLE_DAYS,
    absoluteDays: SESSION_ABSOLUTE_DAYS,
    resetHours: RESET_TOKEN_TTL_SECONDS / HOUR,
    activationHours: ACTIVATION_TOKEN_TTL_SECONDS / HOUR,
    confirmDays: NEWSLETTER_CONFIRM_TTL_SECONDS / DAY,
    codeDays: WELCOME_CODE_VALID_DAYS,
    langDays: LANG_COOKIE_MAX_AGE_SECONDS / DAY,
    subscribedDays: SUBSCRIBE_COOKIE_MAX_AGE_SECONDS / DAY,
  };
  // tKey fills only the parameters a text names; the rest are ignored.
  const text = (key: MessageKey) => tKey(key, params);

  return (
    <article className="page privacy-page" aria-labelledby="privacy-title">
      <PageMeta
        title={t("privacy.title")}
        description={t("seo.privacy", { brand: BRAND.name })}
        path={PATHS.privacy}
      />
      <h1 id="privacy-title">{t("privacy.title")}</h1>
      <p>{text("privacy.intro")}</p>
      <nav aria-labelledby="privacy-contents">
        <h2 id="privacy-contents">{t("privacy.contents")}</h2>
        <ul>
          {[...SECTIONS, { id: "your-rights", title: "privacy.rights.title" as const }].map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{tKey(s.title)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{tKey(section.title)}</h2>
          {section.body.map((key) => (
            <p key={key}>{text(key)}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((key) => (
                <li key={key}>{text(key)}</li>
              ))}
            </ul>
          ) : null}
          {section.kept ? <p className="privacy-kept">{text(section.kept)}</p> : null}
        </section>
      ))}
      <section id="your-rights" aria-labelledby="your-rights-title">
        <h2 id="your-rights-title">{t("privacy.rights.title")}</h2>
        <p>{text("privacy.rights.body")}</p>
        <p>
          <Link to={PATHS.contact}>{t("privacy.rights.contact")}</Link>
        </p>
      </section>
    </article>
  );
}

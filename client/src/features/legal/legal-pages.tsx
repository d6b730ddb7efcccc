import type { MessageKey } from "@vela/i18n";
import { BRAND, SELLER } from "@vela/shared";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useStoreCurrency } from "../../lib/store-locale.ts";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { deliveryRows, LEGAL_PARAMS, RETURN_FEES_KEY, shippingTables } from "./legal-facts.ts";
import "./legal.css";

/** The legal pages, in the order the footer and each page's "Our policies" list name them. */
const LEGAL_PAGES = [
  { path: PATHS.shippingPolicy, label: "legal.nav.shipping" },
  { path: PATHS.returnsPolicy, label: "legal.nav.returns" },
  { path: PATHS.warranty, label: "legal.nav.warranty" },
  { path: PATHS.termsOfSale, label: "legal.nav.terms" },
  { path: PATHS.legalNotice, label: "legal.nav.notice" },
  { path: PATHS.privacy, label: "layout.privacy" },
] as const satisfies readonly { path: string; label: MessageKey }[];

interface Section {
  /** The anchor of the contents list; prefixed with `legal-` on the page. */
  id: string;
  title: MessageKey;
  body: MessageKey[];
  /** What follows the paragraphs: a table, an address, links. */
  extra?: ReactNode;
}

interface LegalArticleProps {
  path: string;
  title: MessageKey;
  description: MessageKey;
  intro: MessageKey;
  sections: Section[];
  children?: ReactNode;
}

/** Texts with the store's figures filled in (tKey fills only the parameters a text names). */
function useLegalText() {
  const { tKey } = useI18n();
  return (key: MessageKey) => tKey(key, { brand: BRAND.name, ...LEGAL_PARAMS });
}

function ContactLink() {
  const { t } = useI18n();
  return (
    <p>
      <Link to={PATHS.contact}>{t("legal.contact")}</Link>
    </p>
  );
}

/** One legal page: its heading, introduction, contents, sections and the list of the others. */
function LegalArticle({ path, title, description, intro, sections, children }: LegalArticleProps) {
  const { t, tKey } = useI18n();
  const text = useLegalText();
  return (
    <article className="page legal-page" aria-labelledby="legal-title">
      <PageMeta title={tKey(title)} description={tKey(description, { brand: BRAND.name })} path={path} />
      <h1 id="legal-title">{tKey(title)}</h1>
      <p>{text(intro)}</p>
      {sections.length > 2 ? (
        <nav aria-labelledby="legal-contents">
          <h2 id="legal-contents">{t("legal.contents")}</h2>
          <ul>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#legal-${s.id}`}>{tKey(s.title)}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {sections.map((section) => (
        <section key={section.id} id={`legal-${section.id}`} aria-labelledby={`legal-${section.id}-title`}>
          <h2 id={`legal-${section.id}-title`}>{tKey(section.title)}</h2>
          {section.body.map((key) => (
            <p key={key}>{text(key)}</p>
          ))}
          {section.extra}
        </section>
      ))}
      {children}
      <nav className="legal-related" aria-labelledby="legal-related">
        <h2 id="legal-related">{t("legal.related")}</h2>
        <ul>
          {LEGAL_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path} aria-current={page.path === path ? "page" : undefined}>
                {tKey(page.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

function ShippingTables() {
  const { t, tKey, money } = useI18n();
  const currency = useStoreCurrency();
  return shippingTables(currency).map((table) => (
    <table key={table.currencyCode} className="legal-table" data-currency={table.currencyCode}>
      <caption>{tKey(`legal.shipping.table.${table.currencyCode}` as MessageKey)}</caption>
      <thead>
        <tr>
          <th scope="col">{t("legal.shipping.col.destination")}</th>
          <th scope="col">{t("legal.shipping.col.standard")}</th>
          <th scope="col">{t("legal.shipping.col.express")}</th>
          <th scope="col">{t("legal.shipping.col.free")}</th>
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.zone}>
            <th scope="row">{tKey(`legal.shipping.zone.${row.zone}`)}</th>
            <td>{money(row.standard)}</td>
            <td>{money(row.express)}</td>
            <td>{row.freeFrom ? money(row.freeFrom) : t("legal.shipping.never")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ));
}

function DeliveryTimes() {
  const { t, tKey } = useI18n();
  const currency = useStoreCurrency();
  return (
    <table className="legal-table" data-testid="delivery-times">
      <caption>{t("legal.shipping.days.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("legal.shipping.col.destination")}</th>
          <th scope="col">{t("legal.shipping.col.standard")}</th>
          <th scope="col">{t("legal.shipping.col.express")}</th>
        </tr>
      </thead>
      <tbody>
        {deliveryRows(currency === "JPY" ? "JP" : "US").map((row) => (
          <tr key={row.zone}>
            <th scope="row">{tKey(`legal.shipping.zone.${row.zone}`)}</th>
            <td>{t("legal.shipping.days.range", { min: row.STANDARD[0], max: row.STANDARD[1] })}</td>
            <td>{t("legal.shipping.days.range", { min: row.EXPRESS[0], max: row.EXPRESS[1] })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ShippingPolicyPage() {
  return (
    <LegalArticle
      path={PATHS.shippingPolicy}
      title="legal.shipping.title"
      description="seo.legal.shipping"
      intro="legal.shipping.intro"
      sections={[
        {
          id: "methods",
          title: "legal.shipping.methods.title",
          body: ["legal.shipping.methods.body"],
          extra: <DeliveryTimes />,
        },
        {
          id: "costs",
          title: "legal.shipping.costs.title",
          body: ["legal.shipping.costs.body"],
          extra: <ShippingTables />,
        },
        { id: "abroad", title: "legal.shipping.abroad.title", body: ["legal.shipping.abroad.body"] },
        {
          id: "address",
          title: "legal.shipping.address.title",
          body: ["legal.shipping.address.body"],
          extra: <ContactLink />,
        },
      ]}
    />
  );
}

function ReturnAddress() {
  const { t } = useI18n();
  return (
    <>
      <h3 id="legal-return-address">{t("legal.returns.address")}</h3>
      <address>
        {SELLER.returnAddress.map((line) => (
          <span key={line} className="legal-line">
            {line}
          </span>
        ))}
      </address>
    </>
  );
}

export function ReturnsPolicyPage() {
  const { t } = useI18n();
  return (
    <LegalArticle
      path={PATHS.returnsPolicy}
      title="legal.returns.title"
      description="seo.legal.returns"
      intro="legal.returns.intro"
      sections={[
        {
          id: "how",
          title: "legal.returns.how.title",
          body: ["legal.returns.how.body"],
          extra: (
            <p>
              <Link to={PATHS.orders}>{t("orders.title")}</Link>
            </p>
          ),
        },
        { id: "window", title: "legal.returns.window.title", body: ["legal.returns.window.body"] },
        {
          id: "send",
          title: "legal.returns.send.title",
          body: ["legal.returns.send.body", RETURN_FEES_KEY],
          extra: <ReturnAddress />,
        },
        { id: "refund", title: "legal.returns.refund.title", body: ["legal.returns.refund.body"] },
        {
          id: "faulty",
          title: "legal.returns.faulty.title",
          body: ["legal.returns.faulty.body"],
          extra: (
            <p>
              <Link to={PATHS.warranty}>{t("legal.nav.warranty")}</Link>
            </p>
          ),
        },
        {
          id: "cancel",
          title: "legal.returns.cancel.title",
          body: ["legal.returns.cancel.body"],
          extra: <ContactLink />,
        },
      ]}
    />
  );
}

export function WarrantyPage() {
  return (
    <LegalArticle
      path={PATHS.warranty}
      title="legal.warranty.title"
      description="seo.legal.warranty"
      intro="legal.warranty.intro"
      sections={[
        { id: "covered", title: "legal.warranty.covered.title", body: ["legal.warranty.covered.body"] },
        { id: "excluded", title: "legal.warranty.excluded.title", body: ["legal.warranty.excluded.body"] },
        { id: "remedy", title: "legal.warranty.remedy.title", body: ["legal.warranty.remedy.body"] },
        {
          id: "claim",
          title: "legal.warranty.claim.title",
          body: ["legal.warranty.claim.body"],
          extra: <ContactLink />,
        },
        { id: "rights", title: "legal.warranty.rights.title", body: ["legal.warranty.rights.body"] },
      ]}
    />
  );
}

export function TermsOfSalePage() {
  const { tKey } = useI18n();
  const link = (path: string, label: MessageKey) => (
    <p>
      <Link to={path}>{tKey(label)}</Link>
    </p>
  );
  return (
    <LegalArticle
      path={PATHS.termsOfSale}
      title="legal.terms.title"
      description="seo.legal.terms"
      intro="legal.terms.intro"
      sections={[
        { id: "order", title: "legal.terms.order.title", body: ["legal.terms.order.body"] },
        { id: "prices", title: "legal.terms.prices.title", body: ["legal.terms.prices.body"] },
        { id: "payment", title: "legal.terms.payment.title", body: ["legal.terms.payment.body"] },
        {
          id: "delivery",
          title: "legal.terms.delivery.title",
          body: ["legal.terms.delivery.body"],
          extra: link(PATHS.shippingPolicy, "legal.nav.shipping"),
        },
        {
          id: "returns",
          title: "legal.terms.returns.title",
          body: ["legal.terms.returns.body"],
          extra: link(PATHS.returnsPolicy, "legal.nav.returns"),
        },
        {
          id: "contact",
          title: "legal.terms.contact.title",
          body: ["legal.terms.contact.body"],
          extra: <ContactLink />,
        },
      ]}
    />
  );
}

export function LegalNoticePage() {
  const { t, tKey } = useI18n();
  const text = useLegalText();
  const rows: [MessageKey, ReactNode][] = [
    ["legal.notice.seller", SELLER.name],
    ["legal.notice.representative", SELLER.representative],
    [
      "legal.notice.address",
      SELLER.address.map((line) => (
        <span key={line} className="legal-line">
          {line}
        </span>
      )),
    ],
    [
      "legal.notice.phone",
      <>
        <a href={`tel:${SELLER.phone.replace(/\s+/g, "")}`}>{SELLER.phone}</a>
        <span className="legal-line">{t("legal.notice.phoneNote")}</span>
      </>,
    ],
    [
      "legal.notice.email",
      <a key="email" href={`mailto:${SELLER.email}`}>
        {SELLER.email}
      </a>,
    ],
    ["legal.notice.prices", text("legal.notice.pricesBody")],
    [
      "legal.notice.charges",
      <>
        {text("legal.notice.chargesBody")} <Link to={PATHS.shippingPolicy}>{t("legal.nav.shipping")}</Link>
      </>,
    ],
    ["legal.notice.payment", text("legal.notice.paymentBody")],
    ["legal.notice.paymentTiming", text("legal.notice.paymentTimingBody")],
    ["legal.notice.delivery", text("legal.notice.deliveryBody")],
    [
      "legal.notice.returns",
      <>
        {text("legal.notice.returnsBody")} {text(RETURN_FEES_KEY)}{" "}
        <Link to={PATHS.returnsPolicy}>{t("legal.nav.returns")}</Link>
      </>,
    ],
  ];
  return (
    <LegalArticle
      path={PATHS.legalNotice}
      title="legal.notice.title"
      description="seo.legal.notice"
      intro="legal.notice.intro"
      sections={[]}
    >
      <dl className="legal-notice">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{tKey(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </LegalArticle>
  );
}

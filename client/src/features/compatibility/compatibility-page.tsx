import { useQueries } from "@tanstack/react-query";
import { formatDate, isLocale, LOCALE_NAMES, type Locale, type Translate } from "@vela/i18n";
import {
  BRAND,
  COMPATIBILITY_COLLAPSED_HEIGHT_PX,
  COMPATIBILITY_DEVICE_TABS,
  COMPATIBILITY_HANDLES,
  COMPATIBILITY_LANGUAGES,
  COMPATIBILITY_SCROLL_DELAY_MS,
  type CompatibilityDevice,
  type CompatibilityLanguage,
} from "@vela/shared";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useI18n, useTranslatorFor } from "../../lib/i18n.tsx";
import { compatibilityHref, PATHS } from "../../lib/routes.ts";
import { type RouterOutputs, useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { RichText } from "../../ui/rich-text.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { useReducedMotion } from "../../ui/use-reduced-motion.ts";
import "./compatibility.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { DeviceTabs } from "./device-tabs.tsx";

type Answer = RouterOutputs["compatibility"]["get"];

const isCompatibilityLanguage = (v: string | null): v is CompatibilityLanguage =>
  (COMPATIBILITY_LANGUAGES as readonly string[]).includes(v ?? "");
const isDevice = (v: string | null): v is CompatibilityDevice =>
  v !== null && Object.hasOwn(COMPATIBILITY_DEVICE_TABS, v);

/**
 * The compatibility page (spec 000 §2, §4): one section per product of §7. Query parameters:
 * `product` scrolls to its section after 2 s, `device` picks the first tab (handheld 0, phone 1,
 * laptop 2), `language` picks en-US, ja-JP or zh-CN (else the reader's language). The first
 * section is collapsed to 260px until Show more.
 */
export function CompatibilityPage() {
  const { locale } = useI18n();
  const trpc = useTRPC();
  const reducedMotion = useReducedMotion();
  const [params] = useSearchParams();
  const rawLanguage = params.get("language");
  const language: CompatibilityLanguage = isCompatibilityLanguage(rawLanguage)
    ? rawLanguage
    : isCompatibilityLanguage(locale)
      ? locale
      : "en-US";
  const rawDevice = params.get("device");
  const firstTab = isDevice(rawDevice) ? COMPATIBILITY_DEVICE_TABS[rawDevice] : 0;
  const product = params.get("product");
  // A product without a record of its own is said so, never shown another product's list instead.
  const unknownProduct = product !== null && !(COMPATIBILITY_HANDLES as readonly string[]).includes(product);
  const t = useTranslatorFor(language as Locale);

  const queries = useQueries({
    queries: COMPATIBILITY_HANDLES.map((handle) => trpc.compatibility.get.queryOptions({ language, handle })),
  });
  const settled = queries.every((q) => !q.isPending);

  // About 2 s after the page has its content, bring the asked-for product into view.
  useEffect(() => {
    if (!product || unknownProduct || !settled) return;
    const timer = setTimeout(() => {
      document
        .getElementById(product)
        ?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
    }, COMPATIBILITY_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [product, unknownProduct, settled, reducedMotion]);

  const linkFor = (next: CompatibilityLanguage) =>
    compatibilityHref({
      language: next,
      ...(product ? { product } : {}),
      ...(isDevice(rawDevice) ? { device: rawDevice } : {}),
    });

  return (
    <div className="storefront compat-page" lang={language}>
      <PageMeta
        title={t("compat.title")}
        description={t("seo.compatibility", { brand: BRAND.name })}
        path={PATHS.compatibility}
      />
      <h1>{t("compat.title")}</h1>
      <p className="lead">{t("compat.intro")}</p>
      {unknownProduct ? (
        <p className="notice compat-no-record" role="status">
          {t("compat.notFound")}
        </p>
      ) : null}
      <nav aria-label={t("compat.languageNav")} className="compat-languages">
        <ul>
          {COMPATIBILITY_LANGUAGES.map((l) => (
            <li key={l}>
              <Link
                to={linkFor(l)}
                lang={l}
                className="chip"
                aria-current={l === language ? "true" : undefined}
              >
                {isLocale(l) ? LOCALE_NAMES[l] : l}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t("compat.jump")} className="compat-jump">
        <ul>
          {COMPATIBILITY_HANDLES.map((handle, i) => (
            <li key={handle}>
              <a href={`#${handle}`}>{queries[i]?.data?.record.title ?? handle}</a>
            </li>
          ))}
        </ul>
      </nav>
      {COMPATIBILITY_HANDLES.map((handle, i) => {
        const q = queries[i];
        return (
          <ProductSection
            key={`${handle}-${language}`}
            handle={handle}
            answer={q?.data}
            failed={Boolean(q?.error)}
            onRetry={() => void q?.refetch()}
            collapsible={i === 0}
            firstTab={firstTab}
            deviceAsked={isDevice(rawDevice)}
            language={language}
            t={t}
          />
        );
      })}
    </div>
  );
}

function ProductSection({
  handle,
  answer,
  failed,
  onRetry,
  collapsible,
  firstTab,
  deviceAsked,
  language,
  t,
}: {
  handle: string;
  answer: Answer | undefined;
  failed: boolean;
  onRetry(): void;
  collapsible: boolean;
  firstTab: number;
  /** The link asked for a kind of device: its list comes before the description, so that the
   * folded first section (260 px, a phone's screen of text) still shows the devices asked for. */
  deviceAsked: boolean;
  language: CompatibilityLanguage;
  t: Translate;
}) {
  const [expanded, setExpanded] = useState(!collapsible);
  const bodyId = useId();
  const titleId = `${handle}-title`;
  if (failed) {
    return (
      <section id={handle} className="compat-section">
        <ErrorBox message={t("compat.loadFailed")} onRetry={onRetry} />
      </section>
    );
  }
  if (!answer) {
    return (
      <section id={handle} className="compat-section compat-loading">
        <Spinner label={t("common.loading")} />
      </section>
    );
  }
  const { record } = answer;
  const collapsed = collapsible && !expanded;
  const description = <RichText html={record.descriptionHTML} className="compat-description" />;
  return (
    <section
      id={handle}
      aria-labelledby={titleId}
      className="compat-section"
      data-testid={`compat-${handle}`}
    >
      <header className="compat-head">
        <img src={`/images/compatibility/icon-${record.icon}.svg`} alt="" width={48} height={48} />
        <div>
          <h2 id={titleId}>{record.title}</h2>
          <p className="compat-landing">{record.titleLanding}</p>
          <p className="muted compat-date">
            {t("compat.updated", { date: formatDate(language as Locale, record.date, "long") })}
          </p>
        </div>
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: focus bubbling up from a link inside, not an interaction with the div. */}
      <div
        id={bodyId}
        className={collapsed ? "compat-body compat-collapsed" : "compat-body"}
        style={collapsed ? { maxHeight: `${COMPATIBILITY_COLLAPSED_HEIGHT_PX}px` } : undefined}
        // A keyboard reader who tabs into the hidden part gets it all.
        onFocus={() => setExpanded(true)}
      >
        {deviceAsked && record.type === "glasses" ? null : description}
        {record.type === "glasses" ? (
          <DeviceTabs
            tabs={record.list as Extract<Answer["record"], { type: "glasses" }>["list"]}
            initial={firstTab}
            gridTemplateColumns={record.gridTemplateColumns}
            label={t("compat.tabsLabel", { title: record.title })}
          />
        ) : (
          <dl className="compat-rows" style={{ gridTemplateColumns: record.gridTemplateColumns }}>
            {(record.list as { title: string; value: string }[]).map((row) => (
              <div key={row.title} className="compat-row">
                <dt>{row.title}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {deviceAsked && record.type === "glasses" ? description : null}
      </div>
      {collapsible ? (
        <button
          type="button"
          className="btn btn-secondary compat-more"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t("compat.showLess") : t("compat.showMore")}
        </button>
      ) : null}
    </section>
  );
}

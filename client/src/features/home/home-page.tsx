import { BRAND, HOME_PREVIEW_DRAWING, organizationJsonLd } from "@vela/shared";
import { type ComponentType, lazy, Suspense } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useSiteOrigin } from "../../lib/site-origin.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { Spinner } from "../../ui/spinner.tsx";

const HomeBlocks = lazy(() => import("./home-blocks.tsx").then((m) => ({ default: m.HomeBlocks })));

/**
 * The home page (spec 001 §2): hero sliders, a normal hero, an image slider, the newsroom, the
 * Ask Us block and the academy. The heading renders at once; the blocks load behind it.
 * `askUsForm` is the store's contact form, handed in by the app, which puts features together.
 */
export function HomePage({ askUsForm }: { askUsForm: ComponentType }) {
  const { t } = useI18n();
  const origin = useSiteOrigin();
  return (
    <div className="home">
      <PageMeta
        title={null}
        description={t("seo.home", { brand: BRAND.name })}
        path={PATHS.home}
        image={{ drawing: HOME_PREVIEW_DRAWING, alt: t("seo.homeImageAlt", { brand: BRAND.name }) }}
        jsonLd={[organizationJsonLd(origin)]}
      />
      <h1 className="visually-hidden">{t("home.title", { brand: BRAND.name })}</h1>
      <Suspense fallback={<Spinner />}>
        <HomeBlocks askUsForm={askUsForm} />
      </Suspense>
    </div>
  );
}

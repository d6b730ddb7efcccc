import { BRAND } from "@vela/shared";
import { lazy, Suspense } from "react";
import { useI18n } from "../../app/i18n.tsx";
import { usePageTitle } from "../../app/page-title.ts";
import { Spinner } from "../../ui/spinner.tsx";

const HomeBlocks = lazy(() => import("./home-blocks.tsx").then((m) => ({ default: m.HomeBlocks })));

/**
 * The home page (spec 001 §2): hero sliders, a normal hero, an image slider, the newsroom, the
 * Ask Us block and the academy. The heading renders at once; the blocks load behind it.
 */
export function HomePage() {
  const { t } = useI18n();
  usePageTitle(null);
  return (
    <div className="home">
      <h1 className="visually-hidden">{t("home.title", { brand: BRAND.name })}</h1>
      <Suspense fallback={<Spinner />}>
        <HomeBlocks />
      </Suspense>
    </div>
  );
}

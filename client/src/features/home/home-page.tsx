import { BRAND } from "@vela/shared";
import { type ComponentType, lazy, Suspense } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { Spinner } from "../../ui/spinner.tsx";

const HomeBlocks = lazy(() => import("./home-blocks.tsx").then((m) => ({ default: m.HomeBlocks })));

/**
 * The home page (spec 001 §2): hero sliders, a normal hero, an image slider, the newsroom, the
 * Ask Us block and the academy. The heading renders at once; the blocks load behind it.
 * `askUsForm` is the store's contact form, handed in by the app, which puts features together.
 */
export function HomePage({ askUsForm }: { askUsForm: ComponentType }) {
  const { t } = useI18n();
  usePageTitle(null);
  return (
    <div className="home">
      <h1 className="visually-hidden">{t("home.title", { brand: BRAND.name })}</h1>
      <Suspense fallback={<Spinner />}>
        <HomeBlocks askUsForm={askUsForm} />
      </Suspense>
    </div>
  );
}

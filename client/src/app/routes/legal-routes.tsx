import { loadArea } from "@vela/i18n";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import type * as LegalPages from "../../features/legal/legal-pages.tsx";
import { PATHS } from "../../lib/routes.ts";

type Pages = typeof LegalPages;

/** A legal page, loaded with the area's long texts beside it, not with the store's first screen. */
const legalPage = (pick: (m: Pages) => ComponentType) => async () => {
  const [module] = await Promise.all([import("../../features/legal/legal-pages.tsx"), loadArea("legal")]);
  return { Component: pick(module) };
};

/** Shipping, returns and refunds, warranty, terms of sale and the legal notice (特定商取引法に基づく表記). */
export const legalRoutes: RouteObject[] = [
  { path: PATHS.shippingPolicy, lazy: legalPage((m) => m.ShippingPolicyPage) },
  { path: PATHS.returnsPolicy, lazy: legalPage((m) => m.ReturnsPolicyPage) },
  { path: PATHS.warranty, lazy: legalPage((m) => m.WarrantyPage) },
  { path: PATHS.termsOfSale, lazy: legalPage((m) => m.TermsOfSalePage) },
  { path: PATHS.legalNotice, lazy: legalPage((m) => m.LegalNoticePage) },
];

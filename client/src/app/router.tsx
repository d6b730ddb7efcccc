import { loadArea } from "@vela/i18n";
import { type ComponentType, lazy } from "react";
import { Navigate, type RouteObject, useLocation } from "react-router-dom";
import { ordersQuery } from "../features/account/orders/orders-query.ts";
import { AccountLayout } from "../features/account/shared/account-layout.tsx";
import { firmwareRoutes } from "../features/firmware/routes.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { prefetch } from "../lib/route-data.ts";
import { PATHS } from "../lib/routes.ts";
import { Spinner } from "../ui/spinner.tsx";
import { contentRoutes } from "./content-routes.tsx";
import { Layout } from "./layout/layout.tsx";
import { RouteError } from "./route-error.tsx";
import { storefrontRoutes } from "./storefront-routes.tsx";

/** A page loaded on first visit, so the first screen does not carry every page's code. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/**
 * The home page's Ask Us dialog (spec 001 §2) embeds the store's contact form, loaded when the
 * dialog first opens. Features do not import each other, so the app hands it to the home page.
 */
const AskUsContactForm = lazy(() =>
  import("../features/contact/contact-page.tsx").then((m) => ({ default: m.ContactForm })),
);

/** The spec's /login: the sign-in page, with the query (redirect=...) and hash it came with. */
function LoginAlias() {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: PATHS.login, search, hash }} />;
}

/** The route table: each path of routes.ts with its page. */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: PATHS.home, element: <HomePage askUsForm={AskUsContactForm} /> },
          ...contentRoutes,
          ...firmwareRoutes,
          ...storefrontRoutes,
          {
            path: PATHS.account,
            element: <AccountLayout />,
            children: [
              {
                index: true,
                lazy: page(
                  () => import("../features/account/overview/overview-page.tsx"),
                  (m) => m.OverviewPage,
                ),
              },
              {
                path: PATHS.orders,
                ...prefetch((data) => void data.queryClient.prefetchInfiniteQuery(ordersQuery(data))),
                lazy: page(
                  () => import("../features/account/orders/orders-page.tsx"),
                  (m) => m.OrdersPage,
                ),
              },
              {
                path: PATHS.order,
                lazy: page(
                  () => import("../features/account/order-detail/order-detail-page.tsx"),
                  (m) => m.OrderDetailPage,
                ),
              },
              {
                path: PATHS.addresses,
                lazy: page(
                  () => import("../features/account/addresses/addresses-page.tsx"),
                  (m) => m.AddressesPage,
                ),
              },
              {
                path: PATHS.profile,
                lazy: page(
                  () => import("../features/account/profile/profile-page.tsx"),
                  (m) => m.ProfilePage,
                ),
              },
            ],
          },
          {
            path: PATHS.login,
            lazy: page(
              () => import("../features/account/login/login-page.tsx"),
              (m) => m.LoginPage,
            ),
          },
          { path: PATHS.loginAlias, element: <LoginAlias /> },
          {
            path: PATHS.register,
            lazy: page(
              () => import("../features/account/register/register-page.tsx"),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: PATHS.recover,
            lazy: page(
              () => import("../features/account/recover/recover-page.tsx"),
              (m) => m.RecoverPage,
            ),
          },
          {
            path: PATHS.reset,
            lazy: page(
              () => import("../features/account/token-link/token-link-page.tsx"),
              (m) => m.ResetPage,
            ),
          },
          {
            path: PATHS.activate,
            lazy: page(
              () => import("../features/account/token-link/token-link-page.tsx"),
              (m) => m.ActivatePage,
            ),
          },
          {
            path: PATHS.emailChange,
            lazy: page(
              () => import("../features/account/email-change/email-change-pages.tsx"),
              (m) => m.EmailChangeConfirmPage,
            ),
          },
          {
            path: PATHS.emailChangeCancel,
            lazy: page(
              () => import("../features/account/email-change/email-change-pages.tsx"),
              (m) => m.EmailChangeCancelPage,
            ),
          },
          {
            path: PATHS.privacy,
            // The policy's long texts load beside its page, not with the store's first screen.
            lazy: async () => {
              const [module] = await Promise.all([
                import("../features/privacy/privacy-page.tsx"),
                loadArea("privacy"),
              ]);
              return { Component: module.PrivacyPage };
            },
          },
          {
            path: PATHS.cart,
            lazy: page(
              () => import("../features/cart/cart-page.tsx"),
              (m) => m.CartPage,
            ),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

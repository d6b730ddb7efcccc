import { loadArea } from "@vela/i18n";
import { lazy } from "react";
import { Navigate, type RouteObject, useLocation } from "react-router-dom";
import { ordersQueryOptions } from "../features/account/orders/orders-query-options.ts";
import { AccountLayout } from "../features/account/shared/account-layout.tsx";
import { firmwareRoutes } from "../features/firmware/routes.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { prefetch } from "../lib/route-data.ts";
import { PATHS } from "../lib/routes.ts";
import { Spinner } from "../ui/spinner.tsx";
import { Layout } from "./layout/layout.tsx";
import { RouteError } from "./route-error.tsx";
import { discoverRoutes } from "./routes/discover-routes.tsx";
import { lazyPage } from "./routes/lazy-page.ts";
import { legalRoutes } from "./routes/legal-routes.tsx";
import { shopRoutes } from "./routes/shop-routes.tsx";
import { supportRoutes } from "./routes/support-routes.tsx";

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
          ...shopRoutes,
          ...supportRoutes,
          ...discoverRoutes,
          ...legalRoutes,
          ...firmwareRoutes,
          {
            path: PATHS.account,
            element: <AccountLayout />,
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import("../features/account/overview/overview-page.tsx"),
                  (m) => m.OverviewPage,
                ),
              },
              {
                path: PATHS.orders,
                ...prefetch((data) => void data.queryClient.prefetchInfiniteQuery(ordersQueryOptions(data))),
                lazy: lazyPage(
                  () => import("../features/account/orders/orders-page.tsx"),
                  (m) => m.OrdersPage,
                ),
              },
              {
                path: PATHS.order,
                lazy: lazyPage(
                  () => import("../features/account/order-detail/order-detail-page.tsx"),
                  (m) => m.OrderDetailPage,
                ),
              },
              {
                path: PATHS.addresses,
                lazy: lazyPage(
                  () => import("../features/account/addresses/addresses-page.tsx"),
                  (m) => m.AddressesPage,
                ),
              },
              {
                path: PATHS.profile,
                lazy: lazyPage(
                  () => import("../features/account/profile/profile-page.tsx"),
                  (m) => m.ProfilePage,
                ),
              },
            ],
          },
          {
            path: PATHS.login,
            lazy: lazyPage(
              () => import("../features/account/login/login-page.tsx"),
              (m) => m.LoginPage,
            ),
          },
          { path: PATHS.loginAlias, element: <LoginAlias /> },
          {
            path: PATHS.register,
            lazy: lazyPage(
              () => import("../features/account/register/register-page.tsx"),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: PATHS.recover,
            lazy: lazyPage(
              () => import("../features/account/recover/recover-page.tsx"),
              (m) => m.RecoverPage,
            ),
          },
          {
            path: PATHS.reset,
            lazy: lazyPage(
              () => import("../features/account/token-link/token-link-page.tsx"),
              (m) => m.ResetPage,
            ),
          },
          {
            path: PATHS.activate,
            lazy: lazyPage(
              () => import("../features/account/token-link/token-link-page.tsx"),
              (m) => m.ActivatePage,
            ),
          },
          {
            path: PATHS.emailChange,
            lazy: lazyPage(
              () => import("../features/account/email-change/email-change-pages.tsx"),
              (m) => m.EmailChangeConfirmPage,
            ),
          },
          {
            path: PATHS.emailChangeCancel,
            lazy: lazyPage(
              () => import("../features/account/email-change/email-change-pages.tsx"),
              (m) => m.EmailChangeCancelPage,
            ),
          },
          {
            path: PATHS.guestReturn,
            lazy: lazyPage(
              () => import("../features/account/returns/guest-return-page.tsx"),
              (m) => m.GuestReturnPage,
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
            lazy: lazyPage(
              () => import("../features/cart/cart-page.tsx"),
              (m) => m.CartPage,
            ),
          },
          {
            path: PATHS.checkout,
            lazy: lazyPage(
              () => import("../features/checkout/checkout-page.tsx"),
              (m) => m.CheckoutPage,
            ),
          },
          {
            path: PATHS.checkoutConfirmation,
            lazy: lazyPage(
              () => import("../features/checkout/confirmation-page.tsx"),
              (m) => m.CheckoutConfirmationPage,
            ),
          },
          {
            path: PATHS.checkoutAccountOffer,
            lazy: lazyPage(
              () => import("../features/checkout/account-offer-page.tsx"),
              (m) => m.AccountOfferPage,
            ),
          },
          {
            path: PATHS.checkoutClaimOrders,
            lazy: lazyPage(
              () => import("../features/checkout/claim-orders-page.tsx"),
              (m) => m.ClaimOrdersPage,
            ),
          },
          {
            path: PATHS.checkoutComplete,
            lazy: lazyPage(
              () => import("../features/checkout/payment-return-page.tsx"),
              (m) => m.PaymentReturnPage,
            ),
          },
          {
            path: PATHS.orderLookup,
            lazy: lazyPage(
              () => import("../features/checkout/order-lookup-page.tsx"),
              (m) => m.OrderLookupPage,
            ),
          },
          {
            path: PATHS.orderAccess,
            lazy: lazyPage(
              () => import("../features/checkout/order-access-page.tsx"),
              (m) => m.OrderAccessPage,
            ),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

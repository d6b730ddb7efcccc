import type { QueryClient } from "@tanstack/react-query";
import { ADMIN_SETUP_PASSWORD_PATH } from "@vela/shared/admin";
import type { RouteObject } from "react-router-dom";
import type { AdminRoute } from "../../lib/admin/routes.ts";
import {
  ADMIN_ENROL,
  ADMIN_SIGN_IN,
  enrolmentDue,
  sessionEnded,
  signInHref,
} from "../../lib/admin/session.ts";
import { adminHref } from "./navigation.ts";
import { ADMIN_ROUTES } from "./routes.ts";
import { AdminNotFoundPage, AdminRouteElement, AdminShell, AdminStandaloneFrame } from "./shell.tsx";

/**
 * The admin's pages. Sign-in, the second factor's set-up and the password link stand alone; every
 * other page is the shell's (app/admin/shell.tsx) and comes from the route table behind its
 * permission. Nothing here is rendered on the server: the server answers every /admin page with
 * the admin's index.html (admin.html), uncached and never indexed.
 */
export function adminRouteObjects(routes: readonly AdminRoute[] = ADMIN_ROUTES): RouteObject[] {
  return [
    {
      element: <AdminStandaloneFrame />,
      children: [
        {
          path: ADMIN_SIGN_IN,
          lazy: async () => ({
            Component: (await import("../../features/admin/auth/sign-in-page.tsx")).default,
          }),
        },
        {
          path: ADMIN_ENROL,
          lazy: async () => ({
            Component: (await import("../../features/admin/auth/enrol-page.tsx")).default,
          }),
        },
        {
          path: ADMIN_SETUP_PASSWORD_PATH,
          lazy: async () => ({
            Component: (await import("../../features/admin/auth/setup-password-page.tsx")).default,
          }),
        },
      ],
    },
    {
      path: "/admin",
      element: <AdminShell routes={routes} />,
      children: [
        ...routes.map((route) =>
          route.path === ""
            ? { index: true, element: <AdminRouteElement route={route} routes={routes} /> }
            : { path: adminHref(route.path), element: <AdminRouteElement route={route} routes={routes} /> },
        ),
        { path: "*", element: <AdminNotFoundPage /> },
      ],
    },
  ];
}

/** What a router gives the session watcher: where the member is, and a way to send them elsewhere. */
export interface Navigator {
  state: { location: { pathname: string; search: string } };
  navigate(to: string, options?: { replace?: boolean }): unknown;
}

/**
 * Hears every failed admin call: when the staff session has ended, the member goes to sign in,
 * told why, and comes back to this page after; when their second factor is due, to set it up.
 */
export function watchSession(
  getRouter: () => Navigator | undefined,
  getQueryClient: () => QueryClient | undefined,
) {
  return (err: unknown) => {
    const router = getRouter();
    if (!router) return;
    const { pathname, search } = router.state.location;
    if (sessionEnded(err)) {
      if (pathname === ADMIN_SIGN_IN) return;
      getQueryClient()?.removeQueries();
      router.navigate(signInHref(`${pathname}${search}`, true), { replace: true });
    } else if (enrolmentDue(err) && pathname !== ADMIN_ENROL) {
      router.navigate(`${ADMIN_ENROL}?next=${encodeURIComponent(`${pathname}${search}`)}`, { replace: true });
    }
  };
}

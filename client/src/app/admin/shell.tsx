import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageKey } from "@vela/i18n";
import { BRAND } from "@vela/shared";
import type { Permission } from "@vela/shared/admin";
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo, useRef, useState } from "react";
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router-dom";
import type { AdminRoute } from "../../lib/admin/routes.ts";
import { ADMIN_ENROL, ADMIN_SIGN_IN, signInHref } from "../../lib/admin/session.ts";
import { StaffProvider, useCan, useStaff } from "../../lib/admin/staff.tsx";
import { useAdminText } from "../../lib/admin/text.ts";
import { useAdminTRPC } from "../../lib/admin/trpc.ts";
import { PageLanguageSync, useI18n } from "../../lib/i18n.tsx";
import { AdminPage } from "../../ui/admin/admin-page.tsx";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { LanguageSwitch } from "../layout/language-switch.tsx";
import { RouteFocus } from "../layout/route-focus.tsx";
import { firstPage, navEntries } from "./navigation.ts";
import { ADMIN_ROUTES } from "./routes.ts";

/**
 * Every admin page below /admin: asks the server who is signed in (`auth.me`), sends anyone else
 * to sign in (and back here after), a member whose second factor is due to set it up, and draws
 * the frame (header, the navigation their permissions allow, the page) around the rest.
 */
export function AdminShell({ routes = ADMIN_ROUTES }: { routes?: readonly AdminRoute[] }) {
  const trpc = useAdminTRPC();
  const { t, errorText } = useAdminText();
  const location = useLocation();
  const me = useQuery(trpc.auth.me.queryOptions());
  const here = `${location.pathname}${location.search}`;
  // Whether this tab had a member signed in: a later "signed-out" from the server (the session
  // ended while the member was here) is then said as such on the sign-in page.
  const wasSignedIn = useRef(false);

  if (me.isPending) return <Spinner label={t("admin.shell.loading")} />;
  if (me.isError)
    return (
      <main id="main" className="admin-standalone">
        <h1>{t("admin.shell.loadFailed")}</h1>
        <ErrorBox message={errorText(me.error)} onRetry={() => me.refetch()} retrying={me.isFetching} />
      </main>
    );
  const { stage, staff } = me.data;
  if (stage === "signed-out" || stage === "second-factor" || !staff)
    return <Navigate to={signInHref(here, wasSignedIn.current)} replace />;
  if (stage === "signed-in") wasSignedIn.current = true;
  if (stage === "enrol") return <Navigate to={`${ADMIN_ENROL}?next=${encodeURIComponent(here)}`} replace />;
  return (
    <StaffProvider staff={staff}>
      <AdminFrame routes={routes}>
        <Outlet />
      </AdminFrame>
    </StaffProvider>
  );
}

function AdminFrame({ routes, children }: { routes: readonly AdminRoute[]; children: ReactNode }) {
  const { t, tKey } = useI18n();
  const staff = useStaff();
  const entries = navEntries(routes, staff.permissions);
  return (
    <div className="admin">
      <PageLanguageSync />
      <RouteFocus />
      <a href="#main" className="skip-link">
        {t("admin.shell.skip")}
      </a>
      <header className="admin-header">
        <p className="admin-brand">{t("admin.shell.name", { brand: BRAND.name })}</p>
        <div className="admin-header-tools">
          <p className="admin-who">
            <span>{t("admin.shell.signedInAs", { email: staff.email })}</span>{" "}
            <span>{t("admin.shell.role", { role: tKey(`admin.role.${staff.role}` as MessageKey) })}</span>
          </p>
          <LanguageSwitch />
          <SignOutButton />
        </div>
      </header>
      <div className="admin-body">
        <nav className="admin-nav" aria-label={t("admin.shell.nav")}>
          <ul>
            {entries.map((e) => (
              <li key={e.href}>
                <NavLink to={e.href} end={e.href === "/admin"}>
                  {tKey(e.labelKey as MessageKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="admin-main">
          <EnrolOffer />
          {children}
        </main>
      </div>
    </div>
  );
}

function SignOutButton() {
  const trpc = useAdminTRPC();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation(
    trpc.auth.signOut.mutationOptions({
      onSettled: () => {
        queryClient.clear();
        navigate(ADMIN_SIGN_IN, { replace: true });
      },
    }),
  );
  return (
    <Button variant="secondary" onClick={() => signOut.mutate()} busy={signOut.isPending}>
      {signOut.isPending ? t("admin.shell.signingOut") : t("admin.shell.signOut")}
    </Button>
  );
}

const offerKey = (staffId: number) => `vela-admin-enrol-offer-dismissed:${staffId}`;

/**
 * Outside production a member may work without a second factor: the admin offers one until they
 * set it up or say "not now" (remembered in this browser).
 */
function EnrolOffer() {
  const staff = useStaff();
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => {
    try {
      return window.localStorage.getItem(offerKey(staff.id)) === "1";
    } catch {
      return false;
    }
  });
  if (staff.secondFactor.enabled || dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(offerKey(staff.id), "1");
    } catch {
      // storage refused (a private window): the offer goes for this page only
    }
    setDismissed(true);
  };
  return (
    <section className="admin-offer" aria-label={t("admin.enrol.title")}>
      <p>{t("admin.enrolOffer.text")}</p>
      <div className="admin-offer-actions">
        <NavLink className="btn btn-primary" to={`${ADMIN_ENROL}?next=${encodeURIComponent(pathname)}`}>
          {t("admin.enrolOffer.setUp")}
        </NavLink>
        <Button variant="secondary" onClick={dismiss}>
          {t("admin.enrolOffer.dismiss")}
        </Button>
      </div>
    </section>
  );
}

/** A page's lazy code, loaded when first opened; the same component for every visit. */
const pages = new WeakMap<AdminRoute, ComponentType>();
function pageOf(route: AdminRoute): ComponentType {
  let page = pages.get(route);
  if (!page) {
    page = lazy(route.lazy);
    pages.set(route, page);
  }
  return page;
}

/**
 * A page of the route table behind its permission: the page for a member who holds it, else the
 * no-access page (the start page sends a member without it to the first page they may open).
 */
export function AdminRouteElement({ route, routes }: { route: AdminRoute; routes: readonly AdminRoute[] }) {
  const allowed = useCan(route.permission, "all");
  const staff = useStaff();
  const Page = useMemo(() => pageOf(route), [route]);
  const { t } = useI18n();
  if (!allowed) {
    const elsewhere = route.path === "" ? firstPage(routes, staff.permissions) : null;
    if (elsewhere) return <Navigate to={elsewhere} replace />;
    return <NoAccessPage permission={route.permission} routes={routes} />;
  }
  return (
    <Suspense fallback={<Spinner label={t("admin.shell.pageLoading")} />}>
      <Page />
    </Suspense>
  );
}

export function NoAccessPage({
  permission,
  routes,
}: {
  permission: Permission;
  routes: readonly AdminRoute[];
}) {
  const { t, tKey } = useI18n();
  const staff = useStaff();
  const home = firstPage(routes, staff.permissions);
  return (
    <AdminPage title={t("admin.noAccess.title")}>
      <p>
        {t("admin.noAccess.body", {
          permission: tKey(`admin.permission.${permission}` as MessageKey),
          role: tKey(`admin.role.${staff.role}` as MessageKey),
        })}
      </p>
      {home ? (
        <p>
          <NavLink to={home}>{t("admin.noAccess.home")}</NavLink>
        </p>
      ) : null}
    </AdminPage>
  );
}

/**
 * The frame of the pages outside the shell (sign-in, the second factor's set-up, the password
 * link): the admin's name, the language switch, and the page.
 */
export function AdminStandaloneFrame() {
  const { t } = useI18n();
  return (
    <div className="admin admin-standalone">
      <PageLanguageSync />
      <RouteFocus />
      <header className="admin-header">
        <p className="admin-brand">{t("admin.shell.name", { brand: BRAND.name })}</p>
        <div className="admin-header-tools">
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="admin-standalone-main">
        <Outlet />
      </main>
    </div>
  );
}

export function AdminNotFoundPage() {
  const { t } = useI18n();
  return (
    <AdminPage title={t("admin.notFound.title")}>
      <p>{t("admin.notFound.body")}</p>
    </AdminPage>
  );
}

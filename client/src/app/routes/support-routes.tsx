import type { RouteObject } from "react-router-dom";
import { PATHS } from "../../lib/routes.ts";
import { lazyPage } from "./lazy-page.ts";

/** Help and staying in touch: the contact form, the newsletter links, the release notes. */
export const supportRoutes: RouteObject[] = [
  {
    path: PATHS.contact,
    lazy: lazyPage(
      () => import("../../features/contact/contact-page.tsx"),
      (m) => m.ContactPage,
    ),
  },
  {
    path: PATHS.newsletterConfirm,
    lazy: lazyPage(
      () => import("../../features/newsletter/newsletter-pages.tsx"),
      (m) => m.NewsletterConfirmPage,
    ),
  },
  {
    path: PATHS.newsletterUnsubscribe,
    lazy: lazyPage(
      () => import("../../features/newsletter/newsletter-pages.tsx"),
      (m) => m.NewsletterUnsubscribePage,
    ),
  },
  {
    path: PATHS.firmwareReleaseNotes,
    lazy: lazyPage(
      () => import("../../features/release-notes/release-notes-page.tsx"),
      (m) => m.SystemReleaseNotesPage,
    ),
  },
  {
    path: PATHS.releaseNotesApp,
    lazy: lazyPage(
      () => import("../../features/release-notes/release-notes-page.tsx"),
      (m) => m.AppReleaseNotesPage,
    ),
  },
];

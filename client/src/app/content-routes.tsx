import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { gamesSearchQuery, gamesTrendingQuery } from "../features/games/games-query.ts";
import { readGamesState } from "../features/games/games-url.ts";
import { prefetch } from "../lib/route-data.ts";
import { PATHS } from "../lib/routes.ts";

/** A content page loaded on first visit: marked, DOMPurify and the sliders stay out of the entry chunk. */
const lazyPage =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The content site of issue 5 (spec 001): release notes, games, blog, mobile pages. */
export const contentRoutes: RouteObject[] = [
  {
    path: PATHS.firmwareReleaseNotes,
    lazy: lazyPage(
      () => import("../features/release-notes/release-notes-page.tsx"),
      (m) => m.SystemReleaseNotesPage,
    ),
  },
  {
    path: PATHS.releaseNotesApp,
    lazy: lazyPage(
      () => import("../features/release-notes/release-notes-page.tsx"),
      (m) => m.AppReleaseNotesPage,
    ),
  },
  {
    path: PATHS.games,
    ...prefetch((data, { request }) => {
      const state = readGamesState(new URL(request.url).searchParams);
      void data.queryClient.prefetchQuery(gamesSearchQuery(data, state));
      void data.queryClient.prefetchQuery(gamesTrendingQuery(data));
    }),
    lazy: lazyPage(
      () => import("../features/games/games-page.tsx"),
      (m) => m.GamesPage,
    ),
  },
  {
    path: PATHS.blog,
    lazy: lazyPage(
      () => import("../features/blog/blog-pages.tsx"),
      (m) => m.BlogIndexPage,
    ),
  },
  {
    path: PATHS.blogPost,
    lazy: lazyPage(
      () => import("../features/blog/blog-pages.tsx"),
      (m) => m.BlogPostPage,
    ),
  },
  {
    path: PATHS.mobile,
    lazy: lazyPage(
      () => import("../features/mobile/mobile-page.tsx"),
      (m) => m.MobilePage,
    ),
  },
  {
    path: PATHS.storeMobile,
    lazy: lazyPage(
      () => import("../features/mobile/store-mobile-page.tsx"),
      (m) => m.StoreMobilePage,
    ),
  },
];

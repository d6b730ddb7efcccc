import type { RouteObject } from "react-router-dom";
import { gamesSearchQuery, gamesTrendingQuery } from "../../features/games/games-query.ts";
import { readGamesState } from "../../features/games/games-url.ts";
import { prefetch } from "../../lib/route-data.ts";
import { PATHS } from "../../lib/routes.ts";
import { lazyPage } from "./lazy-page.ts";

/** Reading and playing: the blog and the games that run on the glasses. */
export const discoverRoutes: RouteObject[] = [
  {
    path: PATHS.blog,
    lazy: lazyPage(
      () => import("../../features/blog/blog-index-page.tsx"),
      (m) => m.BlogIndexPage,
    ),
  },
  {
    path: PATHS.blogPost,
    lazy: lazyPage(
      () => import("../../features/blog/blog-post-page.tsx"),
      (m) => m.BlogPostPage,
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
      () => import("../../features/games/games-page.tsx"),
      (m) => m.GamesPage,
    ),
  },
];

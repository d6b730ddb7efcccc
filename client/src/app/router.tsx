import type { RouteObject } from "react-router-dom";
import { HomePage } from "../features/home/home-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { Layout } from "./layout/layout.tsx";
import { RouteError } from "./route-error.tsx";
import { PATHS } from "./routes.ts";

/** The route table: each path of routes.ts with its page. */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: PATHS.home, element: <HomePage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

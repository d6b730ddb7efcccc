import { render } from "@testing-library/react";
import type { Locale } from "@vela/i18n";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProviders, createQueryClient } from "../app/providers.tsx";
import { appRoutes } from "../app/router.tsx";
import type { Clock } from "../lib/clock.tsx";
import type { PageControl } from "../lib/page-control.tsx";
import { type Handlers, mockApi } from "./api-mock.ts";

export interface RenderOptions {
  handlers?: Handlers;
  locale?: Locale;
  clock?: Clock;
  pageControl?: PageControl;
}

/** Records full-page navigations instead of making them (jsdom cannot). */
export function fakePageControl(): PageControl & { assigned: string[]; reloads: number } {
  const control = {
    assigned: [] as string[],
    reloads: 0,
    assign(href: string) {
      control.assigned.push(href);
    },
    reload() {
      control.reloads += 1;
    },
  };
  return control;
}

function setup(options: RenderOptions) {
  const api = mockApi(options.handlers);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  return { api, queryClient };
}

/** The whole app at a path, as a visitor would see it, with a mocked API. */
export function renderApp(path: string, options: RenderOptions = {}) {
  const { api, queryClient } = setup(options);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders
      queryClient={queryClient}
      apiClient={api.client}
      locale={options.locale ?? "en-US"}
      {...(options.clock ? { clock: options.clock } : {})}
      pageControl={options.pageControl ?? fakePageControl()}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, api, router, queryClient };
}

/** One component inside the providers and a router, for pieces smaller than a page. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions & { path?: string } = {}) {
  const { api, queryClient } = setup(options);
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [options.path ?? "/"] });
  const view = render(
    <AppProviders
      queryClient={queryClient}
      apiClient={api.client}
      locale={options.locale ?? "en-US"}
      {...(options.clock ? { clock: options.clock } : {})}
      pageControl={options.pageControl ?? fakePageControl()}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, api, router, queryClient };
}

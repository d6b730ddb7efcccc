import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Locale } from "@vela/i18n";
import type { ReactNode } from "react";
import { type Clock, ClockProvider } from "../lib/clock.tsx";
import { shouldRetry } from "../lib/errors.ts";
import { I18nProvider } from "../lib/i18n.tsx";
import { browserPageControl, type PageControl, PageControlProvider } from "../lib/page-control.tsx";
import { type ApiClient, TRPCProvider } from "../lib/trpc.ts";
import { DialogsProvider } from "../ui/dialogs.tsx";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // Account pages answer 401 once a session ends; a refetch on focus would bounce the reader.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  apiClient: ApiClient;
  locale?: Locale;
  /** The page's path where there is no browser address to read it from (the server renderer). */
  pathname?: string;
  clock?: Clock;
  pageControl?: PageControl;
  children: ReactNode;
}

/** Everything a page needs around it: data, language, clock and the shared dialogs. */
export function AppProviders({
  queryClient,
  apiClient,
  locale,
  pathname,
  clock = Date.now,
  pageControl = browserPageControl,
  children,
}: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
        <I18nProvider
          {...(locale ? { initialLocale: locale } : {})}
          {...(pathname ? { initialPathname: pathname } : {})}
        >
          <ClockProvider clock={clock}>
            <PageControlProvider value={pageControl}>
              <DialogsProvider>{children}</DialogsProvider>
            </PageControlProvider>
          </ClockProvider>
        </I18nProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

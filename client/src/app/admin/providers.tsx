import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Locale } from "@vela/i18n";
import type { ReactNode } from "react";
import { type AdminClient, AdminTRPCProvider } from "../../lib/admin/trpc.ts";
import { type Clock, ClockProvider } from "../../lib/clock.tsx";
import { shouldRetry } from "../../lib/errors.ts";
import { I18nProvider } from "../../lib/i18n.tsx";
import { DialogsProvider } from "../../ui/dialogs.tsx";

/**
 * The admin's query cache. `onFailure` hears every failed query and mutation once (the shell
 * sends the member to sign in when their session ended, whatever page asked).
 */
export function createAdminQueryClient(onFailure: (err: unknown) => void = () => undefined): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onFailure }),
    mutationCache: new MutationCache({ onError: onFailure }),
    defaultOptions: {
      queries: { staleTime: 10_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export interface AdminProvidersProps {
  queryClient: QueryClient;
  client: AdminClient;
  locale?: Locale;
  clock?: Clock;
  children: ReactNode;
}

/** What every admin page needs around it: data through /admin/trpc, the language, the clock, dialogs. */
export function AdminProviders({
  queryClient,
  client,
  locale,
  clock = Date.now,
  children,
}: AdminProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AdminTRPCProvider trpcClient={client} queryClient={queryClient}>
        <I18nProvider {...(locale ? { initialLocale: locale } : {})}>
          <ClockProvider clock={clock}>
            <DialogsProvider>{children}</DialogsProvider>
          </ClockProvider>
        </I18nProvider>
      </AdminTRPCProvider>
    </QueryClientProvider>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LOGOUT_REFRESH_MS } from "@vela/shared";
import { useNavigate } from "react-router-dom";
import { forgetCart } from "../../../lib/cart/use-cart.ts";
import { usePageControl } from "../../../lib/page-control.tsx";
import { PATHS } from "../../../lib/routes.ts";
import { useTRPC } from "../../../lib/trpc.ts";

/** Spec 000 §4: on success go to the home page, then refresh after 0.5 s. */
export function useLogout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const page = usePageControl();
  return useMutation(
    trpc.account.logout.mutationOptions({
      onSuccess: () => {
        forgetCart();
        queryClient.clear();
        navigate(PATHS.home);
        // Not cleared on unmount: going home unmounts this page, and the refresh must still come.
        setTimeout(() => page.reload(), LOGOUT_REFRESH_MS);
      },
    }),
  );
}

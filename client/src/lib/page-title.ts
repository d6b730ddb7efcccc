import { BRAND } from "@vela/shared";
import { useEffect } from "react";

/** "My Orders | Vela": each page names itself for tabs, history and screen readers. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND.name}` : BRAND.name;
  }, [title]);
}

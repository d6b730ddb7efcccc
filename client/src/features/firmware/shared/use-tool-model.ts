import type { GlassesModelSlug } from "@vela/device";
import { useCallback, useState } from "react";
import { useGlassesSession } from "./use-glasses-session.ts";

/** The glasses type last chosen on any tool page, kept while the visitor moves between them. */
let lastChosen: GlassesModelSlug = "N6";

/** The tool's glasses type: the connected glasses decide it, otherwise the select does. */
export function useToolModel(): [GlassesModelSlug, (model: GlassesModelSlug) => void] {
  const { info } = useGlassesSession();
  const [chosen, setChosen] = useState<GlassesModelSlug>(() => info?.model ?? lastChosen);
  const choose = useCallback((model: GlassesModelSlug) => {
    lastChosen = model;
    setChosen(model);
  }, []);
  return [info?.model ?? chosen, choose];
}

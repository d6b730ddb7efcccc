import type { GlassesModelSlug } from "@vela/device";
import { useCallback, useEffect, useState } from "react";
import { useGlassesSession } from "./use-glasses-session.ts";

/** The glasses type last chosen on any tool page, kept while the visitor moves between them. */
let lastChosen: GlassesModelSlug = "N6";

/** The tool's glasses type: the connected glasses decide it, otherwise the select does. */
export function useToolModel(): [GlassesModelSlug, (model: GlassesModelSlug) => void] {
  const connectedModel = useGlassesSession().info?.model ?? null;
  const [chosen, setChosen] = useState<GlassesModelSlug>(() => connectedModel ?? lastChosen);
  const choose = useCallback((model: GlassesModelSlug) => {
    lastChosen = model;
    setChosen(model);
  }, []);
  // Glasses that answered are the best answer to "which type": keep it after they disconnect.
  useEffect(() => {
    if (connectedModel) choose(connectedModel);
  }, [connectedModel, choose]);
  return [connectedModel ?? chosen, choose];
}

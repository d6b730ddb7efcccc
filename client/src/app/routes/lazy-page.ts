import type { ComponentType } from "react";

/**
 * A page loaded on its first visit, so the first screen does not carry every page's code (and
 * the sliders stay out of the entry chunk). `pick` names the page's export.
 */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

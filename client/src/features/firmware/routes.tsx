import { loadArea } from "@vela/i18n";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { PATHS } from "../../lib/routes.ts";
import { ToolsScrollShell } from "./shared/manual-scroll.tsx";

/** A tools page with the tools' texts, which load beside it (not with the store's first screen). */
const toolsPage =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => {
    const [module] = await Promise.all([load(), loadArea("firmware")]);
    return { Component: pick(module) };
  };

/**
 * The glasses tools (spec 001 §2). Each page is loaded on first visit, so the device protocol
 * and the simulator never weigh on the store's first screen; they share the scroll rule of spec
 * 001 §7 (shared/manual-scroll.tsx).
 */
export const firmwareRoutes: RouteObject[] = [
  {
    element: <ToolsScrollShell />,
    children: [
      {
        path: PATHS.firmwareCalibration,
        lazy: toolsPage(
          () => import("./calibration/calibration-page.tsx"),
          (m) => m.CalibrationPage,
        ),
      },
      {
        path: PATHS.firmwareUpdate,
        lazy: toolsPage(
          () => import("./update/update-page.tsx"),
          (m) => m.UpdatePage,
        ),
      },
      {
        path: PATHS.firmwareColor,
        lazy: toolsPage(
          () => import("./color/color-page.tsx"),
          (m) => m.ColorPage,
        ),
      },
    ],
  },
];

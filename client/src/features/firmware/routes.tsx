import type { RouteObject } from "react-router-dom";
import { PATHS } from "../../app/routes.ts";

/**
 * The glasses tools (spec 001 §2). Each page is loaded on first visit, so the device protocol
 * and the simulator never weigh on the store's first screen.
 */
export const firmwareRoutes: RouteObject[] = [
  {
    path: PATHS.firmwareCalibration,
    lazy: async () => ({ Component: (await import("./calibration/calibration-page.tsx")).CalibrationPage }),
  },
  {
    path: PATHS.firmwareUpdate,
    lazy: async () => ({ Component: (await import("./update/update-page.tsx")).UpdatePage }),
  },
  {
    path: PATHS.firmwareColor,
    lazy: async () => ({ Component: (await import("./color/color-page.tsx")).ColorPage }),
  },
];

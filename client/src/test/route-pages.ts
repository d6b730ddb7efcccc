/**
 * Loads the code of pages a test opens under fake timers, so their lazy routes settle in
 * microtasks instead of waiting for a dynamic import the frozen clock would hold up. Lives in the
 * test harness because a feature's test does not import another feature.
 */
export function loadRoutePages(): Promise<unknown> {
  return Promise.all([
    import("../features/privacy/privacy-page.tsx"),
    import("../features/account/login/login-page.tsx"),
  ]);
}

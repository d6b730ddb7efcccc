import { getNavigatorHid, type HidLike } from "@vela/device";

/** `navigator.hid` when this browser has WebHID (Chrome or Edge 89+ on desktop, in a secure context). */
export function webHid(): HidLike | undefined {
  return typeof navigator === "undefined" ? undefined : getNavigatorHid(globalThis);
}

export type Platform = "windows" | "mac" | "linux" | "other";

/** Only for advice (the Linux udev rule, the Windows desktop app); never to refuse anything. */
export function currentPlatform(): Platform {
  if (typeof navigator === "undefined") return "other";
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const name = `${nav.userAgentData?.platform ?? ""} ${nav.userAgent}`.toLowerCase();
  if (name.includes("android")) return "other";
  if (name.includes("windows")) return "windows";
  if (name.includes("mac")) return "mac";
  if (name.includes("linux") || name.includes("x11") || name.includes("cros")) return "linux";
  return "other";
}

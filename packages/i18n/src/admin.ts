// The admin's texts (messages/admin/), for the admin's entry only: it registers them as an area
// and loads them with its language. The shop's code never imports this module, so its build holds
// no admin text, not even as a lazy chunk.
import { loadArea, registerMessageArea } from "./catalogues.ts";

export function registerAdminTexts(): void {
  registerMessageArea("admin", {
    "en-US": async () => (await import("./messages/admin/en-US.ts")).adminEnUS,
    "ja-JP": async () => (await import("./messages/admin/ja-JP.ts")).adminJaJP,
  });
}

/** Registers the admin's texts and loads them in the language in use (and any chosen later). */
export async function loadAdminTexts(): Promise<void> {
  registerAdminTexts();
  await loadArea("admin");
}

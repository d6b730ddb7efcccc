import { type Config, isLoopbackHost } from "../config.ts";

/**
 * Commands that mail customers (invitations, the order lifecycle's mails) write links on
 * PUBLIC_URL. Without it the store's address defaults to http://localhost:<port>, right on a
 * developer's machine and wrong anywhere else: outside development such a command is refused
 * before it changes anything.
 */
export function requireStoreAddress(config: Config): void {
  if (config.env === "development") return;
  if (!isLoopbackHost(new URL(config.publicUrl).hostname)) return;
  throw new Error(
    `PUBLIC_URL is not set (NODE_ENV=${config.env}): the customer's mail would link to ${config.publicUrl}. ` +
      "Set PUBLIC_URL to the store's address, e.g. PUBLIC_URL=https://shop.example.com; nothing was changed.",
  );
}

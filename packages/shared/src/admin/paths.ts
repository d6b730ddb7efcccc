/** Where the admin's tRPC router answers: its own endpoint, apart from the shop's /trpc. */
export const ADMIN_TRPC_PATH = "/admin/trpc";
/** The admin page that takes the one-time link to choose a password (`?token=...`). */
export const ADMIN_SETUP_PASSWORD_PATH = "/admin/setup-password";

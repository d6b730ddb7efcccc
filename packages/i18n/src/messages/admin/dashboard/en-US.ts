/** The admin's start page (the orders area replaces this placeholder with its dashboard). */
export const adminDashboardEnUS = {
  "admin.dashboard.nav": "Dashboard",
  "admin.dashboard.title": "Dashboard",
  "admin.dashboard.welcome": "Welcome, {email}.",
} as const;

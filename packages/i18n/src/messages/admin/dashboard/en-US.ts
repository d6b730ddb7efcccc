/**
 * The admin's start page: today's orders and sales, what waits for the staff (orders to ship,
 * returns to decide), and the mails the outbox held back or cannot deliver.
 */
export const adminDashboardEnUS = {
  "admin.dashboard.nav": "Dashboard",
  "admin.dashboard.title": "Dashboard",
  "admin.dashboard.welcome": "Welcome, {email}.",
  "admin.dashboard.loading": "Loading the figures…",
  "admin.dashboard.day": "Today is {date} in the store's calendar, which runs from midnight to midnight UTC.",
  "admin.dashboard.today": "Today",
  "admin.dashboard.today.orders": "Orders placed today",
  "admin.dashboard.today.sales": "Sales today",
  "admin.dashboard.today.salesCaption": "Sales today by currency (cancelled orders left out)",
  "admin.dashboard.today.col.currency": "Currency",
  "admin.dashboard.today.col.orders": "Orders",
  "admin.dashboard.today.col.amount": "Sales",
  "admin.dashboard.today.none": "No orders yet today.",
  "admin.dashboard.waiting": "Waiting for the staff",
  "admin.dashboard.waiting.ship": "Orders waiting to ship",
  "admin.dashboard.waiting.shipLink": "See the orders not shipped",
  "admin.dashboard.waiting.returns": "Returns waiting for a decision",
  "admin.dashboard.waiting.returnsLink": "See the returns",
  "admin.dashboard.mails": "Mails",
  "admin.dashboard.mails.held": "Held back in the last 7 days (too many of one kind to an address)",
  "admin.dashboard.mails.failing": "Not delivered yet, still trying",
  "admin.dashboard.mails.gaveUp": "Not delivered, given up",
  "admin.dashboard.mails.fine": "Every mail is going out.",
} as const;

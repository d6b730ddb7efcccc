/**
 * The privacy policy (/privacy-policy): what the store keeps, why and for how long. Loaded with its
 * page (catalogues.ts), not with the store's first screen. Every figure here is a parameter filled
 * from the code's own constants, so the page cannot drift from what the store does; the facts are
 * checked against prisma/schema.prisma and docs/sessions-and-tokens.md.
 */
export const privacyEnUS = {
  "privacy.title": "Privacy Policy",
  "privacy.intro":
    "This page says which personal data {brand} keeps when you use this store, what it is used for and how long it is kept. We keep only what the store needs to sell, ship and support your glasses.",
  "privacy.contents": "On this page",

  "privacy.account.title": "Your account",
  "privacy.account.body":
    "When you create an account we keep your first and last name, your email address, your phone number if you give one, whether you want our newsletter, and when the account was created and last changed. Your password is never stored: we keep only an argon2id hash of it, from which the password cannot be read back.",
  "privacy.account.kept": "Kept for as long as the account exists.",

  "privacy.orders.title": "Orders",
  "privacy.orders.body":
    "For each order we keep its number and date, payment and fulfilment status, the amounts and currency, the shipping name, address and phone as they were when you ordered, the items, and the carriers' tracking numbers and links. We use them to show your order history, to let you buy again and to answer questions about an order.",
  "privacy.orders.kept":
    "Kept for as long as the account exists, so that your order history stays complete. We may have to keep sales records for longer where the law requires it.",

  "privacy.addresses.title": "Saved addresses",
  "privacy.addresses.body":
    "The addresses in your address book: name, company, street, city, region, postal code, country and phone, and which one is your default.",
  "privacy.addresses.kept":
    "Kept until you delete them on the Addresses page of your account; deleting one removes it at once. The copy of an address on an order stays with that order.",

  "privacy.sessions.title": "Signing in",
  "privacy.sessions.body":
    "Signing in stores a session: a random token in a cookie in your browser, and on our side only a keyed hash of that token, with the times it started and was last used. A session ends after {idleDays} days without use or {absoluteDays} days after you signed in, whichever comes first, and at once when you sign out, reset your password or change it (which ends your other sessions).",
  "privacy.sessions.kept":
    "A session you end by signing out or changing your password is deleted at once; one that simply expires can no longer be used and is deleted when it is next presented.",
  "privacy.tokens.body":
    "A password reset link works for {resetHours} hours and an account activation link for {activationHours} hours, once. We keep a record of each link (a keyed hash of its token, when it was issued, used or cancelled), never the link itself. Sign-in attempts are counted for a few minutes per network address and email address, to stop password guessing; a count is stored under a keyed hash of the address, never the address itself, and deleted once its window has ended.",
  "privacy.tokens.kept": "The records of used and expired links are kept with the account.",

  "privacy.email.title": "Emails we send you",
  "privacy.email.body":
    "Every email the store sends (account activation and welcome, password reset, password or email changed, newsletter confirmation and welcome code) is written to an outbox first: recipient, subject, text and the time it was sent. So is a message you send through the contact page, on its way to our team. The links in these emails stop working once they are used or expire.",
  "privacy.email.kept":
    "The store has no job that empties the outbox: sent emails are kept. Ask us (below) to delete the ones sent to you.",

  "privacy.reviews.title": "Reviews",
  "privacy.reviews.body":
    "A review you write keeps its rating, title, text, the name you chose to show and the date, and, when you wrote it while signed in, a link to your account so that it can be marked as a verified purchase. Reviews are public on the product and reviews pages.",
  "privacy.reviews.kept": "Kept and shown until you ask us to remove them.",

  "privacy.contact.title": "Messages to our team",
  "privacy.contact.body":
    "A message sent through the contact page keeps your name, email address, order number if you gave one, the topic, the message, the language of the page and the date. It is delivered to the team that handles the topic.",
  "privacy.contact.kept": "Kept so that we can follow up on it, until you ask us to delete it.",

  "privacy.newsletter.title": "Newsletter",
  "privacy.newsletter.body":
    "Signing up keeps your email address, language and the dates you signed up, confirmed and unsubscribed. We send newsletters only after you confirm through the link in the first email, which works for {confirmDays} days. Your welcome code can be used once, within {codeDays} days. Every newsletter has an unsubscribe link.",
  "privacy.newsletter.kept":
    "After you unsubscribe we keep the address marked as unsubscribed, so that no newsletter reaches it again; ask us if you want it deleted instead.",

  "privacy.browser.title": "In your browser",
  "privacy.browser.session":
    "The session cookie, while you are signed in (see Signing in); scripts cannot read it.",
  "privacy.browser.lang": "The language you chose, in a cookie, for {langDays} days.",
  "privacy.browser.cart":
    "The id of your cart, in the browser's local storage. The cart itself (its items, and your account once you sign in) is kept by the store.",
  "privacy.browser.subscribe":
    "A visit counter in local storage, and a 'subscribed' cookie for {subscribedDays} day (a year after you sign up) so that the newsletter offer is not shown again. That cookie holds a placeholder, never your address.",
  "privacy.browser.none": "We use no advertising or tracking cookies and no third-party analytics.",

  "privacy.logs.title": "Server logs",
  "privacy.logs.body":
    "Our server logs each request's method, address and network (IP) address, to keep the store running and secure. Passwords, tokens, cookies and the secret part of emailed links are removed before a line is written.",

  "privacy.rights.title": "Getting a copy, correcting or deleting your data",
  "privacy.rights.body":
    "You can change your name, email, phone and newsletter choice on your profile, delete saved addresses and unsubscribe at any time. Apart from the limits above, the store deletes nothing by itself: your data is kept until you ask. To get a copy of your data, or to have your account, orders, reviews, messages or emails deleted, write to us through the contact page from the email address of your account.",
  "privacy.rights.contact": "Write to us",
} as const;

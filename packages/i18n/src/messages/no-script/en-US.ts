/**
 * The notes a server-rendered page shows beside a form or control that needs JavaScript, to a
 * reader who has it turned off (client/src/ui/needs-script.tsx).
 */
export const noScriptEnUS = {
  "noScript.contact":
    "Sending this form needs JavaScript. Turn it on in your browser, or write to one of the mailboxes on this page.",
  "noScript.cart":
    "Choosing a version and adding to the cart need JavaScript. Turn it on in your browser to buy.",
  "noScript.review": "Writing a review needs JavaScript. Turn it on in your browser to write one.",
  "noScript.finder": "The finder needs JavaScript to suggest glasses. Turn it on in your browser to use it.",
  "noScript.games":
    "Searching, filtering and sorting need JavaScript. Turn it on in your browser to use them; the page numbers work without it.",
} as const;

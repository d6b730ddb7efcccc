import { cleanup, configure } from "@testing-library/react";
import { loadAllMessages } from "@vela/i18n";
import { afterEach, beforeEach, vi } from "vitest";
import { quietSubscribeDialog } from "./quiet-subscribe-dialog.ts";

// The app loads a language's texts, and the glasses tools' texts, as they are needed
// (main.tsx, the tools' routes); components rendered alone here get them all up front.
await loadAllMessages();

// Pages load lazily and the machine may be busy: findBy* waits up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but not its methods: enough of them for the shared dialogs.
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, value?: string) {
    if (!this.hasAttribute("open")) return;
    if (value !== undefined) this.returnValue = value;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

// jsdom does not scroll; the router's scroll restoration asks it to.
window.scrollTo = () => {};

/** An unexpected console.error fails the test that caused it (STYLE.md, Tests). */
let errors: unknown[][] = [];
beforeEach(() => {
  // Every page has the subscribe dialog (spec 000 §4): tests see a visit after the first unless
  // they ask for a first one (newsletter.test.tsx).
  quietSubscribeDialog();
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const c of document.cookie.split(";")) {
    const name = c.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `console.error was called:\n${seen.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});

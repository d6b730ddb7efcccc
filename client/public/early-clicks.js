// Clicks that land on a server-rendered page before its code has run: a button, a checkbox or a
// radio button does nothing until React has hydrated it, so the click is held here (the control
// marked aria-busy) and replayed on the same element once the app has taken over
// (client/src/lib/early-clicks.ts). Links and form fields work without code and are left alone.
// Loaded async from index.html, ahead of the app's larger code; it touches nothing else.
(() => {
  const CONTROLS =
    'button, [role="button"], [role="tab"], [role="switch"], input[type="checkbox"], input[type="radio"], summary';
  const held = [];
  const hold = (event) => {
    if (document.documentElement.hasAttribute("data-hydrated")) return;
    const target = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    const root = document.getElementById("root");
    if (!target || !root?.contains(target) || target.matches(":disabled")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
    target.setAttribute("aria-busy", "true");
  };
  document.addEventListener("click", hold, true);
  window.__velaEarlyClicks = {
    take() {
      document.removeEventListener("click", hold, true);
      return held.splice(0);
    },
  };
})();

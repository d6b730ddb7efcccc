/**
 * A note, beside a control or form that does nothing without JavaScript, that only a reader with
 * JavaScript off sees: the server-rendered page is readable and its links work, but a form sent
 * through the API needs the app. React does not hydrate a <noscript>'s children (it treats them
 * as text), so the note causes no hydration mismatch, and with JavaScript on it shows nothing.
 */
export function NeedsScript({ text }: { text: string }) {
  return (
    <noscript>
      <p className="needs-script">{text}</p>
    </noscript>
  );
}

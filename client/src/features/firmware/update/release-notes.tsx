/** Release notes are plain text, one "- " line per change: shown as a list, never as HTML. */
export function ReleaseNotes({ text }: { text: string }) {
  const items = text
    .split("\n")
    .map((line) => line.replace(/^\s*-\s*/, "").trim())
    .filter(Boolean);
  return (
    <ul className="release-notes">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text never reorder.
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

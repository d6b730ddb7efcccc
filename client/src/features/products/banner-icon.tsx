/**
 * The `icon` of a banner slide (spec 000 §3): simple glyphs drawn for the project. The slide's
 * title says what the icon shows, so the icon is decorative and hidden from assistive technology.
 */
const ICON_PATHS: Record<string, string> = {
  sparkle: "M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2zM19 3v4M17 5h4",
  gamepad:
    "M6 8h12a4 4 0 0 1 4 4v1a4 4 0 0 1-7 2.6L14 15h-4l-1 .6A4 4 0 0 1 2 13v-1a4 4 0 0 1 4-4zM7 11v3M5.5 12.5h3M16 12h.01M18 13.5h.01",
  compass: "M12 3a9 9 0 1 0 .01 0zM15.5 8.5l-2 5-5 2 2-5z",
  reviews: "M12 4l2.4 4.9 5.4.8-3.9 3.8.9 5.4L12 16.4l-4.8 2.5.9-5.4-3.9-3.8 5.4-.8z",
  compatibility: "M4 6h10v9H4zM2 18h14M17 8h5v11h-5zM19.5 16.5h.01",
  finder: "M10.5 4a6.5 6.5 0 1 0 .01 0zM15.5 15.5L21 21",
  contact: "M3 6h18v12H3zM3 7l9 6 9-6",
};

export const hasBannerIcon = (name: string): boolean => Object.hasOwn(ICON_PATHS, name);

/** Nothing for an icon name the store has no glyph for. */
export function BannerIcon({ name }: { name: string }) {
  const d = hasBannerIcon(name) ? ICON_PATHS[name] : undefined;
  if (!d) return null;
  return (
    <svg
      className="banner-icon"
      data-icon={name}
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

import type { GamePlatform } from "@vela/shared";

/** Simple glyphs drawn for the project (no vendor logos); the name is always given in text. */
const PATHS: Record<GamePlatform, string> = {
  Android: "M7 9h10v8a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1zM8 8a4 4 0 0 1 8 0zM5 10v5M19 10v5",
  iOS: "M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2",
  Windows: "M4 5l7-1v7H4zM13 4l7-1v8h-7zM4 13h7v7l-7-1zM13 13h7v8l-7-1z",
  macOS: "M3 5h18v11H3zM9 20h6M12 16v4",
  "Steam Deck": "M2 9h20v7H2zM6 12.5h3M7.5 11v3M16 12h.01M18 13h.01M10 9h4v7h-4z",
  "Nintendo Switch":
    "M5 4h5v16H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM14 4h5a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-5zM7 8h.01M17 15h.01",
  PlayStation: "M4 15l8 4 8-4M4 11l8 4 8-4M12 3v12",
  Xbox: "M12 3a9 9 0 1 0 .01 0zM6 6l12 12M18 6L6 18",
};

export function PlatformIcon({ platform }: { platform: GamePlatform }) {
  return (
    <svg
      className="platform-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[platform]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

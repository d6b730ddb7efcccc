// The release viewer's date and link rules (spec 001 §5, §9).
import type { ReleaseLanguage } from "@vela/shared";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * A release date (YYYY-MM-DD, or an ISO date-time read in UTC) as `MMMM d, yyyy` in English and
 * `yyyy年M月d日` in Japanese and Chinese. A value that is not a date is shown as it came.
 */
export function formatReleaseDate(value: string, language: ReleaseLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!m) return value;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return value;
  return language === "en-US" ? `${MONTHS[month - 1]} ${day}, ${year}` : `${year}年${month}月${day}日`;
}

/** True only for a valid absolute http(s) URL with a host (spec 001 §5: the Download link). */
export function isDownloadUrl(value: unknown): value is string {
  if (typeof value !== "string" || value === "" || value !== value.trim()) return false;
  if (!/^https?:\/\/[^/?#\s]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

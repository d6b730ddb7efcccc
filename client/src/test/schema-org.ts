/**
 * A hand-written slice of schema.org's vocabulary: the types and properties the store's JSON-LD
 * uses, with the value types schema.org gives them, and which ones must be there (schema.org
 * itself requires nothing; "required" and "recommended" are Google's rich-result rules for the
 * type, https://developers.google.com/search/docs/appearance/structured-data/). Checking a page's
 * JSON-LD against it catches a misspelt property, a wrong type and a missing property.
 */

/** A value kind: a schema.org data type, a narrower rule for a Text, or nested types. */
type Kind =
  | "Text"
  | "URL"
  | "Number"
  | "Integer"
  | "Boolean"
  | "Date"
  | "Currency"
  | "Language"
  | "ItemAvailability"
  | "OfferItemCondition"
  | "Country"
  | "MerchantReturnEnumeration"
  | "ReturnMethodEnumeration"
  | "ReturnFeesEnumeration"
  | { types: readonly string[] };

interface Property {
  kinds: readonly Kind[];
  /** Missing is an error. */
  required?: boolean;
  /** One value or a list of them (schema.org allows a list for any property; we allow it where we use it). */
  many?: boolean;
}

const text: Property = { kinds: ["Text"] };
const url: Property = { kinds: ["URL"] };
const organizationOrPerson = { types: ["Organization", "Person"] } as const;

export const SCHEMA_ORG: Record<string, Record<string, Property>> = {
  // https://schema.org/Product; Google "Product snippet": name, and one of offers, review, aggregateRating.
  Product: {
    name: { kinds: ["Text"], required: true },
    description: { kinds: ["Text"], required: true },
    url: { kinds: ["URL"], required: true },
    image: { kinds: ["URL", { types: ["ImageObject"] }], required: true, many: true },
    sku: text,
    brand: { kinds: [{ types: ["Brand", "Organization"] }] },
    offers: { kinds: [{ types: ["Offer"] }], required: true, many: true },
    aggregateRating: { kinds: [{ types: ["AggregateRating"] }] },
  },
  // https://schema.org/Offer: price is Number or Text ("use '.' as the decimal separator", no
  // currency symbol); priceCurrency "in three-letter ISO 4217 format"; availability an ItemAvailability.
  Offer: {
    price: { kinds: ["Number"], required: true },
    priceCurrency: { kinds: ["Currency"], required: true },
    availability: { kinds: ["ItemAvailability"], required: true },
    url,
    sku: text,
    name: text,
    itemCondition: { kinds: ["OfferItemCondition"] },
    // Google "Merchant listing": shipping costs and the return policy, on the offer.
    shippingDetails: { kinds: [{ types: ["OfferShippingDetails"] }], many: true },
    hasMerchantReturnPolicy: { kinds: [{ types: ["MerchantReturnPolicy"] }], many: true },
    priceSpecification: { kinds: [{ types: ["UnitPriceSpecification", "PriceSpecification"] }] },
  },
  // https://schema.org/UnitPriceSpecification (a PriceSpecification): valueAddedTaxIncluded says
  // whether the price includes tax (yen prices do, dollar prices do not).
  UnitPriceSpecification: {
    price: { kinds: ["Number"], required: true },
    priceCurrency: { kinds: ["Currency"], required: true },
    valueAddedTaxIncluded: { kinds: ["Boolean"] },
  },
  // https://schema.org/OfferShippingDetails; Google: shippingRate and shippingDestination
  // (deliveryTime is recommended; the store's tables have no delivery times).
  OfferShippingDetails: {
    shippingRate: { kinds: [{ types: ["MonetaryAmount"] }], required: true },
    shippingDestination: { kinds: [{ types: ["DefinedRegion"] }], required: true, many: true },
    shippingLabel: text,
  },
  // https://schema.org/DefinedRegion: addressCountry "in the two-letter ISO 3166-1 alpha-2 country code".
  DefinedRegion: { addressCountry: { kinds: ["Country"], required: true }, addressRegion: text },
  // https://schema.org/MonetaryAmount
  MonetaryAmount: {
    value: { kinds: ["Number"], required: true },
    currency: { kinds: ["Currency"], required: true },
  },
  // https://schema.org/MerchantReturnPolicy; Google: applicableCountry and returnPolicyCategory,
  // and merchantReturnDays for a finite window (checked below).
  MerchantReturnPolicy: {
    applicableCountry: { kinds: ["Country"], required: true, many: true },
    returnPolicyCategory: { kinds: ["MerchantReturnEnumeration"], required: true },
    merchantReturnDays: { kinds: ["Integer"] },
    returnMethod: { kinds: ["ReturnMethodEnumeration"] },
    returnFees: { kinds: ["ReturnFeesEnumeration"] },
  },
  // https://schema.org/AggregateRating; Google: ratingValue, and ratingCount or reviewCount.
  AggregateRating: {
    ratingValue: { kinds: ["Number"], required: true },
    reviewCount: { kinds: ["Integer"], required: true },
    bestRating: { kinds: ["Number"] },
    worstRating: { kinds: ["Number"] },
  },
  // https://schema.org/Brand
  Brand: { name: { kinds: ["Text"], required: true } },
  // https://schema.org/BreadcrumbList, https://schema.org/ListItem; Google: position, name, item.
  BreadcrumbList: { itemListElement: { kinds: [{ types: ["ListItem"] }], required: true, many: true } },
  ListItem: {
    position: { kinds: ["Integer"], required: true },
    name: { kinds: ["Text"], required: true },
    item: { kinds: ["URL"], required: true },
  },
  // https://schema.org/Organization; Google "Organization": url and logo for the logo in results.
  Organization: {
    name: { kinds: ["Text"], required: true },
    url: { kinds: ["URL"], required: true },
    logo: { kinds: ["URL", { types: ["ImageObject"] }] },
  },
  // https://schema.org/ImageObject
  ImageObject: { url: { kinds: ["URL"], required: true } },
  // https://schema.org/BlogPosting (an Article); Google "Article": headline, image, datePublished,
  // author (with name, and url for an organisation).
  BlogPosting: {
    headline: { kinds: ["Text"], required: true },
    description: text,
    url: { kinds: ["URL"], required: true },
    mainEntityOfPage: url,
    image: { kinds: ["URL", { types: ["ImageObject"] }], required: true, many: true },
    datePublished: { kinds: ["Date"], required: true },
    dateModified: { kinds: ["Date"] },
    inLanguage: { kinds: ["Language"] },
    author: { kinds: [organizationOrPerson], required: true, many: true },
    publisher: { kinds: [organizationOrPerson] },
  },
  Person: { name: { kinds: ["Text"], required: true }, url },
};

/** https://schema.org/ItemAvailability */
const ITEM_AVAILABILITY = [
  "BackOrder",
  "Discontinued",
  "InStock",
  "InStoreOnly",
  "LimitedAvailability",
  "MadeToOrder",
  "OnlineOnly",
  "OutOfStock",
  "PreOrder",
  "PreSale",
  "Reserved",
  "SoldOut",
].map((v) => `https://schema.org/${v}`);
/** https://schema.org/OfferItemCondition */
const ITEM_CONDITION = ["DamagedCondition", "NewCondition", "RefurbishedCondition", "UsedCondition"].map(
  (v) => `https://schema.org/${v}`,
);
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
/** https://schema.org/MerchantReturnEnumeration */
const RETURN_CATEGORIES = [
  "MerchantReturnFiniteReturnWindow",
  "MerchantReturnNotPermitted",
  "MerchantReturnUnlimitedWindow",
  "MerchantReturnUnspecified",
].map((v) => `https://schema.org/${v}`);
/** https://schema.org/ReturnMethodEnumeration */
const RETURN_METHODS = ["KeepProduct", "ReturnAtKiosk", "ReturnByMail", "ReturnInStore"].map(
  (v) => `https://schema.org/${v}`,
);
/** https://schema.org/ReturnFeesEnumeration */
const RETURN_FEES = [
  "FreeReturn",
  "OriginalShippingFees",
  "RestockingFees",
  "ReturnFeesCustomerResponsibility",
  "ReturnShippingFees",
].map((v) => `https://schema.org/${v}`);
const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

function kindFits(kind: Kind, value: unknown, where: string, errors: string[]): boolean {
  if (typeof kind === "object") {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const type = (value as { "@type"?: unknown })["@type"];
    if (typeof type !== "string" || !kind.types.includes(type)) return false;
    errors.push(...checkNode(value as Record<string, unknown>, where));
    return true;
  }
  switch (kind) {
    case "Text":
      return typeof value === "string" && value.trim() !== "";
    case "URL":
      return typeof value === "string" && /^https?:\/\/[^\s/]+\/\S*$/.test(value) && URL.canParse(value);
    case "Number":
      return (
        (typeof value === "number" && Number.isFinite(value)) ||
        (typeof value === "string" && /^\d+(\.\d+)?$/.test(value))
      );
    case "Integer":
      return typeof value === "number" && Number.isInteger(value);
    case "Boolean":
      return typeof value === "boolean";
    case "Date":
      return (
        typeof value === "string" &&
        /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
        !Number.isNaN(Date.parse(value))
      );
    case "Currency":
      return typeof value === "string" && /^[A-Z]{3}$/.test(value) && CURRENCIES.has(value);
    case "Language":
      return typeof value === "string" && Intl.getCanonicalLocales(value)[0] === value;
    case "ItemAvailability":
      return typeof value === "string" && ITEM_AVAILABILITY.includes(value);
    case "OfferItemCondition":
      return typeof value === "string" && ITEM_CONDITION.includes(value);
    case "Country":
      return typeof value === "string" && /^[A-Z]{2}$/.test(value) && REGION_NAMES.of(value) !== undefined;
    case "MerchantReturnEnumeration":
      return typeof value === "string" && RETURN_CATEGORIES.includes(value);
    case "ReturnMethodEnumeration":
      return typeof value === "string" && RETURN_METHODS.includes(value);
    case "ReturnFeesEnumeration":
      return typeof value === "string" && RETURN_FEES.includes(value);
  }
}

function checkNode(node: Record<string, unknown>, where: string): string[] {
  const type = node["@type"];
  if (typeof type !== "string" || !SCHEMA_ORG[type]) return [`${where}: unknown @type ${String(type)}`];
  const properties = SCHEMA_ORG[type];
  const errors: string[] = [];
  for (const [name, rule] of Object.entries(properties)) {
    if (rule.required && (node[name] === undefined || node[name] === null))
      errors.push(`${where}.${name}: missing`);
  }
  for (const [name, value] of Object.entries(node)) {
    if (name === "@type" || name === "@context") continue;
    const rule = properties[name];
    if (!rule) {
      errors.push(`${where}.${name}: not a property of ${type} here`);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (Array.isArray(value) && !rule.many) errors.push(`${where}.${name}: one value expected`);
    if (Array.isArray(value) && value.length === 0 && rule.required) errors.push(`${where}.${name}: empty`);
    values.forEach((v, i) => {
      const at = Array.isArray(value) ? `${where}.${name}[${i}]` : `${where}.${name}`;
      const nested: string[] = [];
      if (!rule.kinds.some((kind) => kindFits(kind, v, at, nested))) {
        errors.push(
          `${at}: ${JSON.stringify(v)} is not ${rule.kinds.map((k) => (typeof k === "string" ? k : k.types.join("|"))).join(" or ")}`,
        );
      }
      errors.push(...nested);
    });
  }
  if (type === "AggregateRating") {
    const value = Number(node.ratingValue);
    const best = Number(node.bestRating ?? 5);
    const worst = Number(node.worstRating ?? 1);
    if (!(value >= worst && value <= best))
      errors.push(`${where}.ratingValue: ${value} outside ${worst}..${best}`);
  }
  if (
    type === "MerchantReturnPolicy" &&
    node.returnPolicyCategory === "https://schema.org/MerchantReturnFiniteReturnWindow" &&
    !(typeof node.merchantReturnDays === "number" && node.merchantReturnDays > 0)
  ) {
    errors.push(`${where}.merchantReturnDays: missing for a finite return window`);
  }
  if (type === "BlogPosting" && typeof node.headline === "string" && node.headline.length > 110) {
    errors.push(`${where}.headline: longer than 110 characters`);
  }
  return errors;
}

/** Every way a top-level JSON-LD object breaks the table above; empty when it fits. */
export function schemaOrgErrors(ld: unknown): string[] {
  if (typeof ld !== "object" || ld === null || Array.isArray(ld)) return ["not an object"];
  const node = ld as Record<string, unknown>;
  if (node["@context"] !== "https://schema.org") return [`@context is ${String(node["@context"])}`];
  return checkNode(node, String(node["@type"]));
}

/** The JSON-LD objects the document holds now, parsed. */
export function jsonLdInDocument(): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? "") as Record<string, unknown>,
  );
}

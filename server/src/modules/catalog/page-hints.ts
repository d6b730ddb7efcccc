// Hints for a page that depend on the data it shows, sent as a `Link` header with its index.html
// (the static ones, its code, are in the head: spa-pages.ts). A product page's main picture is
// its largest paint; the browser otherwise learns its URL only from the product query's answer,
// after the entry, the page's chunk and the query (bench/ "Pages"). With the hint it downloads
// alongside them.
import { HANDLE_PATTERN } from "@vela/shared";
import type { Db } from "../../db/client.ts";
import { productMainImage } from "./service.ts";

/** `/products/{handle}` as the client router declares it (client/src/lib/routes.ts), with a valid handle. */
// HANDLE_PATTERN without its anchors, inside the path.
const PRODUCT_PAGE = new RegExp(`^/products/(${HANDLE_PATTERN.source.slice(1, -1)})/?$`);
/** Only plain same-origin paths go into the header. */
const SAFE_URL = /^\/[\w\-./]+$/;
/** An uploaded picture's srcset: its paths with their widths. */
const SAFE_SRCSET = /^[\w\-./ ,]+$/;

/** The `Link` header value for a page path, or undefined when the page has nothing to preload. */
export async function pageLinkHeader(db: Db, urlPath: string): Promise<string | undefined> {
  const handle = PRODUCT_PAGE.exec(urlPath)?.[1];
  if (!handle) return undefined;
  const image = await productMainImage(db, handle);
  const url = image?.url;
  if (!url || !SAFE_URL.test(url)) return undefined;
  // An uploaded picture: the WebP size the gallery's <picture> picks (gallery.tsx's sizes).
  const webp = image.sources?.webp;
  if (webp && SAFE_SRCSET.test(webp))
    return `<${url}>; rel=preload; as=image; type="image/webp"; imagesrcset="${webp}"; imagesizes="(min-width: 900px) 50vw, 100vw"; fetchpriority=high`;
  return `<${url}>; rel=preload; as=image; fetchpriority=high`;
}

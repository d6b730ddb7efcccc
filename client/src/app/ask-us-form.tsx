// The home page's Ask Us dialog (spec 001 §2) embeds the store's contact form, in the page's
// language. That form lives in client/src/features/contact (storefront work) and is not exported
// from there yet, so this seam, at the app level where features may be put together, serves a
// clearly-named placeholder for now. When contact-page.tsx exports its form, this line becomes:
//   lazy(() => import("../features/contact/contact-page.tsx").then((m) => ({ default: m.ContactForm })))
import { lazy } from "react";

export const AskUsContactForm = lazy(() =>
  import("./contact-form-placeholder.tsx").then((m) => ({ default: m.ContactFormPlaceholder })),
);

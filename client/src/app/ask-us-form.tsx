// The home page's Ask Us dialog (spec 001 §2) embeds the store's contact form, in the page's
// language. The form belongs to client/src/features/contact; feature folders do not import each
// other, so the app level, where features are put together, hands it to the home page here.
import { lazy } from "react";

export const AskUsContactForm = lazy(() =>
  import("../features/contact/contact-page.tsx").then((m) => ({ default: m.ContactForm })),
);

// The storefront's rule texts, apart from the schemas that use them: the client's message
// catalogue imports these, and keeping them here keeps zod out of every page without a form.
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, REVIEW_BODY_MIN } from "./constants.ts";

/** Texts the forms and the server show for these rules (translated in the client catalogue). */
export const STOREFRONT_MESSAGES = {
  nameRequired: "Name is required",
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageTooLong: `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  topicRequired: "Choose a topic",
  orderNumberInvalid: "Enter the number of your order, digits only, such as 1042",
  contactSent: "Thank you. Your message has been sent; we usually answer within two business days.",
  ratingRequired: "Choose a rating from 1 to 5",
  reviewTitleRequired: "Title is required",
  reviewBodyTooShort: `Review must be at least ${REVIEW_BODY_MIN} characters`,
  reviewNotOrdered: "You can review a product once you have ordered it",
  reviewDuplicate: "You have already reviewed this product",
  productNotFound: "Product not found",
  compatibilityNotFound: "There is no compatibility information for this product",
  subscribeAnswer: "Almost there: check your inbox and confirm your subscription.",
  confirmInvalid: "This confirmation link is invalid or has expired. Please subscribe again.",
  unsubscribeInvalid: "This unsubscribe link is invalid.",
} as const;

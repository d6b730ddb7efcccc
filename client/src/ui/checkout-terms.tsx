import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useI18n } from "../lib/i18n.tsx";
import { PATHS } from "../lib/routes.ts";

/**
 * The line beside checkout's Pay button: placing the order accepts the terms of sale, with links
 * to them and to the shipping and returns policies. The sentence is translated whole and the
 * links are put where its {terms}, {shipping} and {returns} stand.
 */
export function CheckoutTermsNote() {
  const { t } = useI18n();
  const links: Record<string, ReactNode> = {
    "{terms}": <Link to={PATHS.termsOfSale}>{t("legal.nav.terms")}</Link>,
    "{shipping}": <Link to={PATHS.shippingPolicy}>{t("legal.checkout.shipping")}</Link>,
    "{returns}": <Link to={PATHS.returnsPolicy}>{t("legal.checkout.returns")}</Link>,
  };
  // The placeholders filled with themselves: the sentence with its link places marked.
  const sentence = t("legal.checkout.agree", {
    terms: "{terms}",
    shipping: "{shipping}",
    returns: "{returns}",
  });
  return (
    <p className="checkout-terms">
      {sentence.split(/(\{terms\}|\{shipping\}|\{returns\})/).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order
        <span key={i}>{links[part] ?? part}</span>
      ))}
    </p>
  );
}

import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";

/**
 * A guest's order offers an account: one click mails a link to the order's email. The answer is
 * the same whether or not that email has an account, so the page says the same too.
 */
export function AccountOffer({ orderId, offerKey }: { orderId: string; offerKey: string }) {
  const { t, errorText } = useI18n();
  const trpc = useTRPC();
  const headingId = useId();
  const offer = useMutation(trpc.checkout.offerAccount.mutationOptions());
  return (
    <section className="card account-offer" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("accountOffer.title")}</h2>
      <p>{t("accountOffer.text")}</p>
      {offer.isSuccess ? (
        <p role="status">{t("accountOffer.sent")}</p>
      ) : (
        <Button
          type="button"
          disabled={offer.isPending}
          onClick={() => offer.mutate({ orderId, key: offerKey })}
        >
          {offer.isPending ? t("accountOffer.sending") : t("accountOffer.accept")}
        </Button>
      )}
      {offer.error ? <ErrorBox message={errorText(offer.error, "cart")} /> : null}
    </section>
  );
}

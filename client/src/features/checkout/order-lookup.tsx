import { useMutation } from "@tanstack/react-query";
import { useForm } from "../../lib/forms/use-form.ts";
import { emailError, requiredError } from "../../lib/forms/validation.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { SubmitButton } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { EmailField, TextField } from "../../ui/field.tsx";

interface LookupValues extends Record<string, string> {
  orderNumber: string;
  email: string;
}

/**
 * Asks for a link to an order by its number and email. The answer is the same whether or not an
 * order matches: the link goes to the order's own address, never to the one typed.
 */
export function OrderLookupForm({ orderNumber = "" }: { orderNumber?: string }) {
  const i18n = useI18n();
  const { t, errorText } = i18n;
  const trpc = useTRPC();
  const request = useMutation(trpc.orderLookup.request.mutationOptions());
  const form = useForm<LookupValues>({ orderNumber, email: "" }, (v) => ({
    orderNumber:
      requiredError(i18n, v.orderNumber, t("orderLookup.orderNumber")) ??
      (/^#?\d{1,9}$/.test(v.orderNumber.trim()) ? undefined : t("orderLookup.orderNumberInvalid")),
    email: emailError(i18n, v.email, t("orderLookup.email")),
  }));
  const submit = form.handleSubmit((v) =>
    request.mutate({ orderNumber: Number(v.orderNumber.trim().replace(/^#/, "")), email: v.email.trim() }),
  );
  if (request.isSuccess) {
    return (
      <p className="notice" role="status">
        {t("orderLookup.sent")}
      </p>
    );
  }
  return (
    <form ref={form.formRef} className="form order-lookup-form" noValidate onSubmit={submit}>
      <TextField
        label={t("orderLookup.orderNumber")}
        name="orderNumber"
        inputMode="numeric"
        autoComplete="off"
        required
        {...form.field("orderNumber")}
      />
      <EmailField label={t("orderLookup.email")} {...form.field("email")} />
      <SubmitButton
        busy={request.isPending}
        label={t("orderLookup.submit")}
        busyLabel={t("orderLookup.sending")}
      />
      {request.error ? <ErrorBox message={errorText(request.error, "cart")} /> : null}
    </form>
  );
}

import { useMutation, useQuery } from "@tanstack/react-query";
import type { AddressInput } from "@vela/shared";
import { useState } from "react";
import { useDialogs } from "../../../lib/dialogs.ts";
import { type FallbackArea, useI18n } from "../../../lib/i18n.tsx";
import { personName } from "../../../lib/names.ts";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc.ts";
import { Badge } from "../../../ui/badge.tsx";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { PostalAddress } from "../shared/postal-address.tsx";
import { useLoginOn401 } from "../shared/use-login-on-401.ts";
import { AddressForm, type AddressFormValues, EMPTY_ADDRESS } from "./address-form.tsx";

type Address = RouterOutputs["addresses"]["list"]["addresses"][number];

type Mode = { kind: "list" } | { kind: "add" } | { kind: "edit"; address: Address };

interface ActionError {
  message: string;
  retry?: () => void;
}

const toFormValues = (a: Address): AddressFormValues => ({
  firstName: a.firstName,
  lastName: a.lastName,
  company: a.company ?? "",
  address1: a.address1,
  address2: a.address2 ?? "",
  city: a.city,
  province: a.province,
  country: a.country,
  zip: a.zip,
  phone: a.phone ?? "",
});

/** Spec 000 §4: modes list, add and edit; after save or cancel, back to the list, reloaded. */
export function AddressesPage() {
  const { t, errorText, locale } = useI18n();
  const trpc = useTRPC();
  const { confirm } = useDialogs();

  const [mode, setMode] = useState<Mode>({ kind: "list" });
  const [actionError, setActionError] = useState<ActionError | null>(null);
  const book = useQuery(trpc.addresses.list.queryOptions());
  const loginOn401 = useLoginOn401(book.error);

  const create = useMutation(trpc.addresses.create.mutationOptions());
  const update = useMutation(trpc.addresses.update.mutationOptions());
  const remove = useMutation(trpc.addresses.delete.mutationOptions());
  const setDefault = useMutation(trpc.addresses.setDefault.mutationOptions());
  const busy = remove.isPending || setDefault.isPending;

  const fail = (err: unknown, area: FallbackArea, retry?: () => void) => {
    if (loginOn401(err)) return;
    setActionError({ message: errorText(err, area), ...(retry ? { retry } : {}) });
  };

  const backToList = () => {
    setMode({ kind: "list" });
    void book.refetch();
  };

  const save = async (address: AddressInput) => {
    setActionError(null);
    try {
      if (mode.kind === "edit") await update.mutateAsync({ id: mode.address.id, address });
      else await create.mutateAsync(address);
      backToList();
    } catch (err) {
      fail(err, "addressSave");
    }
  };

  const doDelete = async (address: Address) => {
    setActionError(null);
    try {
      await remove.mutateAsync({ id: address.id });
      void book.refetch();
    } catch (err) {
      fail(err, "addressDelete", () => void doDelete(address));
    }
  };

  // The question names the address (its first line and city), with the spec's warning under it.
  const askDelete = async (address: Address) => {
    const place = t("addresses.place", { address1: address.address1, city: address.city });
    const ok = await confirm(t("addresses.deleteConfirm"), {
      title: t("addresses.deleteTitle", { place }),
      confirmLabel: t("common.delete"),
      danger: true,
    });
    if (ok) await doDelete(address);
  };

  const makeDefault = async (address: Address) => {
    setActionError(null);
    try {
      await setDefault.mutateAsync({ id: address.id });
      void book.refetch();
    } catch (err) {
      fail(err, "setDefault", () => void makeDefault(address));
    }
  };

  const errorBox = actionError ? (
    <ErrorBox message={actionError.message} onRetry={actionError.retry} />
  ) : null;

  if (mode.kind !== "list") {
    return (
      <section className="page addresses">
        <PageMeta title={t("addresses.title")} noindex />
        <h1>{t("addresses.title")}</h1>
        {errorBox}
        <AddressForm
          key={mode.kind === "edit" ? mode.address.id : "new"}
          title={mode.kind === "edit" ? t("addresses.editTitle") : t("addresses.addTitle")}
          initial={mode.kind === "edit" ? toFormValues(mode.address) : EMPTY_ADDRESS}
          sending={create.isPending || update.isPending}
          onSubmit={save}
          onCancel={() => {
            setActionError(null);
            backToList();
          }}
        />
      </section>
    );
  }

  const defaultId = book.data?.defaultAddress?.id ?? null;
  // The default address comes first, the others in the order they were saved.
  const addresses = [...(book.data?.addresses ?? [])].sort(
    (a, b) => Number(b.id === defaultId) - Number(a.id === defaultId),
  );
  return (
    <section className="page addresses">
      <PageMeta title={t("addresses.title")} noindex />
      <h1>{t("addresses.title")}</h1>
      {book.isPending ? <Spinner /> : null}
      {book.error ? (
        <ErrorBox
          message={errorText(book.error, "addresses")}
          onRetry={() => void book.refetch()}
          retrying={book.isRefetching}
        />
      ) : null}
      {errorBox}
      {book.isSuccess ? (
        <p>
          <Button
            onClick={() => {
              setActionError(null);
              setMode({ kind: "add" });
            }}
          >
            {t("addresses.add")}
          </Button>
        </p>
      ) : null}
      {book.isSuccess && addresses.length === 0 ? (
        <p className="empty-state">{t("addresses.empty")}</p>
      ) : null}
      {addresses.length > 0 ? (
        <ul className="address-list">
          {addresses.map((address) => {
            const name = personName(locale, address.firstName, address.lastName);
            const isDefault = address.id === defaultId;
            // Several addresses share one name: the buttons are told apart by the place.
            const place = t("addresses.place", { address1: address.address1, city: address.city });
            return (
              <li key={address.id} className="card address-card">
                {isDefault ? <Badge tone="info">{t("addresses.default")}</Badge> : null}
                <PostalAddress address={{ ...address, name: <strong>{name}</strong> }} />
                <div className="actions">
                  <Button
                    variant="secondary"
                    aria-label={t("addresses.editLabel", { place })}
                    disabled={busy}
                    onClick={() => {
                      setActionError(null);
                      setMode({ kind: "edit", address });
                    }}
                  >
                    {t("addresses.edit")}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={t("addresses.deleteLabel", { place })}
                    disabled={busy}
                    onClick={() => void askDelete(address)}
                  >
                    {t("addresses.delete")}
                  </Button>
                  {isDefault ? null : (
                    <Button
                      variant="secondary"
                      aria-label={t("addresses.setDefaultLabel", { place })}
                      disabled={busy}
                      onClick={() => void makeDefault(address)}
                    >
                      {t("addresses.setDefault")}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

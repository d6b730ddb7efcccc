// The products area's queries and actions, with the cache kept in step here: a save or a status
// change puts the product it answers with in the cache and refetches the list and the audit
// trail; a stock change refetches the product (its levels and history), the list and the audit
// trail; all before the caller's own onSuccess runs. A refused save refetches nothing: the page
// keeps what the member typed, and "Open the latest version" reloads it on purpose.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PRODUCT_PAGE_DEFAULT, type ProductListInput } from "@vela/shared/admin";
import { type AdminOutputs, useAdminTRPC } from "../../../lib/admin/trpc.ts";

export type ProductListPage = AdminOutputs["products"]["list"];
export type ProductListRow = ProductListPage["products"][number];
export type ProductDetail = AdminOutputs["products"]["get"];
export type StockHistoryRow = ProductDetail["history"][number];

/** The list's search, filters, sort and page, as the URL keeps them. */
export const PRODUCT_FILTERS = ["q", "type", "status", "sort", "cursor", "dir"] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

export function useProductList(values: Partial<Record<ProductFilter, string>>) {
  const trpc = useAdminTRPC();
  const { dir, ...rest } = values;
  const input = {
    ...rest,
    ...(rest.cursor ? { direction: dir === "prev" ? "prev" : "next" } : {}),
    limit: PRODUCT_PAGE_DEFAULT,
  } as ProductListInput;
  // The page on show stays while the next one loads: the pager does not jump.
  return useQuery(trpc.products.list.queryOptions(input, { placeholderData: keepPreviousData }));
}

export function useProduct(productId: number | null) {
  const trpc = useAdminTRPC();
  return useQuery(
    trpc.products.get.queryOptions({ productId: productId ?? 0 }, { enabled: productId !== null }),
  );
}

export function useProductActions(productId: number) {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  const others = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.products.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
    ]);
  const put = (product: ProductDetail) => {
    queryClient.setQueryData(trpc.products.get.queryKey({ productId }), product);
    return others();
  };
  return {
    update: useMutation(trpc.products.update.mutationOptions({ onSuccess: put })),
    setStatus: useMutation(trpc.products.setStatus.mutationOptions({ onSuccess: put })),
    adjustStock: useMutation(
      trpc.products.adjustStock.mutationOptions({
        onSuccess: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.products.get.queryKey({ productId }) }),
            others(),
          ]),
      }),
    ),
    /** Reads the product again (after a refused save: the version someone else saved), and answers it. */
    reload: () => queryClient.fetchQuery({ ...trpc.products.get.queryOptions({ productId }), staleTime: 0 }),
  };
}

/** A new product (a draft); the list and the audit trail are refetched before the caller goes on. */
export function useCreateProduct() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.products.create.mutationOptions({
      onSuccess: (product) => {
        queryClient.setQueryData(trpc.products.get.queryKey({ productId: product.id }), product);
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.products.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.audit.list.pathKey() }),
        ]);
      },
    }),
  );
}

/** `/admin/products/12` -> 12; anything but a positive whole number is no product. */
export function productIdOf(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

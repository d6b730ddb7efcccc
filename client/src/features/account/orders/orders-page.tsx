import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { useI18n } from "../../../lib/i18n.tsx";
import { PATHS } from "../../../lib/routes.ts";
import { useTRPC, useTRPCClient } from "../../../lib/trpc.ts";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { OrderSummaryRow } from "../shared/order-summary-row.tsx";
import { useLoginOn401 } from "../shared/use-login-on-401.ts";
import { ordersQueryOptions } from "./orders-query-options.ts";

export function OrdersPage() {
  const { t, errorText } = useI18n();
  const trpc = useTRPC();
  const client = useTRPCClient();

  const orders = useInfiniteQuery(ordersQueryOptions({ trpc, client }));
  useLoginOn401(orders.error);

  const list = orders.data?.pages.flatMap((page) => page.orders.edges.map((edge) => edge.node)) ?? [];

  // Load More appends in place; keyboard focus moves to the first order it brought.
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from !== null && list.length > from) {
      focusFrom.current = null;
      links.current.get(from)?.focus();
    }
  }, [list.length]);

  const loadMore = () => {
    focusFrom.current = list.length;
    void orders.fetchNextPage();
  };

  return (
    <section className="page orders">
      <PageMeta title={t("orders.title")} noindex />
      <h1>{t("orders.title")}</h1>
      {orders.isPending ? <Spinner /> : null}
      {orders.error && !orders.isFetchNextPageError ? (
        <ErrorBox
          message={errorText(orders.error, "orders")}
          onRetry={() => void orders.refetch()}
          retrying={orders.isRefetching}
        />
      ) : null}
      {orders.isSuccess && list.length === 0 ? (
        <div className="empty-state">
          <p>{t("orders.empty")}</p>
          <Link className="btn btn-primary" to={PATHS.products}>
            {t("orders.shop")}
          </Link>
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul className="order-list">
          {list.map((order, index) => (
            <OrderSummaryRow
              key={order.id}
              order={order}
              linkRef={(el) => {
                if (el) links.current.set(index, el);
                else links.current.delete(index);
              }}
            />
          ))}
        </ul>
      ) : null}
      {orders.isFetchNextPageError ? (
        <ErrorBox
          message={errorText(orders.error, "orders")}
          onRetry={loadMore}
          retrying={orders.isFetchingNextPage}
        />
      ) : null}
      {orders.hasNextPage && !orders.isFetchNextPageError ? (
        <p className="load-more">
          <Button variant="secondary" onClick={loadMore} busy={orders.isFetchingNextPage}>
            {orders.isFetchingNextPage ? t("orders.loadingMore") : t("orders.loadMore")}
          </Button>
        </p>
      ) : null}
    </section>
  );
}

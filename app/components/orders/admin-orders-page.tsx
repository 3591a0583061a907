// The admin's orders: a status filter and the list, each order linking to its page and timeline.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-orders";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

export function AdminOrders({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("orders");
  const localize = useLocalizePath();
  const { items } = loaderData;
  return (
    <>
      <PageIntro title={t("admin.title")} lead={t("admin.meta")} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="sr-only">
          {t("admin.title")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <div>
            <label htmlFor="orders-status" className="block text-sm font-semibold">
              {t("admin.status")}
            </label>
            <select
              id="orders-status"
              name="status"
              defaultValue={loaderData.status}
              className="mt-1 block rounded-md border border-ink/20 bg-white px-3 py-2"
            >
              <option value="">{t("admin.anyStatus")}</option>
              {loaderData.statuses.map((status) => (
                <option key={status} value={status}>
                  {t(`order.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-2 py-2">
            <input
              type="checkbox"
              name="flagged"
              value="1"
              defaultChecked={loaderData.flagged}
              className="size-4"
              data-testid="orders-flagged"
            />
            {t("admin.flaggedOnly")}
          </label>
          <button
            type="submit"
            className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
          >
            {t("admin.filter")}
          </button>
        </Form>
        <p className="mt-4 text-ink/80">{t("admin.count", { count: loaderData.total })}</p>
        {items.length === 0 ? (
          <p className="mt-6">{t("admin.empty")}</p>
        ) : (
          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-start text-sm" data-testid="order-list">
              <thead>
                <tr className="border-b border-ink/15 text-start">
                  <th scope="col" className="p-2 text-start">
                    {t("admin.number")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("admin.buyer")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("admin.status")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("admin.total")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("admin.date")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((order) => (
                  <tr key={order.id} className="border-b border-ink/10">
                    <td className="p-2">
                      <Link
                        to={localize(`/orders/${order.id}`)}
                        className="font-semibold text-coral-700"
                        dir="ltr"
                      >
                        {order.number}
                      </Link>
                    </td>
                    <td className="p-2">
                      <span dir="auto">{order.buyer}</span>{" "}
                      <span className="text-ink/70" dir="ltr">
                        {order.email}
                      </span>
                    </td>
                    <td className="p-2">
                      {t(`order.status.${order.status}`)}
                      {order.flagged ? (
                        <span className="ms-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
                          {t("admin.flagged")}
                        </span>
                      ) : null}
                    </td>
                    <td className="p-2 text-end">{order.total}</td>
                    <td className="p-2">{order.date}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}

// The learner's Billing page (issue 47, items 4 and 6): invoices, credit notes and top-up receipts, then
// orders, as two tables of the same shape (number, what it is, date, total).
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/account-billing";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

const cell = "p-2 text-start";

type BillingRow = {
  key: string;
  href: string;
  number: string;
  openLabel: string;
  second: string;
  date: string;
  total: string;
};

function BillingTable({
  id,
  heading,
  empty,
  secondColumn,
  rows,
}: {
  id: "billing-documents" | "billing-orders";
  heading: string;
  empty: string;
  secondColumn: string;
  rows: BillingRow[];
}) {
  const { t } = useTranslation("orders");
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {heading}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4">{empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid={id}>
            <thead>
              <tr className="border-b border-ink/15">
                <th scope="col" className={cell}>
                  {t("billing.number")}
                </th>
                <th scope="col" className={cell}>
                  {secondColumn}
                </th>
                <th scope="col" className={cell}>
                  {t("billing.date")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("billing.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-ink/10">
                  <td className="p-2">
                    <Link
                      to={row.href}
                      className="font-semibold text-coral-700"
                      dir="ltr"
                      aria-label={row.openLabel}
                    >
                      {row.number}
                    </Link>
                  </td>
                  <td className="p-2">{row.second}</td>
                  <td className="p-2">{row.date}</td>
                  <td className="p-2 text-end">{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function BillingPage({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("orders");
  const { orders, documents } = loaderData;
  return (
    <>
      <PageIntro title={t("billing.title")} lead={t("billing.lead")} />
      <div className="mx-auto max-w-5xl space-y-12 px-4 py-12">
        <BillingTable
          id="billing-documents"
          heading={t("billing.documents")}
          empty={t("billing.noDocuments")}
          secondColumn={t("billing.kindColumn")}
          rows={documents.map((document) => ({
            key: document.number,
            href: document.href,
            number: document.number,
            openLabel: t("billing.openDocument", { reference: document.number }),
            second: t(`billing.kind.${document.kind}`),
            date: document.date,
            total: document.total,
          }))}
        />
        <BillingTable
          id="billing-orders"
          heading={t("billing.orders")}
          empty={t("billing.noOrders")}
          secondColumn={t("billing.status")}
          rows={orders.map((order) => ({
            key: String(order.id),
            href: order.href,
            number: order.number,
            openLabel: t("billing.openOrder", { reference: order.number }),
            second: t(`order.status.${order.status}`),
            date: order.date,
            total: order.total,
          }))}
        />
      </div>
    </>
  );
}

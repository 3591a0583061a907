// The learner's Billing page (issue 47, item 6): orders, then invoices and credit notes, as two tables.
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/account-billing";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

const cell = "p-2 text-start";

export function BillingPage({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("orders");
  const { orders, documents } = loaderData;
  return (
    <>
      <PageIntro title={t("billing.title")} lead={t("billing.lead")} />
      <div className="mx-auto max-w-5xl space-y-12 px-4 py-12">
        <section aria-labelledby="billing-documents">
          <h2 id="billing-documents" className="text-xl font-bold">
            {t("billing.documents")}
          </h2>
          {documents.length === 0 ? (
            <p className="mt-4">{t("billing.noDocuments")}</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-sm" data-testid="billing-documents">
                <thead>
                  <tr className="border-b border-ink/15">
                    <th scope="col" className={cell}>
                      {t("billing.number")}
                    </th>
                    <th scope="col" className={cell}>
                      {t("billing.kindColumn")}
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
                  {documents.map((document) => (
                    <tr key={document.number} className="border-b border-ink/10">
                      <td className="p-2">
                        <Link
                          to={document.href}
                          className="font-semibold text-coral-700"
                          dir="ltr"
                          aria-label={t("billing.openDocument", { reference: document.number })}
                        >
                          {document.number}
                        </Link>
                      </td>
                      <td className="p-2">{t(`billing.kind.${document.kind}`)}</td>
                      <td className="p-2">{document.date}</td>
                      <td className="p-2 text-end">{document.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section aria-labelledby="billing-orders">
          <h2 id="billing-orders" className="text-xl font-bold">
            {t("billing.orders")}
          </h2>
          {orders.length === 0 ? (
            <p className="mt-4">{t("billing.noOrders")}</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-sm" data-testid="billing-orders">
                <thead>
                  <tr className="border-b border-ink/15">
                    <th scope="col" className={cell}>
                      {t("billing.number")}
                    </th>
                    <th scope="col" className={cell}>
                      {t("billing.status")}
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
                  {orders.map((order) => (
                    <tr key={order.id} className="border-b border-ink/10">
                      <td className="p-2">
                        <Link
                          to={order.href}
                          className="font-semibold text-coral-700"
                          dir="ltr"
                          aria-label={t("billing.openOrder", { reference: order.number })}
                        >
                          {order.number}
                        </Link>
                      </td>
                      <td className="p-2">{t(`order.status.${order.status}`)}</td>
                      <td className="p-2">{order.date}</td>
                      <td className="p-2 text-end">{order.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}

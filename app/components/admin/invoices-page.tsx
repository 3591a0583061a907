// The admins' invoices by period: a date and kind filter, the period's totals per currency (invoiced,
// credited, and the difference), the CSV link and the documents, each opening on its page.
import { Form, Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-invoices";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";
import { ScrollRegion } from "../scroll-region";

type LoaderData = Route.ComponentProps["loaderData"];

/** The amounts' columns, aligned to the end as figures are. */
const AMOUNT_COLUMNS = new Set(["net", "vat", "gross"]);

/** A table's header row: each column's label from `invoices.<key>`. */
function ColumnHeads({ columns }: { columns: readonly string[] }) {
  const { t } = useTranslation("orders");
  return (
    <thead>
      <tr className="border-b border-ink/15">
        {columns.map((key) => (
          <th key={key} scope="col" className={`p-2 ${AMOUNT_COLUMNS.has(key) ? "text-end" : "text-start"}`}>
            {t(`invoices.${key}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function AdminInvoices({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("orders");
  const { items, totals } = loaderData;
  return (
    <>
      <PageIntro title={t("invoices.title")} lead={t("invoices.meta")} />
      <section className="mx-auto max-w-7xl space-y-8 px-4 py-12" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="sr-only">
          {t("invoices.title")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <div>
            <label htmlFor="invoices-from" className="block text-sm font-semibold">
              {t("invoices.from")}
            </label>
            <input
              id="invoices-from"
              type="date"
              name="from"
              defaultValue={loaderData.from}
              className="mt-1 block rounded-md border border-ink/20 bg-white px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="invoices-to" className="block text-sm font-semibold">
              {t("invoices.to")}
            </label>
            <input
              id="invoices-to"
              type="date"
              name="to"
              defaultValue={loaderData.to}
              className="mt-1 block rounded-md border border-ink/20 bg-white px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="invoices-kind" className="block text-sm font-semibold">
              {t("invoices.kind")}
            </label>
            <select
              id="invoices-kind"
              name="kind"
              defaultValue={loaderData.kind}
              className="mt-1 block rounded-md border border-ink/20 bg-white px-3 py-2"
            >
              <option value="">{t("invoices.anyKind")}</option>
              {loaderData.kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`billing.kind.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
          >
            {t("invoices.filter")}
          </button>
          <a
            href={loaderData.csvHref}
            className="rounded-md border border-coral-600 px-5 py-2 font-semibold text-coral-700"
            data-testid="invoices-csv"
            download
          >
            {t("invoices.csv")}
          </a>
        </Form>
        {totals.length > 0 ? (
          <ScrollRegion label={t("invoices.totals")}>
            <table className="w-full text-sm" data-testid="invoice-totals">
              <caption className="text-start text-lg font-bold">{t("invoices.totals")}</caption>
              <ColumnHeads columns={["currency", "kind", "net", "vat", "gross"]} />
              <tbody>
                {totals.flatMap((sums) =>
                  (
                    [
                      ["invoicesRow", sums.invoices],
                      ["creditNotesRow", sums.creditNotes],
                      ["balanceRow", sums.balance],
                    ] as const
                  ).map(([label, row]) => (
                    <tr key={`${sums.currency}-${label}`} className="border-b border-ink/10">
                      <td className="p-2">{sums.currency}</td>
                      <th scope="row" className="p-2 text-start font-semibold">
                        {t(`invoices.${label}`)}
                      </th>
                      <td className="p-2 text-end">{row.net}</td>
                      <td className="p-2 text-end">{row.tax}</td>
                      <td className="p-2 text-end">{row.gross}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
        <p className="text-ink/80">{t("invoices.count", { count: loaderData.total })}</p>
        {items.length === 0 ? (
          <p>{t("invoices.empty")}</p>
        ) : (
          <ScrollRegion label={t("invoices.title")}>
            <table className="w-full text-sm" data-testid="invoice-list">
              <ColumnHeads columns={["number", "kind", "buyer", "date", "net", "vat", "gross"]} />
              <tbody>
                {items.map((document) => (
                  <tr key={document.number} className="border-b border-ink/10">
                    <td className="p-2">
                      <Link to={document.href} className="font-semibold text-coral-700" dir="ltr">
                        {document.number}
                      </Link>
                    </td>
                    <td className="p-2">{t(`billing.kind.${document.kind}`)}</td>
                    <td className="p-2">
                      <span dir="auto">{document.buyer}</span>{" "}
                      <span className="text-ink/70" dir="ltr">
                        {document.email}
                      </span>
                    </td>
                    <td className="p-2">{document.date}</td>
                    <td className="p-2 text-end">{document.net}</td>
                    <td className="p-2 text-end">{document.tax}</td>
                    <td className="p-2 text-end">{document.gross}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}

// One issued document as a plain table of its fields (issue 47, item 6): the designed view and the PDF
// arrive with the document renderer; this page lists what was issued, as it was issued.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/account-billing-document";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <tr className="border-b border-ink/10">
      <th scope="row" className="w-1/3 p-2 text-start font-semibold">
        {label}
      </th>
      <td className="p-2" data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}

export function BillingDocumentPage({ loaderData: d }: { loaderData: LoaderData }) {
  const { t } = useTranslation("orders");
  const none = t("billing.document.none");
  return (
    <>
      <PageIntro title={`${t(`billing.kind.${d.kind}`)} ${d.number}`} />
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-12">
        <Link to={d.backHref} className="font-semibold text-coral-700 underline">
          {t("billing.document.back")}
        </Link>
        <table className="w-full text-sm" data-testid="document-fields">
          <tbody>
            <Row label={t("billing.number")} testId="document-number">
              <span dir="ltr">{d.number}</span>
            </Row>
            <Row label={t("billing.kindColumn")}>{t(`billing.kind.${d.kind}`)}</Row>
            <Row label={t("billing.document.issuedAt")}>{d.issuedAt}</Row>
            <Row label={t("billing.document.hijri")}>{d.hijri}</Row>
            <Row label={t("billing.document.seller")}>
              <span dir="auto">{d.seller.name}</span>
            </Row>
            <Row label={t("billing.document.sellerVat")}>
              <span dir="ltr">{d.seller.vatNumber ?? none}</span>
            </Row>
            <Row label={t("billing.document.sellerAddress")}>
              <span dir="auto">{d.seller.address ?? none}</span>
            </Row>
            <Row label={t("billing.document.buyer")}>
              <span dir="auto">{d.buyer.name}</span>{" "}
              <span dir="ltr" className="text-ink/70">
                {d.buyer.email}
              </span>
            </Row>
            {d.buyer.company ? (
              <Row label={t("billing.document.buyerCompany")}>
                <span dir="auto">{d.buyer.company}</span>
              </Row>
            ) : null}
            {d.buyer.vatNumber ? (
              <Row label={t("billing.document.buyerVat")}>
                <span dir="ltr">{d.buyer.vatNumber}</span>
              </Row>
            ) : null}
            {d.orderNumber ? (
              <Row label={t("billing.document.order")}>
                {d.orderHref ? (
                  <Link to={d.orderHref} className="text-coral-700 underline" dir="ltr">
                    {d.orderNumber}
                  </Link>
                ) : (
                  <span dir="ltr">{d.orderNumber}</span>
                )}
              </Row>
            ) : null}
            {d.invoiceNumber && d.invoiceHref ? (
              <Row label={t("billing.document.invoice")}>
                <Link to={d.invoiceHref} className="text-coral-700 underline" dir="ltr">
                  {d.invoiceNumber}
                </Link>
              </Row>
            ) : null}
            <Row label={t("billing.document.paymentMethod")}>
              {t(`billing.document.methods.${d.paymentMethod}`)}
            </Row>
            <Row label={t("billing.document.currency")}>{d.currency}</Row>
          </tbody>
        </table>
        <section aria-labelledby="document-lines">
          <h2 id="document-lines" className="text-lg font-bold">
            {t("billing.document.lines")}
          </h2>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-sm" data-testid="document-lines">
              <thead>
                <tr className="border-b border-ink/15">
                  <th scope="col" className="p-2 text-start">
                    {t("billing.document.line")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("billing.document.net")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("billing.document.rate")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("billing.document.vat")}
                  </th>
                  <th scope="col" className="p-2 text-end">
                    {t("billing.document.gross")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.lines.map((line) => (
                  <tr key={line.key} className="border-b border-ink/10">
                    <td className="p-2" dir="auto">
                      {line.title}
                    </td>
                    <td className="p-2 text-end">{line.net}</td>
                    <td className="p-2 text-end">{line.rate}</td>
                    <td className="p-2 text-end">{line.tax}</td>
                    <td className="p-2 text-end">{line.gross}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <table className="w-full text-sm" data-testid="document-totals">
          <tbody>
            <Row label={t("billing.document.subtotal")}>{d.subtotal}</Row>
            <Row label={t("billing.document.vat")}>{d.tax}</Row>
            <Row label={t("billing.document.total")} testId="document-total">
              <strong>{d.total}</strong>
            </Row>
            {d.qr ? (
              <Row label={t("billing.document.qr")}>
                <code dir="ltr" className="break-all text-xs" data-testid="document-qr">
                  {d.qr}
                </code>
              </Row>
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}

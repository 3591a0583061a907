// One issued invoice or credit note (issue 47, item 6): the designed view of the document as issued, the
// same labels and values as its PDF (app/components/invoices/issued-document-view.tsx), with the PDF to
// download and the way back to the order and to Billing.
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/account-billing-document";
import { IssuedDocumentView } from "../invoices/issued-document-view";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

export function BillingDocumentPage({ loaderData: d }: { loaderData: LoaderData }) {
  const { t } = useTranslation("orders");
  return (
    <>
      <PageIntro width="4xl" title={`${t(`billing.kind.${d.doc.kind}`)} ${d.doc.number}`} />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-12">
        <nav className="flex flex-wrap gap-x-6 gap-y-2" aria-label={t("billing.document.links")}>
          <Link to={d.backHref} className="font-semibold text-coral-700 underline">
            {t("billing.document.back")}
          </Link>
          {d.orderHref ? (
            <Link to={d.orderHref} className="font-semibold text-coral-700 underline">
              {t("billing.document.order")} <span dir="ltr">{d.doc.orderNumber}</span>
            </Link>
          ) : null}
          {d.invoiceHref ? (
            <Link to={d.invoiceHref} className="font-semibold text-coral-700 underline">
              {t("billing.document.invoice")} <span dir="ltr">{d.doc.invoiceNumber}</span>
            </Link>
          ) : null}
        </nav>
        <div data-testid="document-fields">
          <IssuedDocumentView doc={d.doc} pdfHref={d.pdfHref} />
        </div>
      </div>
    </>
  );
}

// /account/billing/:number: one issued invoice, credit note or top-up receipt as it was issued, with its PDF (issue 47,
// item 6). Its buyer and admins only; anyone else gets the 404 of a document that does not exist.
import { mayViewIssuedDocument } from "../access/policy";
import { requireUser } from "../auth/guards.server";
import { BillingDocumentPage } from "../components/account/billing-document-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { findIssuedDocument, fromStoredDocument } from "../invoices/documents.server";
import { parseInvoiceNumber } from "../invoices/numbering";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/account-billing-document";
export const handle = { i18n: ["orders"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const row = parseInvoiceNumber(params.number)
    ? await findIssuedDocument(getDb(context), params.number)
    : null;
  if (!row || !mayViewIssuedDocument(user, row)) throw new Response("Not Found", { status: 404 });
  const document = fromStoredDocument(row.document);
  const t = page.tIn("orders");
  return {
    meta: page.meta(`${t(`billing.kind.${document.kind}`)} ${document.number}`, t("billing.document.meta")),
    doc: document,
    // The PDF is the file the mail attached (rendered once and stored), behind the same access check.
    pdfHref: `/account/billing/${document.number}/pdf`,
    backHref: localizePath("/account/billing", page.locale),
    orderHref: row.orderId === null ? null : localizePath(`/orders/${row.orderId}`, page.locale),
    invoiceHref: document.invoiceNumber
      ? localizePath(`/account/billing/${document.invoiceNumber}`, page.locale)
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AccountBillingDocumentRoute({ loaderData }: Route.ComponentProps) {
  return <BillingDocumentPage loaderData={loaderData} />;
}

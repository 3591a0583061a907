// /account/billing/:number: one issued invoice or credit note, every field it prints in a plain table
// (issue 47, item 6; the designed view and the PDF come with the document renderer). Its buyer and admins
// only; anyone else gets the 404 of a document that does not exist.
import { mayViewIssuedDocument } from "../access/policy";
import { requireUser } from "../auth/guards.server";
import { BillingDocumentPage } from "../components/account/billing-document-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { gregorianDate, hijriDate } from "../invoices/dates";
import { findIssuedDocument, fromStoredDocument } from "../invoices/documents.server";
import { parseInvoiceNumber } from "../invoices/numbering";
import { taxRateLabel } from "../invoices/tax";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
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
  const money = (minor: number) => formatMoney(minor, page.locale, document.currency);
  const kind = t(`billing.kind.${document.kind}`);
  return {
    meta: page.meta(`${kind} ${document.number}`, t("billing.document.meta")),
    kind: document.kind,
    number: document.number,
    issuedAt: `${gregorianDate(document.issuedAt, page.locale)} ${new Intl.DateTimeFormat(
      page.locale === "ar" ? "ar-u-nu-latn" : "en",
      { timeStyle: "short", timeZone: "Asia/Riyadh" },
    ).format(document.issuedAt)}`,
    hijri: hijriDate(document.issuedAt, page.locale),
    seller: {
      name: pick(page.locale, document.seller.name, document.seller.nameAr),
      vatNumber: document.seller.vatNumber,
      address: pick(page.locale, document.seller.address ?? "", document.seller.addressAr) || null,
    },
    buyer: document.buyer,
    orderNumber: document.orderNumber,
    orderHref: row.orderId === null ? null : localizePath(`/orders/${row.orderId}`, page.locale),
    invoiceNumber: document.invoiceNumber,
    invoiceHref: document.invoiceNumber
      ? localizePath(`/account/billing/${document.invoiceNumber}`, page.locale)
      : null,
    paymentMethod: document.paymentMethod,
    currency: document.currency,
    lines: document.lines.map((line, index) => ({
      key: index,
      title: pick(page.locale, line.title, line.titleAr),
      net: money(line.net),
      rate: taxRateLabel(line.taxRateBasisPoints, page.locale),
      tax: money(line.tax),
      gross: money(line.gross),
    })),
    subtotal: money(document.subtotal),
    tax: money(document.tax),
    total: money(document.total),
    qr: document.qr,
    backHref: localizePath("/account/billing", page.locale),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AccountBillingDocumentRoute({ loaderData }: Route.ComponentProps) {
  return <BillingDocumentPage loaderData={loaderData} />;
}

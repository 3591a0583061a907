// /dashboard/admin/invoices: the invoices and credit notes issued in a period (the seller's days), with
// the period's totals — net, VAT, gross — per currency, and the CSV for the accountant (issue 47, item 6).
// A plain GET filter form; a date that is not one is no filter.
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminInvoices } from "../components/admin/invoices-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import {
  AdminInvoiceQuery,
  balanceOf,
  DOCUMENT_KINDS,
  listDocumentsForAdmin,
} from "../invoices/documents.server";
import { formatMoney } from "../lib/money";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/admin-invoices";
export const handle = { i18n: ["orders"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("orders");
  const field = <K extends "from" | "to" | "kind">(name: K) => {
    const parsed = AdminInvoiceQuery.shape[name].safeParse(url.searchParams.get(name) || undefined);
    return parsed.success ? parsed.data : undefined;
  };
  const from = field("from") as string | undefined;
  const to = field("to") as string | undefined;
  const kind = field("kind") as (typeof DOCUMENT_KINDS)[number] | undefined;
  const pageNumber = parsePage(url);
  const { items, total, totals } = await listDocumentsForAdmin(getDb(context), {
    from,
    to,
    kind,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  const csv = new URLSearchParams();
  if (from) csv.set("from", from);
  if (to) csv.set("to", to);
  return {
    meta: page.listMeta(t("invoices.title"), t("invoices.meta"), pageNumber),
    from: from ?? "",
    to: to ?? "",
    kind: kind ?? "",
    kinds: DOCUMENT_KINDS,
    csvHref: `${localizePath("/dashboard/admin/invoices.csv", page.locale)}${csv.size > 0 ? `?${csv}` : ""}`,
    items: items.map((document) => ({
      number: document.number,
      kind: document.kind,
      href: localizePath(`/account/billing/${document.number}`, page.locale),
      buyer: document.buyer.company ?? document.buyer.name,
      email: document.buyer.email,
      date: page.date(document.issuedAt.toISOString()),
      net: formatMoney(document.subtotal, page.locale, document.currency),
      tax: formatMoney(document.tax, page.locale, document.currency),
      gross: formatMoney(document.total, page.locale, document.currency),
    })),
    totals: totals.map((sums) => {
      const money = (minor: number) => formatMoney(minor, page.locale, sums.currency);
      const row = (values: { net: number; tax: number; gross: number }) => ({
        net: money(values.net),
        tax: money(values.tax),
        gross: money(values.gross),
      });
      return {
        currency: sums.currency,
        invoices: row(sums.invoices),
        creditNotes: row(sums.creditNotes),
        balance: row(balanceOf(sums)),
      };
    }),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminInvoicesRoute({ loaderData }: Route.ComponentProps) {
  return <AdminInvoices loaderData={loaderData} />;
}

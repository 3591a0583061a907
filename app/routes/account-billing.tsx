// /account/billing: the learner's orders, the invoices and credit notes issued for them, and the receipts of
// their wallet top-ups (issue 47, items 4 and 6), each document opening on its own page. Read only.
import { requireUser } from "../auth/guards.server";
import { BillingPage } from "../components/account/billing-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { listUserDocuments } from "../invoices/documents.server";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { listUserOrders } from "../orders/orders.server";
import type { Route } from "./+types/account-billing";
export const handle = { i18n: ["orders"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const t = page.tIn("orders");
  const [orders, documents] = await Promise.all([
    listUserOrders(db, user.id),
    listUserDocuments(db, user.id),
  ]);
  return {
    meta: page.meta(t("billing.title"), t("billing.meta")),
    orders: orders.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      date: page.date(order.createdAt.toISOString()),
      total: formatMoney(order.total, page.locale, order.currency),
      href: localizePath(`/orders/${order.id}`, page.locale),
    })),
    documents: documents.map((document) => ({
      number: document.number,
      kind: document.kind,
      date: page.date(document.issuedAt.toISOString()),
      total: formatMoney(document.total, page.locale, document.currency),
      href: localizePath(`/account/billing/${document.number}`, page.locale),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AccountBillingRoute({ loaderData }: Route.ComponentProps) {
  return <BillingPage loaderData={loaderData} />;
}

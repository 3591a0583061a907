// /orders/:id: one order's result page (issue 46, item 2) — paid, with links to its courses; pending, with a
// "check again" form; failed, with the cart kept — and, for admins, its timeline (item 9). Its buyer and
// admins only; anyone else gets the 404 of an order that does not exist. The provider sends the buyer back
// here; the loader only reads. "Check again" is a POST: it asks the provider's API and settles the order
// (app/orders/card-orders.server.ts), then answers 303 to this page (decision 067).
import { mayViewOrder } from "../access/policy";
import { isAdmin } from "../access/roles";
import { requireUser } from "../auth/guards.server";
import { OrderPage } from "../components/orders/order-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { findOrderInvoice, listOrderCreditNotes } from "../invoices/documents.server";
import { taxRateLabel } from "../invoices/tax";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { settleCardOrder } from "../orders/card-orders.server";
import { findOrder } from "../orders/orders.server";
import { itemRefundState } from "../orders/policy";
import { ProviderUnavailableError } from "../payments/providers/types";
import type { Route } from "./+types/order";
export const handle = { i18n: ["orders"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const id = parseId(params.id);
  const order = id === null ? null : await findOrder(getDb(context), id);
  if (!order || !mayViewOrder(user, order)) throw new Response("Not Found", { status: 404 });
  const t = page.tIn("orders");
  const money = (minor: number) => formatMoney(minor, page.locale, order.currency);
  const admin = isAdmin(user);
  const db = getDb(context);
  const [invoice, creditNotes] = await Promise.all([
    findOrderInvoice(db, order.id),
    listOrderCreditNotes(db, order.id),
  ]);
  return {
    meta: page.meta(t("order.title", { orderNumber: order.number }), t("order.meta")),
    number: order.number,
    status: order.status,
    method: order.method,
    /** A pending card order can be asked about again (the check-again form). */
    checkable: order.status === "pending" && order.method === "card",
    placed: page.date(order.createdAt.toISOString()),
    items: order.items.map((item) => ({
      id: item.id,
      courseId: item.courseId,
      title: pick(page.locale, item.title, item.titleAr),
      priceLabel: money(item.price - item.discount),
      refunded: item.refundedAt !== null,
      /** Where its refund went and whether it is there yet; null when not refunded. */
      refund: item.refundedAt === null ? null : (itemRefundState(item.courseId, order.events) ?? "wallet"),
    })),
    subtotalLabel: money(order.subtotal),
    discountLabel: order.discount > 0 ? money(order.discount) : null,
    couponCode: order.couponCode,
    taxLabel: money(order.tax),
    /** With a rate above 0: the net (what the total is before VAT) and the rate (issue 47). */
    vat:
      order.taxRateBasisPoints > 0
        ? {
            netLabel: money(order.total - order.tax),
            rateLabel: taxRateLabel(order.taxRateBasisPoints, page.locale),
          }
        : null,
    totalLabel: money(order.total),
    /** Its invoice and credit notes, each opened on the Billing page's document view. */
    documents: [...(invoice ? [invoice] : []), ...creditNotes].map((document) => ({
      number: document.number,
      kind: document.kind,
      href: localizePath(`/account/billing/${document.number}`, page.locale),
    })),
    buyer: admin ? { name: order.userName, email: order.userEmail } : null,
    timeline: admin
      ? order.events.map((event) => ({
          id: event.id,
          type: event.type,
          at: event.createdAt.toISOString(),
          detail: JSON.stringify(event.detail),
        }))
      : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const id = parseId(params.id);
  const order = id === null ? null : await findOrder(db, id);
  if (!order || !mayViewOrder(user, order)) throw new Response("Not Found", { status: 404 });
  const t = page.tIn("orders");
  const here = localizePath(`/orders/${order.id}`, page.locale);
  if (order.status !== "pending" || order.method !== "card")
    return toasts().redirectWithInfo(here, t("order.checked"));
  try {
    await settleCardOrder(db, order.id, { source: "return", actorId: user.id });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    return toasts().redirectWithWarning(here, t("order.unreachable"));
  }
  return toasts().redirectWithInfo(here, t("order.checked"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  return <OrderPage loaderData={loaderData} />;
}

// /dashboard/admin/orders: every order, newest first, filtered by status and by whether they are flagged (issue 46, item 9); each links to
// its page, which shows admins its buyer and timeline. A plain GET filter form.
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminOrders } from "../components/orders/admin-orders-page";
import { getDb } from "../db/context";
import { orderStatus } from "../db/schema";
import { formatMoney } from "../lib/money";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { listOrdersForAdmin } from "../orders/orders.server";
import type { Route } from "./+types/admin-orders";
export const handle = { i18n: ["orders"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("orders");
  // An unknown status in the address is no filter, as an empty search is.
  const asked = url.searchParams.get("status");
  const status = orderStatus.enumValues.find((value) => value === asked);
  // The checkbox sends "1"; anything else is no filter.
  const flagged = url.searchParams.get("flagged") === "1";
  const pageNumber = parsePage(url);
  const { items, total } = await listOrdersForAdmin(getDb(context), {
    status,
    ...(flagged ? { flagged } : {}),
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  return {
    meta: page.listMeta(t("admin.title"), t("admin.meta"), pageNumber),
    status: status ?? "",
    flagged,
    statuses: orderStatus.enumValues,
    items: items.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      buyer: order.userName,
      email: order.userEmail,
      flagged: order.flagged,
      total: formatMoney(order.total, page.locale, order.currency),
      date: page.date(order.createdAt.toISOString()),
    })),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminOrdersRoute({ loaderData }: Route.ComponentProps) {
  return <AdminOrders loaderData={loaderData} />;
}

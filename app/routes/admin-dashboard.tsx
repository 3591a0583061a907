// /dashboard/admin: the admin's overview: user figures by role, courses and sales, and the way into user management.

import { isAdmin } from "../access/roles";
import { adminStats, USER_ROLES } from "../admin/users.server";
import { parsePeriod, periodOf } from "../analytics/periods";
import { adminReport } from "../analytics/report.server";
import { requireRole } from "../auth/guards.server";
import { AdminDashboard } from "../components/admin/dashboard-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { overdueFollowUps } from "../leads/leads.server";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { countPendingTopUps } from "../wallet/top-ups.server";
import type { Route } from "./+types/admin-dashboard";
// The course and sales labels live under `enrollment.stats` in the catalog namespace.
export const handle = {
  i18n: [
    "admin",
    "catalog",
    "editorial",
    "wallet",
    "certificates",
    "payments",
    "analytics",
    "leads",
    "site",
    "consultations",
    "orders",
  ],
};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const db = getDb(context);
  const days = parsePeriod(url.searchParams.get("period"));
  const currency = readConfig().currency;
  const [{ users, courses, enrollments, revenue }, pendingTopUps, analytics, followUps] = await Promise.all([
    adminStats(db),
    countPendingTopUps(db),
    adminReport(db, { locale: page.locale, t: page.t, currency }, { period: periodOf(days, new Date()) }),
    overdueFollowUps(db),
  ]);
  return {
    meta: page.meta(page.t("admin:dashboard.title"), page.t("admin:dashboard.metaDescription")),
    totalUsers: users.total,
    // In the loader because the role list lives in a server module the browser bundle cannot import.
    usersByRole: USER_ROLES.map((role) => ({ role, count: users.byRole[role] })),
    courses,
    enrollments,
    // Formatted here: the currency is server configuration.
    revenue: formatMoney(revenue, page.locale, currency),
    pendingTopUps,
    // Leads whose follow-up date has passed (issue 48).
    followUps: {
      total: followUps.total,
      items: followUps.items.map((lead) => ({
        id: lead.id,
        name: lead.name,
        due: lead.followUpAt ? page.date(lead.followUpAt.toISOString()) : "",
      })),
    },
    period: days,
    analytics,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminDashboardRoute({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard loaderData={loaderData} />;
}

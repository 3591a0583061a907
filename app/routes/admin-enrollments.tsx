// /dashboard/admin/enrollments: find a learner's enrollments and refund one (access ends, the money
// returns to the wallet). A plain GET search form and one plain POST form per row.

import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import {
  isWithinRefundWindow,
  listEnrollmentsForAdmin,
  RefundInput,
  refundEnrollment,
  refundWindowDays,
} from "../commerce/refunds.server";
import { AdminEnrollments } from "../components/admin/enrollments-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { parseForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { backToPage } from "../lib/same-origin-path";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { cleanSearchText, entityId } from "../lib/validation";
import type { Route } from "./+types/admin-enrollments";
export const handle = { i18n: ["wallet"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const q = cleanSearchText(url.searchParams.get("q"));
  const pageNumber = parsePage(url);
  const { items, total } = await listEnrollmentsForAdmin(getDb(context), {
    q,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  const currency = readConfig().currency;
  const t = page.tIn("wallet");
  const now = new Date();
  return {
    meta: page.listMeta(t("refunds.title"), t("refunds.metaDescription"), pageNumber),
    q,
    days: refundWindowDays(),
    items: items.map((item) => ({
      id: item.id,
      userName: item.userName,
      userEmail: item.userEmail,
      courseTitle: pick(page.locale, item.courseTitle, item.courseTitleAr),
      paid: item.pricePaid === 0 ? t("refunds.free") : formatMoney(item.pricePaid, page.locale, currency),
      enrolledAt: page.date(item.enrolledAt.toISOString()),
      withinWindow: isWithinRefundWindow(item.enrolledAt, now),
    })),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

const RefundForm = RefundInput.extend({ id: entityId("errors.formInvalid") });

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "wallet");
  const back = backToPage(url);
  const parsed = await parseForm(request, RefundForm, t);
  if (!parsed.ok) {
    const reasonIssue = parsed.fieldErrors.reason !== undefined;
    return toasts().redirectWithError(back, t(reasonIssue ? "errors.refundReason" : "errors.formInvalid"));
  }
  const outcome = await refundEnrollment(getDb(context), admin.id, parsed.data.id, parsed.data);
  if (!outcome.ok) {
    const message = {
      not_found: t("refunds.notFound"),
      outside_window: t("refunds.outsideWindow", { count: refundWindowDays() }),
      balance_limit: t("refunds.balanceLimit"),
    }[outcome.reason];
    return toasts().redirectWithError(back, message);
  }
  const amount = formatMoney(outcome.refunded, locale, readConfig().currency);
  return toasts().redirectWithSuccess(
    back,
    t(outcome.to === "card" ? "refunds.refundedToCard" : "refunds.refunded", {
      amount,
      name: outcome.userName,
      course: outcome.courseTitle,
    }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminEnrollmentsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminEnrollments loaderData={loaderData} />;
}

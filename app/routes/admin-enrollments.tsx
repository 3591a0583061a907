// /dashboard/admin/enrollments: find a learner's enrollments and refund one (access ends, the money
// returns to the wallet). A plain GET search form and one plain POST form per row.

import { Form } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import {
  isWithinRefundWindow,
  listEnrollmentsForAdmin,
  RefundInput,
  refundEnrollment,
  refundWindowDays,
} from "../commerce/refunds.server";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { useTranslation } from "../i18n/use-translation";
import { parseForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { backToPage } from "../lib/same-origin-path";
import { metaTags } from "../lib/seo";
import { cleanSearchText, entityId } from "../lib/validation";
import { getI18n } from "../middleware/i18next.server";
import { toasts } from "../toast.server";
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
    t("refunds.refunded", { amount, name: outcome.userName, course: outcome.courseTitle }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminEnrollments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("wallet");
  const { items, days } = loaderData;
  return (
    <>
      <PageIntro title={t("refunds.title")} lead={t("refunds.lead", { count: days })} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="enrollments-heading">
        <h2 id="enrollments-heading" className="sr-only">
          {t("refunds.title")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor="enrollments-q" className="block text-sm font-semibold">
              {t("refunds.search")}
            </label>
            <input
              id="enrollments-q"
              name="q"
              type="search"
              defaultValue={loaderData.q}
              className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
          >
            {t("refunds.searchButton")}
          </button>
        </Form>
        {loaderData.total > 0 ? (
          <p className="mt-4 text-ink/80">{t("refunds.total", { count: loaderData.total })}</p>
        ) : null}
        {items.length === 0 ? (
          <p className="mt-6">{t("refunds.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-4" data-testid="enrollment-list">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-ink/15 p-4" data-testid="enrollment-row">
                <p>
                  <strong>{item.userName}</strong>{" "}
                  <span className="text-sm text-ink/80" dir="ltr">
                    {item.userEmail}
                  </span>
                </p>
                <p className="mt-1">
                  {item.courseTitle} · <span dir="ltr">{item.paid}</span> · {t("refunds.enrolledAt")}:{" "}
                  {item.enrolledAt}
                </p>
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                  <input type="hidden" name="id" value={item.id} />
                  <div className="min-w-0 flex-1 basis-56">
                    <label htmlFor={`refund-reason-${item.id}`} className="block text-sm font-semibold">
                      {t("refunds.reason")}
                    </label>
                    <input
                      id={`refund-reason-${item.id}`}
                      name="reason"
                      required
                      maxLength={200}
                      dir="auto"
                      className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
                    />
                  </div>
                  {item.withinWindow ? null : (
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="override" className="size-4" />
                      {t("refunds.override", { count: days })}
                    </label>
                  )}
                  <button
                    type="submit"
                    aria-label={t("refunds.refundLabel", { course: item.courseTitle, name: item.userName })}
                    className="rounded-md border border-coral-700 px-5 py-2 font-semibold text-coral-700 hover:bg-coral-700/5"
                  >
                    {t("refunds.refund")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}

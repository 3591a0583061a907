// The admin dashboard: the figures, the charts and the ways into every admin page.
import { Link } from "react-router";
import { useLocale, useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-dashboard";
import { AnalyticsNotes } from "../charts/analytics-notes";
import { ChartFigure } from "../charts/chart-figure";
import { PeriodForm } from "../charts/period-form";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

export function AdminDashboard({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation([
    "admin",
    "catalog",
    "editorial",
    "wallet",
    "certificates",
    "payments",
    "analytics",
    "leads",
    "orders",
  ]);
  const localize = useLocalizePath();
  const number = new Intl.NumberFormat(useLocale());
  const salesCards = [
    {
      key: "published",
      label: t("catalog:enrollment.stats.publishedCourses"),
      value: number.format(loaderData.courses.published),
    },
    {
      key: "drafts",
      label: t("catalog:enrollment.stats.draftCourses"),
      value: number.format(loaderData.courses.drafts),
    },
    {
      key: "enrollments",
      label: t("catalog:enrollment.stats.enrollments"),
      value: number.format(loaderData.enrollments),
    },
    { key: "revenue", label: t("catalog:enrollment.stats.revenue"), value: loaderData.revenue },
  ];
  const cards = [
    { key: "total", label: t("dashboard.totalUsers"), value: loaderData.totalUsers },
    ...loaderData.usersByRole.map(({ role, count }) => ({
      key: role,
      label: t(`rolesPlural.${role}`),
      value: count,
    })),
  ];
  return (
    <>
      <PageIntro title={t("dashboard.title")} lead={t("dashboard.lead")} />
      <AdminAnalytics period={loaderData.period} analytics={loaderData.analytics} />
      <section aria-labelledby="admin-users-heading" className="mx-auto max-w-7xl px-4 py-12">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="admin-users-heading" className="text-2xl font-bold">
            {t("dashboard.usersHeading")}
          </h2>
          <div className="flex flex-wrap gap-3">
            <Link
              to={localize("/dashboard/admin/users")}
              className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            >
              {t("dashboard.manageUsers")}
            </Link>
            <Link
              to={localize("/dashboard/admin/outbox")}
              className="rounded-md border border-coral-700 px-5 py-2.5 font-semibold text-coral-700 hover:bg-coral-700/5"
              data-testid="admin-outbox-link"
            >
              {t("outbox.title")}
            </Link>
            <Link
              to={localize("/dashboard/admin/jobs")}
              className="rounded-md border border-coral-700 px-5 py-2.5 font-semibold text-coral-700 hover:bg-coral-700/5"
              data-testid="admin-jobs-link"
            >
              {t("jobs.title")}
            </Link>
            <Link
              to={localize("/dashboard/admin/settings")}
              className="rounded-md border border-coral-700 px-5 py-2.5 font-semibold text-coral-700 hover:bg-coral-700/5"
              data-testid="admin-site-settings-link"
            >
              {t("site:settings.link")}
            </Link>
            <Link
              to={localize("/dashboard/admin/consultations")}
              className="rounded-md border border-coral-700 px-5 py-2.5 font-semibold text-coral-700 hover:bg-coral-700/5"
              data-testid="admin-consultations-link"
            >
              {t("consultations:admin.link")}
            </Link>
          </div>
        </div>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <div key={card.key} className="rounded-xl border border-ink/10 bg-sand p-6" data-stat={card.key}>
              <dt className="text-sm font-semibold text-ink/70">{card.label}</dt>
              <dd className="mt-2 text-3xl font-bold text-ink">{number.format(card.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="admin-leads-heading" className="mx-auto max-w-7xl px-4 pb-12">
        <h2 id="admin-leads-heading" className="text-2xl font-bold">
          {t("leads:dashboard.overdue")}
        </h2>
        <p className="mt-2 text-ink/80" data-testid="overdue-follow-ups">
          {loaderData.followUps.total > 0
            ? t("leads:dashboard.overdueCount", { count: loaderData.followUps.total })
            : t("leads:dashboard.overdueNone")}
        </p>
        {loaderData.followUps.items.length > 0 ? (
          <ul className="mt-3 space-y-1">
            {loaderData.followUps.items.map((lead) => (
              <li key={lead.id}>
                <Link
                  to={localize(`/dashboard/admin/leads/${lead.id}`)}
                  className="font-semibold text-coral-700 underline"
                >
                  <bdi>{lead.name}</bdi>
                </Link>{" "}
                <span className="text-sm text-ink/80">{t("leads:dashboard.due", { date: lead.due })}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          to={localize("/dashboard/admin/leads")}
          className="mt-4 inline-block rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
          data-testid="admin-leads-link"
        >
          {t("leads:inbox.link")}
        </Link>
      </section>
      <section aria-labelledby="admin-editorial-heading" className="mx-auto max-w-7xl px-4 pb-12">
        <h2 id="admin-editorial-heading" className="text-2xl font-bold">
          {t("editorial:links.editorialHeading")}
        </h2>
        <p className="mt-2 text-ink/70">{t("editorial:links.editorialLead")}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to={localize("/dashboard/admin/blog")}
            className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            data-testid="admin-blog-link"
          >
            {t("editorial:links.blog")}
          </Link>
          <Link
            to={localize("/dashboard/admin/portfolio")}
            className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            data-testid="admin-portfolio-link"
          >
            {t("editorial:links.portfolio")}
          </Link>
        </div>
      </section>
      <section aria-labelledby="admin-certificates-heading" className="mx-auto max-w-7xl px-4 pb-12">
        <h2 id="admin-certificates-heading" className="text-2xl font-bold">
          {t("certificates:admin.title")}
        </h2>
        <p className="mt-2 text-ink/70">{t("certificates:admin.dashboardLead")}</p>
        <Link
          to={localize("/dashboard/admin/certificates")}
          className="mt-4 inline-block rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
          data-testid="admin-certificates-link"
        >
          {t("certificates:admin.dashboardLink")}
        </Link>
      </section>
      <section aria-labelledby="admin-sales-heading" className="mx-auto max-w-7xl px-4 pb-12">
        <h2 id="admin-sales-heading" className="text-2xl font-bold">
          {t("catalog:enrollment.stats.heading")}
        </h2>
        <p className="mt-2">
          <Link
            to={localize("/dashboard/admin/top-ups")}
            className="font-semibold text-coral-700 underline"
            data-testid="admin-top-ups-link"
          >
            {t("wallet:admin.link")}
          </Link>{" "}
          <span className="text-ink/80">
            ({t("wallet:admin.pendingCount", { count: loaderData.pendingTopUps })})
          </span>
          {" · "}
          <Link
            to={localize("/dashboard/admin/bank-transfer")}
            className="font-semibold text-coral-700 underline"
            data-testid="admin-bank-transfer-link"
          >
            {t("wallet:bank.admin.link")}
          </Link>
          {" · "}
          <Link
            to={localize("/dashboard/admin/enrollments")}
            className="font-semibold text-coral-700 underline"
            data-testid="admin-enrollments-link"
          >
            {t("wallet:refunds.link")}
          </Link>
          {" · "}
          <Link
            to={localize("/dashboard/admin/coupons")}
            className="font-semibold text-coral-700 underline"
            data-testid="admin-coupons-link"
          >
            {t("payments:coupons.title")}
          </Link>
          {" · "}
          <Link
            to={localize("/dashboard/admin/invoices")}
            className="font-semibold text-coral-700 underline"
            data-testid="admin-invoices-link"
          >
            {t("orders:invoices.title")}
          </Link>
        </p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {salesCards.map((card) => (
            <div key={card.key} className="rounded-xl border border-ink/10 bg-sand p-6" data-stat={card.key}>
              <dt className="text-sm font-semibold text-ink/70">{card.label}</dt>
              <dd className="mt-2 text-3xl font-bold text-ink">{card.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

/** Revenue, enrollments and sign-ups over the chosen period, and the top courses in it. */
function AdminAnalytics({
  period,
  analytics,
}: {
  period: number;
  analytics: Route.ComponentProps["loaderData"]["analytics"];
}) {
  const { t } = useTranslation("analytics");
  const localize = useLocalizePath();
  const chartLabels = { periodHeading: t("chart.date"), showTable: t("chart.showTable") };
  return (
    <section aria-labelledby="admin-analytics-heading" className="mx-auto max-w-7xl px-4 pt-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-analytics-heading" className="text-2xl font-bold">
          {t("admin.heading")}
        </h2>
        <Link
          to={localize("/instructor/analytics")}
          className="font-semibold text-coral-700 underline"
          data-testid="admin-course-analytics-link"
        >
          {t("admin.courseAnalytics")}
        </Link>
      </div>
      <p className="mt-2 text-ink/70">{t("admin.lead")}</p>
      <div className="mt-4">
        <PeriodForm period={period} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ChartFigure
          {...analytics.charts.revenue}
          {...chartLabels}
          valueHeading={t("figures.revenue")}
          testId="chart-revenue"
        />
        <ChartFigure
          {...analytics.charts.enrollments}
          {...chartLabels}
          valueHeading={t("figures.enrollments")}
          testId="chart-enrollments"
        />
        <ChartFigure
          {...analytics.charts.signups}
          {...chartLabels}
          valueHeading={t("figures.signups")}
          testId="chart-signups"
        />
        <div>
          <h3 className="text-lg font-bold">{t("admin.topCourses")}</h3>
          {analytics.topCourses.length === 0 ? (
            <p className="mt-2 text-ink/75" data-testid="top-courses-empty">
              {t("admin.noTopCourses")}
            </p>
          ) : (
            <table className="mt-2 w-full text-sm" data-testid="top-courses">
              <caption className="sr-only">{t("admin.topCoursesCaption")}</caption>
              <thead>
                <tr className="border-b border-ink/15">
                  <th scope="col" className="py-2 text-start font-semibold">
                    {t("figures.course")}
                  </th>
                  <th scope="col" className="py-2 text-end font-semibold">
                    {t("figures.enrollments")}
                  </th>
                  <th scope="col" className="py-2 text-end font-semibold">
                    {t("figures.revenue")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {analytics.topCourses.map((course) => (
                  <tr key={course.courseId} className="border-b border-ink/5" data-course={course.courseId}>
                    <th scope="row" className="py-2 text-start font-normal">
                      <Link
                        to={localize(`/courses/${course.courseId}`)}
                        className="font-semibold hover:text-coral-700 hover:underline"
                      >
                        <bdi>{course.title}</bdi>
                      </Link>
                      <span className="block text-xs text-ink/70">
                        <bdi>{course.trainerName}</bdi>
                      </span>
                    </th>
                    <td className="py-2 text-end tabular-nums">{course.enrollments}</td>
                    <td className="py-2 text-end tabular-nums">{course.revenue}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      <AnalyticsNotes />
    </section>
  );
}

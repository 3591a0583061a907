// The instructor's analytics page: enrollments, revenue and completion per course, as charts and tables.
import { Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor-analytics";
import { AnalyticsNotes } from "../charts/analytics-notes";
import { ChartFigure } from "../charts/chart-figure";
import { PeriodForm } from "../charts/period-form";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

const TABLE_BOX = "mt-4 overflow-x-auto rounded-xl border border-ink/10";

export function InstructorAnalytics({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation(["analytics", "studio"]);
  const localize = useLocalizePath();
  const { charts, totals, courses, isAdmin, trainers, trainerId, period } = loaderData;
  const totalCards = [
    { key: "enrollments", label: t("figures.enrollments"), value: totals.enrollments },
    { key: "revenue", label: t("figures.revenue"), value: totals.revenue },
    { key: "completion", label: t("figures.completionRate"), value: totals.completionRate },
    { key: "progress", label: t("figures.averageProgress"), value: totals.averageProgress },
    { key: "rating", label: t("figures.rating"), value: totals.rating, detail: totals.ratingCount },
  ];
  const chartLabels = {
    periodHeading: t("chart.date"),
    showTable: t("chart.showTable"),
  };
  return (
    <>
      <PageIntro title={t("instructor.title")} lead={t("instructor.lead")}>
        <p className="mt-6">
          <Link to={localize("/instructor")} className="font-semibold text-coral-700 underline">
            {t("instructor.back")}
          </Link>
        </p>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <PeriodForm period={period}>
          {isAdmin ? (
            <div>
              <label htmlFor="analytics-trainer" className="block text-sm font-semibold">
                {t("studio:filter.trainer")}
              </label>
              <select
                id="analytics-trainer"
                name="trainer"
                defaultValue={trainerId}
                className="mt-1 max-w-60 rounded-md border border-ink/20 bg-white px-2 py-1.5 text-sm"
              >
                <option value="">{t("studio:filter.allTrainers")}</option>
                {trainers.map((trainer) => (
                  <option key={trainer.id} value={trainer.id}>
                    {trainer.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </PeriodForm>
        <section aria-labelledby="analytics-totals" className="mt-8">
          <h2 id="analytics-totals" className="text-2xl font-bold">
            {t("figures.heading")}{" "}
            <span className="text-base font-semibold text-ink/70">{t(`period.options.${period}`)}</span>
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" data-testid="analytics-totals">
            {totalCards.map((card) => (
              <div
                key={card.key}
                className="min-w-0 rounded-xl border border-ink/10 bg-sand p-4 sm:p-5"
                data-stat={card.key}
              >
                <dt className="text-sm font-semibold text-ink/70">{card.label}</dt>
                {/* Two to a row on a 320 px phone: a long amount wraps at its space instead of widening the page. */}
                <dd className="mt-2 break-words text-xl font-bold text-ink sm:text-2xl">{card.value}</dd>
                {card.detail ? <dd className="text-sm text-ink/70">{card.detail}</dd> : null}
              </div>
            ))}
          </dl>
        </section>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <ChartFigure
            {...charts.enrollments}
            {...chartLabels}
            valueHeading={t("figures.enrollments")}
            testId="chart-enrollments"
          />
          <ChartFigure
            {...charts.revenue}
            {...chartLabels}
            valueHeading={t("figures.revenue")}
            testId="chart-revenue"
          />
        </div>
        <section aria-labelledby="analytics-courses" className="mt-10">
          <h2 id="analytics-courses" className="text-2xl font-bold">
            {t("instructor.coursesHeading")}{" "}
            <span className="text-base font-semibold text-ink/70">
              {t("instructor.courseCount", { count: loaderData.courseCount })}
            </span>
          </h2>
          {courses.length === 0 ? (
            <p className="mt-4 text-ink/75" data-testid="analytics-empty">
              {t("instructor.empty")}
            </p>
          ) : (
            <>
              {/* Scrolls sideways on a phone; focusable so keyboard users can scroll it too. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
              <section className={TABLE_BOX} tabIndex={0} aria-label={t("instructor.coursesCaption")}>
                <table className="w-full min-w-[44rem] text-sm" data-testid="analytics-courses">
                  <caption className="sr-only">{t("instructor.coursesCaption")}</caption>
                  <thead className="bg-sand">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-start font-semibold">
                        {t("figures.course")}
                      </th>
                      {[
                        t("figures.enrollments"),
                        t("figures.revenue"),
                        t("figures.learners"),
                        t("figures.completionRate"),
                        t("figures.averageProgress"),
                        t("figures.rating"),
                      ].map((heading) => (
                        <th key={heading} scope="col" className="px-3 py-2 text-end font-semibold">
                          {heading}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {courses.map((course) => (
                      <tr
                        key={course.courseId}
                        className="border-t border-ink/10"
                        data-course={course.courseId}
                      >
                        <th scope="row" className="px-3 py-2 text-start font-semibold">
                          <Link
                            to={localize(`/instructor/courses/${course.courseId}`)}
                            className="hover:text-coral-700 hover:underline"
                          >
                            <bdi>{course.localTitle}</bdi>
                          </Link>
                        </th>
                        <td className="px-3 py-2 text-end tabular-nums">{course.enrollments}</td>
                        <td className="px-3 py-2 text-end tabular-nums">{course.revenue}</td>
                        <td className="px-3 py-2 text-end tabular-nums">{course.learners}</td>
                        <td className="px-3 py-2 text-end tabular-nums">{course.completionRate}</td>
                        <td className="px-3 py-2 text-end tabular-nums">{course.averageProgress}</td>
                        <td className="px-3 py-2 text-end">
                          {course.rating}
                          {course.ratingCount ? (
                            <span className="block text-xs text-ink/70">{course.ratingCount}</span>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </>
          )}
          <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
        </section>
        <AnalyticsNotes withLearners />
      </div>
    </>
  );
}

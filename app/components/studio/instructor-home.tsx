// The instructor's home: their courses with figures, drafts and the ways into the studio, blog and coupons.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

export function Instructor({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation(["studio", "editorial", "payments", "analytics"]);
  const localize = useLocalizePath();
  const { courses, total, page, pageCount, isAdmin, trainers, trainerId } = loaderData;
  return (
    <>
      <PageIntro title={t("title")} lead={t("lead")}>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Link
            to={localize("/instructor/courses/new")}
            className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            data-testid="new-course"
          >
            {t("newCourse")}
          </Link>
          <Link
            to={localize("/instructor/blog")}
            className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-white"
            data-testid="my-posts"
          >
            {t("editorial:links.myPosts")}
          </Link>
          <Link
            to={localize("/instructor/coupons")}
            className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-white"
            data-testid="my-coupons"
          >
            {t("payments:coupons.title")}
          </Link>
          <Link
            to={localize(trainerId ? `/instructor/analytics?trainer=${trainerId}` : "/instructor/analytics")}
            className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-white"
            data-testid="analytics-link"
          >
            {t("analytics:instructor.link")}
          </Link>
          <Link
            to={localize("/instructor/profile")}
            className="rounded-md border border-ink/20 px-5 py-2.5 font-semibold hover:bg-white"
            data-testid="profile-link"
          >
            {t("profile.nav")}
          </Link>
          <p className="text-sm font-semibold text-ink/70">{t("count", { count: total })}</p>
        </div>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-10">
        {isAdmin ? (
          <Form
            method="get"
            key={trainerId}
            role="search"
            aria-label={t("filter.label")}
            className="mb-8 flex flex-wrap items-end gap-3 rounded-xl bg-sand p-4"
          >
            <div>
              <label htmlFor="studio-trainer" className="block text-sm font-semibold">
                {t("filter.trainer")}
              </label>
              <select
                id="studio-trainer"
                name="trainer"
                defaultValue={trainerId}
                className="mt-1 rounded-md border border-ink/20 bg-white px-2 py-1.5 text-sm"
              >
                <option value="">{t("filter.allTrainers")}</option>
                {trainers.map((trainer) => (
                  <option key={trainer.id} value={trainer.id}>
                    {trainer.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="rounded-md bg-ink px-4 py-1.5 text-sm font-semibold text-white">
              {t("filter.apply")}
            </button>
          </Form>
        ) : null}
        {courses.length === 0 ? (
          <div className="mx-auto max-w-2xl py-12 text-center" data-testid="empty-state">
            <p className="text-lg text-ink/75">{trainerId ? t("emptyFiltered") : t("empty")}</p>
            <Link
              to={localize("/instructor/courses/new")}
              className="mt-6 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700"
            >
              {t("newCourse")}
            </Link>
          </div>
        ) : (
          <ul className="grid gap-4" data-testid="studio-courses">
            {courses.map((course) => (
              <li
                key={course.id}
                className="flex flex-col gap-4 rounded-xl border border-ink/10 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
              >
                <img
                  src={course.thumbnail}
                  alt={t("list.thumbnailAlt", { title: course.localTitle })}
                  width="160"
                  height="90"
                  loading="lazy"
                  className="aspect-video w-40 shrink-0 rounded-md object-cover"
                />
                <div className="min-w-0 flex-1">
                  <h2 className="text-lg font-semibold">
                    <Link
                      to={localize(`/instructor/courses/${course.id}`)}
                      className="hover:text-coral-700 hover:underline"
                    >
                      <bdi>{course.title}</bdi>
                    </Link>
                  </h2>
                  {course.titleAr ? (
                    <p lang="ar" dir="rtl" className="text-ink/75 text-start">
                      {course.titleAr}
                    </p>
                  ) : null}
                  <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink/70">
                    <div className="flex gap-1">
                      <dt className="sr-only">{t("list.status")}</dt>
                      <dd>
                        <span
                          data-testid="course-status"
                          className={`rounded px-2 py-0.5 text-xs font-bold ${course.isPublished ? "bg-teal/15 text-teal-700" : "bg-amber-200 text-ink"}`}
                        >
                          {course.isPublished ? t("status.published") : t("status.draft")}
                        </span>
                      </dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t("list.lessons")}:</dt>
                      <dd>{course.lessonCount}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t("list.enrollments")}:</dt>
                      <dd>{course.enrollmentCount}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t("list.updated")}:</dt>
                      <dd>
                        <time dateTime={course.updatedAt}>{course.updatedLabel}</time>
                      </dd>
                    </div>
                    {isAdmin ? (
                      <div className="flex gap-1">
                        <dt>{t("list.trainer")}:</dt>
                        <dd>{course.trainerName}</dd>
                      </div>
                    ) : null}
                  </dl>
                </div>
                <Link
                  to={localize(`/instructor/courses/${course.id}`)}
                  className="self-start rounded-md border border-ink/20 px-4 py-2 text-sm font-semibold hover:bg-sand sm:self-center"
                >
                  {t("list.edit")}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}

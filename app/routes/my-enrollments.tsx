// /my-enrollments: the courses a signed-in learner owns, newest first, each one click away from its lessons.
import { Link } from "react-router";
import { requireUser } from "../auth/guards.server";
import { listEnrollments } from "../commerce/enrollment.server";
import { CourseThumbnail } from "../components/cards";
import { EmptyState } from "../components/empty-state";
import { CourseProgressBar } from "../components/learning/progress-bar";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { progressByCourse, sectionProgressByCourse } from "../learning/progress.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/my-enrollments";

export const handle = { i18n: ["catalog", "auth", "learning"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const enrolled = await listEnrollments(db, page.locale, user.id);
  const courseIds = enrolled.map(({ course }) => course.id);
  const [progress, sections] = await Promise.all([
    progressByCourse(db, user.id, courseIds),
    sectionProgressByCourse(db, user.id, courseIds, page.locale),
  ]);
  return {
    meta: page.meta(page.t("auth:account.enrollmentsTitle"), page.t("auth:account.enrollmentsMeta")),
    // Dates are formatted here so the server and the browser render the same text.
    courses: enrolled.map(({ course, enrolledAt }) => ({
      ...course,
      enrolledAt: enrolledAt.toISOString(),
      enrolledOn: page.date(enrolledAt.toISOString()),
      progress: progress.get(course.id) ?? {
        completedLessons: 0,
        totalLessons: 0,
        percent: 0,
        lastLessonId: null,
      },
      sections: sections.get(course.id) ?? [],
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function MyEnrollments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["catalog", "auth", "common", "learning"]);
  const localize = useLocalizePath();
  const { courses } = loaderData;
  if (courses.length === 0) {
    return (
      <>
        <PageIntro title={t("auth:account.enrollmentsTitle")} />
        <EmptyState message={t("auth:account.enrollmentsEmpty")} />
      </>
    );
  }
  return (
    <>
      <PageIntro title={t("auth:account.enrollmentsTitle")} lead={t("catalog:enrollment.lead")} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <ul
          aria-label={t("catalog:enrollment.listLabel")}
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="enrollment-list"
        >
          {courses.map((course) => (
            <li key={course.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-xl border border-ink/10 bg-white shadow-sm">
                <CourseThumbnail course={course} />
                <div className="flex flex-1 flex-col p-4">
                  <p className="text-xs font-semibold text-coral-700">
                    {t(`common:categories.${course.category}`)}
                  </p>
                  <h2 className="mt-1 text-lg font-semibold leading-snug">{course.title}</h2>
                  <p className="mt-1 text-sm text-ink/70">
                    {t("catalog:courses.by", { name: course.instructorName })}
                  </p>
                  <p className="mt-1 text-sm text-ink/70">
                    <time dateTime={course.enrolledAt}>
                      {t("catalog:enrollment.enrolledOn", { date: course.enrolledOn })}
                    </time>
                  </p>
                  <div className="mt-auto pt-4">
                    {course.progress.totalLessons > 0 ? (
                      <CourseProgressBar
                        completedLessons={course.progress.completedLessons}
                        totalLessons={course.progress.totalLessons}
                        percent={course.progress.percent}
                      />
                    ) : null}
                    {course.sections.length > 1 ? (
                      <details className="mt-3 text-sm" data-testid="enrollment-sections">
                        <summary className="cursor-pointer font-semibold text-coral-700">
                          {t("learning:progress.sections", { count: course.sections.length })}
                        </summary>
                        <ul className="mt-2 space-y-1">
                          {course.sections.map((section) => (
                            <li key={section.id} className="flex justify-between gap-3">
                              <bdi>{section.title}</bdi>
                              <span className="shrink-0 text-ink/70">
                                {t("learning:curriculum.sectionProgress", {
                                  done: section.completedLessons,
                                  total: section.totalLessons,
                                })}
                              </span>
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                    <div className="mt-3 flex items-center justify-between gap-4 text-sm">
                      <span className="text-ink/70">
                        {t("catalog:courses.lessons", { count: course.lessonCount })}
                      </span>
                      <Link
                        to={localize(
                          course.progress.lastLessonId
                            ? `/courses/${course.id}/learn/${course.progress.lastLessonId}`
                            : `/courses/${course.id}/learn`,
                        )}
                        aria-label={t(
                          course.progress.lastLessonId
                            ? "learning:progress.continueLabel"
                            : "learning:progress.startLabel",
                          { title: course.title },
                        )}
                        data-testid="continue-course"
                        className="rounded-md bg-coral-600 px-4 py-2 font-semibold text-white hover:bg-coral-700"
                      >
                        {t(
                          course.progress.lastLessonId
                            ? "learning:progress.continue"
                            : "learning:progress.start",
                        )}
                      </Link>
                    </div>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

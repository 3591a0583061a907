// /courses/:id/learn: a course's lessons in order, with their videos and notes, for those who may open it.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "../auth/guards.server";
import { canAccessCourse, getCourseForLearning } from "../commerce/enrollment.server";
import { PageIntro } from "../components/page-intro";
import { useLocalizePath } from "../i18n/use-locale";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getDb } from "../middleware/database.server";
import type { Route } from "./+types/course-learn";

export const handle = { i18n: ["catalog"] };

/**
 * Lesson URLs are typed by trainers, so only https addresses (and, for notes, paths on this site) reach an
 * iframe src or a link: anything else, such as a javascript: URL, is treated as missing.
 */
function safeMaterialUrl(url: string | null, { allowSitePath }: { allowSitePath: boolean }): string | null {
  if (!url) return null;
  if (allowSitePath && url.startsWith("/") && !url.startsWith("//")) return url;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const courseId = parseId(params.id);
  const course = courseId === null ? null : await getCourseForLearning(db, page.locale, courseId);
  if (!course) throw new Response("Not Found", { status: 404 });
  if (!(await canAccessCourse(db, user, course.id))) {
    // A draft stays invisible to those who may not open it; a published course says why it is closed.
    throw new Response(course.isPublished ? "Forbidden" : "Not Found", {
      status: course.isPublished ? 403 : 404,
    });
  }
  return {
    meta: page.meta(
      course.title,
      page.t("catalog:enrollment.learn.metaDescription", { title: course.title }),
    ),
    course: {
      id: course.id,
      title: course.title,
      lessons: course.lessons.map((lesson) => ({
        ...lesson,
        embedUrl: safeMaterialUrl(lesson.embedUrl, { allowSitePath: false }),
        pdfUrl: safeMaterialUrl(lesson.pdfUrl, { allowSitePath: true }),
      })),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CourseLearn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const localize = useLocalizePath();
  const { course } = loaderData;
  return (
    <>
      <PageIntro title={course.title} eyebrow={t("enrollment.learn.eyebrow")}>
        <Link
          to={localize("/my-enrollments")}
          className="mt-4 inline-block text-sm font-semibold text-coral-700 hover:underline"
        >
          {t("enrollment.learn.backToMyCourses")}
        </Link>
      </PageIntro>
      <section className="mx-auto max-w-4xl px-4 py-12" aria-labelledby="lessons-heading">
        <h2 id="lessons-heading" className="text-2xl font-bold">
          {t("enrollment.learn.lessonsHeading")}
        </h2>
        {course.lessons.length === 0 ? (
          <p className="mt-4 text-ink/70">{t("enrollment.learn.noLessons")}</p>
        ) : (
          <ol className="mt-6 space-y-8" data-testid="lesson-list">
            {course.lessons.map((lesson) => (
              <li key={lesson.id} className="rounded-xl border border-ink/10 bg-white p-5 shadow-sm">
                <article aria-labelledby={`lesson-${lesson.id}-title`}>
                  <div className="flex items-baseline gap-3">
                    <span className="shrink-0 text-sm font-bold text-coral-700">
                      {t("enrollment.learn.lessonNumber", { position: lesson.position })}
                    </span>
                    <h3 id={`lesson-${lesson.id}-title`} className="flex-1 text-lg font-semibold text-start">
                      {lesson.title}
                    </h3>
                    {lesson.durationMinutes ? (
                      <span className="ms-auto shrink-0 text-sm text-ink/70">
                        {t("courses.minutes", { count: lesson.durationMinutes })}
                      </span>
                    ) : null}
                  </div>
                  {lesson.embedUrl ? (
                    <div className="mt-4 aspect-video overflow-hidden rounded-lg bg-ink">
                      <iframe
                        src={lesson.embedUrl}
                        title={t("enrollment.learn.videoTitle", {
                          position: lesson.position,
                          title: lesson.title,
                        })}
                        loading="lazy"
                        allow="fullscreen; picture-in-picture"
                        allowFullScreen
                        referrerPolicy="strict-origin-when-cross-origin"
                        className="size-full border-0"
                      />
                    </div>
                  ) : null}
                  {lesson.pdfUrl ? (
                    <a
                      href={lesson.pdfUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-4 inline-block font-semibold text-coral-700 hover:underline"
                    >
                      {t("enrollment.learn.openPdf")}
                    </a>
                  ) : null}
                  {!lesson.embedUrl && !lesson.pdfUrl ? (
                    <p className="mt-3 border-s-4 border-coral-500 bg-sand ps-3 pe-3 py-2 text-sm text-ink/75">
                      {t("enrollment.learn.videoComingSoon")}
                    </p>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

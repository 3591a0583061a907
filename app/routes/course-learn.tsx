// /courses/:id/learn/:lessonId: one lesson of a course for those who may open it (app/access/policy.ts:
// enrolled learners, the course's trainer, admins) — its video, its notes, the curriculum with ticks,
// previous/next and "Mark as complete" — and a free-preview lesson for everyone, guests included, with
// nothing recorded. /courses/:id/learn (the same module, route id "course-learn") sends the learner on to
// the lesson they touched last, or the first.
import type { ReactNode } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import { getUser, loginRedirect, requireUser } from "../auth/guards.server";
import { certificateStatus } from "../certificates/status.server";
import { CertificatePanel } from "../components/certificate-panel";
import { EnhancedFormMarker } from "../components/enhanced-form-marker";
import { Curriculum } from "../components/learning/curriculum";
import { LessonPlayer } from "../components/learning/lesson-player";
import { CourseProgressBar } from "../components/learning/progress-bar";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { openLesson } from "../learning/lesson.server";
import { openedToken, readOpenedToken } from "../learning/opened-token.server";
import { progressPercent } from "../learning/policy";
import { recordProgress } from "../learning/progress.server";
import { fail, isEnhanced, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/course-learn";

export const handle = { i18n: ["learning", "certificates"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const courseId = parseId(params.id);
  const askedLesson = params.lessonId === undefined ? null : parseId(params.lessonId);
  if (courseId === null || (params.lessonId !== undefined && askedLesson === null)) {
    throw new Response("Not Found", { status: 404 });
  }
  const result = await openLesson(db, user, page.locale, courseId, askedLesson);
  if (!result.ok) {
    if (result.reason === "sign_in") throw loginRedirect(request);
    // A draft stays invisible to those who may not open it; a published course says why it is closed.
    throw new Response(result.reason === "forbidden" ? "Forbidden" : "Not Found", {
      status: result.reason === "forbidden" ? 403 : 404,
    });
  }
  const { opened } = result;
  if (askedLesson === null && opened) {
    throw redirect(localizePath(`/courses/${courseId}/learn/${opened.lesson.id}`, page.locale));
  }
  return {
    meta: opened
      ? page.meta(
          `${opened.lesson.title} · ${opened.course.title}`,
          page.t("learning:meta.description", { lesson: opened.lesson.title, course: opened.course.title }),
        )
      : page.meta(
          result.courseTitle,
          page.t("learning:meta.courseDescription", { course: result.courseTitle }),
        ),
    courseId,
    courseTitle: result.courseTitle,
    opened,
    certificate: opened?.preview ? null : await certificateStatus(db, user, courseId),
    // When this page was opened, signed: "Mark as complete" without JavaScript has no positions to show.
    openedToken: user && opened && !opened.preview ? openedToken(user.id, opened.lesson.id) : null,
  };
}

const LearnAction = z.object({
  intent: z.enum(["complete", "incomplete"]),
  /** The signed time the page was opened (app/learning/opened-token.server.ts), checked when read. */
  opened: z.string().optional(),
});

/** "Mark as complete" and "mark as not complete": a plain form without JS, a fetcher with it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const page = pageContext(request, context);
  const t = page.tIn("learning");
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  const form = await readForm(request);
  const back = localizePath(
    courseId && lessonId ? `/courses/${courseId}/learn/${lessonId}` : "/my-enrollments",
    page.locale,
  );
  const user = getUser(context);
  if (!user) {
    if (isEnhanced(form)) return fail(form, back, t("errors.loginFirst"), 401);
    requireUser(request, context);
  }
  const parsed = validateForm(form, LearnAction, t);
  if (!user || courseId === null || lessonId === null) throw new Response("Not Found", { status: 404 });
  if (!parsed.ok) return fail(form, back, t("errors.invalid"), 400);
  const completed = parsed.data.intent === "complete";
  const openedAt = readOpenedToken(parsed.data.opened ?? null, user.id, lessonId) ?? undefined;
  const outcome = await recordProgress(getDb(context), user, courseId, lessonId, { completed, openedAt });
  if (!outcome.ok) {
    if (outcome.reason === "forbidden") return fail(form, back, t("errors.forbidden"), 403);
    if (outcome.reason === "not_watched") return fail(form, back, t("complete.notWatched"), 409);
    // An unknown lesson has no page to go back to.
    if (!isEnhanced(form)) throw new Response("Not Found", { status: 404 });
    return fail(form, back, t("errors.notFound"), 404);
  }
  return succeed(form, back, t(completed ? "complete.marked" : "complete.unmarked"), {
    completed: outcome.progress.completed,
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

type Opened = NonNullable<Route.ComponentProps["loaderData"]["opened"]>;

export default function CourseLearn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learning");
  const localize = useLocalizePath();
  const { opened, courseTitle } = loaderData;
  if (!opened) {
    return (
      <PageIntro title={courseTitle} eyebrow={t("eyebrow")}>
        <p className="mt-4 text-ink/75">{t("noLessons")}</p>
        <BackLinks courseId={loaderData.courseId} />
      </PageIntro>
    );
  }
  return (
    <LessonPage
      key={opened.lesson.id}
      opened={opened}
      openedToken={loaderData.openedToken}
      localize={localize}
      aside={
        <CertificatePanel
          status={loaderData.certificate}
          back={localize(`/courses/${opened.course.id}/learn/${opened.lesson.id}`)}
          progressShownElsewhere
        />
      }
    />
  );
}

function BackLinks({ courseId }: { courseId: number }) {
  const { t } = useTranslation("learning");
  const localize = useLocalizePath();
  return (
    <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold text-coral-700">
      <Link to={localize("/my-enrollments")} className="hover:underline">
        {t("backToMyCourses")}
      </Link>
      <Link to={localize(`/courses/${courseId}`)} className="hover:underline">
        {t("coursePage")}
      </Link>
    </p>
  );
}

/**
 * The lesson page. `aside` is where other features add course-level calls to action under the progress
 * (the certificates feature: "Get your certificate").
 */
function LessonPage({
  opened,
  openedToken,
  localize,
  aside,
}: {
  opened: Opened;
  /** When the page was opened, signed, for "Mark as complete" (app/learning/opened-token.server.ts). */
  openedToken: string | null;
  localize: (path: string) => string;
  aside?: ReactNode;
}) {
  const { t } = useTranslation("learning");
  const { course, lesson, progress, lessonProgress } = opened;
  const fetcher = useFetcher<typeof action>({ key: `lesson-complete-${lesson.id}` });
  // Optimistic: while the request is in flight the tick shows what was asked for; afterwards the loader's
  // answer is the truth, so a refusal rolls it back (with the error toast from FetcherToasts).
  const pending = fetcher.formData?.get("intent");
  const completed = pending ? pending === "complete" : lessonProgress.completed;
  const delta = completed === lessonProgress.completed ? 0 : completed ? 1 : -1;
  const completedLessons = progress.completedLessons + delta;
  const percent = progressPercent(completedLessons, progress.totalLessons);
  return (
    <>
      <div className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-6">
          <p className="text-sm font-semibold text-coral-700">
            <Link to={localize(`/courses/${course.id}`)} className="hover:underline">
              {course.title}
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl" data-testid="lesson-title">
            {lesson.title}
          </h1>
          <p className="mt-1 text-sm text-ink/70">
            {t("lessonOf", { position: lesson.position, total: course.lessons.length })}
          </p>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <LessonPlayer
            courseId={course.id}
            lessonId={lesson.id}
            title={lesson.title}
            video={opened.video}
            embedUrl={lesson.embedUrl}
            resumeAt={lessonProgress.resumeAt}
            completed={lessonProgress.completed}
            recordProgress={!opened.preview}
          />
          {opened.preview ? (
            <p className="rounded-lg border border-teal/40 bg-sand px-4 py-3" data-testid="preview-notice">
              {t("preview.notice")}{" "}
              <Link
                to={localize(`/courses/${course.id}`)}
                className="font-semibold text-coral-700 hover:underline"
              >
                {t("preview.cta")}
              </Link>
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-4">
            {opened.preview ? null : (
              <fetcher.Form method="post" data-testid="complete-form">
                <EnhancedFormMarker />
                <input type="hidden" name="intent" value={completed ? "incomplete" : "complete"} />
                {openedToken ? <input type="hidden" name="opened" value={openedToken} /> : null}
                <button
                  type="submit"
                  aria-pressed={completed}
                  data-testid="complete-toggle"
                  className={
                    completed
                      ? "rounded-md border border-teal px-4 py-2.5 font-semibold text-teal-700 hover:bg-sand"
                      : "rounded-md bg-coral-600 px-4 py-2.5 font-semibold text-white hover:bg-coral-700"
                  }
                >
                  {completed ? t("complete.undo") : t("complete.mark")}
                </button>
              </fetcher.Form>
            )}
            {completed ? (
              <p className="text-sm font-semibold text-teal-700" data-testid="lesson-completed">
                {t("complete.done")}
              </p>
            ) : null}
            {lesson.pdfUrl ? (
              <a
                href={lesson.pdfUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-coral-700 hover:underline"
                data-testid="lesson-pdf"
              >
                {t("openPdf")}
              </a>
            ) : null}
          </div>
          <nav
            aria-label={t("pager.label")}
            className="flex flex-wrap justify-between gap-4 border-t border-ink/10 pt-4"
          >
            {opened.previousLessonId ? (
              <Link
                to={localize(`/courses/${course.id}/learn/${opened.previousLessonId}`)}
                rel="prev"
                className="font-semibold text-coral-700 hover:underline"
                data-testid="previous-lesson"
              >
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  {"\u2190"}
                </span>{" "}
                {t("pager.previous")}
              </Link>
            ) : (
              <span />
            )}
            {opened.nextLessonId ? (
              <Link
                to={localize(`/courses/${course.id}/learn/${opened.nextLessonId}`)}
                rel="next"
                className="font-semibold text-coral-700 hover:underline"
                data-testid="next-lesson"
              >
                {t("pager.next")}{" "}
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  {"\u2192"}
                </span>
              </Link>
            ) : null}
          </nav>
        </div>
        <aside className="space-y-6" aria-label={t("sidebar.label")}>
          {opened.preview ? null : (
            <CourseProgressBar
              completedLessons={completedLessons}
              totalLessons={progress.totalLessons}
              percent={percent}
            />
          )}
          {opened.preview ? null : aside}
          <Curriculum
            courseId={course.id}
            lessons={course.lessons}
            currentLessonId={lesson.id}
            currentCompleted={completed}
            previewOnly={opened.preview}
          />
          <BackLinks courseId={course.id} />
        </aside>
      </div>
    </>
  );
}

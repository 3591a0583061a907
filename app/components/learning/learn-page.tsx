// The learn page: the lesson (video, PDF, text), marking it complete, the course's lessons and the way back.
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { useLocale, useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { progressPercent } from "../../learning/policy";
import type { Route } from "../../routes/+types/course-learn";
import type { action } from "../../routes/course-learn";
import type { QualityChoice } from "../../video/renditions";
import { CertificatePanel } from "../certificate-panel";
import { EnhancedFormMarker } from "../enhanced-form-marker";
import { PageIntro } from "../page-intro";
import { LessonQa } from "../qa/lesson-qa";
import { QuizPanel } from "../quiz/quiz-panel";
import { Curriculum } from "./curriculum";
import { LessonPlayer } from "./lesson-player";
import { CourseProgressBar } from "./progress-bar";

type LoaderData = Route.ComponentProps["loaderData"];

type Opened = NonNullable<Route.ComponentProps["loaderData"]["opened"]>;

export function CourseLearn({ loaderData }: { loaderData: LoaderData }) {
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
      qualityChoice={loaderData.qualityChoice}
      offline={loaderData.offline}
      localize={localize}
      quiz={
        <QuizPanel
          courseId={opened.course.id}
          lessonId={opened.lesson.id}
          overview={loaderData.quiz}
          completed={opened.lessonProgress.completed}
        />
      }
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
  qualityChoice,
  offline,
  localize,
  aside,
  quiz,
}: {
  opened: Opened;
  /** A quiz lesson's panel: its attempts, or the attempt in progress. */
  quiz?: ReactNode;
  /** When the page was opened, signed, for "Mark as complete" (app/learning/opened-token.server.ts). */
  openedToken: string | null;
  qualityChoice: QualityChoice;
  offline: LoaderData["offline"];
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
          {lesson.kind === "article" ? (
            <article
              className="rich-text text-lg leading-relaxed text-ink/85"
              data-testid="article-body"
              dir="auto"
              // Sanitized with an allowlist when the trainer saved it (app/lib/markdown.server.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on save.
              dangerouslySetInnerHTML={{ __html: lesson.articleHtml ?? "" }}
            />
          ) : lesson.kind === "quiz" ? (
            quiz
          ) : (
            <LessonPlayer
              courseId={course.id}
              lessonId={lesson.id}
              title={lesson.title}
              video={opened.video}
              embedUrl={lesson.embedUrl}
              resumeAt={lessonProgress.resumeAt}
              completed={lessonProgress.completed}
              recordProgress={!opened.preview}
              captions={opened.captions}
              qualityChoice={qualityChoice}
            />
          )}
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
            {/* A quiz completes when it is passed, never by hand. */}
            {opened.preview || lesson.kind === "quiz" ? null : (
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
          {offline ? <OfflineDownloads offline={offline} /> : null}
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
          <LessonQa />
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
            sections={course.sections}
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

/**
 * The lesson's files for offline (decision 058): each a signed link that works for two hours, counted
 * against the learner's daily allowance. A <details>, so it takes no room until asked for, with or without
 * JavaScript.
 */
function OfflineDownloads({ offline }: { offline: NonNullable<LoaderData["offline"]> }) {
  const { t } = useTranslation("learning");
  const locale = useLocale();
  const megabytes = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
  });
  return (
    <details className="rounded-lg border border-ink/15 px-4 py-3" data-testid="offline-downloads">
      <summary className="cursor-pointer font-semibold text-coral-700">{t("offline.heading")}</summary>
      {offline.files.length === 0 ? (
        <p className="mt-2 text-sm text-ink/75">{t("offline.nothingYet")}</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {offline.files.map((file) => (
            <li key={file.kind}>
              <a
                href={file.href}
                download
                className="font-semibold text-coral-700 hover:underline"
                data-testid={`offline-${file.kind}`}
              >
                {t(`offline.kind.${file.kind}`)}
              </a>
              {file.bytes ? (
                <span className="text-sm text-ink/70">
                  {" "}
                  ({megabytes.format(Math.max(0.1, file.bytes / 1e6))})
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-ink/75" data-testid="offline-allowance">
        {t("offline.allowance", { count: offline.remaining, limit: offline.dailyLimit })}{" "}
        {t("offline.expiry")}
      </p>
    </details>
  );
}

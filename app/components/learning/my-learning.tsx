// The body of /my-enrollments, "My learning" (issue 50): the continue card, the quizzes waiting for a retry,
// the courses in progress, then the completed ones with their certificates. Links only: nothing here changes
// state, so it works the same without JavaScript.
import { Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { ContinueCard } from "../../learning/home";
import type { RetryQuiz } from "../../learning/home.server";
import { CourseThumbnail } from "../cards";
import { EmptyState } from "../empty-state";
import { PageIntro } from "../page-intro";
import { CourseProgressBar } from "./progress-bar";

export type MyLearningCourse = {
  id: number;
  title: string;
  category: string;
  image: string;
  instructorName: string;
  lessonCount: number;
  enrolledAt: string;
  enrolledOn: string;
  progress: { completedLessons: number; totalLessons: number; percent: number; lastLessonId: number | null };
  sections: { id: number; title: string; completedLessons: number; totalLessons: number }[];
  certificate: { id: string; revoked: boolean; pdfPath: string } | null;
};

const button =
  "inline-block rounded-md bg-coral-600 px-4 py-2 text-sm font-semibold text-white hover:bg-coral-700";

export function MyLearningPage({
  continue: next,
  inProgress,
  completed,
  retryQuizzes,
}: {
  continue: ContinueCard | null;
  inProgress: MyLearningCourse[];
  completed: MyLearningCourse[];
  retryQuizzes: RetryQuiz[];
}) {
  const { t } = useTranslation(["mylearning", "learning", "catalog", "common"]);
  if (inProgress.length === 0 && completed.length === 0) {
    return (
      <>
        <PageIntro title={t("mylearning:title")} />
        <EmptyState message={t("mylearning:empty")} />
      </>
    );
  }
  return (
    <>
      <PageIntro title={t("mylearning:title")} lead={t("mylearning:lead")} />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-12">
        {next ? <ContinueSection next={next} /> : null}
        {retryQuizzes.length > 0 ? <RetrySection quizzes={retryQuizzes} /> : null}
        <section aria-labelledby="in-progress-heading" data-testid="in-progress">
          <h2 id="in-progress-heading" className="text-2xl font-bold">
            {t("mylearning:inProgress.heading")}
          </h2>
          {inProgress.length === 0 ? (
            <p className="mt-3 text-ink/75">{t("mylearning:inProgress.empty")}</p>
          ) : (
            <CourseGrid courses={inProgress} label={t("mylearning:inProgress.heading")} />
          )}
        </section>
        {completed.length > 0 ? (
          <section aria-labelledby="completed-heading" data-testid="completed">
            <h2 id="completed-heading" className="text-2xl font-bold">
              {t("mylearning:completed.heading")}
            </h2>
            <CourseGrid courses={completed} label={t("mylearning:completed.heading")} />
          </section>
        ) : null}
      </div>
    </>
  );
}

function ContinueSection({ next }: { next: ContinueCard }) {
  const { t } = useTranslation(["mylearning", "learning"]);
  const localize = useLocalizePath();
  return (
    <section
      aria-labelledby="continue-heading"
      className="rounded-xl border border-coral-600/30 bg-coral-50 p-6"
      data-testid="continue-card"
    >
      <h2 id="continue-heading" className="text-sm font-semibold text-coral-700">
        {t("mylearning:continue.heading")}
      </h2>
      <p className="mt-2 text-xl font-bold" dir="auto">
        {next.courseTitle}
      </p>
      <p className="mt-1 text-ink/75">
        {t("mylearning:continue.lesson", { lesson: next.lessonTitle, interpolation: { escapeValue: false } })}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <div
          role="progressbar"
          aria-label={t("learning:progress.label")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={next.progressPercent}
          aria-valuetext={t("learning:progress.percent", { percent: next.progressPercent })}
          className="h-2 min-w-40 flex-1 overflow-hidden rounded-full bg-ink/10"
        >
          <div className="h-full rounded-full bg-teal" style={{ width: `${next.progressPercent}%` }} />
        </div>
        <span className="text-sm font-semibold">
          {t("learning:progress.percent", { percent: next.progressPercent })}
        </span>
        <Link
          to={localize(`/courses/${next.courseId}/learn/${next.lessonId}`)}
          aria-label={t("mylearning:continue.buttonLabel", {
            lesson: next.lessonTitle,
            course: next.courseTitle,
            interpolation: { escapeValue: false },
          })}
          className={button}
          data-testid="continue-lesson"
        >
          {t("mylearning:continue.button")}
        </Link>
      </div>
    </section>
  );
}

function RetrySection({ quizzes }: { quizzes: RetryQuiz[] }) {
  const { t } = useTranslation("mylearning");
  const localize = useLocalizePath();
  return (
    <section aria-labelledby="retry-heading" data-testid="retry-quizzes">
      <h2 id="retry-heading" className="text-2xl font-bold">
        {t("retry.heading")}
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {quizzes.map((quiz) => (
          <li
            key={quiz.lessonId}
            className="flex flex-col gap-2 rounded-xl border border-amber-500/40 bg-amber-50 p-4"
          >
            <p className="font-semibold" dir="auto">
              {quiz.lessonTitle}
            </p>
            <p className="text-sm text-ink/75" dir="auto">
              {quiz.courseTitle}
            </p>
            <p className="text-sm">
              {t("retry.score", { score: quiz.scorePercent, pass: quiz.passPercent })}{" "}
              {quiz.attemptsLeft === null
                ? t("retry.unlimited")
                : t("retry.attemptsLeft", { count: quiz.attemptsLeft })}
            </p>
            <Link
              to={localize(`/courses/${quiz.courseId}/learn/${quiz.lessonId}`)}
              aria-label={t("retry.buttonLabel", {
                lesson: quiz.lessonTitle,
                course: quiz.courseTitle,
                interpolation: { escapeValue: false },
              })}
              className={`${button} self-start`}
            >
              {t("retry.button")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CourseGrid({ courses, label }: { courses: MyLearningCourse[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="enrollment-list"
    >
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}

function CourseCard({ course }: { course: MyLearningCourse }) {
  const { t } = useTranslation(["mylearning", "learning", "catalog", "common"]);
  const localize = useLocalizePath();
  const { progress, certificate } = course;
  const resume = progress.lastLessonId
    ? `/courses/${course.id}/learn/${progress.lastLessonId}`
    : `/courses/${course.id}/learn`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-ink/10 bg-white shadow-sm">
      <CourseThumbnail course={course} />
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-semibold text-coral-700">{t(`common:categories.${course.category}`)}</p>
        <h3 className="mt-1 text-lg font-semibold leading-snug" dir="auto">
          {course.title}
        </h3>
        <p className="mt-1 text-sm text-ink/70">{t("catalog:courses.by", { name: course.instructorName })}</p>
        <p className="mt-1 text-sm text-ink/70">
          <time dateTime={course.enrolledAt}>
            {t("catalog:enrollment.enrolledOn", { date: course.enrolledOn })}
          </time>
        </p>
        <div className="mt-auto pt-4">
          {progress.totalLessons > 0 ? (
            <CourseProgressBar
              completedLessons={progress.completedLessons}
              totalLessons={progress.totalLessons}
              percent={progress.percent}
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
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
            <span className="text-ink/70">{t("catalog:courses.lessons", { count: course.lessonCount })}</span>
            {certificate ? (
              certificate.revoked ? (
                <span className="text-ink/70">{t("mylearning:completed.revoked")}</span>
              ) : (
                <a
                  href={certificate.pdfPath}
                  aria-label={t("mylearning:completed.certificateLabel", {
                    title: course.title,
                    interpolation: { escapeValue: false },
                  })}
                  className={button}
                  data-testid="view-certificate"
                >
                  {t("mylearning:completed.certificate")}
                </a>
              )
            ) : null}
            <Link
              to={localize(resume)}
              aria-label={t(
                progress.percent >= 100
                  ? "mylearning:completed.reviewLabel"
                  : progress.lastLessonId
                    ? "learning:progress.continueLabel"
                    : "learning:progress.startLabel",
                { title: course.title, interpolation: { escapeValue: false } },
              )}
              data-testid="continue-course"
              className={
                certificate
                  ? "rounded-md px-4 py-2 font-semibold text-coral-700 ring-1 ring-coral-600 hover:bg-coral-50"
                  : button
              }
            >
              {t(
                progress.percent >= 100
                  ? "mylearning:completed.review"
                  : progress.lastLessonId
                    ? "learning:progress.continue"
                    : "learning:progress.start",
              )}
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}

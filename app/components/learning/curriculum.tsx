// The course's sections and lessons beside the lesson: each lesson links to its page and carries a
// completion tick, each section says how many of its lessons are done. In a free preview only the other
// previews link; the rest are listed, marked as for enrolled learners.

import { Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { CurriculumLesson } from "../../learning/lesson.server";

export function Curriculum({
  courseId,
  sections,
  lessons,
  currentLessonId,
  currentCompleted,
  previewOnly = false,
}: {
  courseId: number;
  sections: { id: number; title: string }[];
  lessons: CurriculumLesson[];
  currentLessonId: number;
  /** The current lesson's tick as the page shows it (optimistic while "mark as complete" is in flight). */
  currentCompleted: boolean;
  /** A free preview: only previews open, and there are no ticks (nothing is recorded). */
  previewOnly?: boolean;
}) {
  const { t } = useTranslation("learning");
  return (
    <nav aria-labelledby="curriculum-heading">
      <h2 id="curriculum-heading" className="text-lg font-bold">
        {t("curriculum.heading")}
      </h2>
      <div className="mt-3 space-y-4" data-testid="curriculum">
        {sections.map((section) => {
          const mine = lessons.filter((lesson) => lesson.sectionId === section.id);
          if (mine.length === 0) return null;
          const done = mine.filter((lesson) =>
            lesson.id === currentLessonId ? currentCompleted : lesson.completed,
          ).length;
          return (
            <section
              key={section.id}
              aria-labelledby={`curriculum-section-${section.id}`}
              data-testid="curriculum-section"
            >
              <h3
                id={`curriculum-section-${section.id}`}
                className="flex items-baseline justify-between gap-3 text-sm font-bold"
              >
                <bdi>{section.title}</bdi>
                {previewOnly ? null : (
                  <span className="shrink-0 text-xs font-semibold text-ink/70" data-testid="section-progress">
                    {t("curriculum.sectionProgress", { done, total: mine.length })}
                  </span>
                )}
              </h3>
              <LessonList
                courseId={courseId}
                lessons={mine}
                currentLessonId={currentLessonId}
                currentCompleted={currentCompleted}
                previewOnly={previewOnly}
              />
            </section>
          );
        })}
      </div>
    </nav>
  );
}

function LessonList({
  courseId,
  lessons,
  currentLessonId,
  currentCompleted,
  previewOnly,
}: {
  courseId: number;
  lessons: CurriculumLesson[];
  currentLessonId: number;
  currentCompleted: boolean;
  previewOnly: boolean;
}) {
  const { t } = useTranslation("learning");
  const localize = useLocalizePath();
  return (
    <ol className="mt-2 divide-y divide-ink/10 rounded-lg border border-ink/10 bg-white">
      {lessons.map((lesson) => {
        const current = lesson.id === currentLessonId;
        const completed = current ? currentCompleted : lesson.completed;
        if (previewOnly && !lesson.isFreePreview) {
          return (
            <li key={lesson.id} data-testid="curriculum-lesson" data-locked="true">
              <span className="flex items-start gap-3 px-3 py-2.5 text-sm text-ink/70">
                <span className="flex-1">
                  {t("curriculum.number", { position: lesson.position })} {lesson.title}
                  <span className="block text-xs">{t("curriculum.locked")}</span>
                </span>
              </span>
            </li>
          );
        }
        if (previewOnly) {
          return (
            <li key={lesson.id} data-testid="curriculum-lesson">
              <Link
                to={localize(`/courses/${courseId}/learn/${lesson.id}`)}
                aria-current={current ? "page" : undefined}
                className={`flex items-start gap-3 px-3 py-2.5 text-sm hover:bg-sand ${current ? "bg-sand font-semibold" : ""}`}
              >
                <span className="flex-1">
                  <span className="text-ink/70">{t("curriculum.number", { position: lesson.position })}</span>{" "}
                  {lesson.title}
                  <span className="block text-xs font-normal text-teal-700">{t("curriculum.preview")}</span>
                </span>
              </Link>
            </li>
          );
        }
        return (
          <li key={lesson.id} data-completed={completed} data-testid="curriculum-lesson">
            <Link
              to={localize(`/courses/${courseId}/learn/${lesson.id}`)}
              aria-current={current ? "page" : undefined}
              className={`flex items-start gap-3 px-3 py-2.5 text-sm hover:bg-sand ${current ? "bg-sand font-semibold" : ""}`}
            >
              <Tick completed={completed} />
              <span className="flex-1">
                <span className="text-ink/70">{t("curriculum.number", { position: lesson.position })}</span>{" "}
                {lesson.title}
                {lesson.kind === "video" ? null : (
                  <span className="block text-xs font-normal text-ink/70">
                    {t(`curriculum.kinds.${lesson.kind}`)}
                  </span>
                )}
                <span className="sr-only">
                  {" — "}
                  {completed ? t("curriculum.completed") : t("curriculum.notCompleted")}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

function Tick({ completed }: { completed: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border ${
        completed ? "border-teal bg-teal text-white" : "border-ink/30 bg-white"
      }`}
    >
      {completed ? (
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 fill-none stroke-current stroke-2">
          <path d="M3.5 8.5l3 3 6-7" />
        </svg>
      ) : null}
    </span>
  );
}

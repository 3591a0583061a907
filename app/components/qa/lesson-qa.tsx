// The learn page's Q&A panel (issue 35): the lesson's questions and the form to ask one. It reads its data
// from the learn route's loader (`qa`, app/qa/qa.server.ts lessonQaPanel), so the page mounts it as one
// element; a preview or a reader who may not see the Q&A gets nothing.
import { Link, useLoaderData } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { LessonQaPanel } from "../../qa/qa.server";
import { AskForm, QuestionRow } from "./shared";

export function LessonQa() {
  const data = (useLoaderData() as { qa?: LessonQaPanel | null } | undefined)?.qa;
  const { t } = useTranslation("qa");
  const localize = useLocalizePath();
  if (!data) return null;
  return (
    <section
      aria-labelledby="lesson-qa-heading"
      className="space-y-4 border-t border-ink/10 pt-6"
      data-testid="lesson-qa"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="lesson-qa-heading" className="text-xl font-bold">
          {t("lesson.heading")}
        </h2>
        <Link
          to={localize(`/courses/${data.courseId}/questions`)}
          className="text-sm font-semibold text-coral-700 hover:underline"
        >
          {t("lesson.allQuestions")}
        </Link>
      </div>
      {data.items.length === 0 ? (
        <p className="text-ink/70">{t("lesson.empty")}</p>
      ) : (
        <ol className="space-y-3">
          {data.items.map((item) => (
            <QuestionRow key={item.id} item={item} canVote={data.canPost} />
          ))}
        </ol>
      )}
      {data.total > data.items.length ? (
        <Link
          to={localize(`/courses/${data.courseId}/questions?lesson=${data.lessonId}`)}
          className="text-sm font-semibold text-coral-700 hover:underline"
        >
          {t("lesson.more", { count: data.total })}
        </Link>
      ) : null}
      {data.canPost ? (
        <>
          <h3 className="text-lg font-semibold">{t("ask.heading")}</h3>
          <AskForm courseId={data.courseId} lessonId={data.lessonId} />
        </>
      ) : null}
    </section>
  );
}

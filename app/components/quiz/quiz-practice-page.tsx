// A practice of a quiz: the questions in one plain form, then the result; nothing is recorded.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/quiz-practice";
import { PageIntro } from "../page-intro";
import { QuizQuestions } from "./quiz-questions";
import { QuizResult } from "./quiz-result";

export function QuizPracticePage({
  loaderData,
  actionData,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("learning");
  const localize = useLocalizePath();
  const { course, lesson } = loaderData;
  const lessonPage = localize(`/courses/${course.id}/learn/${lesson.id}`);
  const result = actionData && "result" in actionData ? actionData.result : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <>
      <PageIntro width="3xl" title={lesson.title} eyebrow={course.title}>
        <p className="mt-3 text-sm font-semibold text-coral-700">
          <Link to={lessonPage} className="hover:underline" data-testid="back-to-lesson">
            {t("quiz.backToLesson")}
          </Link>
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <p className="rounded-md bg-sand px-4 py-3 text-sm" data-testid="quiz-practice-notice">
          {t("quiz.practiceNotice")}
        </p>
        {error ? (
          <p role="alert" className="font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        {result ? (
          <>
            <QuizResult {...result} remaining={null} />
            <p>
              <Link
                to={localize(`/courses/${course.id}/learn/${lesson.id}/practice`)}
                reloadDocument
                className="inline-block rounded-md bg-ink px-5 py-2.5 font-semibold text-white"
                data-testid="quiz-practice-again"
              >
                {t("quiz.practiceAgain")}
              </Link>
            </p>
          </>
        ) : (
          <Form method="post" className="space-y-6" data-testid="quiz-attempt-form">
            {loaderData.questions.map((question) => (
              <input key={question.id} type="hidden" name="shown" value={`${question.id}:${question.kind}`} />
            ))}
            <QuizQuestions questions={loaderData.questions} saved={[]} />
            <button
              type="submit"
              className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
              data-testid="quiz-submit"
            >
              {t("quiz.submit")}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}

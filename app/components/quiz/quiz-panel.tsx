// A quiz lesson on the learn page (issue 32): the quiz's rules, the learner's attempts with the best score,
// and "Start" (a plain form: the server draws the questions and records the attempt) or "Continue" for an
// attempt still open. Someone who only practises (a free preview, the course's staff) gets "Try it".
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { QuizOverview } from "../../quizzes/overview.server";

type Overview = Omit<QuizOverview, "list"> & {
  list: Omit<QuizOverview["list"], "attempts"> & {
    attempts: {
      id: string;
      number: number;
      submittedAt: string | null;
      scorePercent: number | null;
      passed: boolean | null;
    }[];
  };
};

export function QuizPanel({
  courseId,
  lessonId,
  overview,
  completed,
}: {
  courseId: number;
  lessonId: number;
  overview: Overview | null;
  completed: boolean;
}) {
  const { t } = useTranslation("learning");
  const localize = useLocalizePath();
  if (!overview || overview.questionCount === 0) {
    return (
      <p className="rounded-xl border border-ink/10 bg-sand p-5" data-testid="quiz-not-ready">
        {t("quiz.notReady")}
      </p>
    );
  }
  const { list } = overview;
  const base = `/courses/${courseId}/learn/${lessonId}`;
  const submitted = list.attempts.filter((attempt) => attempt.submittedAt !== null);
  const mayStart = list.practice || list.remaining === null || list.remaining > 0;
  return (
    <section
      aria-labelledby="quiz-heading"
      className="space-y-5 rounded-xl border border-ink/10 bg-white p-5"
      data-testid="quiz-panel"
    >
      <h2 id="quiz-heading" className="text-xl font-bold">
        {t("quiz.heading")}
      </h2>
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        <li>{t("quiz.questions", { count: overview.questionCount })}</li>
        <li>{t("quiz.passMarkRule", { percent: overview.passPercent })}</li>
        <li>
          {overview.timeLimitMinutes
            ? t("quiz.timeLimit", { count: overview.timeLimitMinutes })
            : t("quiz.noTimeLimit")}
        </li>
        <li>
          {overview.maxAttempts === 0
            ? t("quiz.unlimitedAttempts")
            : t("quiz.attemptsAllowed", { count: overview.maxAttempts })}
        </li>
      </ul>
      {list.practice ? (
        <p className="rounded-md bg-sand px-3 py-2 text-sm" data-testid="quiz-practice-notice">
          {t("quiz.practiceNotice")}
        </p>
      ) : (
        <div className="text-sm" data-testid="quiz-standing">
          {completed ? <p className="font-semibold text-teal-700">{t("quiz.passedAlready")}</p> : null}
          {list.best !== null ? (
            <p data-testid="quiz-best">{t("quiz.best", { percent: list.best })}</p>
          ) : null}
          {list.remaining !== null ? (
            <p data-testid="quiz-remaining">{t("quiz.remaining", { count: list.remaining })}</p>
          ) : null}
        </div>
      )}
      {submitted.length > 0 ? (
        <div>
          <h3 className="text-sm font-bold">{t("quiz.yourAttempts")}</h3>
          <ol className="mt-2 divide-y divide-ink/10 rounded-md border border-ink/10 text-sm">
            {submitted.map((attempt) => (
              <li
                key={attempt.id}
                className="flex items-center justify-between gap-3 px-3 py-2"
                data-testid="quiz-attempt-row"
              >
                <Link
                  to={localize(`${base}/attempts/${attempt.id}`)}
                  className="font-semibold text-coral-700 hover:underline"
                >
                  {t("quiz.attemptNumber", { position: attempt.number })}
                </Link>
                <span>
                  {t("quiz.score", { percent: attempt.scorePercent ?? 0 })} ·{" "}
                  {attempt.passed ? t("quiz.passedShort") : t("quiz.failedShort")}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {overview.openAttemptId ? (
        <Link
          to={localize(`${base}/attempts/${overview.openAttemptId}`)}
          className="inline-block rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
          data-testid="quiz-continue"
        >
          {t("quiz.continue")}
        </Link>
      ) : list.practice ? (
        <Link
          to={localize(`${base}/practice`)}
          className="inline-block rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
          data-testid="quiz-practice"
        >
          {t("quiz.practice")}
        </Link>
      ) : mayStart ? (
        <Form method="post" action={localize(`${base}/attempts`)}>
          <button
            type="submit"
            className="rounded-md bg-coral-600 px-5 py-2.5 font-semibold text-white hover:bg-coral-700"
            data-testid="quiz-start"
          >
            {submitted.length > 0 ? t("quiz.tryAgain") : t("quiz.start")}
          </button>
        </Form>
      ) : (
        <p className="font-semibold text-red-700" data-testid="quiz-no-attempts">
          {t("quiz.noAttemptsLeft")}
        </p>
      )}
    </section>
  );
}

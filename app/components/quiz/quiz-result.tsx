// A submitted attempt: the score, passed or not against the pass mark, and each question marked right or
// wrong when the quiz marks questions; the right answers and the explanations only when the trainer's
// setting reveals them (the server leaves them out otherwise: app/quizzes/snapshot.ts reviewOf). A result
// that did not pass is a warning that says what is left and what to go over.
import { useLocale } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { LearnerQuestion, ReviewItem } from "../../quizzes/snapshot";
import { InlineText, inlineHtml, RichText } from "./quiz-html";

type Saved = { questionId: string; optionIds?: string[]; text?: string }[];

export function QuizResult({
  scorePercent,
  passed,
  passPercent,
  questions,
  answers,
  review,
  remaining,
}: {
  scorePercent: number;
  passed: boolean;
  passPercent: number | null;
  questions: LearnerQuestion[];
  answers: Saved;
  review: ReviewItem[] | undefined;
  /** Attempts left at this quiz, or null when unlimited. */
  remaining: number | null;
}) {
  const { t } = useTranslation("learning");
  const reviewFor = new Map((review ?? []).map((item) => [item.questionId, item]));
  const answerFor = new Map(answers.map((answer) => [answer.questionId, answer]));
  // The server sends the right answers of every question, or of none.
  const revealed = (review ?? []).some(
    (item) => item.correctOptionIds !== undefined || item.acceptedAnswers !== undefined,
  );
  return (
    <section aria-labelledby="quiz-result-heading" className="space-y-6" data-testid="quiz-result">
      <div
        className={`rounded-xl p-5 ${passed ? "bg-teal/10 text-teal-800" : "border border-amber-300 bg-amber-50 text-amber-900"}`}
        data-passed={passed}
        data-testid="quiz-outcome-box"
      >
        <h2 id="quiz-result-heading" className="text-2xl font-bold" data-testid="quiz-score">
          {t("quiz.score", { percent: scorePercent })}
        </h2>
        <p className="mt-1 font-semibold" data-testid="quiz-outcome">
          {passed ? t("quiz.passed") : t("quiz.failed")}
          {passPercent !== null ? ` ${t("quiz.passMark", { percent: passPercent })}` : null}
        </p>
        {passed ? null : (
          <NextSteps
            remaining={remaining}
            wrong={questions.flatMap((question, index) =>
              reviewFor.get(question.id)?.correct === false ? [index + 1] : [],
            )}
            marked={review !== undefined}
          />
        )}
        {revealed ? null : <p className="mt-1 text-sm">{t("quiz.answersHidden")}</p>}
      </div>
      <ol className="space-y-4">
        {questions.map((question, index) => {
          const item = reviewFor.get(question.id);
          const answer = answerFor.get(question.id);
          const chosen = (question.options ?? []).filter((option) => answer?.optionIds?.includes(option.id));
          const right = (question.options ?? []).filter((option) =>
            item?.correctOptionIds?.includes(option.id),
          );
          return (
            <li
              key={question.id}
              className="rounded-xl border border-ink/10 bg-white p-5"
              data-testid="quiz-review"
              data-correct={item ? item.correct : undefined}
            >
              <p className="text-sm font-semibold text-ink/70">
                {t("quiz.questionNumber", { position: index + 1, total: questions.length })}{" "}
                {/* Right or wrong per question only with the review: it would give the answers away otherwise. */}
                {item ? <Verdict item={item} /> : null}
              </p>
              <RichText html={question.promptHtml} className="mt-2 font-semibold" />
              <p className="mt-2 text-sm">
                <span className="font-semibold">{t("quiz.youAnswered")}</span>{" "}
                {question.kind === "short_text" ? (
                  <bdi>{answer?.text?.trim() || t("quiz.noAnswer")}</bdi>
                ) : chosen.length > 0 ? (
                  chosen.map((option, at) => (
                    <span key={option.id}>
                      {at > 0 ? t("quiz.listSeparator") : null}
                      <InlineText html={inlineHtml(option.html) ?? option.html} />
                    </span>
                  ))
                ) : (
                  t("quiz.noAnswer")
                )}
              </p>
              {right.length > 0 ? (
                <p className="mt-1 text-sm" data-testid="quiz-correct-answer">
                  <span className="font-semibold">{t("quiz.rightAnswer")}</span>{" "}
                  {right.map((option, at) => (
                    <span key={option.id}>
                      {at > 0 ? t("quiz.listSeparator") : null}
                      <InlineText html={inlineHtml(option.html) ?? option.html} />
                    </span>
                  ))}
                </p>
              ) : null}
              {item?.acceptedAnswers ? (
                <p className="mt-1 text-sm" data-testid="quiz-correct-answer">
                  <span className="font-semibold">{t("quiz.acceptedAnswers")}</span>{" "}
                  <bdi>{item.acceptedAnswers.join(t("quiz.listSeparator"))}</bdi>
                </p>
              ) : null}
              {item?.explanationHtml ? (
                <div className="mt-3 rounded-md bg-sand p-3 text-sm" data-testid="quiz-explanation">
                  <p className="font-semibold">{t("quiz.explanation")}</p>
                  <RichText html={item.explanationHtml} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** After a result that did not pass: the attempts left, and the questions to go over (or the lesson). */
function NextSteps({
  remaining,
  wrong,
  marked,
}: {
  remaining: number | null;
  wrong: number[];
  marked: boolean;
}) {
  const { t } = useTranslation("learning");
  const locale = useLocale();
  const left =
    remaining === null
      ? t("quiz.retryUnlimited")
      : remaining === 0
        ? t("quiz.noAttemptsLeft")
        : t("quiz.remaining", { count: remaining });
  const list = new Intl.ListFormat(locale, { type: "conjunction" }).format(wrong.map(String));
  return (
    <p className="mt-2 text-sm" data-testid="quiz-next-steps">
      <span className="font-semibold">{left}</span>
      {/* Nothing to prepare for when no try is left. */}
      {remaining === 0
        ? null
        : ` ${marked && wrong.length > 0 ? t("quiz.reviewQuestions", { count: wrong.length, list }) : t("quiz.reviewLesson")}`}
    </p>
  );
}

/** Right, partly right (partial credit: some points, not all) or wrong. */
function Verdict({ item }: { item: ReviewItem }) {
  const { t } = useTranslation("learning");
  if (item.correct) return <span className="text-teal-700">{t("quiz.right")}</span>;
  if (item.earned > 0)
    return (
      <span className="text-amber-800" data-testid="quiz-partly-right">
        {t("quiz.partlyRight", { earned: item.earned, count: item.possible })}
      </span>
    );
  return <span className="text-red-700">{t("quiz.wrong")}</span>;
}

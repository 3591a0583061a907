// The studio's quiz page (issue 32): settings, each question in its own plain form, "Add a question", and
// the quiz's statistics. Every form is a plain POST; a refused one comes back with its errors and values.
import { Form, Link, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { BLANK_OPTION_ROWS, NEW_QUESTION_OPTION_ROWS } from "../../quizzes/form";
import type { Route } from "../../routes/+types/instructor-quiz";
import type { QuizAnswer } from "../../routes/instructor-quiz";
import { PageIntro } from "../page-intro";
import { EditorNav } from "./editor-nav";
import { TextField } from "./fields";
import { QuestionFields, type QuestionValues } from "./quiz-question";

type LoaderData = Route.ComponentProps["loaderData"];
type Question = LoaderData["questions"][number];

const MAX_OPTION_ROWS = 10;
const button = "rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";
const quiet =
  "rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand disabled:opacity-40";

/** A saved question as its form's field values. */
function valuesOf(question: Question): QuestionValues {
  const values: QuestionValues = {
    kind: question.kind,
    prompt: question.prompt,
    promptAr: question.promptAr ?? "",
    points: String(question.points),
    explanation: question.explanation ?? "",
    explanationAr: question.explanationAr ?? "",
    acceptedAnswers: (question.acceptedAnswers ?? []).join("\n"),
  };
  if (question.partialCredit) values.partialCredit = "on";
  if (question.kind === "true_false") {
    const correct = question.options?.findIndex((option) => option.correct);
    if (correct === 0) values.trueFalseCorrect = "true";
    if (correct === 1) values.trueFalseCorrect = "false";
  } else {
    question.options?.forEach((option, row) => {
      values[`options.${row}.id`] = String(option.id);
      values[`options.${row}.text`] = option.text;
      values[`options.${row}.textAr`] = option.textAr ?? "";
      if (option.correct) values[`options.${row}.correct`] = "on";
    });
  }
  return values;
}

/** Rows to show: up to the last row with something in it, then blank ones to add with, at most ten. */
function rowsFor(values: QuestionValues, minimum: number): number {
  let used = 0;
  for (const [key, value] of Object.entries(values)) {
    const match = /^options\.(\d+)\./.exec(key);
    if (match && value !== "") used = Math.max(used, Number(match[1]) + 1);
  }
  return Math.min(MAX_OPTION_ROWS, Math.max(minimum, used + BLANK_OPTION_ROWS));
}

function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

function Settings({ loaderData, answer }: { loaderData: LoaderData; answer?: QuizAnswer }) {
  const { t } = useTranslation("studio");
  const mine = answer?.form === "settings" ? answer : undefined;
  const saved = loaderData.settings;
  const value = (name: keyof typeof saved, fallback: string) => mine?.values[name] ?? fallback;
  const errors = mine?.fieldErrors ?? {};
  return (
    <section aria-labelledby="quiz-settings-heading" className="rounded-xl bg-sand p-5">
      <h2 id="quiz-settings-heading" className="text-xl font-bold">
        {t("quiz.settings")}
      </h2>
      <Form method="post" className="mt-4 space-y-4" key={`settings-${loaderData.version}`}>
        <input type="hidden" name="intent" value="saveSettings" />
        <FormErrors errors={mine?.formErrors} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            id="quiz-pass-percent"
            name="passPercent"
            label={t("quiz.passPercent")}
            defaultValue={value("passPercent", String(saved.passPercent))}
            error={errors.passPercent}
            inputMode="numeric"
            dir="ltr"
          />
          <TextField
            id="quiz-max-attempts"
            name="maxAttempts"
            label={t("quiz.maxAttempts")}
            hint={t("quiz.maxAttemptsHint")}
            defaultValue={value("maxAttempts", String(saved.maxAttempts))}
            error={errors.maxAttempts}
            inputMode="numeric"
            dir="ltr"
          />
          <TextField
            id="quiz-time-limit"
            name="timeLimitMinutes"
            label={t("quiz.timeLimit")}
            hint={t("quiz.timeLimitHint")}
            defaultValue={value(
              "timeLimitMinutes",
              saved.timeLimitMinutes === null ? "" : String(saved.timeLimitMinutes),
            )}
            error={errors.timeLimitMinutes}
            inputMode="numeric"
            dir="ltr"
          />
          <TextField
            id="quiz-draw-count"
            name="drawCount"
            label={t("quiz.drawCount")}
            hint={t("quiz.drawCountHint")}
            defaultValue={value("drawCount", saved.drawCount === null ? "" : String(saved.drawCount))}
            error={errors.drawCount}
            inputMode="numeric"
            dir="ltr"
          />
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="quiz-reveal" className="block font-semibold">
              {t("quiz.reveal")}
            </label>
            <select
              id="quiz-reveal"
              name="reveal"
              defaultValue={value("reveal", saved.reveal)}
              aria-invalid={errors.reveal ? true : undefined}
              className="mt-1 block w-full rounded-md border border-ink/20 bg-white px-3 py-2"
            >
              {(["never", "after_pass", "always"] as const).map((option) => (
                <option key={option} value={option}>
                  {t(`quiz.reveals.${option}`)}
                </option>
              ))}
            </select>
            {errors.reveal ? <p className="mt-1 text-sm text-red-700">{errors.reveal}</p> : null}
          </div>
          <label htmlFor="quiz-shuffle" className="flex items-center gap-2 pb-2">
            <input
              id="quiz-shuffle"
              type="checkbox"
              name="shuffle"
              defaultChecked={mine ? Boolean(mine.values.shuffle) : saved.shuffle}
              className="size-4 rounded border-ink/30 accent-coral-600"
            />
            <span className="font-semibold">{t("quiz.shuffle")}</span>
          </label>
        </div>
        <button type="submit" data-testid="save-quiz-settings" className={button}>
          {t("quiz.saveSettings")}
        </button>
      </Form>
    </section>
  );
}

function QuestionCard({
  question,
  number,
  count,
  answer,
  version,
  busy,
}: {
  question: Question;
  number: number;
  count: number;
  answer?: QuizAnswer;
  version: string;
  busy: boolean;
}) {
  const { t } = useTranslation("studio");
  const mine = answer?.form === question.id ? answer : undefined;
  const values = mine ? mine.values : valuesOf(question);
  const prefix = `question-${question.id}`;
  return (
    <li
      id={prefix}
      className="rounded-xl border border-ink/10 bg-white p-5 shadow-sm"
      data-testid="quiz-question"
      data-question-id={question.id}
      aria-labelledby={`${prefix}-heading`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${prefix}-heading`} className="font-bold text-coral-700">
          {t("quiz.questionNumber", { position: number })}{" "}
          <span className="ms-1 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-ink">
            {t(`quiz.kinds.${question.kind}`)}
          </span>
        </h3>
        <div className="flex gap-2">
          {(["up", "down"] as const).map((direction) => (
            <Form method="post" key={direction}>
              <input type="hidden" name="intent" value="moveQuestion" />
              <input type="hidden" name="questionId" value={question.id} />
              <input type="hidden" name="direction" value={direction} />
              <button
                type="submit"
                disabled={direction === "up" ? number === 1 : number === count}
                aria-label={t(direction === "up" ? "quiz.moveUpLabel" : "quiz.moveDownLabel", {
                  position: number,
                })}
                className={quiet}
              >
                {direction === "up" ? "↑" : "↓"}
              </button>
            </Form>
          ))}
        </div>
      </div>
      <p className="mt-2 whitespace-pre-line text-ink/80" dir="auto" data-testid="quiz-question-prompt">
        {question.prompt}
      </p>
      <details className="mt-3" open={mine ? true : undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-coral-700">
          {t("quiz.editQuestion")}
        </summary>
        <Form method="post" className="mt-4 space-y-4" key={`${question.id}-${version}`}>
          <input type="hidden" name="intent" value="saveQuestion" />
          <input type="hidden" name="questionId" value={question.id} />
          <FormErrors errors={mine?.formErrors} />
          <QuestionFields
            prefix={prefix}
            values={values}
            errors={mine?.fieldErrors ?? {}}
            optionRows={rowsFor(values, 0)}
          />
          <button type="submit" disabled={busy} className={button} data-testid="save-question">
            {t("quiz.saveQuestion")}
          </button>
        </Form>
      </details>
      <Form method="post" className="mt-4 border-t border-ink/10 pt-3">
        <input type="hidden" name="intent" value="deleteQuestion" />
        <input type="hidden" name="questionId" value={question.id} />
        <button
          type="submit"
          className="text-sm font-semibold text-red-700 hover:underline"
          data-testid="delete-question"
        >
          {t("quiz.deleteQuestion")}
        </button>
      </Form>
    </li>
  );
}

function Stats({ stats }: { stats: LoaderData["stats"] }) {
  const { t } = useTranslation("studio");
  return (
    <section
      aria-labelledby="quiz-stats-heading"
      className="rounded-xl border border-ink/10 p-5"
      data-testid="quiz-stats"
    >
      <h2 id="quiz-stats-heading" className="text-xl font-bold">
        {t("quiz.stats.heading")}
      </h2>
      {stats.attempts === 0 ? (
        <p className="mt-2 text-ink/70">{t("quiz.stats.none")}</p>
      ) : (
        <>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            {[
              { label: t("quiz.stats.attempts"), value: String(stats.attempts), id: "attempts" },
              {
                label: t("quiz.stats.passRate"),
                value: t("quiz.stats.percent", { value: stats.passRate }),
                id: "pass-rate",
              },
              {
                label: t("quiz.stats.averageScore"),
                value: t("quiz.stats.percent", { value: stats.averageScore }),
                id: "average-score",
              },
            ].map((figure) => (
              <div key={figure.id} className="rounded-lg bg-sand p-4">
                <dt className="text-sm text-ink/70">{figure.label}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid={`quiz-stats-${figure.id}`}>
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="text-start font-semibold">{t("quiz.stats.perQuestion")}</caption>
              <thead>
                <tr className="border-b border-ink/10 text-start">
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("quiz.stats.question")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("quiz.stats.percentCorrect")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("quiz.stats.commonWrong")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.questions.map((row) => (
                  <tr
                    key={row.questionId}
                    className="border-b border-ink/5"
                    data-testid="quiz-stats-question"
                  >
                    <td className="max-w-md px-3 py-2" dir="auto">
                      {row.prompt ?? <span className="text-ink/70">{t("quiz.stats.removedQuestion")}</span>}
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums">
                      {t("quiz.stats.percent", { value: row.percentCorrect })}
                    </td>
                    <td className="px-3 py-2" dir="auto">
                      {row.wrongOption === null ? (
                        <span className="text-ink/70">{t("quiz.stats.noWrong")}</span>
                      ) : row.wrongOption === "removed" ? (
                        <span className="text-ink/70">{t("quiz.stats.removedOption")}</span>
                      ) : (
                        row.wrongOption
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function QuizEditor({ loaderData, answer }: { loaderData: LoaderData; answer?: QuizAnswer }) {
  const { t } = useTranslation("studio");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { course, lesson, questions } = loaderData;
  const newAnswer = answer?.form === "new" ? answer : undefined;
  const newValues: QuestionValues = newAnswer?.values ?? { kind: "single", points: "1" };
  return (
    <>
      <PageIntro title={t("quiz.title", { title: lesson.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-10">
        <p>
          <Link
            to={localize(`/instructor/courses/${course.id}/curriculum#lesson-${lesson.id}`)}
            className="font-semibold text-coral-700 hover:underline"
          >
            {t("quiz.backToCurriculum")}
          </Link>
        </p>
        {questions.length === 0 ? (
          <p className="rounded-md bg-amber-100 p-3" data-testid="quiz-empty">
            {t("quiz.empty")}
          </p>
        ) : null}
        <Settings loaderData={loaderData} answer={answer} />

        <section aria-labelledby="quiz-questions-heading">
          <h2 id="quiz-questions-heading" className="text-xl font-bold">
            {t("quiz.questions", { count: questions.length })}
          </h2>
          {questions.length > 0 ? (
            <ol className="mt-4 space-y-6">
              {questions.map((question, index) => (
                <QuestionCard
                  key={question.id}
                  question={question}
                  number={index + 1}
                  count={questions.length}
                  answer={answer}
                  version={loaderData.version}
                  busy={busy}
                />
              ))}
            </ol>
          ) : null}
        </section>

        <section aria-labelledby="add-question-heading" className="rounded-xl bg-sand p-5">
          <h2 id="add-question-heading" className="text-lg font-bold">
            {t("quiz.addHeading")}
          </h2>
          <Form
            method="post"
            className="mt-4 space-y-4"
            key={`add-${questions.length}`}
            data-testid="add-question-form"
          >
            <input type="hidden" name="intent" value="addQuestion" />
            <FormErrors errors={newAnswer?.formErrors} />
            <QuestionFields
              prefix="new-question"
              values={newValues}
              errors={newAnswer?.fieldErrors ?? {}}
              optionRows={Math.max(NEW_QUESTION_OPTION_ROWS, rowsFor(newValues, 0))}
            />
            <button
              type="submit"
              disabled={busy}
              data-testid="add-question"
              className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
            >
              {t("quiz.add")}
            </button>
          </Form>
        </section>

        <Stats stats={loaderData.stats} />
      </div>
    </>
  );
}

// The studio's quiz page (issue 32): settings, each question in its own plain form, "Add a question", and
// the quiz's statistics. Every form is a plain POST; a refused one comes back with its errors and values.
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import { BLANK_OPTION_ROWS, NEW_QUESTION_OPTION_ROWS } from "../../quizzes/form";
import type { Route } from "../../routes/+types/instructor-quiz";
import type { QuizAnswer } from "../../routes/instructor-quiz";
import { withOpenLesson } from "../../studio/open-lesson";
import { ErrorSummary } from "../error-summary";
import { PageIntro } from "../page-intro";
import { InlineText, inlineHtml, RichText } from "../quiz/quiz-html";
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

/** Where a field's error sends the reader: the element id of the field (its first row for `options`). */
function fieldId(prefix: string, name: string): string {
  const option = /^options\.(\d+)\.(text|textAr|correct)$/.exec(name);
  if (option) {
    const suffix = { text: "text", textAr: "text-ar", correct: "correct" }[option[2] as "text"];
    return `${prefix}-option-${option[1]}-${suffix}`;
  }
  const names: Record<string, string> = {
    kind: "kind",
    prompt: "prompt",
    promptAr: "prompt-ar",
    points: "points",
    partialCredit: "partial",
    explanation: "explanation",
    explanationAr: "explanation-ar",
    acceptedAnswers: "accepted",
    trueFalseCorrect: "true-false",
    options: "option-0-text",
    passPercent: "pass-percent",
    maxAttempts: "max-attempts",
    timeLimitMinutes: "time-limit",
    drawCount: "draw-count",
    reveal: "reveal",
    shuffle: "shuffle",
    markQuestions: "mark-questions",
  };
  return `${prefix}-${names[name] ?? name}`;
}

/** A refused form's summary at its top: it takes the focus, and each error links to its field. */
function Refused({ answer, prefix }: { answer?: QuizAnswer; prefix: string }) {
  const { t } = useTranslation("studio");
  if (!answer) return null;
  return (
    <ErrorSummary
      id={`${prefix}-form-error`}
      answer={answer}
      message={answer.formErrors.length ? answer.formErrors.join(" ") : t("quiz.failed")}
      fields={Object.entries(answer.fieldErrors).map(([name, message]) => ({
        id: fieldId(prefix, name),
        message,
      }))}
    />
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
        <Refused answer={mine} prefix="quiz" />
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
          {(["shuffle", "markQuestions"] as const).map((name) => (
            <label key={name} htmlFor={fieldId("quiz", name)} className="flex items-center gap-2 pb-2">
              <input
                id={fieldId("quiz", name)}
                type="checkbox"
                name={name}
                // A refused save shows the box as it was sent: an unticked box sends nothing.
                defaultChecked={mine ? Boolean(mine.values[name]) : saved[name]}
                className="size-4 rounded border-ink/30 accent-coral-600"
              />
              <span className="font-semibold">{t(`quiz.${name}`)}</span>
            </label>
          ))}
        </div>
        <button type="submit" data-testid="save-quiz-settings" className={button}>
          {t("quiz.saveSettings")}
        </button>
      </Form>
    </section>
  );
}

/** What a saved question accepts, at a glance: its options with the correct ones marked, or its answers. */
function QuestionSummary({ question }: { question: Question }) {
  const { t } = useTranslation("studio");
  return (
    <div className="mt-2 text-sm">
      <p className="text-ink/70">{t("quiz.pointsCount", { count: question.points })}</p>
      {question.options ? (
        <ul className="mt-1 space-y-0.5">
          {question.options.map((option, index) => (
            <li key={option.id} className={option.correct ? "font-semibold text-teal-700" : "text-ink/80"}>
              <span aria-hidden="true">{option.correct ? "✓ " : "· "}</span>
              <OptionLabel html={question.optionLabelsHtml?.[index]} fallback={option.text} />
              {option.correct ? <span className="sr-only"> ({t("quiz.correct")})</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1">
          {t("quiz.acceptedAnswers")}:{" "}
          {(question.acceptedAnswers ?? []).map((answer, index) => (
            <span key={answer}>
              {index > 0 ? t("listSeparator") : null}
              <bdi className="font-semibold">{answer}</bdi>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

function QuestionCard({
  question,
  number,
  count,
  answer,
  version,
  busy,
  here,
  confirmDelete,
}: {
  question: Question;
  number: number;
  count: number;
  answer?: QuizAnswer;
  version: string;
  busy: boolean;
  /** The page's own path (without ?deleteQuestion): where the confirmed delete posts. */
  here: string;
  confirmDelete: boolean;
}) {
  const { t } = useTranslation("studio");
  const mine = answer?.form === question.id ? answer : undefined;
  const values = mine ? mine.values : valuesOf(question);
  const prefix = `question-${question.id}`;
  return (
    <li
      id={prefix}
      // Clear of the sticky header when a link lands on it (#question-ID).
      className="scroll-mt-20 rounded-xl border border-ink/10 bg-white p-5 shadow-sm"
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
      <RichText html={question.labelHtml} className="mt-2 text-ink/80" />
      <QuestionSummary question={question} />
      <details className="mt-3" open={mine ? true : undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-coral-700">
          {t("quiz.editQuestion")}
        </summary>
        <Form method="post" className="mt-4 space-y-4" key={`${question.id}-${version}`}>
          <input type="hidden" name="intent" value="saveQuestion" />
          <input type="hidden" name="questionId" value={question.id} />
          <Refused answer={mine} prefix={prefix} />
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
      <div className="mt-4 border-t border-ink/10 pt-3">
        {confirmDelete ? (
          <div role="alertdialog" aria-labelledby={`${prefix}-delete`} className="rounded-md bg-red-50 p-3">
            <p id={`${prefix}-delete`} className="font-semibold text-red-800">
              {t("quiz.deleteConfirmTitle", { position: number })}
            </p>
            <p className="mt-1 text-sm text-red-800">{t("quiz.deleteConfirmHint")}</p>
            <div className="mt-2 flex flex-wrap gap-3">
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="deleteQuestion" />
                <input type="hidden" name="questionId" value={question.id} />
                <button
                  type="submit"
                  data-testid="confirm-delete-question"
                  className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white"
                >
                  {t("quiz.deleteConfirm")}
                </button>
              </Form>
              <Link
                to={`${here}#${prefix}`}
                className="rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold"
              >
                {t("curriculum.cancel")}
              </Link>
            </div>
          </div>
        ) : (
          <Link
            to={`?deleteQuestion=${question.id}#${prefix}`}
            className="text-sm font-semibold text-red-700 hover:underline"
            data-testid="delete-question"
          >
            {t("quiz.deleteQuestion")}
          </Link>
        )}
      </div>
    </li>
  );
}

function Stats({ stats }: { stats: NonNullable<LoaderData["stats"]> }) {
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
          <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-4">
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
              <div key={figure.id} className="rounded-lg bg-sand p-3 sm:p-4">
                <dt className="text-sm text-ink/70">{figure.label}</dt>
                <dd
                  className="text-xl font-bold tabular-nums sm:text-2xl"
                  data-testid={`quiz-stats-${figure.id}`}
                >
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
          {/* Scrolls sideways on a phone; focusable so keyboard users can scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <section className="mt-6 overflow-x-auto" tabIndex={0} aria-label={t("quiz.stats.perQuestion")}>
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
                      {row.wrongAnswers.length > 0 ? (
                        <ul data-testid="quiz-stats-wrong-answers">
                          {row.wrongAnswers.map((wrong) => (
                            <li key={wrong.text}>
                              <bdi>{wrong.text}</bdi>{" "}
                              <span className="text-ink/70">
                                {t("quiz.stats.givenBy", { count: wrong.count })}
                              </span>
                            </li>
                          ))}
                        </ul>
                      ) : row.wrongOption === null ? (
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
          </section>
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
  const { course, lesson } = loaderData;
  const [searchParams] = useSearchParams();
  const confirmId = Number(searchParams.get("deleteQuestion"));
  const here = localize(`/instructor/courses/${course.id}/lessons/${lesson.id}/quiz`);
  return (
    <>
      <PageIntro width="5xl" title={t("quiz.title", { title: lesson.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-10">
        <p>
          <Link
            to={localize(withOpenLesson(`/instructor/courses/${course.id}/curriculum`, lesson.id))}
            className="font-semibold text-coral-700 hover:underline"
          >
            {t("quiz.backToCurriculum")}
          </Link>
        </p>
        <ViewTabs here={here} view={loaderData.view} />
        {loaderData.view === "stats" && loaderData.stats ? (
          <Stats stats={loaderData.stats} />
        ) : (
          <QuestionsView
            loaderData={loaderData}
            answer={answer}
            busy={busy}
            here={here}
            confirmId={confirmId}
          />
        )}
      </div>
    </>
  );
}

/**
 * The page's two views as links (each a URL of its own, so they work without JavaScript and can be shared):
 * the current one is marked `aria-current`, not built as ARIA tabs, which promise arrow-key behaviour.
 */
function ViewTabs({ here, view }: { here: string; view: LoaderData["view"] }) {
  const { t } = useTranslation("studio");
  const tabs = [
    { id: "questions", to: here, label: t("quiz.views.questions") },
    { id: "stats", to: `${here}?view=stats`, label: t("quiz.views.stats") },
  ] as const;
  return (
    <nav aria-label={t("quiz.views.label")} className="border-b border-ink/15">
      <ul className="flex gap-6">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              aria-current={view === tab.id ? "page" : undefined}
              data-testid={`quiz-view-${tab.id}`}
              className={`-mb-px inline-block border-b-2 px-1 pb-2 font-semibold ${
                view === tab.id
                  ? "border-coral-600 text-ink"
                  : "border-transparent text-ink/70 hover:text-ink"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function QuestionsView({
  loaderData,
  answer,
  busy,
  here,
  confirmId,
}: {
  loaderData: LoaderData;
  answer?: QuizAnswer;
  busy: boolean;
  here: string;
  confirmId: number;
}) {
  const { t } = useTranslation("studio");
  const { questions } = loaderData;
  const newAnswer = answer?.form === "new" ? answer : undefined;
  const newValues: QuestionValues = newAnswer?.values ?? { kind: "single", points: "1" };
  return (
    <>
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
                here={here}
                confirmDelete={confirmId === question.id}
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
          <Refused answer={newAnswer} prefix="new-question" />
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
    </>
  );
}

/** An option as learners see it: one paragraph inline, longer Markdown as its blocks; the raw text before it is rendered. */
function OptionLabel({ html, fallback }: { html: string | undefined; fallback: string }) {
  if (html === undefined) return <bdi>{fallback}</bdi>;
  const inline = inlineHtml(html);
  return inline === null ? <RichText html={html} className="inline-block" /> : <InlineText html={inline} />;
}

// /instructor/courses/:id/lessons/:lessonId/quiz: a quiz lesson's settings, its questions (each in its own
// plain form), "Add a question", and what its attempts tell the trainer (issue 32, items 3, 4 and 7). Every
// form builds the whole quiz with its change (app/quizzes/form.ts), checks it with QuizInput and saves it
// through saveQuiz, the one way a quiz is written; a refused form comes back with its errors and what was
// typed beside the right question.
import { data } from "react-router";
import { z } from "zod";
import { QuizEditor } from "../components/studio/quiz-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { entityId } from "../lib/validation";
import { applyChange, issuesToFields, type QuizChange } from "../quizzes/form";
import { QuizInput, QuizSettingsInput } from "../quizzes/inputs";
import { getQuizForTrainer, type QuizRefusal, quizStats, saveQuiz } from "../quizzes/quizzes.server";
import { requireEditableCourse } from "../studio/editor.server";
import type { Route } from "./+types/instructor-quiz";
export const handle = { i18n: ["studio"] };

/** The quiz lesson of the course in the URL, or a thrown 404 (another course's lesson, or not a quiz). */
async function requireQuizLesson(
  request: Request,
  context: Route.LoaderArgs["context"],
  params: Route.LoaderArgs["params"],
) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const lessonId = parseId(params.lessonId);
  const lesson = course.lessons.find((row) => row.id === lessonId);
  if (lesson?.kind !== "quiz") throw new Response("Not Found", { status: 404 });
  return { actor, course, lesson };
}

/** Which of the page's two views the URL asks for: the questions (the default) or the statistics. */
const quizPageView = (search: URLSearchParams): "questions" | "stats" =>
  search.get("view") === "stats" ? "stats" : "questions";

/** A refusal of the quiz module the page cannot show beside a field: the error page's status. */
function thrownRefusal(refusal: QuizRefusal): never {
  throw new Response(refusal.reason === "forbidden" ? "Forbidden" : "Not Found", {
    status: refusal.reason === "forbidden" ? 403 : 404,
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, course, lesson } = await requireQuizLesson(request, context, params);
  const page = pageContext(request, context);
  const db = getDb(context);
  // Two views (issue 50, item 7): the questions and their forms, or what the attempts tell (`?view=stats`); the
  // statistics are counted only for the view that shows them.
  const view = quizPageView(new URL(request.url).searchParams);
  const [found, statistics] = await Promise.all([
    getQuizForTrainer(db, actor, lesson.id),
    view === "stats" ? quizStats(db, actor, lesson.id) : null,
  ]);
  if (!found.ok) thrownRefusal(found);
  if (statistics && !statistics.ok) thrownRefusal(statistics);
  const { quiz } = found;
  const stats = statistics?.stats ?? null;
  const lessonTitle = pick(page.locale, lesson.title, lesson.titleAr);
  const courseTitle = pick(page.locale, course.title, course.titleAr);
  const byId = new Map(quiz.questions.map((question) => [String(question.id), question]));
  return {
    meta: page.meta(
      page.t("studio:quiz.title", { title: lessonTitle }),
      page.t("studio:quiz.meta", { title: courseTitle }),
    ),
    course: { id: course.id, title: courseTitle, isPublished: course.isPublished },
    lesson: { id: lesson.id, title: lessonTitle },
    version: course.updatedAt.toISOString(),
    settings: {
      passPercent: quiz.passPercent,
      maxAttempts: quiz.maxAttempts,
      timeLimitMinutes: quiz.timeLimitMinutes,
      drawCount: quiz.drawCount,
      shuffle: quiz.shuffle,
      reveal: quiz.reveal,
      markQuestions: quiz.markQuestions,
    },
    questions: quiz.questions.map((question) => ({
      ...question,
      /**
       * What the page shows of it in its own language (the forms edit both), as learners see it: the trainer
       * checks the result, not the Markdown they typed. The HTML rendered on save, as the API answers it.
       */
      labelHtml: pick(page.locale, question.promptHtml, question.promptArHtml),
      optionLabelsHtml: question.options?.map((option) =>
        pick(page.locale, option.textHtml, option.textArHtml),
      ),
    })),
    view,
    stats: stats && {
      attempts: stats.attempts,
      passRate: stats.passRate,
      averageScore: stats.averageScore,
      questions: stats.questions.map((entry) => {
        const question = byId.get(entry.questionId);
        const wrong = question?.options?.find(
          (option) => String(option.id) === entry.mostChosenWrongOptionId,
        );
        return {
          questionId: entry.questionId,
          /** The question's prompt in the page's language, or null for a question since removed. */
          prompt: question ? pick(page.locale, question.prompt, question.promptAr) : null,
          percentCorrect: entry.percentCorrect,
          /** The wrong option chosen most: its text, "removed" for an option deleted since, or null for none. */
          wrongOption:
            entry.mostChosenWrongOptionId === null
              ? null
              : wrong
                ? pick(page.locale, wrong.text, wrong.textAr)
                : ("removed" as const),
          /** Short text: the wrong answers typed most, with how many typed each. */
          wrongAnswers: entry.commonWrongAnswers,
        };
      }),
    },
  };
}

const QuestionId = entityId("errors.formInvalid");
/** The page's submits, told apart by `intent`; each form's own fields are read after, through QuizInput. */
const QuizAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveSettings") }),
  z.object({ intent: z.literal("addQuestion") }),
  z.object({ intent: z.literal("saveQuestion"), questionId: QuestionId }),
  z.object({ intent: z.literal("deleteQuestion"), questionId: QuestionId }),
  z.object({
    intent: z.literal("moveQuestion"),
    questionId: QuestionId,
    direction: z.enum(["up", "down"]),
  }),
]);

export type QuizAnswer = {
  /** Which form was refused: "settings", "new", or a question's id. */
  form: "settings" | "new" | number;
  fieldErrors: Record<string, string>;
  formErrors: string[];
  values: Record<string, string>;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, course, lesson } = await requireQuizLesson(request, context, params);
  const page = pageContext(request, context);
  const t = page.tIn("studio");
  const db = getDb(context);
  const here = localizePath(`/instructor/courses/${course.id}/lessons/${lesson.id}/quiz`, page.locale);

  const form = await readForm(request);
  const submitted = validateForm(form, QuizAction, t);
  if (!submitted.ok) return toasts().redirectWithError(here, t("errors.formInvalid"));
  const fields = submitted.values;
  const intent = submitted.data.intent;
  const change: QuizChange =
    submitted.data.intent === "saveSettings" || submitted.data.intent === "addQuestion"
      ? { intent: submitted.data.intent, fields }
      : submitted.data.intent === "saveQuestion"
        ? { intent: "saveQuestion", questionId: submitted.data.questionId, fields }
        : submitted.data.intent === "deleteQuestion"
          ? { intent: "deleteQuestion", questionId: submitted.data.questionId }
          : {
              intent: "moveQuestion",
              questionId: submitted.data.questionId,
              direction: submitted.data.direction,
            };

  const current = await getQuizForTrainer(db, actor, lesson.id);
  if (!current.ok) thrownRefusal(current);
  const edit = applyChange(current.quiz, change);
  if (!edit) return toasts().redirectWithError(here, t("quiz.questionGone"));

  // Settings may be saved before the first question (a new quiz); every other change keeps at least one.
  const settingsOnly = intent === "saveSettings" && edit.candidate.questions.length === 0;
  const parsed = settingsOnly
    ? QuizSettingsInput.transform((settings): QuizInput => ({ ...settings, questions: [] })).safeParse(
        edit.candidate,
      )
    : QuizInput.safeParse(edit.candidate);
  if (!parsed.success) {
    const kind = "fields" in change ? change.fields.kind : undefined;
    const mapped = issuesToFields(parsed.error.issues, { ...edit, kind }, (key) =>
      key.startsWith("errors.") ? t(key) : t("errors.formInvalid"),
    );
    if (intent === "deleteQuestion" || intent === "moveQuestion") {
      const lastOne = parsed.error.issues.some((issue) => issue.message === "errors.quiz.questionsRequired");
      return toasts().redirectWithError(
        here,
        lastOne ? t("quiz.keepOneQuestion") : (mapped.formErrors[0] ?? t("errors.formInvalid")),
      );
    }
    const answer: QuizAnswer = {
      form:
        intent === "saveSettings"
          ? "settings"
          : intent === "addQuestion"
            ? "new"
            : (change as { questionId: number }).questionId,
      ...mapped,
      values: fields,
    };
    return data(answer, { status: 400 });
  }
  const saved = await saveQuiz(db, actor, lesson.id, parsed.data);
  if (!saved.ok) {
    if (saved.reason === "unknown_id") return toasts().redirectWithError(here, t("quiz.questionGone"));
    thrownRefusal(saved);
  }
  const message = {
    saveSettings: "quiz.settingsSaved",
    addQuestion: "quiz.questionAdded",
    saveQuestion: "quiz.questionSaved",
    deleteQuestion: "quiz.questionDeleted",
    moveQuestion: "quiz.questionMoved",
  }[intent];
  return toasts().redirectWithSuccess(here, t(message));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function QuizRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <QuizEditor loaderData={loaderData} answer={actionData as QuizAnswer | undefined} />;
}

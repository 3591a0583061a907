// /courses/:id/learn/:lessonId/practice: trying a quiz without recording anything (issue 32) — a free-preview
// quiz for anyone who may open the preview, or the course's own trainer and admins. The questions are drawn
// for the page (GET stores nothing, issue 43); submitting grades the answers to the questions it showed and
// shows the result, within the practice's rules (attempts.server.ts, submitPractice). An enrolled learner
// takes real attempts instead: the page and its action send them to the lesson.
import { data, redirect } from "react-router";
import { getUser, loginRedirect } from "../auth/guards.server";
import { QuizPracticePage } from "../components/quiz/quiz-practice-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { openLesson } from "../learning/lesson.server";
import { clientAddress } from "../lib/client-address";
import { readForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { practiceAnswersFromForm, shownQuestionsFromForm } from "../quizzes/attempt-form";
import { drawPractice, practiceAttemptId, submitAttempt } from "../quizzes/attempts.server";
import { practiceQuestions } from "../quizzes/overview.server";
import { quizSettings } from "../quizzes/quizzes.server";
import { attemptRefusalPage, minutesToWait, refusalHeaders } from "../quizzes/refusals";
import type { Route } from "./+types/quiz-practice";

export const handle = { i18n: ["learning"] };

async function lessonOf(
  request: Request,
  context: Route.LoaderArgs["context"],
  params: Route.LoaderArgs["params"],
) {
  const user = getUser(context);
  const page = pageContext(request, context);
  const db = getDb(context);
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) throw new Response("Not Found", { status: 404 });
  const opened = await openLesson(db, user, page.locale, courseId, lessonId);
  if (!opened.ok) {
    if (opened.reason === "sign_in") throw loginRedirect(request);
    throw new Response(null, { status: opened.reason === "forbidden" ? 403 : 404 });
  }
  if (opened.opened?.lesson.kind !== "quiz") throw new Response("Not Found", { status: 404 });
  const lessonPage = localizePath(`/courses/${courseId}/learn/${lessonId}`, page.locale);
  return { user, page, db, courseId, lessonId, opened: opened.opened, lessonPage };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, page, db, courseId, lessonId, opened, lessonPage } = await lessonOf(request, context, params);
  // Drawn for this page and stored nowhere; who holds the course is sent to the lesson, where attempts count.
  const drawn = await drawPractice(db, user, courseId, lessonId, page.locale);
  if (!drawn.ok) throw redirect(lessonPage);
  return {
    meta: page.meta(
      page.t("learning:quiz.practiceTitle", { lesson: opened.lesson.title }),
      page.t("learning:meta.description", { lesson: opened.lesson.title, course: opened.course.title }),
    ),
    course: { id: courseId, title: opened.course.title },
    lesson: { id: lessonId, title: opened.lesson.title },
    questions: drawn.questions,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // The body first: a body that is not a form is a 4xx whoever sends it, before the lesson's sign-in redirect.
  const form = await readForm(request);
  const { user, page, db, courseId, lessonId, lessonPage } = await lessonOf(request, context, params);
  // The questions the page showed, "id:kind" each: unanswered ones are graded as such.
  const shown = shownQuestionsFromForm(form);
  if (shown.length === 0) return data({ error: page.t("learning:errors.invalid") }, { status: 400 });
  const { given, answers } = practiceAnswersFromForm(form, shown);
  const graded = await submitAttempt(db, user, practiceAttemptId(courseId, lessonId), answers, page.locale, {
    clientAddress: clientAddress(context),
  });
  if (!graded.ok) {
    if (graded.reason === "practice_unavailable") throw redirect(lessonPage);
    const { key, status } = attemptRefusalPage(graded.reason);
    return data(
      { error: page.t(`learning:${key}`, { count: minutesToWait(graded) }) },
      { status, headers: refusalHeaders(graded) },
    );
  }
  const [questions, settings] = await Promise.all([
    practiceQuestions(
      db,
      lessonId,
      shown.map((question) => Number(question.id)),
      page.locale,
    ),
    quizSettings(db, lessonId),
  ]);
  return {
    result: {
      scorePercent: graded.attempt.scorePercent,
      passed: graded.attempt.passed,
      passPercent: settings?.passPercent ?? null,
      questions,
      answers: given.map((answer) => ({
        questionId: answer.questionId,
        ...(answer.optionIds ? { optionIds: [...answer.optionIds] } : {}),
        ...(answer.text !== undefined ? { text: answer.text } : {}),
      })),
      review: graded.attempt.review,
    },
  };
}

/** After a practice is graded its questions stay as they were: no new draw. */
export const shouldRevalidate = ({
  formMethod,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function QuizPracticeRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <QuizPracticePage loaderData={loaderData} actionData={actionData} />;
}

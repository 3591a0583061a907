// /courses/:id/learn/:lessonId/attempts/:attemptId: one of the learner's own quiz attempts (issue 32). Open,
// it is the questions as a plain form: "Save answers" and "Submit" work without JavaScript; with it, answers
// are saved as the learner goes and a timer submits at the deadline. Submitted, it is the result, with the
// right answers and explanations only as the trainer's setting allows. Another user's attempt is a 404.
import { data } from "react-router";
import { z } from "zod";
import { getUser, loginRedirect } from "../auth/guards.server";
import { QuizAttemptPage } from "../components/quiz/quiz-attempt-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { openLesson } from "../learning/lesson.server";
import { fail, isEnhanced } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { answersFromForm } from "../quizzes/attempt-form";
import { getAttempt, saveAnswers, submitAttempt } from "../quizzes/attempts.server";
import { quizSettings } from "../quizzes/quizzes.server";
import { attemptRefusalPage } from "../quizzes/refusals";
import type { Route } from "./+types/quiz-attempt";

export const handle = { i18n: ["learning"] };

/** The attempt, if it is the viewer's and belongs to this lesson of this course; otherwise a thrown 404. */
async function requireAttempt(
  request: Request,
  context: Route.LoaderArgs["context"],
  params: Route.LoaderArgs["params"],
) {
  const user = getUser(context);
  if (!user) throw loginRedirect(request);
  const page = pageContext(request, context);
  const db = getDb(context);
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) throw new Response("Not Found", { status: 404 });
  const [found, lesson] = await Promise.all([
    getAttempt(db, user, params.attemptId, page.locale),
    openLesson(db, user, page.locale, courseId, lessonId),
  ]);
  if (!found.ok || !lesson.ok || !lesson.opened || found.attempt.lessonId !== lessonId)
    throw new Response("Not Found", { status: 404 });
  return { user, page, db, courseId, lessonId, attempt: found.attempt, opened: lesson.opened };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { page, db, courseId, lessonId, attempt, opened } = await requireAttempt(request, context, params);
  const settings = await quizSettings(db, lessonId);
  return {
    meta: page.meta(
      page.t("learning:quiz.attemptTitle", { position: attempt.number, lesson: opened.lesson.title }),
      page.t("learning:meta.description", { lesson: opened.lesson.title, course: opened.course.title }),
    ),
    course: { id: courseId, title: opened.course.title },
    lesson: { id: lessonId, title: opened.lesson.title },
    passPercent: settings?.passPercent ?? null,
    attempt: {
      id: attempt.id,
      number: attempt.number,
      deadline: attempt.deadline?.toISOString() ?? null,
      // When the page was made: the text shown without JavaScript; a timer counts down from it with it.
      secondsLeft: attempt.deadline
        ? Math.max(0, Math.floor((attempt.deadline.getTime() - Date.now()) / 1000))
        : null,
      submitted: attempt.submittedAt !== null,
      scorePercent: attempt.scorePercent,
      passed: attempt.passed,
      questions: attempt.questions,
      answers: attempt.answers,
      review: attempt.review,
      remaining: attempt.remaining,
    },
  };
}

const AttemptAction = z.object({ intent: z.enum(["save", "submit"]) });

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, page, db, courseId, lessonId, attempt } = await requireAttempt(request, context, params);
  const here = localizePath(`/courses/${courseId}/learn/${lessonId}/attempts/${attempt.id}`, page.locale);
  const form = await readForm(request);
  const parsed = validateForm(form, AttemptAction, page.tIn("learning"));
  if (!parsed.ok) return fail(form, here, page.t("learning:errors.invalid"), 400);
  const answers = answersFromForm(form, attempt.questions);
  if (parsed.data.intent === "save") {
    const saved = await saveAnswers(db, user, attempt.id, answers);
    if (!saved.ok) {
      const { key, status } = attemptRefusalPage(saved.reason);
      return fail(form, here, page.t(`learning:${key}`), status);
    }
    if (isEnhanced(form)) return data({ ok: true as const, savedAt: saved.savedAt.toISOString() });
    return toasts().redirectWithSuccess(here, page.t("learning:quiz.saved"));
  }
  const submitted = await submitAttempt(db, user, attempt.id, answers, page.locale);
  if (!submitted.ok) {
    const { key, status } = attemptRefusalPage(submitted.reason);
    return fail(form, here, page.t(`learning:${key}`), status);
  }
  const { passed, scorePercent } = submitted.attempt;
  const say = passed ? toasts().redirectWithSuccess : toasts().redirectWithWarning;
  return say(
    here,
    page.t(passed ? "learning:quiz.submittedPassed" : "learning:quiz.submittedFailed", {
      percent: scorePercent,
    }),
  );
}

// Autosave is a fetcher: a failed save answers with a toast, not the error page.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function QuizAttemptRoute({ loaderData }: Route.ComponentProps) {
  return <QuizAttemptPage loaderData={loaderData} />;
}

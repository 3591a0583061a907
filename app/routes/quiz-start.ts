// POST /courses/:id/learn/:lessonId/attempts: "Start the quiz" (a plain form). The server draws the
// questions and records the attempt, then sends the learner to it; someone who only practises is sent to the
// practice page, a refusal (no attempts left, an empty quiz) back to the lesson with a toast.
import { redirect } from "react-router";
import { getUser, loginRedirect } from "../auth/guards.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { toasts } from "../lib/toast.server";
import { startAttempt } from "../quizzes/attempts.server";
import { attemptRefusalPage } from "../quizzes/refusals";
import type { Route } from "./+types/quiz-start";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = getUser(context);
  const page = pageContext(request, context);
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) throw new Response("Not Found", { status: 404 });
  const lessonPage = localizePath(`/courses/${courseId}/learn/${lessonId}`, page.locale);
  const started = await startAttempt(getDb(context), user, courseId, lessonId, page.locale);
  if (!started.ok) {
    if (started.reason === "sign_in") throw loginRedirect(request);
    const { key, status } = attemptRefusalPage(started.reason);
    if (status === 404 || status === 403) throw new Response(null, { status });
    return toasts().redirectWithError(lessonPage, page.t(`learning:${key}`));
  }
  // A practice is drawn again by its page (nothing was stored); a recorded attempt has its own address.
  if (started.attempt.practice) return redirect(`${lessonPage}/practice`);
  return redirect(`${lessonPage}/attempts/${started.attempt.id}`);
}

/** Nothing to show here: the lesson page has the quiz. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) throw new Response("Not Found", { status: 404 });
  return redirect(localizePath(`/courses/${courseId}/learn/${lessonId}`, page.locale));
}

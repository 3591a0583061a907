// The Q&A forms of the learn page, the course's Q&A page and a question's page all post here (the action
// of /courses/:id/questions): plain forms without JavaScript (Post/Redirect/Get with a toast), fetchers
// with it (data the component confirms or rolls back from). Parse → call the domain → answer.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { getUser, requireUser } from "../auth/guards.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { fail, isEnhanced, succeed } from "../lib/enhanced-action.server";
import { readForm, validateForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { sameOriginPath } from "../lib/same-origin-path";
import { entityId } from "../lib/validation";
import { HideInput, QuestionInput, ReplyInput } from "./policy";
import {
  acceptReply,
  askQuestion,
  deleteQuestion,
  deleteReply,
  editQuestion,
  editReply,
  hideQuestion,
  hideReply,
  type QaFailure,
  replyToQuestion,
  toggleVote,
  unacceptAnswer,
} from "./qa.server";
import { qaFailureStatus } from "./responses.server";

const INTENTS = [
  "ask",
  "reply",
  "vote",
  "accept",
  "unaccept",
  "editQuestion",
  "editReply",
  "deleteQuestion",
  "deleteReply",
  "hideQuestion",
  "hideReply",
] as const;

const Target = z.object({
  intent: z.enum(INTENTS, { error: "errors.invalid" }),
});
const QuestionTarget = z.object({ questionId: entityId("errors.invalid") });
const ReplyTarget = z.object({ replyId: entityId("errors.invalid") });
const LessonTarget = z.object({ lessonId: entityId("errors.invalid") });
const Back = z.object({ back: z.string().optional() });

/** Where a plain form goes back to: the page it came from, if that is one of this course's pages. */
function backPath(value: string | undefined, fallback: string, coursePrefix: string): string {
  if (!value) return fallback;
  const path = sameOriginPath(value);
  return path.startsWith(`${coursePrefix}/`) ? path : fallback;
}

export async function qaPageAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { id?: string },
) {
  const page = pageContext(request, context);
  const t = page.tIn("qa");
  const courseId = parseId(params.id);
  if (courseId === null) throw new Response("Not Found", { status: 404 });
  const form = await readForm(request);
  const coursePrefix = localizePath(`/courses/${courseId}`, page.locale);
  const listPath = localizePath(`/courses/${courseId}/questions`, page.locale);
  const asked = validateForm(form, Back, t);
  const back = backPath(asked.ok ? asked.data.back : undefined, listPath, coursePrefix);
  const user = getUser(context);
  if (!user) {
    if (isEnhanced(form)) return fail(form, back, t("errors.sign_in"), 401);
    requireUser(request, context);
  }
  if (!user) throw new Response("Unauthorized", { status: 401 });
  const firstError = (errors: Record<string, string>) => Object.values(errors)[0] ?? t("errors.invalid");
  const target = validateForm(form, Target, t);
  if (!target.ok) return fail(form, back, t("errors.invalid"), 400);
  const refused = (failure: QaFailure) =>
    fail(
      form,
      back,
      t(`errors.${failure.reason}`, { count: failure.retryAfterSeconds ?? 0 }),
      qaFailureStatus(failure),
    );
  const db = getDb(context);
  const intent = target.data.intent;

  if (intent === "ask") {
    const lesson = validateForm(form, LessonTarget, t);
    const input = validateForm(form, QuestionInput, t);
    if (!lesson.ok) return fail(form, back, t("errors.invalid"), 400);
    if (!input.ok) return fail(form, back, firstError(input.fieldErrors), 400);
    const outcome = await askQuestion(db, user, courseId, lesson.data.lessonId, input.data);
    if (!outcome.ok) return refused(outcome);
    return succeed(form, back, t("done.asked"), { questionId: outcome.questionId });
  }

  if (intent === "vote" || intent === "reply" || intent === "unaccept" || intent.endsWith("Question")) {
    const question = validateForm(form, QuestionTarget, t);
    if (!question.ok) return fail(form, back, t("errors.invalid"), 400);
    const questionId = question.data.questionId;
    if (intent === "vote") {
      const outcome = await toggleVote(db, user, questionId);
      if (!outcome.ok) return refused(outcome);
      // With JavaScript the button itself shows the change; without it, the page says so.
      const message = isEnhanced(form) ? "" : t(outcome.voted ? "done.voted" : "done.unvoted");
      return succeed(form, back, message, { voted: outcome.voted, voteCount: outcome.voteCount });
    }
    if (intent === "reply") {
      const input = validateForm(form, ReplyInput, t);
      if (!input.ok) return fail(form, back, firstError(input.fieldErrors), 400);
      const outcome = await replyToQuestion(db, user, questionId, input.data);
      if (!outcome.ok) return refused(outcome);
      return succeed(form, back, t("done.replied"), { replyId: outcome.replyId });
    }
    if (intent === "unaccept") {
      const outcome = await unacceptAnswer(db, user, questionId);
      if (!outcome.ok) return refused(outcome);
      return succeed(form, back, t("done.unaccepted"), {});
    }
    if (intent === "editQuestion") {
      const input = validateForm(form, QuestionInput, t);
      if (!input.ok) return fail(form, back, firstError(input.fieldErrors), 400);
      const outcome = await editQuestion(db, user, questionId, input.data);
      if (!outcome.ok) return refused(outcome);
      return succeed(form, back, t("done.edited"), {});
    }
    if (intent === "deleteQuestion") {
      const outcome = await deleteQuestion(db, user, questionId);
      if (!outcome.ok) return refused(outcome);
      // Its page may be gone (a question without replies): back to the list, unless it came from a lesson.
      const afterDelete = back.includes("/questions/") ? listPath : back;
      return succeed(form, afterDelete, t("done.deleted"), {});
    }
    const input = validateForm(form, HideInput, t);
    if (!input.ok) return fail(form, back, firstError(input.fieldErrors), 400);
    const outcome = await hideQuestion(db, user, questionId, input.data);
    if (!outcome.ok) return refused(outcome);
    return succeed(form, back, t("done.hidden"), {});
  }

  const reply = validateForm(form, ReplyTarget, t);
  if (!reply.ok) return fail(form, back, t("errors.invalid"), 400);
  const replyId = reply.data.replyId;
  if (intent === "accept") {
    const outcome = await acceptReply(db, user, replyId);
    if (!outcome.ok) return refused(outcome);
    return succeed(form, back, t("done.accepted"), {});
  }
  if (intent === "editReply") {
    const input = validateForm(form, ReplyInput, t);
    if (!input.ok) return fail(form, back, firstError(input.fieldErrors), 400);
    const outcome = await editReply(db, user, replyId, input.data);
    if (!outcome.ok) return refused(outcome);
    return succeed(form, back, t("done.edited"), {});
  }
  if (intent === "deleteReply") {
    const outcome = await deleteReply(db, user, replyId);
    if (!outcome.ok) return refused(outcome);
    return succeed(form, back, t("done.deleted"), {});
  }
  const input = validateForm(form, HideInput, t);
  if (!input.ok) return fail(form, back, firstError(input.fieldErrors), 400);
  const outcome = await hideReply(db, user, replyId, input.data);
  if (!outcome.ok) return refused(outcome);
  return succeed(form, back, t("done.hidden"), {});
}

// /courses/:id/questions/:questionId: one question with its replies (issue 35): reply, vote, accept an
// answer, edit within 30 minutes, delete, hide with a reason. Its forms post to /courses/:id/questions
// (app/qa/page-action.server.ts). Readers: the course's enrolled learners, its trainer and admins.
import { getUser, loginRedirect } from "../auth/guards.server";
import { QuestionPage } from "../components/qa/question-page";
import { getDb } from "../db/context";
import { skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { pick } from "../lib/localized";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getQuestionThread } from "../qa/qa.server";
import type { Route } from "./+types/course-question";

export const handle = { i18n: ["qa"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  const page = pageContext(request, context);
  const courseId = parseId(params.id);
  const questionId = parseId(params.questionId);
  if (courseId === null || questionId === null) throw new Response("Not Found", { status: 404 });
  const outcome = await getQuestionThread(getDb(context), user, page.locale, questionId);
  if (!outcome.ok) {
    if (outcome.reason === "sign_in") throw loginRedirect(request);
    throw new Response(outcome.reason === "forbidden" ? "Forbidden" : "Not Found", {
      status: outcome.reason === "forbidden" ? 403 : 404,
    });
  }
  const { thread } = outcome;
  // The question lives under its own course's address only.
  if (thread.course.id !== courseId) throw new Response("Not Found", { status: 404 });
  const courseTitle = pick(page.locale, thread.course.title, thread.course.titleAr);
  const title = thread.question.title ?? page.t("qa:deletedQuestion");
  return {
    meta: page.meta(title, page.t("qa:meta.questionDescription", { course: courseTitle })),
    courseId,
    courseTitle,
    question: thread.question,
    replies: thread.replies,
    canPost: thread.canPost,
    canModerate: thread.canModerate,
    canAccept: thread.canAccept,
  };
}

export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CourseQuestionRoute({ loaderData }: Route.ComponentProps) {
  return <QuestionPage data={loaderData} />;
}

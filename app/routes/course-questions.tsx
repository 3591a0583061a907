// /courses/:id/questions: the course's Q&A (issue 35) — every lesson's questions, searchable, filtered by
// a plain GET form (unanswered, mine, this lesson), paged. Its action takes every Q&A form of the learn
// page, this page and a question's page (app/qa/page-action.server.ts). Readers: the course's enrolled
// learners, its trainer and admins (app/qa/policy.ts).
import { getUser, loginRedirect } from "../auth/guards.server";
import { QuestionsPage } from "../components/qa/questions-page";
import { getDb } from "../db/context";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { pick } from "../lib/localized";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { qaPageAction } from "../qa/page-action.server";
import { QA_PAGE_SIZE, readQaFilters } from "../qa/policy";
import { courseLessonOptions, listQuestions } from "../qa/qa.server";
import type { Route } from "./+types/course-questions";

export const handle = { i18n: ["qa"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  const page = pageContext(request, context);
  const courseId = parseId(params.id);
  if (courseId === null) throw new Response("Not Found", { status: 404 });
  const filters = readQaFilters(new URL(request.url).searchParams);
  const db = getDb(context);
  const outcome = await listQuestions(db, user, page.locale, courseId, {
    ...filters,
    limit: QA_PAGE_SIZE,
    offset: (filters.page - 1) * QA_PAGE_SIZE,
  });
  if (!outcome.ok) {
    if (outcome.reason === "sign_in") throw loginRedirect(request);
    throw new Response(outcome.reason === "forbidden" ? "Forbidden" : "Not Found", {
      status: outcome.reason === "forbidden" ? 403 : 404,
    });
  }
  const courseTitle = pick(page.locale, outcome.course.title, outcome.course.titleAr);
  return {
    meta: page.listMeta(
      page.t("qa:meta.listTitle", { course: courseTitle }),
      page.t("qa:meta.listDescription", { course: courseTitle }),
      filters.page,
    ),
    courseId,
    courseTitle,
    filters,
    lessons: await courseLessonOptions(db, page.locale, courseId),
    items: outcome.items,
    total: outcome.total,
    pages: Math.max(1, Math.ceil(outcome.total / QA_PAGE_SIZE)),
    canPost: outcome.canPost,
  };
}

export const action = ({ request, context, params }: Route.ActionArgs) =>
  qaPageAction(request, context, params);
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CourseQuestionsRoute({ loaderData }: Route.ComponentProps) {
  return <QuestionsPage data={loaderData} />;
}

// /instructor/courses/:id/learners: the course's learners, their progress and their best quiz scores
// (issue 32, item 7), for who may edit the course. Read-only; paged by ?page=N.
import { CourseLearnersPage } from "../components/studio/learners-page";
import { getDb } from "../db/context";
import { pick } from "../lib/localized";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { requireEditableCourse } from "../studio/editor.server";
import { courseLearners } from "../studio/learners.server";
import type { Route } from "./+types/instructor-learners";
export const handle = { i18n: ["studio"] };

/** Learners per page: a row carries a column per quiz, so fewer than the site's lists would be cramped. */
const LEARNERS_PER_PAGE = PAGE_SIZE * 2;

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const found = await courseLearners(getDb(context), actor, course.id, {
    limit: LEARNERS_PER_PAGE,
    offset: (pageNumber - 1) * LEARNERS_PER_PAGE,
  });
  if (!found.ok) throw new Response("Not Found", { status: 404 });
  const { list } = found;
  const title = pick(page.locale, course.title, course.titleAr);
  return {
    meta: page.listMeta(
      page.t("studio:learners.title", { title }),
      page.t("studio:learners.meta"),
      pageNumber,
    ),
    course: { id: course.id, title, isPublished: course.isPublished },
    total: list.total,
    lessonCount: list.lessonCount,
    quizzes: list.quizLessons.map((lesson) => ({
      id: lesson.id,
      title: pick(page.locale, lesson.title, lesson.titleAr),
    })),
    learners: list.learners.map((learner) => ({
      id: learner.userId,
      name: pick(page.locale, learner.name, learner.nameAr),
      enrolledAt: page.date(learner.enrolledAt.toISOString()),
      completedLessons: learner.completedLessons,
      quizzes: learner.quizzes,
    })),
    page: pageNumber,
    pageCount: Math.ceil(list.total / LEARNERS_PER_PAGE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function LearnersRoute({ loaderData }: Route.ComponentProps) {
  return <CourseLearnersPage loaderData={loaderData} />;
}

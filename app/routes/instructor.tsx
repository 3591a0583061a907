// /instructor: the studio's course list. A trainer sees their own courses; an admin sees every course and
// may filter by trainer. Paged by 10 like every list; the filter lives in the URL.

import { canTeach, isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { Instructor } from "../components/studio/instructor-home";
import { DEFAULT_COURSE_IMAGE } from "../courses/catalog.server";
import { getDb } from "../db/context";
import { pick } from "../lib/localized";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getMediaStore } from "../media/context.server";
import { listStudioCourses, listTrainers } from "../studio/courses.server";
import type { Route } from "./+types/instructor";
export const handle = { i18n: ["studio", "editorial", "payments", "analytics"] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, canTeach);
  const page = pageContext(request, context);
  const db = getDb(context);
  const pageNumber = parsePage(url);
  const trainerParam = url.searchParams.get("trainer") ?? "";
  const admin = isAdmin(user);
  const trainerId = admin && UUID.test(trainerParam) ? trainerParam : undefined;
  const [list, trainers] = await Promise.all([
    listStudioCourses(db, user, { limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE, trainerId }),
    admin ? listTrainers(db) : Promise.resolve([]),
  ]);
  const store = getMediaStore(context);
  return {
    meta: page.listMeta(page.t("studio:title"), page.t("studio:metaDescription"), pageNumber),
    isAdmin: admin,
    trainers,
    trainerId: trainerId ?? "",
    courses: list.items.map((course) => ({
      id: course.id,
      title: course.title,
      titleAr: course.titleAr,
      localTitle: pick(page.locale, course.title, course.titleAr),
      isPublished: course.isPublished,
      thumbnail: course.imageUrl ? store.cardUrl(course.imageUrl) : DEFAULT_COURSE_IMAGE,
      trainerName: course.trainerName,
      lessonCount: course.lessonCount,
      enrollmentCount: course.enrollmentCount,
      updatedAt: course.updatedAt.toISOString(),
      updatedLabel: page.date(course.updatedAt.toISOString()),
    })),
    total: list.total,
    page: pageNumber,
    pageCount: Math.ceil(list.total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function InstructorRoute({ loaderData }: Route.ComponentProps) {
  return <Instructor loaderData={loaderData} />;
}

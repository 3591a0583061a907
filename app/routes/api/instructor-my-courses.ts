// GET /api/instructor/my-courses?limit=10&offset=0 → {items, total, limit, offset}: the caller's courses,
// drafts included; an admin gets every course (or one trainer's with ?trainerId=).
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { courseImageJson } from "../../courses/course-json";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import { listStudioCourses } from "../../studio/courses.server";
import { MyCoursesQuery } from "../../studio/inputs";
import type { Route } from "./+types/instructor-my-courses";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiRole(request, context, canTeach);
  const parsed = readQuery(request, MyCoursesQuery, getI18n(context));
  if (parsed.error) return parsed.error;
  const { limit, offset, trainerId } = parsed.data;
  const { items, total } = await listStudioCourses(getDb(context), user, { limit, offset, trainerId });
  return Response.json({
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      titleAr: item.titleAr,
      isPublished: item.isPublished,
      image: courseImageJson(item.imageUrl, item.imagePublicId),
      trainerId: item.trainerId,
      instructor: { name: item.trainerName },
      lessonCount: item.lessonCount,
      enrollmentCount: item.enrollmentCount,
      updatedAt: item.updatedAt.toISOString(),
    })),
    total,
    limit,
    offset,
  });
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");

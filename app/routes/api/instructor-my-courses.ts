// GET /api/instructor/my-courses?limit=10&offset=0 → {items, total, limit, offset}: the caller's courses,
// drafts included; an admin gets every course (or one trainer's with ?trainerId=).
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { translateIssues } from "../../lib/forms.server";
import { getI18n } from "../../middleware/i18next.server";
import { listStudioCourses } from "../../studio/courses.server";
import { MyCoursesQuery } from "../../studio/inputs";
import type { Route } from "./+types/instructor-my-courses";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireApiRole(request, context, canTeach);
  const parsed = MyCoursesQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(apiLocale(request));
    return apiError(
      422,
      "validation_failed",
      t("api.validationFailed"),
      translateIssues(parsed.error.issues, t),
    );
  }
  const { limit, offset, trainerId } = parsed.data;
  const { items, total } = await listStudioCourses(getDb(context), user, { limit, offset, trainerId });
  return Response.json({
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      titleAr: item.titleAr,
      isPublished: item.isPublished,
      image: { url: item.imageUrl },
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

// POST /api/instructor/course: a trainer (or admin) creates a course, optionally with its lessons and
// published at once when complete → 201 {course}.
import { canTeach } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { readConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { refusalAnswer } from "../../studio/api.server";
import { studioCourseJson } from "../../studio/course-json";
import { createCourse } from "../../studio/courses.server";
import { ApiCourseCreate } from "../../studio/inputs";
import type { Route } from "./+types/instructor-course-create";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, ApiCourseCreate, i18n, "studio");
  if (error) return error;
  const { image, lessons, ...fields } = data;
  const outcome = await createCourse(getDb(context), user, {
    ...fields,
    image: image ? { publicId: image.public_id } : undefined,
    lessons: lessons?.map((lesson) => ({
      ...lesson,
      titleAr: lesson.titleAr ?? null,
      durationMinutes: lesson.durationMinutes ?? null,
    })),
  });
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  return Response.json({ course: studioCourseJson(outcome.course, readConfig().currency) }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}

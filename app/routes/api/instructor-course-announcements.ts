// POST /api/instructor/course/:id/announcements {title, body, titleAr?, bodyAr?} → 201 {announcement}: posts
// an announcement to a course the caller may edit and notifies its enrolled learners (issue 35).
import { canTeach } from "../../access/roles";
import { postAnnouncement } from "../../announcements/announcements.server";
import { AnnouncementInput } from "../../announcements/policy";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { refusalAnswer } from "../../studio/api.server";
import type { Route } from "./+types/instructor-course-announcements";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiRole(request, context, canTeach);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const courseId = parseId(params.id);
  if (courseId === null)
    return apiError(404, "not_found", i18n.getFixedT(apiLocale(request), "studio")("errors.notFound"));
  const { data, error } = await readJsonBody(request, AnnouncementInput, i18n, "notifications");
  if (error) return error;
  const outcome = await postAnnouncement(getDb(context), user, courseId, data);
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  return Response.json({ announcement: outcome.announcement }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, canTeach);
  return methodNotAllowed(request, context, "POST");
}

// GET /api/instructors/:id → {instructor: {id, name, bio, avatarUrl, links, courses}}: a teacher's public
// profile in the Accept-Language locale (issue 50); 404 for anyone without one (not a teacher, deleted, or
// no published course).

import { readConfig } from "../../config.server";
import { courseCardJson } from "../../courses/course-json";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { getInstructorProfile } from "../../instructors/profiles.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/instructor-public";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = apiLocale(request);
  const profile = await getInstructorProfile(getDb(context), locale, params.id);
  if (!profile) return apiError(404, "not_found", getI18n(context).getFixedT(locale)("api.notFound"));
  const currency = readConfig().currency;
  return Response.json({
    instructor: { ...profile, courses: profile.courses.map((card) => courseCardJson(card, currency)) },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowed(request, context, "GET");
}

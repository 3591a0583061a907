// GET /api/courses/:id/curriculum → {sections: [{id, title, position, lessons: [...]}]}: `completed` on each
// lesson only for a learner enrolled in the course. A draft is 404 to all but its trainer and admins.

import { getViewer } from "../../auth/viewer";
import { getCurriculumForViewer } from "../../courses/curriculum.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/course-curriculum";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const locale = apiLocale(request);
  const curriculum = id
    ? await getCurriculumForViewer(getDb(context), locale, id, getViewer(context).user)
    : null;
  if (!curriculum)
    return apiError(404, "not_found", getI18n(context).getFixedT(locale, "catalog")("courses.notFound"));
  return Response.json(curriculum);
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");

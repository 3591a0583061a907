// GET /api/courses/:id → the course with its lesson titles; a draft is 404 to all but its trainer and admins.

import { getViewer } from "../../auth/viewer";
import { readConfig } from "../../config.server";
import { getCourseForViewer } from "../../courses/catalog.server";
import { courseDetailJson } from "../../courses/course-json";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/course";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const locale = apiLocale(request);
  const course = id ? await getCourseForViewer(getDb(context), locale, id, getViewer(context).user) : null;
  if (!course)
    return apiError(404, "not_found", getI18n(context).getFixedT(locale, "catalog")("courses.notFound"));
  return Response.json({ course: courseDetailJson(course, readConfig().currency) });
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");

// GET /api/courses?limit=10&offset=0&q&category&sort → {items, total, limit, offset}: published courses only.
import { readConfig } from "../../config.server";
import { listPublishedCourses } from "../../courses/catalog.server";
import { courseCardJson } from "../../courses/course-json";
import { CourseListQuery } from "../../courses/list-query";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readQuery } from "../../lib/api.server";
import { readPublic } from "../../lib/public-reads.server";
import type { Route } from "./+types/courses";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = apiLocale(request);
  const parsed = readQuery(request, CourseListQuery, getI18n(context));
  if (parsed.error) return parsed.error;
  const { limit, offset, q, category, sort } = parsed.data;
  const query = { limit, offset, q, category, sort };
  const { items, total } = await readPublic(context, "catalog", ["courses", locale, query], () =>
    listPublishedCourses(getDb(context), locale, query),
  );
  const currency = readConfig().currency;
  return Response.json({ items: items.map((card) => courseCardJson(card, currency)), total, limit, offset });
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");

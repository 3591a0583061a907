// GET /api/courses?limit=10&offset=0&q&category&sort → {items, total, limit, offset}: published courses only.
import { z } from "zod";
import { readConfig } from "../../config.server";
import { listPublishedCourses } from "../../courses/catalog.server";
import { COURSE_CATEGORIES } from "../../courses/categories";
import { courseCardJson } from "../../courses/course-json";
import { COURSE_SORTS } from "../../courses/sorts";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { translateIssues } from "../../lib/forms.server";
import { cleanSearchText } from "../../lib/validation";
import { getDb } from "../../middleware/database.server";
import { getI18n } from "../../middleware/i18next.server";
import type { Route } from "./+types/courses";

const CourseListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: z
    .string()
    .default("")
    .transform((value) => cleanSearchText(value)),
  category: z.enum(COURSE_CATEGORIES).optional(),
  sort: z.enum(COURSE_SORTS).default("newest"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = CourseListQuery.safeParse(params);
  const locale = apiLocale(request);
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(locale);
    return apiError(
      422,
      "validation_failed",
      t("api.validationFailed"),
      translateIssues(parsed.error.issues, t),
    );
  }
  const { limit, offset, q, category, sort } = parsed.data;
  const { items, total } = await listPublishedCourses(getDb(context), locale, {
    limit,
    offset,
    q,
    category,
    sort,
  });
  const currency = readConfig().currency;
  return Response.json({ items: items.map((card) => courseCardJson(card, currency)), total, limit, offset });
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");

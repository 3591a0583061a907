// GET /api/courses's query: paging, search text, category and sort (also documented in /api/openapi.json).
import { z } from "zod";
import { cleanSearchText, queryInteger } from "../lib/validation";
import { COURSE_CATEGORIES } from "./categories";
import { COURSE_SORTS } from "./sorts";

export const CourseListQuery = z.object({
  limit: queryInteger(1, 50).default(10),
  offset: queryInteger(0, 1_000_000).default(0),
  q: z
    .string()
    .default("")
    .transform((value) => cleanSearchText(value)),
  category: z.enum(COURSE_CATEGORIES).optional(),
  sort: z.enum(COURSE_SORTS).default("newest"),
});

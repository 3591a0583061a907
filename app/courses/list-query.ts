// GET /api/courses's query: paging, search text, category and sort (also documented in /api/openapi.json).
import { z } from "zod";
import { cleanSearchText } from "../lib/validation";
import { COURSE_CATEGORIES } from "./categories";
import { COURSE_SORTS } from "./sorts";

export const CourseListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: z
    .string()
    .default("")
    .transform((value) => cleanSearchText(value)),
  category: z.enum(COURSE_CATEGORIES).optional(),
  sort: z.enum(COURSE_SORTS).default("newest"),
});

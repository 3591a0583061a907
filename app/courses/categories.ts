// The ten course categories of SPEC §9 (the list is the schema's, app/db/schema/values.ts); the value is
// stored, the label is translated in locales/*/common.json.
import { COURSE_CATEGORIES } from "../db/schema/values";

export { COURSE_CATEGORIES };

export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export function isCourseCategory(value: unknown): value is CourseCategory {
  return typeof value === "string" && (COURSE_CATEGORIES as readonly string[]).includes(value);
}

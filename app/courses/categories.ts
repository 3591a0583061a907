// The ten course categories of SPEC §9; the value is stored, the label is translated in locales/*/common.json.
export const COURSE_CATEGORIES = [
  "web-development",
  "backend-development",
  "data-science",
  "machine-learning",
  "artificial-intelligence",
  "cloud-computing",
  "cyber-security",
  "mobile-development",
  "game-development",
  "software-engineering",
] as const;

export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export function isCourseCategory(value: unknown): value is CourseCategory {
  return typeof value === "string" && (COURSE_CATEGORIES as readonly string[]).includes(value);
}

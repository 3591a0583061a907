// The languages a course is taught in (issue 50, item 2): the platform's two, one or both per course.
export const COURSE_LANGUAGES = ["en", "ar"] as const;
export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];

export const isCourseLanguage = (value: string): value is CourseLanguage =>
  (COURSE_LANGUAGES as readonly string[]).includes(value);

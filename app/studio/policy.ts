// When a course may be published or deleted. Pure functions: the pages, the JSON API and the domain module all
// ask these, so every rule has one home. Who may edit what is app/access/editing.ts.

/** Only a course nobody is enrolled in may be deleted; buyers keep what they paid for. */
export function canDeleteCourse(course: { enrollmentCount: number }): boolean {
  return course.enrollmentCount === 0;
}

export const PUBLISH_REQUIREMENTS = [
  "title",
  "description",
  "category",
  "price",
  "lessons",
  "quizzes",
] as const;
export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

/**
 * What a course still lacks before it may be published (English title and description are enough). A quiz
 * without questions could never be passed, so no learner could complete the course: it must have one.
 */
export function missingForPublish(course: {
  title: string | null;
  description: string | null;
  category: string | null;
  price: number | null;
  lessonCount: number;
  /** Quiz lessons with no question yet. */
  emptyQuizCount?: number;
}): PublishRequirement[] {
  const missing: PublishRequirement[] = [];
  if (!course.title?.trim()) missing.push("title");
  if (!course.description?.trim()) missing.push("description");
  if (!course.category) missing.push("category");
  if (course.price === null || !Number.isInteger(course.price) || course.price < 0) missing.push("price");
  if (course.lessonCount < 1) missing.push("lessons");
  if ((course.emptyQuizCount ?? 0) > 0) missing.push("quizzes");
  return missing;
}

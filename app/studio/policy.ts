// Who may do what in the instructor studio, and when a course may be published or deleted. Pure functions:
// the pages, the JSON API and the domain module all ask these, so every rule has one home.
import { canTeach, isAdmin } from "../access/roles";
import type { UserRole } from "../db/schema";

export type Actor = { id: string; role: UserRole };
type OwnedCourse = { trainerId: string; isPublished: boolean };

/** Trainers and admins work in the studio; learners do not. */
export function canUseStudio(actor: Actor | null): actor is Actor {
  return canTeach(actor);
}

/** A trainer edits only their own courses; an admin edits any. */
export function canEditCourse(actor: Actor | null, course: OwnedCourse): boolean {
  if (!canUseStudio(actor)) return false;
  return isAdmin(actor) || actor.id === course.trainerId;
}

export type EditorAccess = "edit" | "sign_in" | "forbidden" | "not_found";

/**
 * How a course's editor answers a visitor. Another trainer learns nothing about a draft (404) but may know
 * that a published course exists (403); learners get 403 and guests are asked to sign in.
 */
export function courseEditorAccess(actor: Actor | null, course: OwnedCourse | null): EditorAccess {
  if (!actor) return "sign_in";
  if (!canUseStudio(actor)) return "forbidden";
  if (!course) return "not_found";
  if (canEditCourse(actor, course)) return "edit";
  return course.isPublished ? "forbidden" : "not_found";
}

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

/** An uploaded file may be deleted by whoever uploaded it, or an admin. */
export function canDeleteMedia(actor: Actor | null, upload: { uploaderId: string | null }): boolean {
  if (!canUseStudio(actor)) return false;
  return isAdmin(actor) || (upload.uploaderId !== null && upload.uploaderId === actor.id);
}

/** A course may point only at files its editor uploaded (an admin may use any). */
export function canAttachMedia(actor: Actor, upload: { uploaderId: string | null }): boolean {
  return isAdmin(actor) || upload.uploaderId === actor.id;
}

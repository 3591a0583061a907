// Who may edit what (issue 44, item 2): the studio, a course, an uploaded file. Pure functions beside the other
// "who may" rules of app/access/; the studio, the quizzes, captions, videos, media, announcements and the
// editorial pages ask these, for the pages and the JSON API alike.
import type { UserRole } from "../db/schema";
import { canTeach, isAdmin } from "./roles";

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

/** An uploaded file may be deleted by whoever uploaded it, or an admin. */
export function canDeleteMedia(actor: Actor | null, upload: { uploaderId: string | null }): boolean {
  if (!canUseStudio(actor)) return false;
  return isAdmin(actor) || (upload.uploaderId !== null && upload.uploaderId === actor.id);
}

/** A course may point only at files its editor uploaded (an admin may use any). */
export function canAttachMedia(actor: Actor, upload: { uploaderId: string | null }): boolean {
  return isAdmin(actor) || upload.uploaderId === actor.id;
}

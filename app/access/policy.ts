// Who may open what of a course — its lessons, their videos and PDFs, its free previews — and a
// certificate's file: one answer per question, pure, so the pages, the JSON API and the media routes all
// ask the same functions (app/access/access.server.ts loads the facts). Unit-tested in
// tests/unit/access-policy.test.ts.
import { canTeach, isAdmin, type Viewer } from "./roles";

/** What decides access to a course, as read for one viewer. */
export type CourseStanding = {
  isPublished: boolean;
  trainerId: string;
  /** Whether the viewer holds an enrollment in it (false for a guest). */
  enrolled: boolean;
};

/** Whether a course exists for `viewer`: published, or a draft they edit (its trainer, an admin). */
export function maySeeCourse(viewer: Viewer, course: { isPublished: boolean; trainerId: string }): boolean {
  return course.isPublished || isAdmin(viewer) || (viewer !== null && viewer.id === course.trainerId);
}

/** Full access to a course's lessons: its enrolled learners, its trainer and admins. */
export function hasCourseAccess(viewer: Viewer, course: CourseStanding): boolean {
  if (!viewer) return false;
  return isAdmin(viewer) || viewer.id === course.trainerId || course.enrolled;
}

/**
 * How a viewer may open a lesson (or, with `lesson` null, a course's lessons as a whole):
 *  - "full": everything, and their progress is recorded;
 *  - "preview": a free-preview lesson of a published course, open to everyone, guests included; nothing is
 *    recorded;
 * or why not: "not_found" (an unknown course, or a draft the viewer may not open: a draft stays invisible),
 * "sign_in" (a guest, on a published course), "forbidden" (signed in, neither bought nor teaches it).
 */
export type LessonAccess =
  | { ok: true; mode: "full" | "preview" }
  | { ok: false; reason: "not_found" | "sign_in" | "forbidden" };

export function lessonAccess(
  viewer: Viewer,
  course: CourseStanding | null,
  lesson: { isFreePreview: boolean } | null,
): LessonAccess {
  if (!course) return { ok: false, reason: "not_found" };
  if (hasCourseAccess(viewer, course)) return { ok: true, mode: "full" };
  if (!course.isPublished) return { ok: false, reason: "not_found" };
  if (lesson?.isFreePreview) return { ok: true, mode: "preview" };
  return { ok: false, reason: viewer ? "forbidden" : "sign_in" };
}

/** Progress (positions, completion) is recorded only for full access: a preview leaves no trace. */
export function mayRecordProgress(access: LessonAccess): boolean {
  return access.ok && access.mode === "full";
}

/**
 * A file not attached to any lesson (an upload in progress, a replaced video): only the trainer who uploaded
 * it and admins may see it; to anyone else it does not exist.
 */
export function unattachedFileAccess(viewer: Viewer, file: { ownerId: string | null }): LessonAccess {
  if (isAdmin(viewer) || (viewer && canTeach(viewer) && file.ownerId !== null && file.ownerId === viewer.id))
    return { ok: true, mode: "full" };
  return { ok: false, reason: viewer ? "not_found" : "sign_in" };
}

/** A certificate's PDF: its holder and admins. Its verification page is public (app/certificates). */
export function mayDownloadCertificate(viewer: Viewer, certificate: { userId: string }): boolean {
  return isAdmin(viewer) || (viewer !== null && viewer.id === certificate.userId);
}

/** An order is seen by the person who placed it and by admins; to anyone else it does not exist (404). */
export function mayViewOrder(viewer: Viewer, order: { userId: string }): boolean {
  return viewer !== null && (viewer.id === order.userId || isAdmin(viewer));
}

/** An issued invoice or credit note (issue 47): its buyer and admins; to anyone else it does not exist. */
export function mayViewIssuedDocument(viewer: Viewer, document: { userId: string | null }): boolean {
  return viewer !== null && ((document.userId !== null && viewer.id === document.userId) || isAdmin(viewer));
}

// Course announcements' inputs and who may read them (issue 35). Messages are keys in `notifications`.
import { z } from "zod";
import { type CourseStanding, hasCourseAccess } from "../access/policy";
import type { Viewer } from "../access/roles";
import { safeText } from "../lib/validation";

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
/** How many of a course's newest announcements its pages show. */
export const ANNOUNCEMENTS_SHOWN = 5;

const optionalText = (max: number, error: string) =>
  safeText({ max, error })
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || null);

/** `POST /api/instructor/course/:id/announcements` and the studio form. */
export const AnnouncementInput = z.object({
  title: safeText({ max: ANNOUNCEMENT_TITLE_MAX, error: "errors.announcementTitle" })
    .trim()
    .min(1, { error: "errors.announcementTitle" }),
  body: safeText({ max: ANNOUNCEMENT_BODY_MAX, error: "errors.announcementBody" })
    .trim()
    .min(1, { error: "errors.announcementBody" }),
  titleAr: optionalText(ANNOUNCEMENT_TITLE_MAX, "errors.announcementTitle"),
  bodyAr: optionalText(ANNOUNCEMENT_BODY_MAX, "errors.announcementBody"),
});
export type AnnouncementInput = z.infer<typeof AnnouncementInput>;

/** A course's announcements are for who has the course: its learners, its trainer and admins. */
export function mayReadAnnouncements(viewer: Viewer, course: CourseStanding | null): boolean {
  return course !== null && hasCourseAccess(viewer, course);
}

// Course announcements (issue 35): a trainer (or an admin) posts to a course they may edit; every enrolled
// learner is notified in the same transaction (notifyCourseLearners: one INSERT … SELECT).
import { desc, eq } from "drizzle-orm";
import { loadCourseStanding } from "../access/access.server";
import type { Actor } from "../access/editing";
import type { Viewer } from "../access/roles";
import type { Database } from "../db/client.server";
import { courseAnnouncements } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { renderMarkdown } from "../lib/markdown.server";
import { notifyCourseLearners } from "../notifications/notify.server";
import { lockEditable, type Refusal } from "../studio/course-lock.server";
import { ANNOUNCEMENTS_SHOWN, type AnnouncementInput, mayReadAnnouncements } from "./policy";

export type AnnouncementView = {
  id: number;
  title: string;
  /** Sanitized when it was posted. */
  html: string;
  createdAt: string;
};

export type PostOutcome = { ok: true; announcement: AnnouncementView & { notified: number } } | Refusal;

/** Posts an announcement to course `courseId` and notifies its learners; only who may edit the course. */
export async function postAnnouncement(
  db: Database,
  actor: Actor,
  courseId: number,
  input: AnnouncementInput,
): Promise<PostOutcome> {
  return db.transaction(async (tx): Promise<PostOutcome> => {
    const locked = await lockEditable(tx, actor, courseId);
    if (locked.refusal) return locked.refusal;
    const { course } = locked;
    const [row] = await tx
      .insert(courseAnnouncements)
      .values({
        courseId,
        authorId: actor.id,
        title: input.title,
        titleAr: input.titleAr,
        body: input.body,
        bodyHtml: renderMarkdown(input.body),
        bodyAr: input.bodyAr,
        bodyArHtml: input.bodyAr ? renderMarkdown(input.bodyAr) : null,
      })
      .returning();
    if (!row) throw new Error("announcement not inserted");
    const notified = await notifyCourseLearners(tx, courseId, {
      type: "announcement",
      eventKey: `announcement:${row.id}`,
      data: {
        path: `/courses/${courseId}#announcement-${row.id}`,
        courseId,
        courseTitle: course.title,
        courseTitleAr: course.titleAr,
        announcementId: row.id,
        title: row.title,
        titleAr: row.titleAr,
      },
    });
    return {
      ok: true,
      announcement: {
        id: row.id,
        title: row.title,
        html: row.bodyHtml,
        createdAt: row.createdAt.toISOString(),
        notified,
      },
    };
  });
}

/** The newest announcements of a course in `locale`, or null when `viewer` may not read them. */
export async function courseAnnouncementsFor(
  db: Database,
  viewer: Viewer,
  courseId: number,
  locale: Locale,
  limit = ANNOUNCEMENTS_SHOWN,
): Promise<AnnouncementView[] | null> {
  if (!viewer) return null;
  const standing = await loadCourseStanding(db, viewer, courseId);
  if (!mayReadAnnouncements(viewer, standing)) return null;
  const rows = await db
    .select()
    .from(courseAnnouncements)
    .where(eq(courseAnnouncements.courseId, courseId))
    .orderBy(desc(courseAnnouncements.createdAt), desc(courseAnnouncements.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: pick(locale, row.title, row.titleAr),
    html: locale === "ar" && row.bodyArHtml ? row.bodyArHtml : row.bodyHtml,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** What a page's loader hands to <CourseAnnouncements/>: the viewer's announcements with dates formatted. */
export async function announcementsForPage(
  db: Database,
  viewer: Viewer,
  courseId: number,
  locale: Locale,
  formatDate: (iso: string) => string,
): Promise<{ id: number; title: string; html: string; date: string }[] | null> {
  const items = await courseAnnouncementsFor(db, viewer, courseId, locale);
  return items?.map(({ createdAt, ...item }) => ({ ...item, date: formatDate(createdAt) })) ?? null;
}

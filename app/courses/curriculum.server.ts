// A course's curriculum as its readers see it (issue 32): sections in order, each with its lessons, and, for
// a learner enrolled in it, which lessons they have completed. GET /api/courses/:id/curriculum answers with
// it; the course page reads the same sections from getCourseForViewer.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { enrollments, type LessonKind, lessonProgress, type User } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { type CourseDetail, getCourseForViewer } from "./catalog.server";

export type CurriculumSection = {
  id: number;
  title: string;
  position: number;
  lessons: {
    id: number;
    kind: LessonKind;
    title: string;
    position: number;
    durationMinutes: number | null;
    isFreePreview: boolean;
    /** Only for a learner enrolled in the course. */
    completed?: boolean;
  }[];
};

/** The course's lessons grouped by section, each section's position within the course, lessons' course-wide. */
export function groupBySection(
  course: Pick<CourseDetail, "sections" | "lessons">,
  completed?: ReadonlySet<number>,
): CurriculumSection[] {
  return course.sections.map((section) => ({
    id: section.id,
    title: section.title,
    position: section.position,
    lessons: course.lessons
      .filter((lesson) => lesson.sectionId === section.id)
      .map((lesson) => ({
        id: lesson.id,
        kind: lesson.kind,
        title: lesson.title,
        position: lesson.position,
        durationMinutes: lesson.durationMinutes,
        isFreePreview: lesson.isFreePreview,
        ...(completed ? { completed: completed.has(lesson.id) } : {}),
      })),
  }));
}

/** The lessons of a course `userId` completed, or null when they are not enrolled in it. */
async function completedIfEnrolled(
  db: Database,
  userId: string,
  courseId: number,
): Promise<Set<number> | null> {
  const [enrolled, done] = await Promise.all([
    db
      .select({ courseId: enrollments.courseId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
      .limit(1),
    db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.userId, userId),
          eq(lessonProgress.courseId, courseId),
          isNotNull(lessonProgress.completedAt),
        ),
      ),
  ]);
  return enrolled.length > 0 ? new Set(done.map((row) => row.lessonId)) : null;
}

/** The curriculum of a course `viewer` may see (a draft only to its trainer and admins), or null. */
export async function getCurriculumForViewer(
  db: Database,
  locale: Locale,
  courseId: number,
  viewer: User | null,
): Promise<{ sections: CurriculumSection[] } | null> {
  const course = await getCourseForViewer(db, locale, courseId, viewer);
  if (!course) return null;
  const completed = viewer ? await completedIfEnrolled(db, viewer.id, courseId) : null;
  return { sections: groupBySection(course, completed ?? undefined) };
}

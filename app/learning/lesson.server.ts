// One lesson as a learner opens it: the course's curriculum with ticks, the lesson's material (safe URLs
// only), its video and the learner's place in it. The learn page and the play API both read it here.
import { getCourseForLearning } from "../commerce/enrollment.server";
import type { Database } from "../db/client.server";
import type { User } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { getLessonVideo, type LessonVideo } from "../video/playback.server";
import { safeMaterialUrl } from "./material-urls";
import { resumeFrom } from "./policy";
import {
  type CourseProgress,
  checkLessonAccess,
  courseProgress,
  type LessonRefusal,
} from "./progress.server";

export type CurriculumLesson = {
  id: number;
  position: number;
  title: string;
  durationMinutes: number | null;
  completed: boolean;
};

export type OpenedLesson = {
  course: { id: number; title: string; isPublished: boolean; lessons: CurriculumLesson[] };
  lesson: {
    id: number;
    position: number;
    title: string;
    durationMinutes: number | null;
    /** A trainer-typed https embed URL (lessons from before uploads), when the lesson has no video. */
    embedUrl: string | null;
    pdfUrl: string | null;
  };
  video: LessonVideo | null;
  progress: CourseProgress;
  lessonProgress: { positionSeconds: number; completed: boolean; resumeAt: number };
  previousLessonId: number | null;
  nextLessonId: number | null;
};

/**
 * The course's lessons for a learner who may open it, or why not. `lessonId` null asks for the course only
 * (the lesson fields then describe the lesson to resume: the last touched, else the first; null when the
 * course has no lessons).
 */
export async function openLesson(
  db: Database,
  user: Pick<User, "id" | "role">,
  locale: Locale,
  courseId: number,
  lessonId: number | null,
): Promise<
  { ok: true; opened: OpenedLesson | null; courseTitle: string } | { ok: false; reason: LessonRefusal }
> {
  const access = await checkLessonAccess(db, user, courseId, lessonId);
  if (!access.ok) return access;
  const [course, progress] = await Promise.all([
    getCourseForLearning(db, locale, courseId),
    courseProgress(db, user.id, courseId),
  ]);
  if (!course) return { ok: false, reason: "not_found" };
  const targetId = lessonId ?? progress.lastLessonId ?? course.lessons[0]?.id ?? null;
  const index = course.lessons.findIndex((lesson) => lesson.id === targetId);
  const lesson = course.lessons[index];
  if (!lesson) {
    return lessonId === null
      ? { ok: true, opened: null, courseTitle: course.title }
      : { ok: false, reason: "not_found" };
  }
  const byId = new Map(progress.lessons.map((entry) => [entry.id, entry]));
  const mine = byId.get(lesson.id);
  const video = await getLessonVideo(db, lesson.id);
  const positionSeconds = mine?.positionSeconds ?? 0;
  return {
    ok: true,
    courseTitle: course.title,
    opened: {
      course: {
        id: course.id,
        title: course.title,
        isPublished: course.isPublished,
        lessons: course.lessons.map((entry) => ({
          id: entry.id,
          position: entry.position,
          title: entry.title,
          durationMinutes: entry.durationMinutes,
          completed: byId.get(entry.id)?.completed ?? false,
        })),
      },
      lesson: {
        id: lesson.id,
        position: lesson.position,
        title: lesson.title,
        durationMinutes: lesson.durationMinutes,
        embedUrl: safeMaterialUrl(lesson.embedUrl, { allowSitePath: false }),
        pdfUrl: safeMaterialUrl(lesson.pdfUrl, { allowSitePath: true }),
      },
      video,
      progress,
      lessonProgress: {
        positionSeconds,
        completed: mine?.completed ?? false,
        resumeAt: resumeFrom(positionSeconds, video?.durationSeconds ?? null),
      },
      previousLessonId: course.lessons[index - 1]?.id ?? null,
      nextLessonId: course.lessons[index + 1]?.id ?? null,
    },
  };
}

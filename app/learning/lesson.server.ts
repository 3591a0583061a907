// One lesson as a viewer opens it: the course's curriculum with ticks, the lesson's material (safe URLs
// only), its video and the viewer's place in it. The learn page and the play API both read it here. Who may
// open it is the access module's answer (app/access/policy.ts): full access, or a free preview that anyone,
// guests included, may open and that records nothing.
import { asc, eq } from "drizzle-orm";
import { accessToLesson } from "../access/access.server";
import type { Viewer } from "../access/roles";
import { captionsForPlayer, type PlayerCaptions } from "../captions/captions.server";
import type { Database } from "../db/client.server";
import { courseSections, courses, type LessonKind, lessons } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { getLessonVideo, type LessonVideo } from "../video/playback.server";
import { safeMaterialUrl } from "./material-urls";
import { resumeFrom } from "./policy";
import { type CourseProgress, courseProgress, type LessonRefusal } from "./progress.server";

type CourseForLearning = {
  id: number;
  title: string;
  isPublished: boolean;
  sections: { id: number; title: string }[];
  lessons: {
    id: number;
    sectionId: number;
    position: number;
    kind: LessonKind;
    title: string;
    /** An article's HTML, rendered and sanitized when saved, in the page's language (English as fallback). */
    articleHtml: string | null;
    durationMinutes: number | null;
    isFreePreview: boolean;
    embedUrl: string | null;
    pdfUrl: string | null;
  }[];
};

/**
 * A course with its lessons' material, published or not: whoever holds it keeps it after it is unpublished.
 * Callers decide access before showing any of it.
 */
async function getCourseForLearning(
  db: Database,
  locale: Locale,
  courseId: number,
): Promise<CourseForLearning | null> {
  const [course] = await db
    .select({
      id: courses.id,
      title: courses.title,
      titleAr: courses.titleAr,
      isPublished: courses.isPublished,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return null;
  const [sectionRows, lessonRows] = await Promise.all([
    db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position)),
    db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position)),
  ]);
  return {
    id: course.id,
    title: pick(locale, course.title, course.titleAr),
    isPublished: course.isPublished,
    sections: sectionRows.map((section) => ({
      id: section.id,
      title: pick(locale, section.title, section.titleAr),
    })),
    lessons: lessonRows.map((lesson) => ({
      id: lesson.id,
      sectionId: lesson.sectionId,
      position: lesson.position,
      kind: lesson.kind,
      title: pick(locale, lesson.title, lesson.titleAr),
      articleHtml: lesson.kind === "article" ? pick(locale, lesson.bodyHtml ?? "", lesson.bodyArHtml) : null,
      durationMinutes: lesson.durationMinutes,
      isFreePreview: lesson.isFreePreview,
      embedUrl: lesson.embedUrl,
      pdfUrl: lesson.pdfUrl,
    })),
  };
}

/** A free preview's viewer has no progress: nothing is recorded for them. */
const NO_PROGRESS: CourseProgress = {
  completedLessons: 0,
  totalLessons: 0,
  percent: 0,
  lastLessonId: null,
  lessons: [],
};

export type CurriculumLesson = {
  id: number;
  sectionId: number;
  kind: LessonKind;
  position: number;
  title: string;
  durationMinutes: number | null;
  isFreePreview: boolean;
  completed: boolean;
};

export type OpenedLesson = {
  /** A free preview: the viewer does not hold the course, and nothing they do here is recorded. */
  preview: boolean;
  course: {
    id: number;
    title: string;
    isPublished: boolean;
    /** In order; each one's lessons are a contiguous run of `lessons`. */
    sections: { id: number; title: string }[];
    lessons: CurriculumLesson[];
  };
  lesson: {
    id: number;
    kind: LessonKind;
    /** An article's sanitized HTML; null for other kinds. */
    articleHtml: string | null;
    position: number;
    title: string;
    durationMinutes: number | null;
    /** A trainer-typed https embed URL (lessons from before uploads), when the lesson has no video. */
    embedUrl: string | null;
    pdfUrl: string | null;
  };
  video: LessonVideo | null;
  /** A video lesson's caption tracks (one per language) and its transcript in the page's language. */
  captions: PlayerCaptions;
  progress: CourseProgress;
  lessonProgress: { positionSeconds: number; completed: boolean; resumeAt: number };
  previousLessonId: number | null;
  nextLessonId: number | null;
};

/**
 * The course's lessons for a viewer who may open them, or why not. `lessonId` null asks for the course only
 * (the lesson fields then describe the lesson to resume: the last touched, else the first; null when the
 * course has no lessons), which only full access opens.
 */
export async function openLesson(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  courseId: number,
  lessonId: number | null,
): Promise<
  { ok: true; opened: OpenedLesson | null; courseTitle: string } | { ok: false; reason: LessonRefusal }
> {
  const access = await accessToLesson(db, viewer, courseId, lessonId);
  if (!access.ok) return access;
  const preview = access.mode === "preview";
  const [course, progress] = await Promise.all([
    getCourseForLearning(db, locale, courseId),
    preview || !viewer ? NO_PROGRESS : courseProgress(db, viewer.id, courseId),
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
  const [video, captions] = await Promise.all([
    getLessonVideo(db, lesson.id),
    lesson.kind === "video"
      ? captionsForPlayer(db, course.id, lesson.id, locale)
      : { tracks: [], transcript: null },
  ]);
  const positionSeconds = mine?.positionSeconds ?? 0;
  return {
    ok: true,
    courseTitle: course.title,
    opened: {
      preview,
      course: {
        id: course.id,
        title: course.title,
        isPublished: course.isPublished,
        sections: course.sections,
        lessons: course.lessons.map((entry) => ({
          id: entry.id,
          sectionId: entry.sectionId,
          kind: entry.kind,
          position: entry.position,
          title: entry.title,
          durationMinutes: entry.durationMinutes,
          isFreePreview: entry.isFreePreview,
          completed: byId.get(entry.id)?.completed ?? false,
        })),
      },
      lesson: {
        id: lesson.id,
        kind: lesson.kind,
        articleHtml: lesson.articleHtml,
        position: lesson.position,
        title: lesson.title,
        durationMinutes: lesson.durationMinutes,
        embedUrl: safeMaterialUrl(lesson.embedUrl, { allowSitePath: false }),
        pdfUrl: safeMaterialUrl(lesson.pdfUrl, { allowSitePath: true }),
      },
      video,
      captions,
      progress,
      lessonProgress: {
        positionSeconds,
        completed: mine?.completed ?? false,
        resumeAt: resumeFrom(positionSeconds, video?.durationSeconds ?? null),
      },
      // A preview's pager walks the other previews: the rest of the course is not open to this viewer.
      previousLessonId: neighbour(course.lessons, index, -1, preview),
      nextLessonId: neighbour(course.lessons, index, 1, preview),
    },
  };
}

/** The nearest lesson before (-1) or after (1) `index`, among free previews only when `previewsOnly`. */
function neighbour(
  lessons: readonly { id: number; isFreePreview: boolean }[],
  index: number,
  step: -1 | 1,
  previewsOnly: boolean,
): number | null {
  for (let at = index + step; at >= 0 && at < lessons.length; at += step) {
    const lesson = lessons[at];
    if (lesson && (!previewsOnly || lesson.isFreePreview)) return lesson.id;
  }
  return null;
}

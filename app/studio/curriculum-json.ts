// Sections and lessons as the instructor API returns them: both languages, the article's Markdown and HTML.
import type { CourseSection, Lesson } from "../db/schema";

export function sectionJson(section: CourseSection) {
  return {
    id: section.id,
    courseId: section.courseId,
    position: section.position,
    title: section.title,
    titleAr: section.titleAr,
  };
}

export function studioLessonJson(lesson: Lesson) {
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    sectionId: lesson.sectionId,
    position: lesson.position,
    kind: lesson.kind,
    title: lesson.title,
    titleAr: lesson.titleAr,
    durationMinutes: lesson.durationMinutes,
    isFreePreview: lesson.isFreePreview,
    body: lesson.body,
    bodyAr: lesson.bodyAr,
    bodyHtml: lesson.bodyHtml,
    bodyArHtml: lesson.bodyArHtml,
    pdfUrl: lesson.pdfUrl,
  };
}

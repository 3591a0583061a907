// A course as the instructor API returns it: the fields of GET /api/courses/:id (in both languages),
// plus isPublished, trainerId and the lessons with their ids and materials.
import { courseImageJson } from "../courses/course-json";
import { toCurrencyUnits } from "../lib/money";
import type { StudioCourse } from "./courses.server";

export function studioCourseJson(course: StudioCourse, currency: string) {
  return {
    id: course.id,
    title: course.title,
    titleAr: course.titleAr,
    description: course.description,
    descriptionAr: course.descriptionAr,
    descriptionHtml: course.descriptionHtml,
    descriptionArHtml: course.descriptionArHtml,
    category: course.category,
    outcomes: course.outcomes,
    outcomesAr: course.outcomesAr,
    requirements: course.requirements,
    requirementsAr: course.requirementsAr,
    audience: course.audience,
    audienceAr: course.audienceAr,
    languages: course.languages,
    price: toCurrencyUnits(course.price, currency),
    currency,
    image: courseImageJson(course.imageUrl, course.imagePublicId),
    instructor: { name: course.trainerName },
    lessonCount: course.lessons.length,
    isPublished: course.isPublished,
    trainerId: course.trainerId,
    enrollmentCount: course.enrollmentCount,
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
    sections: course.sections.map((section) => ({
      id: section.id,
      position: section.position,
      title: section.title,
      titleAr: section.titleAr,
    })),
    lessons: course.lessons.map((lesson) => ({
      id: lesson.id,
      sectionId: lesson.sectionId,
      kind: lesson.kind,
      position: lesson.position,
      title: lesson.title,
      titleAr: lesson.titleAr,
      durationMinutes: lesson.durationMinutes,
      pdfUrl: lesson.pdfUrl,
    })),
  };
}

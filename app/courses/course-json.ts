// How a course looks on the JSON API: plain currency units and the SPEC's image {url, public_id}.
import { toCurrencyUnits } from "../lib/money";
import { type CourseCard, type CourseDetail, DEFAULT_COURSE_IMAGE } from "./catalog.server";

/**
 * A course's image, one shape on every API answer (the catalog, the studio, enrollments): the stored URL,
 * or the default picture when the course has none, and the upload's public id when known.
 */
export function courseImageJson(url: string | null, publicId: string | null = null) {
  return { url: url || DEFAULT_COURSE_IMAGE, public_id: publicId };
}

export function courseCardJson(card: CourseCard, currency: string) {
  return {
    id: card.id,
    title: card.title,
    description: card.description,
    category: card.category,
    price: toCurrencyUnits(card.price, currency),
    currency,
    image: courseImageJson(card.image),
    instructor: { name: card.instructorName },
    lessonCount: card.lessonCount,
    rating: card.rating,
  };
}

export function courseDetailJson(course: CourseDetail, currency: string) {
  return {
    ...courseCardJson(course, currency),
    isPublished: course.isPublished,
    outcomes: course.outcomes,
    requirements: course.requirements,
    audience: course.audience,
    languages: course.languages,
    updatedAt: course.updatedAt.toISOString(),
    learnerCount: course.learnerCount,
    instructor: course.instructor,
    // Titles only: video and PDF links are for those who may open a lesson (its play call), never the catalog.
    lessons: course.lessons.map((lesson) => ({
      id: lesson.id,
      position: lesson.position,
      title: lesson.title,
      durationMinutes: lesson.durationMinutes,
      isFreePreview: lesson.isFreePreview,
    })),
  };
}

// The JSON shape of a learner's home on the API (GET /api/me/learning, issue 50): the pinned `continue`,
// `inProgress` and `completed`, and the quizzes waiting for a retry. Certificates in the shape of
// GET /api/certificates (app/certificates/json.server.ts), so no other call is needed.
import { type CertificateJson, certificateJson } from "../certificates/json.server";
import { courseImageJson } from "../courses/course-json";
import type { HomeCourse, LearnerHome } from "./home.server";

function courseJson(course: HomeCourse) {
  return {
    courseId: course.courseId,
    courseTitle: course.courseTitle,
    image: courseImageJson(course.image),
    instructorName: course.instructorName,
    progressPercent: course.percent,
    completedLessons: course.completedLessons,
    totalLessons: course.totalLessons,
    lastLessonId: course.lastLesson?.id ?? null,
    lastLessonTitle: course.lastLesson?.title ?? null,
    enrolledAt: course.enrolledAt.toISOString(),
  };
}

export function learnerHomeJson(home: LearnerHome) {
  return {
    continue: home.continue,
    inProgress: home.inProgress.map(courseJson),
    completed: home.completed.map((course) => ({
      ...courseJson(course),
      certificate: course.certificate
        ? (certificateJson({
            ...course.certificate,
            courseId: course.courseId,
            courseTitle: course.courseTitle,
            courseTitleEn: course.courseTitle,
          }) satisfies CertificateJson)
        : null,
    })),
    retryQuizzes: home.retryQuizzes,
  };
}

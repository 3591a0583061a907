// /my-enrollments, "My learning" (issue 50): the learner's home. Where they left off, the courses in progress,
// the finished ones with their certificates, and the quizzes waiting for a retry, read in two statements
// (app/learning/home.server.ts). Signing in lands a learner here (app/auth/redirect.ts, landingPath).
import { requireUser } from "../auth/guards.server";
import { certificatePdfPath } from "../certificates/certificates.server";
import { MyLearningPage } from "../components/learning/my-learning";
import { getDb } from "../db/context";
import { learnerHome } from "../learning/home.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/my-enrollments";

export const handle = { i18n: ["catalog", "auth", "learning", "mylearning"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const home = await learnerHome(getDb(context), page.locale, user.id);
  // Dates are formatted here so the server and the browser render the same text.
  const course = (row: (typeof home.inProgress)[number]) => ({
    id: row.courseId,
    title: row.courseTitle,
    category: row.category,
    image: row.image,
    instructorName: row.instructorName,
    lessonCount: row.lessonCount,
    enrolledAt: row.enrolledAt.toISOString(),
    enrolledOn: page.date(row.enrolledAt.toISOString()),
    progress: {
      completedLessons: row.completedLessons,
      totalLessons: row.totalLessons,
      percent: row.percent,
      lastLessonId: row.lastLesson?.id ?? null,
    },
    sections: row.sections,
    certificate: row.certificate
      ? {
          id: row.certificate.id,
          revoked: row.certificate.revoked,
          pdfPath: certificatePdfPath(row.certificate.id, { api: false }),
        }
      : null,
  });
  return {
    meta: page.meta(page.t("mylearning:title"), page.t("mylearning:meta")),
    continue: home.continue,
    inProgress: home.inProgress.map(course),
    completed: home.completed.map(course),
    retryQuizzes: home.retryQuizzes,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function MyEnrollments({ loaderData }: Route.ComponentProps) {
  return <MyLearningPage {...loaderData} />;
}

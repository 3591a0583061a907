// Demo lesson Q&A (issue 35): on the free cloud course the demo learner holds, the learner asks two
// questions about its first lesson (one in Arabic, one in English), the trainer answers both and the
// learner accepts the Arabic answer — all through the Q&A domain functions, so counts and notifications
// are real. Idempotent: a course that already has questions is left as it is.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courses, lessonQuestions, lessons, users } from "../db/schema";
import { acceptReply, askQuestion, replyToQuestion } from "../qa/qa.server";

export const DEMO_QA_COURSE = "cloud-computing-fundamentals";

const DEMO_QUESTIONS = [
  {
    title: "ما الفرق العملي بين IaaS وPaaS؟",
    body: "فهمت التعريفين، لكن متى أختار **PaaS** بدل أن أدير الخوادم بنفسي؟",
    answer:
      "اختاري PaaS حين لا تحتاجين التحكم في نظام التشغيل: تدفعين مقابل التشغيل وتتركين الترقيات للمزوّد.",
    accept: true,
  },
  {
    title: "Does reserved pricing apply to serverless functions?",
    body: "The lesson shows reserved instances for VMs. Is there an equivalent for `functions`?",
    answer:
      "Not as reservations: functions are billed per request and duration. Look at *savings plans* instead.",
    accept: false,
  },
] as const;

export async function seedDemoQa(db: Database): Promise<void> {
  const [course] = await db
    .select({ id: courses.id, trainerId: courses.trainerId })
    .from(courses)
    .where(eq(courses.slug, DEMO_QA_COURSE));
  const [learner] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, "learner@manara.local"));
  if (!course || !learner) return;
  if ((await db.$count(lessonQuestions, eq(lessonQuestions.courseId, course.id))) > 0) return;
  const [lesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, course.id))
    .orderBy(asc(lessons.position))
    .limit(1);
  const [trainer] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, course.trainerId));
  if (!lesson || !trainer) return;
  for (const demo of DEMO_QUESTIONS) {
    const asked = await askQuestion(db, learner, course.id, lesson.id, {
      title: demo.title,
      body: demo.body,
    });
    if (!asked.ok) throw new Error(`seedDemoQa: ${asked.reason}`);
    const replied = await replyToQuestion(db, trainer, asked.questionId, { body: demo.answer });
    if (!replied.ok) throw new Error(`seedDemoQa: ${replied.reason}`);
    if (demo.accept) {
      const accepted = await acceptReply(db, learner, replied.replyId);
      if (!accepted.ok) throw new Error(`seedDemoQa: ${accepted.reason}`);
    }
  }
}

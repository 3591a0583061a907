// Seeds the demo sections, articles and quizzes (issue 32) through the studio's and the quizzes' own
// functions, as their trainer, so the demo is made the way a trainer makes it. Idempotent: a course that
// already has a second section is left alone.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courseSections, courses, lessons, users } from "../db/schema";
import { saveQuiz } from "../quizzes/quizzes.server";
import { addLesson, addSection, placeLesson, renameSection } from "../studio/curriculum.server";
import { setFreePreview } from "../video/videos.server";
import { seedCurricula } from "./data/curriculum";

export async function seedDemoCurriculum(db: Database): Promise<void> {
  for (const plan of seedCurricula) {
    const [course] = await db.select().from(courses).where(eq(courses.slug, plan.courseSlug));
    if (!course) continue;
    const sections = await db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, course.id))
      .orderBy(asc(courseSections.position));
    const [first] = sections;
    if (!first || sections.length > 1) continue;
    const [trainer] = await db.select().from(users).where(eq(users.id, course.trainerId));
    if (!trainer) continue;
    const ok = <T extends { ok: boolean }>(outcome: T, what: string) => {
      if (!outcome.ok) throw new Error(`seed curriculum: ${what} for ${plan.courseSlug} refused`);
      return outcome as T & { ok: true };
    };
    const [firstTitle, secondTitle] = plan.sections;
    ok(
      await renameSection(db, trainer, first.id, { title: firstTitle.en, titleAr: firstTitle.ar }),
      "rename",
    );
    const second = ok(
      await addSection(db, trainer, course.id, { title: secondTitle.en, titleAr: secondTitle.ar }),
      "section",
    );
    const existing = await db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.courseId, course.id))
      .orderBy(asc(lessons.position));
    // The later half of the lessons moves to the second section, in order.
    for (const lesson of existing.slice(Math.ceil(existing.length / 2)))
      ok(
        await placeLesson(db, trainer, lesson.id, { sectionId: second.sectionId, position: 10_000 }),
        "move",
      );
    ok(
      await addLesson(db, trainer, course.id, {
        kind: "article",
        sectionId: first.id,
        title: plan.article.title.en,
        titleAr: plan.article.title.ar,
        durationMinutes: plan.article.durationMinutes,
        body: plan.article.body.en,
        bodyAr: plan.article.body.ar,
      }),
      "article",
    );
    const quiz = ok(
      await addLesson(db, trainer, course.id, {
        kind: "quiz",
        sectionId: second.sectionId,
        title: plan.quiz.title.en,
        titleAr: plan.quiz.title.ar,
      }),
      "quiz lesson",
    );
    ok(await saveQuiz(db, trainer, quiz.lessonId, plan.quiz.input), "quiz");
    if (plan.quiz.freePreview)
      ok(await setFreePreview(db, trainer, course.id, quiz.lessonId, true), "free preview");
  }
}

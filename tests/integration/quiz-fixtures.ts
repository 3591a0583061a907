// Quiz lessons for tests (issue 32): a published course of a trainer with a quiz lesson (and a video lesson),
// a learner enrolled in it, and a bank saved through saveQuiz, the one way a quiz is written.
import { eq } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { lessons, type User } from "../../app/db/schema";
import { QuizInput } from "../../app/quizzes/inputs";
import { saveQuiz, type TrainerQuiz } from "../../app/quizzes/quizzes.server";
import { withSection } from "./section-rows";
import { createCourseFor, enroll } from "./studio-factories";

/** Four questions, one of each kind; the short-text one accepts an Arabic answer. */
export function sampleQuiz(overrides: Record<string, unknown> = {}) {
  return QuizInput.parse({
    passPercent: 70,
    maxAttempts: 2,
    timeLimitMinutes: null,
    drawCount: null,
    shuffle: false,
    reveal: "after_pass",
    questions: [
      {
        kind: "single",
        prompt: "Capital of **Egypt**?",
        promptAr: "ما عاصمة مصر؟",
        points: 1,
        explanation: "Cairo sits on the Nile.",
        options: [
          { text: "Cairo", textAr: "القاهرة", correct: true },
          { text: "Alexandria", textAr: "الإسكندرية", correct: false },
          { text: "Giza", correct: false },
        ],
      },
      {
        kind: "multiple",
        prompt: "Which are prime?",
        points: 1,
        partialCredit: true,
        options: [
          { text: "2", correct: true },
          { text: "3", correct: true },
          { text: "4", correct: false },
        ],
      },
      {
        kind: "true_false",
        prompt: "The Nile flows north.",
        points: 1,
        options: [
          { text: "True", textAr: "صح", correct: true },
          { text: "False", textAr: "خطأ", correct: false },
        ],
      },
      {
        kind: "short_text",
        prompt: "Name the city in Arabic.",
        points: 1,
        acceptedAnswers: ["القاهرة"],
      },
    ],
    ...overrides,
  });
}

export type QuizCourse = {
  courseId: number;
  quizLessonId: number;
  videoLessonId: number;
  quiz: TrainerQuiz;
};

export async function createQuizCourse(
  db: Database,
  trainer: User,
  {
    learners = [],
    preview = false,
    input = sampleQuiz(),
  }: { learners?: User[]; preview?: boolean; input?: QuizInput } = {},
): Promise<QuizCourse> {
  const course = await createCourseFor(db, trainer, { lessons: 1, published: true });
  const [video] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, course.id));
  const [quizLesson] = await db
    .insert(lessons)
    .values(
      await withSection(db, {
        courseId: course.id,
        position: 2,
        title: "Quiz",
        kind: "quiz" as const,
        isFreePreview: preview,
      }),
    )
    .returning({ id: lessons.id });
  if (!video || !quizLesson) throw new Error("lessons not created");
  for (const learner of learners) await enroll(db, learner.id, course.id);
  const saved = await saveQuiz(db, trainer, quizLesson.id, input);
  if (!saved.ok) throw new Error(`quiz not saved: ${saved.reason}`);
  return { courseId: course.id, quizLessonId: quizLesson.id, videoLessonId: video.id, quiz: saved.quiz };
}

/** The right answers of a trainer's quiz, by the attempt's question ids (text). */
export function rightAnswers(quiz: TrainerQuiz) {
  return quiz.questions.map((question) =>
    question.kind === "short_text"
      ? { questionId: String(question.id), text: "القاهره" }
      : {
          questionId: String(question.id),
          optionIds: (question.options ?? []).filter((o) => o.correct).map((o) => String(o.id)),
        },
  );
}

/** Wrong answers to every question: the first wrong option, or a wrong text. */
export function wrongAnswers(quiz: TrainerQuiz) {
  return quiz.questions.map((question) =>
    question.kind === "short_text"
      ? { questionId: String(question.id), text: "Alexandria" }
      : {
          questionId: String(question.id),
          optionIds: (question.options ?? [])
            .filter((o) => !o.correct)
            .slice(0, 1)
            .map((o) => String(o.id)),
        },
  );
}

// A learner's home (issue 50, item 1): /my-enrollments and GET /api/me/learning read it here, in two
// statements whatever the number of courses: the enrolled courses with their progress, sections, the lesson
// touched last and the certificate (correlated subqueries, one row per course), and the quizzes waiting for
// a retry. app/learning/home.ts arranges the courses.
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DEFAULT_COURSE_IMAGE } from "../courses/catalog.server";
import type { Database } from "../db/client.server";
import { certificates, courses, enrollments, lessons, quizAttempts, quizzes, users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { arrangeLearnerHome, attemptsLeft, type HomeCourseRow, type LearnerHomeShape } from "./home";
import { progressPercent } from "./policy";

export type HomeSection = { id: number; title: string; completedLessons: number; totalLessons: number };

export type HomeCourse = HomeCourseRow & {
  category: string;
  image: string;
  instructorName: string;
  lessonCount: number;
  /** Each section's done and total lessons; sections without lessons are left out. */
  sections: HomeSection[];
};

export type RetryQuiz = {
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonTitle: string;
  /** The last submitted attempt's score, and the pass mark. */
  scorePercent: number;
  passPercent: number;
  /** Null when the quiz has no attempt limit. */
  attemptsLeft: number | null;
};

export type LearnerHome = LearnerHomeShape<HomeCourse> & { retryQuizzes: RetryQuiz[] };

type SectionJson = { id: number; title: string; titleAr: string | null; total: number; done: number };
type LastLessonJson = { id: number; title: string; titleAr: string | null; at: string };

/**
 * Everything the learner's home shows, in `locale`. Courses unpublished after purchase stay: the learner
 * paid for them. A quiz waits for a retry when its last submitted attempt failed, none passed, and the
 * limit (if any) leaves another attempt.
 */
export async function learnerHome(db: Database, locale: Locale, userId: string): Promise<LearnerHome> {
  const sections = sql<SectionJson[]>`(
    select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'titleAr', s.title_ar,
      'total', s.total, 'done', s.done) order by s.position), '[]'::json)
    from (
      select cs.id, cs.title, cs.title_ar, cs.position, count(*)::int as total, count(lp.completed_at)::int as done
      from course_sections cs
      join lessons l on l.section_id = cs.id
      left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
      where cs.course_id = ${courses.id}
      group by cs.id
    ) s)`;
  const lastLesson = sql<LastLessonJson | null>`(
    select json_build_object('id', l.id, 'title', l.title, 'titleAr', l.title_ar, 'at', lp.updated_at)
    from lesson_progress lp
    join lessons l on l.id = lp.lesson_id and l.course_id = lp.course_id
    where lp.user_id = ${userId} and lp.course_id = ${courses.id}
    order by lp.updated_at desc, l.position
    limit 1)`;
  const [courseRows, quizRows] = await Promise.all([
    db
      .select({
        id: courses.id,
        title: courses.title,
        titleAr: courses.titleAr,
        category: courses.category,
        imageUrl: courses.imageUrl,
        instructorName: users.name,
        instructorNameAr: users.nameAr,
        enrolledAt: enrollments.createdAt,
        sections,
        lastLesson,
        certificateId: certificates.id,
        certificateCode: certificates.code,
        certificateIssuedAt: certificates.issuedAt,
        certificateRevokedAt: certificates.revokedAt,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .innerJoin(users, eq(users.id, courses.trainerId))
      .leftJoin(
        certificates,
        and(eq(certificates.userId, enrollments.userId), eq(certificates.courseId, enrollments.courseId)),
      )
      .where(eq(enrollments.userId, userId))
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id)),
    retryQuizRows(db, userId),
  ]);

  const rows: HomeCourse[] = courseRows.map((row) => {
    const courseSections = (row.sections ?? []).map((section) => ({
      id: Number(section.id),
      title: pick(locale, section.title, section.titleAr),
      completedLessons: Number(section.done),
      totalLessons: Number(section.total),
    }));
    const totalLessons = courseSections.reduce((sum, section) => sum + section.totalLessons, 0);
    const completedLessons = courseSections.reduce((sum, section) => sum + section.completedLessons, 0);
    const last = row.lastLesson;
    return {
      courseId: row.id,
      courseTitle: pick(locale, row.title, row.titleAr),
      category: row.category,
      image: row.imageUrl || DEFAULT_COURSE_IMAGE,
      instructorName: pick(locale, row.instructorName, row.instructorNameAr),
      lessonCount: totalLessons,
      completedLessons,
      totalLessons,
      percent: progressPercent(completedLessons, totalLessons),
      enrolledAt: row.enrolledAt,
      lastLesson: last
        ? { id: Number(last.id), title: pick(locale, last.title, last.titleAr), at: new Date(last.at) }
        : null,
      certificate:
        row.certificateId && row.certificateCode && row.certificateIssuedAt
          ? {
              id: row.certificateId,
              code: row.certificateCode,
              issuedAt: row.certificateIssuedAt,
              revoked: row.certificateRevokedAt !== null,
            }
          : null,
      sections: courseSections,
    };
  });

  const retryQuizzes: RetryQuiz[] = [];
  for (const row of quizRows) {
    const left = attemptsLeft(row.maxAttempts, Number(row.used));
    if (left === 0) continue;
    retryQuizzes.push({
      courseId: row.courseId,
      courseTitle: pick(locale, row.courseTitle, row.courseTitleAr),
      lessonId: row.lessonId,
      lessonTitle: pick(locale, row.lessonTitle, row.lessonTitleAr),
      scorePercent: row.scorePercent ?? 0,
      passPercent: row.passPercent,
      attemptsLeft: left,
    });
  }
  return { ...arrangeLearnerHome(rows), retryQuizzes };
}

/** The learner's quizzes, in courses they hold, whose last submitted attempt failed and none passed. */
async function retryQuizRows(db: Database, userId: string) {
  const course = alias(courses, "quiz_course");
  const lastAttempt = alias(quizAttempts, "last_attempt");
  return db
    .select({
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      lessonTitleAr: lessons.titleAr,
      courseId: course.id,
      courseTitle: course.title,
      courseTitleAr: course.titleAr,
      maxAttempts: quizzes.maxAttempts,
      passPercent: quizzes.passPercent,
      scorePercent: lastAttempt.scorePercent,
      used: sql<number>`(select count(*)::int from quiz_attempts a
        where a.lesson_id = ${lastAttempt.lessonId} and a.user_id = ${lastAttempt.userId})`,
    })
    .from(lastAttempt)
    .innerJoin(lessons, eq(lessons.id, lastAttempt.lessonId))
    .innerJoin(quizzes, eq(quizzes.lessonId, lastAttempt.lessonId))
    .innerJoin(course, eq(course.id, lessons.courseId))
    .innerJoin(
      enrollments,
      and(eq(enrollments.courseId, course.id), eq(enrollments.userId, lastAttempt.userId)),
    )
    .where(
      and(
        eq(lastAttempt.userId, userId),
        eq(lastAttempt.passed, false),
        sql`${lastAttempt.number} = (select max(a.number) from quiz_attempts a
          where a.lesson_id = ${lastAttempt.lessonId} and a.user_id = ${lastAttempt.userId}
          and a.submitted_at is not null)`,
        sql`not exists (select 1 from quiz_attempts a
          where a.lesson_id = ${lastAttempt.lessonId} and a.user_id = ${lastAttempt.userId} and a.passed)`,
      ),
    )
    .orderBy(desc(lastAttempt.submittedAt), lessons.id);
}

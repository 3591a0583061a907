// Lesson Q&A (issue 35, docs/decisions/055-lesson-qa.md): one rule set for the learn page's panel, the
// course's Q&A pages and the JSON API. Every function checks its own preconditions (app/qa/policy.ts)
// whoever calls it; every write that raises an event records its notification (app/notifications) in the
// same transaction, once per person and event.
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { maySeeCourse } from "../access/policy";
import type { Viewer } from "../access/roles";
import { hitRateLimit } from "../auth/rate-limit.server";
import type { Database, Queryable, Transaction } from "../db/client.server";
import {
  courses,
  enrollments,
  lessonQuestions,
  lessons,
  questionReplies,
  questionVotes,
  users,
} from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { renderMarkdown } from "../lib/markdown.server";
import { notify } from "../notifications/notify.server";
import type { NotificationData } from "../notifications/types";
import {
  type HideInput,
  mayAcceptAnswer,
  mayDeletePost,
  mayEditPost,
  mayModerateQa,
  mayPostInQa,
  QA_RATE_LIMITS,
  type QaRefusal,
  type QaStanding,
  type QuestionInput,
  qaPostRefusal,
  qaReadRefusal,
  type ReplyInput,
  replyEventType,
} from "./policy";

export type QaCourse = QaStanding & { id: number; title: string; titleAr: string | null };

/** A refusal every Q&A function may answer with; "not_found" also covers a draft the viewer may not see. */
export type QaFailure = {
  ok: false;
  reason: "not_found" | QaRefusal | QaDomainRefusal;
  retryAfterSeconds?: number;
};
export type QaDomainRefusal = "edit_window_closed" | "rate_limited" | "not_author" | "already_hidden";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The course as Q&A sees it for `viewer`, or null when it does not exist for them (a draft stays hidden). */
export async function loadQaCourse(
  db: Queryable,
  viewer: Viewer,
  courseId: number,
): Promise<QaCourse | null> {
  const [course] = await db
    .select({
      id: courses.id,
      title: courses.title,
      titleAr: courses.titleAr,
      trainerId: courses.trainerId,
      isPublished: courses.isPublished,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course || !maySeeCourse(viewer, course)) return null;
  const enrolled =
    viewer === null
      ? false
      : (await db.$count(
          enrollments,
          and(eq(enrollments.userId, viewer.id), eq(enrollments.courseId, courseId)),
        )) > 0;
  return { ...course, enrolled };
}

export type QuestionSummary = {
  id: number;
  courseId: number;
  lessonId: number;
  lessonTitle: string;
  /** Null when its author deleted it (the thread stays for its replies). */
  title: string | null;
  authorName: string | null;
  mine: boolean;
  voteCount: number;
  voted: boolean;
  replyCount: number;
  answered: boolean;
  deleted: boolean;
  /** Hidden by the trainer or an admin: listed only for them (and the author), with the reason. */
  hidden: { reason: string; at: string } | null;
  createdAt: string;
};

export type QuestionListFilters = {
  q?: string;
  unanswered?: boolean;
  mine?: boolean;
  lessonId?: number | null;
  limit: number;
  offset: number;
};

export type QaListOutcome =
  | {
      ok: true;
      course: QaCourse;
      items: QuestionSummary[];
      total: number;
      canPost: boolean;
      canModerate: boolean;
    }
  | QaFailure;

/** One page of a course's questions, most voted then newest, for those who may read them. */
export async function listQuestions(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  courseId: number,
  filters: QuestionListFilters,
): Promise<QaListOutcome> {
  const course = await loadQaCourse(db, viewer, courseId);
  if (!course) return { ok: false, reason: "not_found" };
  const refusal = qaReadRefusal(viewer, course);
  if (refusal) return { ok: false, reason: refusal };
  const moderator = mayModerateQa(viewer, course);
  const conditions: (SQL | undefined)[] = [eq(lessonQuestions.courseId, courseId)];
  // A deleted question stays listed only while it has replies; a hidden one only for moderators and its author.
  conditions.push(or(isNull(lessonQuestions.deletedAt), sql`${lessonQuestions.replyCount} > 0`));
  if (!moderator)
    conditions.push(or(isNull(lessonQuestions.hiddenAt), eq(lessonQuestions.userId, viewer?.id ?? "")));
  if (filters.lessonId) conditions.push(eq(lessonQuestions.lessonId, filters.lessonId));
  if (filters.mine && viewer) conditions.push(eq(lessonQuestions.userId, viewer.id));
  if (filters.unanswered) conditions.push(isNull(lessonQuestions.acceptedReplyId));
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      and(
        isNull(lessonQuestions.deletedAt),
        or(ilike(lessonQuestions.title, pattern), ilike(lessonQuestions.body, pattern)),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      question: lessonQuestions,
      lessonTitle: lessons.title,
      lessonTitleAr: lessons.titleAr,
      name: users.name,
      nameAr: users.nameAr,
    })
    .from(lessonQuestions)
    .innerJoin(lessons, eq(lessons.id, lessonQuestions.lessonId))
    .innerJoin(users, eq(users.id, lessonQuestions.userId))
    .where(where)
    .orderBy(desc(lessonQuestions.voteCount), desc(lessonQuestions.createdAt), desc(lessonQuestions.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const [totalRow] = await db.select({ total: count() }).from(lessonQuestions).where(where);
  const voted = await votedBy(
    db,
    viewer,
    rows.map((row) => row.question.id),
  );
  return {
    ok: true,
    course,
    canPost: mayPostInQa(viewer, course),
    canModerate: moderator,
    total: Number(totalRow?.total ?? 0),
    items: rows.map(({ question, lessonTitle, lessonTitleAr, name, nameAr }) => {
      const deleted = question.deletedAt !== null;
      return {
        id: question.id,
        courseId: question.courseId,
        lessonId: question.lessonId,
        lessonTitle: pick(locale, lessonTitle, lessonTitleAr),
        title: deleted ? null : question.title,
        authorName: deleted ? null : pick(locale, name, nameAr),
        mine: viewer?.id === question.userId,
        voteCount: question.voteCount,
        voted: voted.has(question.id),
        replyCount: question.replyCount,
        answered: question.acceptedReplyId !== null,
        deleted,
        hidden: question.hiddenAt
          ? { reason: question.hiddenReason ?? "", at: question.hiddenAt.toISOString() }
          : null,
        createdAt: question.createdAt.toISOString(),
      };
    }),
  };
}

async function votedBy(db: Queryable, viewer: Viewer, questionIds: number[]): Promise<Set<number>> {
  if (!viewer || questionIds.length === 0) return new Set();
  const rows = await db
    .select({ questionId: questionVotes.questionId })
    .from(questionVotes)
    .where(and(eq(questionVotes.userId, viewer.id), inArray(questionVotes.questionId, questionIds)));
  return new Set(rows.map((row) => row.questionId));
}

export type PostView = {
  id: number;
  /** Null when deleted, or hidden and the viewer may not moderate. */
  body: string | null;
  bodyHtml: string | null;
  authorName: string | null;
  mine: boolean;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
  hidden: { reason: string; at: string } | null;
  mayEdit: boolean;
  mayDelete: boolean;
};

export type QuestionView = PostView & {
  courseId: number;
  lessonId: number;
  lessonTitle: string;
  title: string | null;
  voteCount: number;
  voted: boolean;
  replyCount: number;
  acceptedReplyId: number | null;
};

export type ReplyView = PostView & { questionId: number; byTrainer: boolean; accepted: boolean };

export type QuestionThread = {
  course: QaCourse;
  question: QuestionView;
  replies: ReplyView[];
  canPost: boolean;
  canModerate: boolean;
  canAccept: boolean;
};

function postView(
  viewer: Viewer,
  moderator: boolean,
  post: {
    id: number;
    userId: string;
    body: string;
    bodyHtml: string;
    createdAt: Date;
    editedAt: Date | null;
    deletedAt: Date | null;
    hiddenAt: Date | null;
    hiddenReason: string | null;
  },
  author: string,
  now: Date,
): PostView {
  const deleted = post.deletedAt !== null;
  const showText = !deleted && (post.hiddenAt === null || moderator);
  return {
    id: post.id,
    body: showText ? post.body : null,
    bodyHtml: showText ? post.bodyHtml : null,
    authorName: deleted ? null : author,
    mine: viewer?.id === post.userId,
    createdAt: post.createdAt.toISOString(),
    editedAt: iso(post.editedAt),
    deleted,
    hidden: post.hiddenAt ? { reason: post.hiddenReason ?? "", at: post.hiddenAt.toISOString() } : null,
    mayEdit: mayEditPost(viewer, post, now),
    mayDelete: mayDeletePost(viewer, post),
  };
}

/** A question and its replies, oldest reply first, for those who may read the course's Q&A. */
export async function getQuestionThread(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  questionId: number,
  now = new Date(),
): Promise<{ ok: true; thread: QuestionThread } | QaFailure> {
  const [row] = await db
    .select({
      question: lessonQuestions,
      lessonTitle: lessons.title,
      lessonTitleAr: lessons.titleAr,
      name: users.name,
      nameAr: users.nameAr,
    })
    .from(lessonQuestions)
    .innerJoin(lessons, eq(lessons.id, lessonQuestions.lessonId))
    .innerJoin(users, eq(users.id, lessonQuestions.userId))
    .where(eq(lessonQuestions.id, questionId));
  if (!row) return { ok: false, reason: "not_found" };
  const course = await loadQaCourse(db, viewer, row.question.courseId);
  if (!course) return { ok: false, reason: "not_found" };
  const refusal = qaReadRefusal(viewer, course);
  if (refusal) return { ok: false, reason: refusal };
  const moderator = mayModerateQa(viewer, course);
  const { question } = row;
  // A hidden question is its author's and the moderators' only; a deleted one without replies is gone.
  if (question.hiddenAt && !moderator && viewer?.id !== question.userId)
    return { ok: false, reason: "not_found" };
  if (question.deletedAt && question.replyCount === 0 && !moderator)
    return { ok: false, reason: "not_found" };
  const replyRows = await db
    .select({ reply: questionReplies, name: users.name, nameAr: users.nameAr })
    .from(questionReplies)
    .innerJoin(users, eq(users.id, questionReplies.userId))
    .where(eq(questionReplies.questionId, questionId))
    .orderBy(questionReplies.createdAt, questionReplies.id);
  const voted = await votedBy(db, viewer, [questionId]);
  const base = postView(viewer, moderator, question, pick(locale, row.name, row.nameAr), now);
  return {
    ok: true,
    thread: {
      course,
      canPost: mayPostInQa(viewer, course) && question.deletedAt === null && question.hiddenAt === null,
      canModerate: moderator,
      canAccept: mayAcceptAnswer(viewer, course, question),
      question: {
        ...base,
        courseId: question.courseId,
        lessonId: question.lessonId,
        lessonTitle: pick(locale, row.lessonTitle, row.lessonTitleAr),
        title: base.deleted ? null : question.title,
        voteCount: question.voteCount,
        voted: voted.has(questionId),
        replyCount: question.replyCount,
        acceptedReplyId: question.acceptedReplyId,
      },
      replies: replyRows
        // A deleted reply leaves no trace; a hidden one stays as a marker with its reason.
        .filter(({ reply }) => reply.deletedAt === null)
        .map(({ reply, name, nameAr }) => ({
          ...postView(viewer, moderator, reply, pick(locale, name, nameAr), now),
          questionId,
          byTrainer: reply.userId === course.trainerId,
          accepted: question.acceptedReplyId === reply.id,
        })),
    },
  };
}

/** The question, locked, with its course's standing for `viewer`; null when it does not exist for them. */
async function lockQuestion(tx: Transaction, viewer: Viewer, questionId: number) {
  const [question] = await tx
    .select()
    .from(lessonQuestions)
    .where(eq(lessonQuestions.id, questionId))
    .for("update");
  if (!question) return null;
  const course = await loadQaCourse(tx, viewer, question.courseId);
  if (!course) return null;
  return { question, course };
}

const questionPath = (courseId: number, questionId: number) => `/courses/${courseId}/questions/${questionId}`;

async function actorName(tx: Queryable, userId: string): Promise<string> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? "";
}

async function limit(db: Database, key: string, rule: (typeof QA_RATE_LIMITS)[keyof typeof QA_RATE_LIMITS]) {
  const decision = await hitRateLimit(db, key, rule);
  return decision.allowed ? null : decision.retryAfterSeconds;
}

export type AskOutcome = { ok: true; questionId: number } | QaFailure;

/** An enrolled learner (or the course's trainer) asks about one lesson of the course. */
export async function askQuestion(
  db: Database,
  user: NonNullable<Viewer>,
  courseId: number,
  lessonId: number,
  input: QuestionInput,
  now = new Date(),
): Promise<AskOutcome> {
  const course = await loadQaCourse(db, user, courseId);
  if (!course) return { ok: false, reason: "not_found" };
  const [lesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  if (!lesson) return { ok: false, reason: "not_found" };
  const refusal = qaPostRefusal(user, course);
  if (refusal) return { ok: false, reason: refusal };
  const retryAfter = await limit(db, `qa:question:${user.id}`, QA_RATE_LIMITS.questionsPerUser);
  if (retryAfter !== null) return { ok: false, reason: "rate_limited", retryAfterSeconds: retryAfter };
  const bodyHtml = renderMarkdown(input.body);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(lessonQuestions)
      .values({
        courseId,
        lessonId,
        userId: user.id,
        title: input.title,
        body: input.body,
        bodyHtml,
        createdAt: now,
      })
      .returning({ id: lessonQuestions.id });
    if (!inserted) throw new Error("The question was not inserted");
    if (course.trainerId !== user.id) {
      await notify(tx, [
        {
          userId: course.trainerId,
          type: "new_question",
          eventKey: `question:${inserted.id}`,
          data: eventData(course, lessonId, inserted.id, input.title, await actorName(tx, user.id)),
        },
      ]);
    }
    return { ok: true as const, questionId: inserted.id };
  });
}

function eventData(
  course: QaCourse,
  lessonId: number,
  questionId: number,
  title: string,
  actor: string,
  replyId?: number,
): NotificationData {
  return {
    path: `${questionPath(course.id, questionId)}${replyId ? `#reply-${replyId}` : ""}`,
    courseId: course.id,
    courseTitle: course.title,
    courseTitleAr: course.titleAr,
    lessonId,
    questionId,
    ...(replyId ? { replyId } : {}),
    title,
    actorName: actor,
  };
}

export type ReplyOutcome = { ok: true; replyId: number; courseId: number; questionId: number } | QaFailure;

/** Another enrolled learner or the course's trainer replies; the asker is told (unless they replied). */
export async function replyToQuestion(
  db: Database,
  user: NonNullable<Viewer>,
  questionId: number,
  input: ReplyInput,
  now = new Date(),
): Promise<ReplyOutcome> {
  const [found] = await db
    .select({ courseId: lessonQuestions.courseId })
    .from(lessonQuestions)
    .where(eq(lessonQuestions.id, questionId));
  if (!found) return { ok: false, reason: "not_found" };
  const course = await loadQaCourse(db, user, found.courseId);
  if (!course) return { ok: false, reason: "not_found" };
  const refusal = qaPostRefusal(user, course);
  if (refusal) return { ok: false, reason: refusal };
  const retryAfter = await limit(db, `qa:reply:${user.id}`, QA_RATE_LIMITS.repliesPerUser);
  if (retryAfter !== null) return { ok: false, reason: "rate_limited", retryAfterSeconds: retryAfter };
  const bodyHtml = renderMarkdown(input.body);
  return db.transaction(async (tx): Promise<ReplyOutcome> => {
    const locked = await lockQuestion(tx, user, questionId);
    if (!locked || locked.question.deletedAt || locked.question.hiddenAt)
      return { ok: false, reason: "not_found" };
    const { question } = locked;
    const [inserted] = await tx
      .insert(questionReplies)
      .values({ questionId, userId: user.id, body: input.body, bodyHtml, createdAt: now })
      .returning({ id: questionReplies.id });
    if (!inserted) throw new Error("The reply was not inserted");
    await tx
      .update(lessonQuestions)
      .set({ replyCount: sql`${lessonQuestions.replyCount} + 1` })
      .where(eq(lessonQuestions.id, questionId));
    if (question.userId !== user.id) {
      await notify(tx, [
        {
          userId: question.userId,
          type: replyEventType(user.id, course.trainerId),
          eventKey: `reply:${inserted.id}`,
          data: eventData(
            course,
            question.lessonId,
            questionId,
            question.title,
            await actorName(tx, user.id),
            inserted.id,
          ),
        },
      ]);
    }
    return { ok: true, replyId: inserted.id, courseId: question.courseId, questionId };
  });
}

export type VoteOutcome = { ok: true; voted: boolean; voteCount: number; courseId: number } | QaFailure;

/**
 * Toggles the caller's upvote. The question row is locked first, so one person's parallel toggles queue
 * up; the (question, user) primary key keeps the vote single whatever happens.
 */
export async function toggleVote(
  db: Database,
  user: NonNullable<Viewer>,
  questionId: number,
): Promise<VoteOutcome> {
  return db.transaction(async (tx): Promise<VoteOutcome> => {
    const locked = await lockQuestion(tx, user, questionId);
    if (!locked) return { ok: false, reason: "not_found" };
    const { question, course } = locked;
    const refusal = qaPostRefusal(user, course);
    if (refusal) return { ok: false, reason: refusal };
    if (question.deletedAt || question.hiddenAt) return { ok: false, reason: "not_found" };
    const added = await tx
      .insert(questionVotes)
      .values({ questionId, userId: user.id })
      .onConflictDoNothing()
      .returning({ questionId: questionVotes.questionId });
    let delta = 1;
    if (added.length === 0) {
      await tx
        .delete(questionVotes)
        .where(and(eq(questionVotes.questionId, questionId), eq(questionVotes.userId, user.id)));
      delta = -1;
    }
    const [updated] = await tx
      .update(lessonQuestions)
      .set({ voteCount: sql`${lessonQuestions.voteCount} + ${delta}` })
      .where(eq(lessonQuestions.id, questionId))
      .returning({ voteCount: lessonQuestions.voteCount });
    return { ok: true, voted: delta === 1, voteCount: updated?.voteCount ?? 0, courseId: question.courseId };
  });
}

async function findReply(tx: Transaction, replyId: number) {
  const [reply] = await tx.select().from(questionReplies).where(eq(questionReplies.id, replyId));
  return reply ?? null;
}

export type ReplyActionOutcome = { ok: true; courseId: number; questionId: number } | QaFailure;

/** The asker or the course's trainer accepts a reply as the answer; another accepted one gives way. */
export async function acceptReply(
  db: Database,
  user: NonNullable<Viewer>,
  replyId: number,
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const reply = await findReply(tx, replyId);
    if (!reply) return { ok: false, reason: "not_found" };
    const locked = await lockQuestion(tx, user, reply.questionId);
    if (!locked) return { ok: false, reason: "not_found" };
    const { question, course } = locked;
    const readRefusal = qaReadRefusal(user, course);
    if (readRefusal) return { ok: false, reason: readRefusal };
    if (reply.deletedAt || reply.hiddenAt || question.deletedAt || question.hiddenAt)
      return { ok: false, reason: "not_found" };
    if (!mayAcceptAnswer(user, course, question)) return { ok: false, reason: "forbidden" };
    await tx
      .update(lessonQuestions)
      .set({ acceptedReplyId: replyId })
      .where(eq(lessonQuestions.id, question.id));
    return { ok: true, courseId: course.id, questionId: question.id };
  });
}

/** The asker or the trainer takes the accepted mark back. */
export async function unacceptAnswer(
  db: Database,
  user: NonNullable<Viewer>,
  questionId: number,
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const locked = await lockQuestion(tx, user, questionId);
    if (!locked) return { ok: false, reason: "not_found" };
    const { question, course } = locked;
    const readRefusal = qaReadRefusal(user, course);
    if (readRefusal) return { ok: false, reason: readRefusal };
    if (!mayAcceptAnswer(user, course, question)) return { ok: false, reason: "forbidden" };
    await tx
      .update(lessonQuestions)
      .set({ acceptedReplyId: null })
      .where(eq(lessonQuestions.id, question.id));
    return { ok: true, courseId: course.id, questionId };
  });
}

/** Its author edits a question within the edit window. */
export async function editQuestion(
  db: Database,
  user: NonNullable<Viewer>,
  questionId: number,
  input: QuestionInput,
  now = new Date(),
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const locked = await lockQuestion(tx, user, questionId);
    if (!locked) return { ok: false, reason: "not_found" };
    const { question, course } = locked;
    if (question.userId !== user.id) return { ok: false, reason: "not_author" };
    if (!mayEditPost(user, question, now)) return { ok: false, reason: "edit_window_closed" };
    await tx
      .update(lessonQuestions)
      .set({ title: input.title, body: input.body, bodyHtml: renderMarkdown(input.body), editedAt: now })
      .where(eq(lessonQuestions.id, questionId));
    return { ok: true, courseId: course.id, questionId };
  });
}

/** Its author edits a reply within the edit window. */
export async function editReply(
  db: Database,
  user: NonNullable<Viewer>,
  replyId: number,
  input: ReplyInput,
  now = new Date(),
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const reply = await findReply(tx, replyId);
    if (!reply) return { ok: false, reason: "not_found" };
    const locked = await lockQuestion(tx, user, reply.questionId);
    if (!locked) return { ok: false, reason: "not_found" };
    if (reply.userId !== user.id) return { ok: false, reason: "not_author" };
    if (!mayEditPost(user, reply, now)) return { ok: false, reason: "edit_window_closed" };
    await tx
      .update(questionReplies)
      .set({ body: input.body, bodyHtml: renderMarkdown(input.body), editedAt: now })
      .where(eq(questionReplies.id, replyId));
    return { ok: true, courseId: locked.course.id, questionId: reply.questionId };
  });
}

/** Its author deletes a question: its text goes, its replies stay (the thread then shows "deleted"). */
export async function deleteQuestion(
  db: Database,
  user: NonNullable<Viewer>,
  questionId: number,
  now = new Date(),
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const locked = await lockQuestion(tx, user, questionId);
    if (!locked || locked.question.deletedAt) return { ok: false, reason: "not_found" };
    if (!mayDeletePost(user, locked.question)) return { ok: false, reason: "not_author" };
    await tx.update(lessonQuestions).set({ deletedAt: now }).where(eq(lessonQuestions.id, questionId));
    return { ok: true, courseId: locked.course.id, questionId };
  });
}

/** Takes a reply out of the question's count and, if it was the accepted answer, unmarks it. */
async function withdrawReply(tx: Transaction, questionId: number, replyId: number) {
  await tx
    .update(lessonQuestions)
    .set({
      replyCount: sql`greatest(${lessonQuestions.replyCount} - 1, 0)`,
      acceptedReplyId: sql`case when ${lessonQuestions.acceptedReplyId} = ${replyId} then null else ${lessonQuestions.acceptedReplyId} end`,
    })
    .where(eq(lessonQuestions.id, questionId));
}

/** Its author deletes a reply (it leaves the thread; an accepted answer is unmarked). */
export async function deleteReply(
  db: Database,
  user: NonNullable<Viewer>,
  replyId: number,
  now = new Date(),
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const reply = await findReply(tx, replyId);
    if (!reply || reply.deletedAt) return { ok: false, reason: "not_found" };
    const locked = await lockQuestion(tx, user, reply.questionId);
    if (!locked) return { ok: false, reason: "not_found" };
    if (!mayDeletePost(user, reply)) return { ok: false, reason: "not_author" };
    await tx.update(questionReplies).set({ deletedAt: now }).where(eq(questionReplies.id, replyId));
    if (!reply.hiddenAt) await withdrawReply(tx, reply.questionId, replyId);
    return { ok: true, courseId: locked.course.id, questionId: reply.questionId };
  });
}

/** The course's trainer or an admin hides a question with a reason. */
export async function hideQuestion(
  db: Database,
  user: NonNullable<Viewer>,
  questionId: number,
  input: HideInput,
  now = new Date(),
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const locked = await lockQuestion(tx, user, questionId);
    if (!locked || locked.question.deletedAt) return { ok: false, reason: "not_found" };
    if (!mayModerateQa(user, locked.course)) return { ok: false, reason: "forbidden" };
    if (locked.question.hiddenAt) return { ok: false, reason: "already_hidden" };
    await tx
      .update(lessonQuestions)
      .set({ hiddenAt: now, hiddenReason: input.reason, hiddenBy: user.id })
      .where(eq(lessonQuestions.id, questionId));
    return { ok: true, courseId: locked.course.id, questionId };
  });
}

/** The course's trainer or an admin hides a reply with a reason (an accepted answer is unmarked). */
export async function hideReply(
  db: Database,
  user: NonNullable<Viewer>,
  replyId: number,
  input: HideInput,
  now = new Date(),
): Promise<ReplyActionOutcome> {
  return db.transaction(async (tx): Promise<ReplyActionOutcome> => {
    const reply = await findReply(tx, replyId);
    if (!reply || reply.deletedAt) return { ok: false, reason: "not_found" };
    const locked = await lockQuestion(tx, user, reply.questionId);
    if (!locked) return { ok: false, reason: "not_found" };
    if (!mayModerateQa(user, locked.course)) return { ok: false, reason: "forbidden" };
    if (reply.hiddenAt) return { ok: false, reason: "already_hidden" };
    await tx
      .update(questionReplies)
      .set({ hiddenAt: now, hiddenReason: input.reason, hiddenBy: user.id })
      .where(eq(questionReplies.id, replyId));
    await withdrawReply(tx, reply.questionId, replyId);
    return { ok: true, courseId: locked.course.id, questionId: reply.questionId };
  });
}

/** Which question a reply belongs to (for routes that address a reply by its id alone). */
export async function replyQuestionId(db: Database, replyId: number): Promise<number | null> {
  const [row] = await db
    .select({ questionId: questionReplies.questionId })
    .from(questionReplies)
    .where(eq(questionReplies.id, replyId));
  return row?.questionId ?? null;
}

/** The course's lessons in order, for the Q&A page's "this lesson" filter. */
export async function courseLessonOptions(
  db: Database,
  locale: Locale,
  courseId: number,
): Promise<{ id: number; title: string }[]> {
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, titleAr: lessons.titleAr })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(lessons.position);
  return rows.map((row) => ({ id: row.id, title: pick(locale, row.title, row.titleAr) }));
}

export type LessonQaPanel = {
  courseId: number;
  lessonId: number;
  items: QuestionSummary[];
  total: number;
  canPost: boolean;
};

/** The learn page's panel: the lesson's questions (first page) and whether the viewer may ask; null if they may not read. */
export async function lessonQaPanel(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  courseId: number,
  lessonId: number,
): Promise<LessonQaPanel | null> {
  const outcome = await listQuestions(db, viewer, locale, courseId, { lessonId, limit: 20, offset: 0 });
  if (!outcome.ok) return null;
  return { courseId, lessonId, items: outcome.items, total: outcome.total, canPost: outcome.canPost };
}

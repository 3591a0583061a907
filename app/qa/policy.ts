// Pure lesson Q&A rules (issue 35, docs/decisions/055-lesson-qa.md): who may read a course's Q&A, post in
// it, moderate it and accept an answer; the author's edit window; the inputs. Unit-tested in
// tests/unit/qa-policy.test.ts; app/qa/qa.server.ts loads the facts and asks these.
import { z } from "zod";
import { isAdmin, type Viewer } from "../access/roles";
import type { RateLimitRule } from "../auth/rate-limit.server";
import { cleanSearchText, queryInteger, safeText } from "../lib/validation";

import { EDIT_WINDOW_MS, HIDE_REASON_MAX, POST_BODY_MAX, QA_PAGE_SIZE, QUESTION_TITLE_MAX } from "./limits";

export { EDIT_WINDOW_MS, HIDE_REASON_MAX, POST_BODY_MAX, QA_PAGE_SIZE, QUESTION_TITLE_MAX } from "./limits";

/** Per person, counted in PostgreSQL (app/auth/rate-limit.server.ts) so they hold across servers. */
export const QA_RATE_LIMITS = {
  questionsPerUser: { limit: 10, windowSeconds: 60 * 60 },
  repliesPerUser: { limit: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** What decides a viewer's standing in one course's Q&A, as read for them. */
export type QaStanding = {
  /** The course is published (a draft's Q&A is its trainer's and admins' only, like its lessons). */
  isPublished: boolean;
  trainerId: string;
  /** Whether the viewer holds an enrollment in the course. */
  enrolled: boolean;
};

export type QaRefusal = "sign_in" | "forbidden";

/** Reading a course's questions: its enrolled learners, its trainer and admins. */
export function qaReadRefusal(viewer: Viewer, course: QaStanding): QaRefusal | null {
  if (!viewer) return "sign_in";
  if (isAdmin(viewer) || viewer.id === course.trainerId || course.enrolled) return null;
  return "forbidden";
}

export function mayReadQa(viewer: Viewer, course: QaStanding): boolean {
  return qaReadRefusal(viewer, course) === null;
}

/**
 * Asking and replying: the course's enrolled learners and its trainer. Admins read and moderate but do not
 * take part in a course they neither bought nor teach.
 */
export function qaPostRefusal(viewer: Viewer, course: QaStanding): QaRefusal | null {
  if (!viewer) return "sign_in";
  if (viewer.id === course.trainerId || course.enrolled) return null;
  return "forbidden";
}

export function mayPostInQa(viewer: Viewer, course: QaStanding): boolean {
  return qaPostRefusal(viewer, course) === null;
}

/** Hiding a post with a reason (and seeing hidden posts with it): the course's trainer and admins. */
export function mayModerateQa(viewer: Viewer, course: Pick<QaStanding, "trainerId">): boolean {
  return viewer !== null && (isAdmin(viewer) || viewer.id === course.trainerId);
}

/** Marking a reply as the accepted answer (or changing it): the question's asker or the course's trainer. */
export function mayAcceptAnswer(
  viewer: Viewer,
  course: Pick<QaStanding, "trainerId">,
  question: { userId: string },
): boolean {
  return viewer !== null && (viewer.id === question.userId || viewer.id === course.trainerId);
}

/** An author edits their own post for EDIT_WINDOW_MS after posting it, and never once it is hidden or gone. */
export function mayEditPost(
  viewer: Viewer,
  post: { userId: string; createdAt: Date; deletedAt: Date | null; hiddenAt: Date | null },
  now: Date,
): boolean {
  if (!viewer || viewer.id !== post.userId) return false;
  if (post.deletedAt || post.hiddenAt) return false;
  return now.getTime() - post.createdAt.getTime() <= EDIT_WINDOW_MS;
}

/** Authors delete their own posts, whenever (a soft delete: replies keep their thread). */
export function mayDeletePost(viewer: Viewer, post: { userId: string; deletedAt: Date | null }): boolean {
  return viewer !== null && viewer.id === post.userId && post.deletedAt === null;
}

/** Which event a new reply raises for the asker: the trainer's answer, or anyone else's reply. */
export function replyEventType(replierId: string, trainerId: string): "question_answered" | "question_reply" {
  return replierId === trainerId ? "question_answered" : "question_reply";
}

// Inputs. Messages are keys in the `qa` namespace.
const body = safeText({ max: POST_BODY_MAX, error: "errors.body" }).trim().min(1, { error: "errors.body" });

export const QuestionInput = z.object({
  title: safeText({ max: QUESTION_TITLE_MAX, error: "errors.title" })
    .trim()
    .min(3, { error: "errors.title" }),
  body,
});
export type QuestionInput = z.infer<typeof QuestionInput>;

export const ReplyInput = z.object({ body });
export type ReplyInput = z.infer<typeof ReplyInput>;

export const HideInput = z.object({
  reason: safeText({ max: HIDE_REASON_MAX, error: "errors.reason" })
    .trim()
    .min(1, { error: "errors.reason" }),
});
export type HideInput = z.infer<typeof HideInput>;

/** The API's list paging (a bad value is a 422). */
export const QuestionListQuery = z.object({
  limit: queryInteger(1, 50).default(QA_PAGE_SIZE),
  offset: queryInteger(0, 1_000_000).default(0),
});

/** The course Q&A page's GET form: never refused, only made harmless (a bad value falls back). */
export type QaFilters = {
  q: string;
  unanswered: boolean;
  mine: boolean;
  lessonId: number | null;
  page: number;
};

export function readQaFilters(params: URLSearchParams): QaFilters {
  const lesson = params.get("lesson");
  const page = params.get("page");
  return {
    q: cleanSearchText(params.get("q")),
    unanswered: params.get("unanswered") === "1",
    mine: params.get("mine") === "1",
    lessonId: lesson && /^[1-9]\d{0,8}$/.test(lesson) ? Number(lesson) : null,
    page: page && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

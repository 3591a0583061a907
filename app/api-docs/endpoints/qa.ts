// Lesson Q&A (issue 35; app/qa, app/routes/api/lesson-questions.ts, question*.ts, reply*.ts).
import { z } from "zod";
import { HideInput, QuestionInput, QuestionListQuery, ReplyInput } from "../../qa/policy";
import { type EndpointDoc, isoDate, json, ok, params } from "../registry";

const Hidden = z
  .strictObject({ reason: z.string(), at: isoDate })
  .nullable()
  .describe("Hidden by the course's trainer or an admin, with the reason");

const QuestionSummary = z.strictObject({
  id: z.int(),
  courseId: z.int(),
  lessonId: z.int(),
  lessonTitle: z.string(),
  title: z.string().nullable().describe("Null once its author deleted it (its replies stay)"),
  authorName: z.string().nullable(),
  mine: z.boolean(),
  voteCount: z.int(),
  voted: z.boolean(),
  replyCount: z.int(),
  answered: z.boolean(),
  deleted: z.boolean(),
  hidden: Hidden,
  createdAt: isoDate,
});

const Post = {
  id: z.int(),
  body: z.string().nullable().describe("The Markdown as written; null when deleted, or hidden from you"),
  bodyHtml: z.string().nullable().describe("Sanitized HTML rendered once when saved; show with dir=auto"),
  authorName: z.string().nullable(),
  mine: z.boolean(),
  createdAt: isoDate,
  editedAt: isoDate.nullable(),
  deleted: z.boolean(),
  hidden: Hidden,
  mayEdit: z.boolean().describe("Your own post, within 30 minutes of posting it"),
  mayDelete: z.boolean(),
};

const Question = z.strictObject({
  ...Post,
  courseId: z.int(),
  lessonId: z.int(),
  lessonTitle: z.string(),
  title: z.string().nullable(),
  voteCount: z.int(),
  voted: z.boolean(),
  replyCount: z.int(),
  acceptedReplyId: z.int().nullable(),
});

const Reply = z.strictObject({
  ...Post,
  questionId: z.int(),
  byTrainer: z.boolean().describe("Written by the course's trainer"),
  accepted: z.boolean(),
});

const readErrors: [number, "forbidden" | "not_found"][] = [
  [403, "forbidden"],
  [404, "not_found"],
];

export const qaEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/courses/:courseId/lessons/:lessonId/questions",
    tag: "Learning",
    summary: "A lesson's questions, most upvoted first",
    description:
      "The course's enrolled learners, its trainer and admins. Hidden questions are listed for the trainer, admins and their author only.",
    auth: "user",
    params: params("courseId", "lessonId"),
    query: QuestionListQuery,
    responses: {
      200: ok("A page of questions", z.strictObject({ items: z.array(QuestionSummary), total: z.int() })),
    },
    errors: readErrors,
  },
  {
    method: "post",
    route: "api/courses/:courseId/lessons/:lessonId/questions",
    tag: "Learning",
    summary: "Ask a question about a lesson (Markdown body)",
    description:
      "Enrolled learners and the course's trainer; rate-limited per person. The trainer is notified (new_question).",
    auth: "user",
    params: params("courseId", "lessonId"),
    body: json(QuestionInput),
    responses: { 201: ok("The new question", z.strictObject({ question: z.strictObject({ id: z.int() }) })) },
    errors: [...readErrors, [429, "rate_limited"]],
  },
  {
    method: "get",
    route: "api/questions/:id",
    tag: "Learning",
    summary: "A question and its replies, oldest reply first",
    auth: "user",
    params: params("id"),
    responses: {
      200: ok(
        "The question and its replies",
        z.strictObject({ question: Question, replies: z.array(Reply) }),
      ),
    },
    errors: readErrors,
  },
  {
    method: "patch",
    route: "api/questions/:id",
    tag: "Learning",
    summary: "Edit your question (within 30 minutes of asking it)",
    auth: "user",
    params: params("id"),
    body: json(QuestionInput),
    responses: { 200: ok("The question, edited", z.strictObject({ question: Question })) },
    errors: [...readErrors, [409, "edit_window_closed"]],
  },
  {
    method: "delete",
    route: "api/questions/:id",
    tag: "Learning",
    summary: "Delete your question (its replies stay, under a deleted question)",
    auth: "user",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: readErrors,
  },
  {
    method: "post",
    route: "api/questions/:id/replies",
    tag: "Learning",
    summary: "Reply to a question (Markdown body)",
    description:
      "Enrolled learners and the course's trainer; rate-limited per person. The asker is notified (question_answered for the trainer's reply, question_reply otherwise).",
    auth: "user",
    params: params("id"),
    body: json(ReplyInput),
    responses: { 201: ok("The new reply", z.strictObject({ reply: z.strictObject({ id: z.int() }) })) },
    errors: [...readErrors, [429, "rate_limited"]],
  },
  {
    method: "post",
    route: "api/questions/:id/vote",
    tag: "Learning",
    summary: "Toggle your upvote on a question (one per person)",
    auth: "user",
    params: params("id"),
    responses: {
      200: ok("Your vote and the count", z.strictObject({ voted: z.boolean(), voteCount: z.int() })),
    },
    errors: readErrors,
  },
  {
    method: "post",
    route: "api/questions/:id/hide",
    tag: "Learning",
    summary: "Hide a question with a reason (the course's trainer, admins)",
    auth: "user",
    params: params("id"),
    body: json(HideInput),
    responses: { 204: ok("Hidden") },
    errors: [...readErrors, [409, "already_hidden"]],
  },
  {
    method: "patch",
    route: "api/replies/:id",
    tag: "Learning",
    summary: "Edit your reply (within 30 minutes of posting it)",
    auth: "user",
    params: params("id"),
    body: json(ReplyInput),
    responses: { 204: ok("Edited") },
    errors: [...readErrors, [409, "edit_window_closed"]],
  },
  {
    method: "delete",
    route: "api/replies/:id",
    tag: "Learning",
    summary: "Delete your reply (an accepted answer is unmarked)",
    auth: "user",
    params: params("id"),
    responses: { 204: ok("Deleted") },
    errors: readErrors,
  },
  {
    method: "post",
    route: "api/replies/:id/accept",
    tag: "Learning",
    summary: "Mark a reply as the accepted answer (the asker or the course's trainer; one per question)",
    auth: "user",
    params: params("id"),
    responses: { 204: ok("Accepted") },
    errors: readErrors,
  },
  {
    method: "post",
    route: "api/replies/:id/hide",
    tag: "Learning",
    summary: "Hide a reply with a reason (the course's trainer, admins)",
    auth: "user",
    params: params("id"),
    body: json(HideInput),
    responses: { 204: ok("Hidden") },
    errors: [...readErrors, [409, "already_hidden"]],
  },
];

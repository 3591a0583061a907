import { describe, expect, it } from "vitest";
import {
  EDIT_WINDOW_MS,
  HideInput,
  mayAcceptAnswer,
  mayDeletePost,
  mayEditPost,
  mayModerateQa,
  mayPostInQa,
  mayReadQa,
  QuestionInput,
  qaPostRefusal,
  qaReadRefusal,
  ReplyInput,
  readQaFilters,
  replyEventType,
} from "../../app/qa/policy";

const trainer = { id: "t", role: "trainer" as const };
const otherTrainer = { id: "t2", role: "trainer" as const };
const learner = { id: "l", role: "user" as const };
const admin = { id: "a", role: "admin" as const };
const course = (enrolled: boolean) => ({ isPublished: true, trainerId: "t", enrolled });

describe("who may read, post, moderate and accept", () => {
  it("reads: enrolled learners, the course's trainer, admins; a guest signs in; others are refused", () => {
    expect(qaReadRefusal(learner, course(true))).toBeNull();
    expect(qaReadRefusal(trainer, course(false))).toBeNull();
    expect(qaReadRefusal(admin, course(false))).toBeNull();
    expect(qaReadRefusal(learner, course(false))).toBe("forbidden");
    expect(qaReadRefusal(otherTrainer, course(false))).toBe("forbidden");
    expect(qaReadRefusal(null, course(false))).toBe("sign_in");
    expect(mayReadQa(learner, course(true))).toBe(true);
    expect(mayReadQa(null, course(true))).toBe(false);
  });

  it("posts: enrolled learners and the course's trainer, not an admin who neither bought nor teaches it", () => {
    expect(qaPostRefusal(learner, course(true))).toBeNull();
    expect(qaPostRefusal(trainer, course(false))).toBeNull();
    expect(qaPostRefusal(admin, course(false))).toBe("forbidden");
    expect(qaPostRefusal(admin, course(true))).toBeNull();
    expect(qaPostRefusal(otherTrainer, course(false))).toBe("forbidden");
    expect(qaPostRefusal(null, course(true))).toBe("sign_in");
    expect(mayPostInQa(learner, course(false))).toBe(false);
  });

  it("moderates: the course's trainer and admins only", () => {
    expect(mayModerateQa(trainer, course(false))).toBe(true);
    expect(mayModerateQa(admin, course(false))).toBe(true);
    expect(mayModerateQa(learner, course(true))).toBe(false);
    expect(mayModerateQa(otherTrainer, course(false))).toBe(false);
    expect(mayModerateQa(null, course(false))).toBe(false);
  });

  it("accepts: the asker and the course's trainer", () => {
    const question = { userId: "l" };
    expect(mayAcceptAnswer(learner, course(true), question)).toBe(true);
    expect(mayAcceptAnswer(trainer, course(true), question)).toBe(true);
    expect(mayAcceptAnswer({ id: "l2", role: "user" }, course(true), question)).toBe(false);
    expect(mayAcceptAnswer(admin, course(true), question)).toBe(false);
    expect(mayAcceptAnswer(null, course(true), question)).toBe(false);
  });
});

describe("the edit window and deletion", () => {
  const created = new Date("2026-01-01T10:00:00Z");
  const post = { userId: "l", createdAt: created, deletedAt: null, hiddenAt: null };
  const at = (ms: number) => new Date(created.getTime() + ms);

  it("lets the author edit for 30 minutes, then never", () => {
    expect(mayEditPost(learner, post, at(0))).toBe(true);
    expect(mayEditPost(learner, post, at(EDIT_WINDOW_MS))).toBe(true);
    expect(mayEditPost(learner, post, at(EDIT_WINDOW_MS + 1))).toBe(false);
    expect(EDIT_WINDOW_MS).toBe(30 * 60 * 1000);
  });

  it("refuses anyone else, and a deleted or hidden post", () => {
    expect(mayEditPost(trainer, post, at(1))).toBe(false);
    expect(mayEditPost(admin, post, at(1))).toBe(false);
    expect(mayEditPost(null, post, at(1))).toBe(false);
    expect(mayEditPost(learner, { ...post, hiddenAt: at(1) }, at(2))).toBe(false);
    expect(mayEditPost(learner, { ...post, deletedAt: at(1) }, at(2))).toBe(false);
  });

  it("lets the author delete their own post, once", () => {
    expect(mayDeletePost(learner, post)).toBe(true);
    expect(mayDeletePost(trainer, post)).toBe(false);
    expect(mayDeletePost(learner, { ...post, deletedAt: at(1) })).toBe(false);
  });
});

describe("events and inputs", () => {
  it("names the trainer's reply an answer, anyone else's a reply", () => {
    expect(replyEventType("t", "t")).toBe("question_answered");
    expect(replyEventType("l2", "t")).toBe("question_reply");
  });

  it("validates titles, bodies and reasons", () => {
    expect(QuestionInput.safeParse({ title: "  How?  ", body: " x " }).data).toEqual({
      title: "How?",
      body: "x",
    });
    expect(QuestionInput.safeParse({ title: "ab", body: "x" }).success).toBe(false);
    expect(QuestionInput.safeParse({ title: "Title", body: "   " }).success).toBe(false);
    expect(QuestionInput.safeParse({ title: "Ti\u0000tle", body: "x" }).success).toBe(false);
    expect(ReplyInput.safeParse({ body: "a".repeat(10_001) }).success).toBe(false);
    expect(ReplyInput.safeParse({ body: "line\nline" }).success).toBe(true);
    expect(HideInput.safeParse({ reason: "" }).success).toBe(false);
  });

  it("reads the list's GET form without ever refusing it", () => {
    expect(readQaFilters(new URLSearchParams("q=%20hooks%20&unanswered=1&mine=1&lesson=7&page=2"))).toEqual({
      q: "hooks",
      unanswered: true,
      mine: true,
      lessonId: 7,
      page: 2,
    });
    expect(readQaFilters(new URLSearchParams("lesson=x&page=-1&unanswered=yes"))).toEqual({
      q: "",
      unanswered: false,
      mine: false,
      lessonId: null,
      page: 1,
    });
  });
});

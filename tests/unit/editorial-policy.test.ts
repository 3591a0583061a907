import { describe, expect, it } from "vitest";
import {
  type Actor,
  canEditPost,
  canManageCaseStudies,
  canReadCaseStudy,
  canReadPost,
  canWriteBlog,
  effectiveStatus,
  isPublic,
  planPublication,
  postEditorAccess,
} from "../../app/editorial/policy";

const admin: Actor = { id: "a", role: "admin" };
const trainer: Actor = { id: "t", role: "trainer" };
const otherTrainer: Actor = { id: "o", role: "trainer" };
const learner: Actor = { id: "l", role: "user" };
const now = new Date("2026-11-21T12:00:00Z");
const past = new Date("2026-11-01T00:00:00Z");
const future = new Date("2026-12-01T00:00:00Z");

const post = (status: "draft" | "published" | "scheduled", publishedAt: Date | null, authorId = "t") => ({
  status,
  publishedAt,
  authorId,
});

describe("who writes", () => {
  it("admins and trainers write blog posts; learners and guests do not", () => {
    expect(canWriteBlog(admin)).toBe(true);
    expect(canWriteBlog(trainer)).toBe(true);
    expect(canWriteBlog(learner)).toBe(false);
    expect(canWriteBlog(null)).toBe(false);
  });

  it("a trainer edits only their own posts; an admin any, seeded ones without an author included", () => {
    expect(canEditPost(trainer, { authorId: "t" })).toBe(true);
    expect(canEditPost(otherTrainer, { authorId: "t" })).toBe(false);
    expect(canEditPost(trainer, { authorId: null })).toBe(false);
    expect(canEditPost(admin, { authorId: "t" })).toBe(true);
    expect(canEditPost(admin, { authorId: null })).toBe(true);
    expect(canEditPost(learner, { authorId: "l" })).toBe(false);
  });

  it("case studies are for admins only, never trainers", () => {
    expect(canManageCaseStudies(admin)).toBe(true);
    expect(canManageCaseStudies(trainer)).toBe(false);
    expect(canManageCaseStudies(learner)).toBe(false);
    expect(canManageCaseStudies(null)).toBe(false);
  });
});

describe("what is public", () => {
  it("published items are public from their date; drafts never; scheduled ones once the date passes", () => {
    expect(isPublic(post("published", past), now)).toBe(true);
    expect(isPublic(post("draft", past), now)).toBe(false);
    expect(isPublic(post("draft", null), now)).toBe(false);
    expect(isPublic(post("scheduled", future), now)).toBe(false);
    expect(isPublic(post("scheduled", future), new Date(future.getTime() + 1))).toBe(true);
    expect(isPublic(post("scheduled", now), now)).toBe(true);
    expect(isPublic(post("published", null), now)).toBe(false);
  });

  it("a scheduled item whose time has come reads as published", () => {
    expect(effectiveStatus(post("scheduled", past), now)).toBe("published");
    expect(effectiveStatus(post("scheduled", future), now)).toBe("scheduled");
    expect(effectiveStatus(post("draft", null), now)).toBe("draft");
  });

  it("drafts are readable only by those who may edit them", () => {
    const draft = post("draft", null);
    expect(canReadPost(null, draft, now)).toBe(false);
    expect(canReadPost(learner, draft, now)).toBe(false);
    expect(canReadPost(otherTrainer, draft, now)).toBe(false);
    expect(canReadPost(trainer, draft, now)).toBe(true);
    expect(canReadPost(admin, draft, now)).toBe(true);
    expect(canReadPost(null, post("published", past), now)).toBe(true);
    expect(canReadCaseStudy(trainer, post("draft", null), now)).toBe(false);
    expect(canReadCaseStudy(admin, post("scheduled", future), now)).toBe(true);
    expect(canReadCaseStudy(null, post("published", past), now)).toBe(true);
  });
});

describe("the editor's answer", () => {
  it("asks guests to sign in, refuses learners, hides others' drafts and refuses others' public posts", () => {
    expect(postEditorAccess(null, post("draft", null), now)).toBe("sign_in");
    expect(postEditorAccess(learner, post("draft", null), now)).toBe("forbidden");
    expect(postEditorAccess(trainer, null, now)).toBe("not_found");
    expect(postEditorAccess(trainer, post("draft", null), now)).toBe("edit");
    expect(postEditorAccess(otherTrainer, post("draft", null), now)).toBe("not_found");
    expect(postEditorAccess(otherTrainer, post("scheduled", future), now)).toBe("not_found");
    expect(postEditorAccess(otherTrainer, post("published", past), now)).toBe("forbidden");
    expect(postEditorAccess(admin, post("draft", null, "x"), now)).toBe("edit");
  });
});

describe("planPublication", () => {
  it("a draft has no date", () => {
    expect(planPublication({ status: "draft", publishAt: past }, post("published", past), now)).toEqual({
      ok: true,
      status: "draft",
      publishedAt: null,
    });
  });

  it("publishing stamps now, keeps the date of an item already public, and accepts a past date", () => {
    expect(planPublication({ status: "published" }, null, now)).toEqual({
      ok: true,
      status: "published",
      publishedAt: now,
    });
    expect(planPublication({ status: "published" }, post("published", past), now)).toEqual({
      ok: true,
      status: "published",
      publishedAt: past,
    });
    // A scheduled post published early is published now, not at its future date.
    expect(planPublication({ status: "published" }, post("scheduled", future), now)).toEqual({
      ok: true,
      status: "published",
      publishedAt: now,
    });
    expect(planPublication({ status: "published", publishAt: past }, null, now)).toEqual({
      ok: true,
      status: "published",
      publishedAt: past,
    });
    expect(planPublication({ status: "published", publishAt: future }, null, now)).toEqual({
      ok: false,
      reason: "publish_at_in_future",
    });
  });

  it("scheduling needs a date, and keeps the one already set", () => {
    expect(planPublication({ status: "scheduled" }, null, now)).toEqual({
      ok: false,
      reason: "publish_at_required",
    });
    expect(planPublication({ status: "scheduled", publishAt: future }, null, now)).toEqual({
      ok: true,
      status: "scheduled",
      publishedAt: future,
    });
    expect(planPublication({ status: "scheduled" }, post("scheduled", future), now)).toEqual({
      ok: true,
      status: "scheduled",
      publishedAt: future,
    });
    expect(planPublication({ status: "scheduled" }, post("published", past), now)).toEqual({
      ok: false,
      reason: "publish_at_required",
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  type Actor,
  canAttachMedia,
  canDeleteMedia,
  canEditCourse,
  canUseStudio,
  courseEditorAccess,
} from "../../app/access/editing";
import { canDeleteCourse, missingForPublish } from "../../app/studio/policy";

const owner: Actor = { id: "owner", role: "trainer" };
const otherTrainer: Actor = { id: "other", role: "trainer" };
const admin: Actor = { id: "admin", role: "admin" };
const learner: Actor = { id: "learner", role: "user" };
const draft = { trainerId: "owner", isPublished: false };
const published = { trainerId: "owner", isPublished: true };

describe("studio policy", () => {
  it("lets trainers and admins into the studio only", () => {
    expect([owner, admin, learner, null].map(canUseStudio)).toEqual([true, true, false, false]);
  });

  it("lets a trainer edit their own course and an admin any course", () => {
    expect(canEditCourse(owner, draft)).toBe(true);
    expect(canEditCourse(admin, draft)).toBe(true);
    expect(canEditCourse(otherTrainer, published)).toBe(false);
    expect(canEditCourse(learner, draft)).toBe(false);
    expect(canEditCourse(null, published)).toBe(false);
    // A learner who somehow holds the course's trainer id still cannot edit: the role decides first.
    expect(canEditCourse({ id: "owner", role: "user" }, draft)).toBe(false);
  });

  it("answers each kind of visitor of an editor as the issue asks", () => {
    expect(courseEditorAccess(owner, draft)).toBe("edit");
    expect(courseEditorAccess(admin, published)).toBe("edit");
    expect(courseEditorAccess(otherTrainer, draft)).toBe("not_found");
    expect(courseEditorAccess(otherTrainer, published)).toBe("forbidden");
    expect(courseEditorAccess(learner, published)).toBe("forbidden");
    expect(courseEditorAccess(learner, draft)).toBe("forbidden");
    expect(courseEditorAccess(null, published)).toBe("sign_in");
    expect(courseEditorAccess(owner, null)).toBe("not_found");
  });

  it("deletes only courses nobody is enrolled in", () => {
    expect(canDeleteCourse({ enrollmentCount: 0 })).toBe(true);
    expect(canDeleteCourse({ enrollmentCount: 1 })).toBe(false);
  });

  it("lists what a course lacks before publishing", () => {
    const complete = { title: "T", description: "D", category: "data-science", price: 0, lessonCount: 1 };
    expect(missingForPublish(complete)).toEqual([]);
    expect(
      missingForPublish({ title: " ", description: "", category: null, price: null, lessonCount: 0 }),
    ).toEqual(["title", "description", "category", "price", "lessons"]);
    expect(missingForPublish({ ...complete, price: -1 })).toEqual(["price"]);
    expect(missingForPublish({ ...complete, lessonCount: 0 })).toEqual(["lessons"]);
    expect(missingForPublish({ ...complete, emptyQuizCount: 1 })).toEqual(["quizzes"]);
    expect(missingForPublish({ ...complete, emptyQuizCount: 0 })).toEqual([]);
  });

  it("lets only the uploader or an admin delete or attach a file", () => {
    expect(canDeleteMedia(owner, { uploaderId: "owner" })).toBe(true);
    expect(canDeleteMedia(otherTrainer, { uploaderId: "owner" })).toBe(false);
    expect(canDeleteMedia(admin, { uploaderId: "owner" })).toBe(true);
    expect(canDeleteMedia(owner, { uploaderId: null })).toBe(false);
    expect(canDeleteMedia({ id: "owner", role: "user" }, { uploaderId: "owner" })).toBe(false);
    expect(canAttachMedia(owner, { uploaderId: "owner" })).toBe(true);
    expect(canAttachMedia(otherTrainer, { uploaderId: "owner" })).toBe(false);
    expect(canAttachMedia(admin, { uploaderId: null })).toBe(true);
  });
});

// Who may open what of a course (app/access/policy.ts): full access, free previews for everyone, drafts that
// do not exist for strangers, unattached files for their uploader, certificates for their holder.
import { describe, expect, it } from "vitest";
import {
  type CourseStanding,
  hasCourseAccess,
  lessonAccess,
  mayDownloadCertificate,
  mayRecordProgress,
  maySeeCourse,
  unattachedFileAccess,
} from "../../app/access/policy";
import { canTeach, isAdmin, type Viewer } from "../../app/access/roles";

const learner: Viewer = { id: "learner", role: "user" };
const trainer: Viewer = { id: "trainer", role: "trainer" };
const otherTrainer: Viewer = { id: "other", role: "trainer" };
const admin: Viewer = { id: "admin", role: "admin" };
const guest: Viewer = null;

const published = (enrolled = false): CourseStanding => ({
  isPublished: true,
  trainerId: "trainer",
  enrolled,
});
const draft = (enrolled = false): CourseStanding => ({ isPublished: false, trainerId: "trainer", enrolled });
const preview = { isFreePreview: true };
const paid = { isFreePreview: false };

describe("roles", () => {
  it("admins are admins; trainers and admins teach; learners and guests do neither", () => {
    expect([learner, trainer, admin, guest].map(isAdmin)).toEqual([false, false, true, false]);
    expect([learner, trainer, admin, guest].map(canTeach)).toEqual([false, true, true, false]);
  });
});

describe("a course's lessons", () => {
  it("are open in full to its enrolled learners, its trainer and admins, published or not", () => {
    for (const course of [published(), draft()]) {
      expect(hasCourseAccess(trainer, course)).toBe(true);
      expect(hasCourseAccess(admin, course)).toBe(true);
      expect(hasCourseAccess(otherTrainer, course)).toBe(false);
      expect(hasCourseAccess(learner, course)).toBe(false);
      expect(hasCourseAccess(guest, course)).toBe(false);
    }
    expect(hasCourseAccess(learner, published(true))).toBe(true);
    expect(hasCourseAccess(learner, draft(true))).toBe(true);
    expect(lessonAccess(learner, published(true), paid)).toEqual({ ok: true, mode: "full" });
  });

  it("open a free preview of a published course to everyone, guests and signed-in people alike", () => {
    for (const viewer of [guest, learner, otherTrainer])
      expect(lessonAccess(viewer, published(), preview)).toEqual({ ok: true, mode: "preview" });
    // Those who hold the course open it in full, preview or not.
    expect(lessonAccess(learner, published(true), preview)).toEqual({ ok: true, mode: "full" });
  });

  it("ask a guest to sign in and refuse a signed-in stranger a lesson that is not a preview", () => {
    expect(lessonAccess(guest, published(), paid)).toEqual({ ok: false, reason: "sign_in" });
    expect(lessonAccess(learner, published(), paid)).toEqual({ ok: false, reason: "forbidden" });
    // The course as a whole (no lesson named) is never a preview.
    expect(lessonAccess(learner, published(), null)).toEqual({ ok: false, reason: "forbidden" });
  });

  it("do not exist in a draft for strangers, previews included, nor in an unknown course", () => {
    for (const viewer of [guest, learner, otherTrainer]) {
      expect(lessonAccess(viewer, draft(), preview)).toEqual({ ok: false, reason: "not_found" });
      expect(lessonAccess(viewer, draft(), paid)).toEqual({ ok: false, reason: "not_found" });
    }
    expect(lessonAccess(admin, null, paid)).toEqual({ ok: false, reason: "not_found" });
  });

  it("record progress only with full access: a preview leaves no trace", () => {
    expect(mayRecordProgress(lessonAccess(learner, published(true), paid))).toBe(true);
    expect(mayRecordProgress(lessonAccess(learner, published(), preview))).toBe(false);
    expect(mayRecordProgress(lessonAccess(guest, published(), preview))).toBe(false);
    expect(mayRecordProgress(lessonAccess(learner, published(), paid))).toBe(false);
  });

  it("show a draft course only to its trainer and admins", () => {
    expect(maySeeCourse(guest, published())).toBe(true);
    expect(maySeeCourse(learner, draft(true))).toBe(false);
    expect(maySeeCourse(otherTrainer, draft())).toBe(false);
    expect(maySeeCourse(trainer, draft())).toBe(true);
    expect(maySeeCourse(admin, draft())).toBe(true);
  });
});

describe("files and certificates", () => {
  it("give a file no lesson uses to the trainer who uploaded it and admins; to others it does not exist", () => {
    expect(unattachedFileAccess(trainer, { ownerId: "trainer" })).toEqual({ ok: true, mode: "full" });
    expect(unattachedFileAccess(admin, { ownerId: "trainer" })).toEqual({ ok: true, mode: "full" });
    expect(unattachedFileAccess(otherTrainer, { ownerId: "trainer" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(unattachedFileAccess(guest, { ownerId: "trainer" })).toEqual({ ok: false, reason: "sign_in" });
    // An uploader who no longer teaches keeps nothing.
    expect(unattachedFileAccess({ id: "trainer", role: "user" }, { ownerId: "trainer" }).ok).toBe(false);
  });

  it("give a certificate's file to its holder and admins", () => {
    expect(mayDownloadCertificate(learner, { userId: "learner" })).toBe(true);
    expect(mayDownloadCertificate(admin, { userId: "learner" })).toBe(true);
    expect(mayDownloadCertificate(trainer, { userId: "learner" })).toBe(false);
    expect(mayDownloadCertificate(guest, { userId: "learner" })).toBe(false);
  });
});

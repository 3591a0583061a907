// Course reviews (issue 13): one rule set for the course page's forms and the JSON API. Every write locks
// the course row first, so parallel reviews of one course queue up and its rating totals stay exact.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { maySeeCourse } from "../access/policy";
import type { Viewer } from "../access/roles";
import type { Database, Transaction } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { courseReviews, courses, enrollments, type User, users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import {
  averageRating,
  type Distribution,
  type HideInput,
  mayHideReviews,
  type ReplyInput,
  type ReviewInput,
  type ReviewRefusal,
  reviewRefusal,
  toDistribution,
} from "./policy";

type Tx = Transaction;

export type ReviewItem = {
  id: number;
  rating: number;
  comment: string | null;
  authorName: string;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Only in an admin's view: hidden reviews stay listed for admins, with the reason. */
  hidden?: { reason: string; at: string };
};

export type ReviewList = {
  items: ReviewItem[];
  total: number;
  average: number;
  count: number;
  distribution: Distribution;
};

export type OwnReview = { id: number; rating: number; comment: string | null; hidden: boolean };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The summary and one page of reviews, newest first. Drafts answer null unless `canSee` says otherwise. */
export async function listReviews(
  db: Database,
  locale: Locale,
  courseId: number,
  { limit, offset, includeHidden = false }: { limit: number; offset: number; includeHidden?: boolean },
): Promise<Omit<ReviewList, "total" | "items"> & { items: ReviewItem[]; total: number }> {
  const visible = includeHidden
    ? eq(courseReviews.courseId, courseId)
    : and(eq(courseReviews.courseId, courseId), isNull(courseReviews.hiddenAt));
  const [course] = await db
    .select({ ratingSum: courses.ratingSum, ratingCount: courses.ratingCount })
    .from(courses)
    .where(eq(courses.id, courseId));
  const rows = await db
    .select({
      id: courseReviews.id,
      rating: courseReviews.rating,
      comment: courseReviews.comment,
      reply: courseReviews.reply,
      repliedAt: courseReviews.repliedAt,
      createdAt: courseReviews.createdAt,
      updatedAt: courseReviews.updatedAt,
      hiddenAt: courseReviews.hiddenAt,
      hiddenReason: courseReviews.hiddenReason,
      name: users.name,
      nameAr: users.nameAr,
    })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(visible)
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
    .limit(limit)
    .offset(offset);
  const total = await db.$count(courseReviews, visible);
  const distributionRows = await db
    .select({ rating: courseReviews.rating, count: count() })
    .from(courseReviews)
    .where(and(eq(courseReviews.courseId, courseId), isNull(courseReviews.hiddenAt)))
    .groupBy(courseReviews.rating);
  return {
    items: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      authorName: pick(locale, row.name, row.nameAr),
      reply: row.reply,
      repliedAt: iso(row.repliedAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...(includeHidden && row.hiddenAt
        ? { hidden: { reason: row.hiddenReason ?? "", at: row.hiddenAt.toISOString() } }
        : {}),
    })),
    total,
    average: averageRating(course?.ratingSum ?? 0, course?.ratingCount ?? 0),
    count: course?.ratingCount ?? 0,
    distribution: toDistribution(distributionRows),
  };
}

export async function getOwnReview(
  db: Database,
  courseId: number,
  userId: string,
): Promise<OwnReview | null> {
  const [row] = await db
    .select({
      id: courseReviews.id,
      rating: courseReviews.rating,
      comment: courseReviews.comment,
      hiddenAt: courseReviews.hiddenAt,
    })
    .from(courseReviews)
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)));
  return row ? { id: row.id, rating: row.rating, comment: row.comment, hidden: row.hiddenAt !== null } : null;
}

/** Whether `user` may write a review of the course (the page shows the form only then). */
export async function reviewEligibility(
  db: Database,
  user: Pick<User, "id" | "role">,
  course: { id: number; trainerId: string },
): Promise<ReviewRefusal | null> {
  const enrolled =
    (await db.$count(
      enrollments,
      and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)),
    )) > 0;
  return reviewRefusal({
    role: user.role,
    isEnrolled: enrolled,
    isCourseTrainer: user.id === course.trainerId,
  });
}

async function lockCourse(tx: Tx, courseId: number) {
  const [course] = await tx
    .select({ id: courses.id, trainerId: courses.trainerId, isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for("update");
  return course;
}

/** The course, locked, if it exists for `viewer` (maySeeCourse): a draft they may not see is not there. */
async function lockVisibleCourse(tx: Tx, viewer: Viewer, courseId: number) {
  const course = await lockCourse(tx, courseId);
  return course && maySeeCourse(viewer, course) ? course : undefined;
}

async function adjustTotals(tx: Tx, courseId: number, sumDelta: number, countDelta: number) {
  if (sumDelta === 0 && countDelta === 0) return;
  await tx
    .update(courses)
    .set({
      ratingSum: sql`${courses.ratingSum} + ${sumDelta}`,
      ratingCount: sql`${courses.ratingCount} + ${countDelta}`,
    })
    .where(eq(courses.id, courseId));
}

export type SaveReviewOutcome =
  | { ok: true; created: boolean; review: OwnReview }
  | { ok: false; reason: "not_found" | ReviewRefusal };

/** Creates the learner's review of the course, or updates it: one per learner and course. */
export async function saveReview(
  db: Database,
  user: Pick<User, "id" | "role">,
  courseId: number,
  input: ReviewInput,
  now = new Date(),
): Promise<SaveReviewOutcome> {
  return db.transaction(async (tx) => {
    const course = await lockVisibleCourse(tx, user, courseId);
    if (!course) return { ok: false, reason: "not_found" };
    const refusal = await reviewEligibility(tx as unknown as Database, user, course);
    if (refusal) return { ok: false, reason: refusal };
    // The course page lists reviews and shows the rating.
    await announcePublicChange(tx, "catalog");
    const [existing] = await tx
      .select()
      .from(courseReviews)
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, user.id)));
    if (existing) {
      await tx
        .update(courseReviews)
        .set({ rating: input.rating, comment: input.comment, updatedAt: now })
        .where(eq(courseReviews.id, existing.id));
      // A hidden review stays out of the totals when its author edits it.
      if (!existing.hiddenAt) await adjustTotals(tx, courseId, input.rating - existing.rating, 0);
      return {
        ok: true,
        created: false,
        review: {
          id: existing.id,
          rating: input.rating,
          comment: input.comment,
          hidden: existing.hiddenAt !== null,
        },
      };
    }
    const [inserted] = await tx
      .insert(courseReviews)
      .values({
        courseId,
        userId: user.id,
        rating: input.rating,
        comment: input.comment,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: courseReviews.id });
    await adjustTotals(tx, courseId, input.rating, 1);
    return {
      ok: true,
      created: true,
      review: { id: inserted?.id ?? 0, rating: input.rating, comment: input.comment, hidden: false },
    };
  });
}

/** Deletes the caller's own review of the course. */
export async function deleteOwnReview(
  db: Database,
  user: Pick<User, "id" | "role">,
  courseId: number,
): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  return db.transaction(async (tx) => {
    const course = await lockVisibleCourse(tx, user, courseId);
    if (!course) return { ok: false, reason: "not_found" };
    const [removed] = await tx
      .delete(courseReviews)
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, user.id)))
      .returning({ rating: courseReviews.rating, hiddenAt: courseReviews.hiddenAt });
    if (!removed) return { ok: false, reason: "not_found" };
    if (!removed.hiddenAt) await adjustTotals(tx, courseId, -removed.rating, -1);
    await announcePublicChange(tx, "catalog");
    return { ok: true };
  });
}

/** The course's trainer answers a review, once. */
export async function replyToReview(
  db: Database,
  user: Pick<User, "id" | "role">,
  courseId: number,
  reviewId: number,
  input: ReplyInput,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "not_found" | "forbidden" | "already_replied" }> {
  return db.transaction(async (tx) => {
    const course = await lockVisibleCourse(tx, user, courseId);
    if (!course) return { ok: false, reason: "not_found" };
    if (course.trainerId !== user.id) return { ok: false, reason: "forbidden" };
    const [updated] = await tx
      .update(courseReviews)
      .set({ reply: input.reply, repliedAt: now })
      .where(
        and(
          eq(courseReviews.id, reviewId),
          eq(courseReviews.courseId, courseId),
          isNull(courseReviews.reply),
        ),
      )
      .returning({ id: courseReviews.id });
    if (updated) {
      await announcePublicChange(tx, "catalog");
      return { ok: true };
    }
    const [exists] = await tx
      .select({ id: courseReviews.id })
      .from(courseReviews)
      .where(and(eq(courseReviews.id, reviewId), eq(courseReviews.courseId, courseId)));
    return { ok: false, reason: exists ? "already_replied" : "not_found" };
  });
}

/** An admin hides a review with a reason; it leaves the course's totals and the public list. */
export async function hideReview(
  db: Database,
  actor: NonNullable<Viewer>,
  courseId: number,
  reviewId: number,
  input: HideInput,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "not_found" | "already_hidden" | "adminOnly" }> {
  // Whoever calls this, only an admin hides a review.
  if (!mayHideReviews(actor)) return { ok: false, reason: "adminOnly" };
  return db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId);
    if (!course) return { ok: false, reason: "not_found" };
    const [review] = await tx
      .select({ id: courseReviews.id, rating: courseReviews.rating, hiddenAt: courseReviews.hiddenAt })
      .from(courseReviews)
      .where(and(eq(courseReviews.id, reviewId), eq(courseReviews.courseId, courseId)));
    if (!review) return { ok: false, reason: "not_found" };
    if (review.hiddenAt) return { ok: false, reason: "already_hidden" };
    await tx
      .update(courseReviews)
      .set({ hiddenAt: now, hiddenReason: input.reason, hiddenBy: actor.id })
      .where(eq(courseReviews.id, reviewId));
    await adjustTotals(tx, courseId, -review.rating, -1);
    await announcePublicChange(tx, "catalog");
    return { ok: true };
  });
}

/**
 * A refund takes back the right to review: the learner's visible review of the course is hidden with
 * `reason` and leaves its totals, inside the refund's transaction. Returns whether a review was hidden.
 */
export async function withdrawReview(
  tx: Tx,
  {
    userId,
    courseId,
    hiddenBy,
    reason,
    now = new Date(),
  }: {
    userId: string;
    courseId: number;
    hiddenBy: string;
    reason: string;
    now?: Date;
  },
): Promise<boolean> {
  await lockCourse(tx, courseId);
  const [hidden] = await tx
    .update(courseReviews)
    .set({ hiddenAt: now, hiddenReason: reason, hiddenBy })
    .where(
      and(
        eq(courseReviews.courseId, courseId),
        eq(courseReviews.userId, userId),
        isNull(courseReviews.hiddenAt),
      ),
    )
    .returning({ rating: courseReviews.rating });
  if (!hidden) return false;
  await adjustTotals(tx, courseId, -hidden.rating, -1);
  await announcePublicChange(tx, "catalog");
  return true;
}

/** What the review routes need of a course to decide who may see its reviews. */
export async function findReviewableCourse(
  db: Database,
  courseId: number,
): Promise<{ id: number; trainerId: string; isPublished: boolean } | null> {
  const [course] = await db
    .select({ id: courses.id, trainerId: courses.trainerId, isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course ?? null;
}

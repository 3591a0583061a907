// Buying and owning courses: the one purchase function every checkout path calls, and who may open a course.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { readConfig } from "../config.server";
import { type CourseCard, DEFAULT_COURSE_IMAGE } from "../courses/catalog.server";
import type { Database } from "../db/client.server";
import { cartItems, courses, enrollments, lessons, type User, users, walletLedger } from "../db/schema";
import type { Locale } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { apiError } from "../lib/api.server";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
import type { CouponProblem } from "../payments/coupon-policy";
import { commitRedemption, lockCoupon } from "../payments/coupons.server";
import { toCurrencyUnits } from "../wallet/wallet.server";

/** The most ids one checkout may carry; the API refuses longer lists before they get here. */
export const MAX_COURSES_PER_PURCHASE = 50;

/** courses.id is an int4 column; a larger number cannot name a course and would fail in SQL. */
const MAX_COURSE_ID = 2_147_483_647;

export type PurchaseOutcome =
  | {
      ok: true;
      enrolledCourseIds: number[];
      alreadyOwnedCourseIds: number[];
      /** Minor units taken from the wallet by this call; 0 when everything was free or already owned. */
      charged: number;
      /** The wallet balance after this call, in minor units. */
      balance: number;
      /** Minor units a coupon took off this checkout; present only when a coupon was given. */
      discount?: number;
    }
  | { ok: false; reason: "coupon"; problem: CouponProblem | "unknown" }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "unknown_courses"; courseIds: number[] }
  | { ok: false; reason: "insufficient_funds"; required: number; balance: number };

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Reads run on the shared handle or inside a purchase's transaction (where they see its locks). */
type Queryable = Database | Transaction;

function isCourseId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_COURSE_ID;
}

/**
 * Buys `courseIds` for `userId` with the wallet, all or nothing, in one transaction.
 *
 * The buyer's user row is locked before anything is read, so every purchase of one wallet queues behind
 * the previous one and then sees its enrollments: a double-clicked or repeated checkout finds the courses
 * already owned and charges 0, and two checkouts can never both spend the same balance.
 */
export async function purchaseCourses(
  db: Database,
  userId: string,
  courseIds: number[],
  { couponCode = null }: { couponCode?: string | null } = {},
): Promise<PurchaseOutcome> {
  const requestedIds = [...new Set(courseIds)];
  if (requestedIds.length === 0) return { ok: false, reason: "empty" };
  // Ids that cannot exist are refused like unknown ones, without asking PostgreSQL to cast them.
  const impossibleIds = requestedIds.filter((id) => !isCourseId(id));
  if (impossibleIds.length > 0) return { ok: false, reason: "unknown_courses", courseIds: impossibleIds };

  return db.transaction(async (tx): Promise<PurchaseOutcome> => {
    const [buyer] = await tx
      .select({ walletBalance: users.walletBalance })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    // Callers pass the signed-in user's id; a missing row is a bug to surface, not a buyer mistake.
    if (!buyer) throw new Error(`purchaseCourses: no user with id ${userId}`);

    const found = await tx
      .select({ id: courses.id, title: courses.title, price: courses.price })
      .from(courses)
      .where(and(inArray(courses.id, requestedIds), eq(courses.isPublished, true)));
    const foundById = new Map(found.map((course) => [course.id, course]));
    const unknownIds = requestedIds.filter((id) => !foundById.has(id));
    if (unknownIds.length > 0) return { ok: false, reason: "unknown_courses", courseIds: unknownIds };

    const owned = await ownedCourseIds(tx, userId, requestedIds);
    // In the order asked for, so the ledger and the answer read the way the buyer listed the courses.
    const toBuy = requestedIds.flatMap((id) => {
      const course = foundById.get(id);
      return course && !owned.has(id) ? [course] : [];
    });
    // A coupon is checked and priced here, with its row locked, so its maximum uses hold under parallel
    // checkouts; the use is spent below only if this checkout goes through.
    const coupon = couponCode ? await lockCoupon(tx, userId, couponCode, toBuy) : null;
    if (coupon && !coupon.ok) return { ok: false, reason: "coupon", problem: coupon.problem };
    const priceOf = (course: { id: number; price: number }) =>
      course.price - (coupon?.ok ? (coupon.discounts.get(course.id) ?? 0) : 0);
    const required = toBuy.reduce((sum, course) => sum + priceOf(course), 0);
    if (buyer.walletBalance < required) {
      return { ok: false, reason: "insufficient_funds", required, balance: buyer.walletBalance };
    }

    // Enroll first and charge only for the rows actually inserted: if an enrollment appeared some other
    // way (a grant, a manual fix), the unique pair skips it and the buyer is not charged for it.
    const inserted =
      toBuy.length === 0
        ? []
        : await tx
            .insert(enrollments)
            .values(toBuy.map((course) => ({ userId, courseId: course.id, pricePaid: priceOf(course) })))
            .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
            .returning({ courseId: enrollments.courseId });
    const insertedIds = new Set(inserted.map((row) => row.courseId));
    const bought = toBuy.filter((course) => insertedIds.has(course.id));

    let balance = buyer.walletBalance;
    const ledgerRows: (typeof walletLedger.$inferInsert)[] = [];
    for (const course of bought) {
      // The ledger's amount is never zero: a free course is an enrollment without a ledger row.
      const paid = priceOf(course);
      if (paid === 0) continue;
      balance -= paid;
      ledgerRows.push({
        userId,
        actorId: userId,
        amount: -paid,
        balanceAfter: balance,
        reason:
          coupon?.ok && coupon.discounts.has(course.id)
            ? `Purchase: ${course.title} (coupon ${coupon.code})`
            : `Purchase: ${course.title}`,
        kind: "purchase",
        courseId: course.id,
      });
    }
    const charged = buyer.walletBalance - balance;
    if (charged > 0) {
      await tx.update(users).set({ walletBalance: balance }).where(eq(users.id, userId));
      await tx.insert(walletLedger).values(ledgerRows);
    }

    let discount = 0;
    if (coupon?.ok) {
      for (const course of bought) discount += coupon.discounts.get(course.id) ?? 0;
      if (discount > 0) await commitRedemption(tx, userId, coupon.couponId, discount);
    }

    // Bought or owned already, none of these belongs in the cart any more.
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.courseId, requestedIds)));

    return {
      ok: true,
      enrolledCourseIds: bought.map((course) => course.id),
      alreadyOwnedCourseIds: requestedIds.filter((id) => !insertedIds.has(id)),
      charged,
      balance,
      ...(coupon ? { discount } : {}),
    };
  });
}

/** The ids among `courseIds` (or among all courses when omitted) that the user is enrolled in. */
export async function ownedCourseIds(
  db: Queryable,
  userId: string,
  courseIds?: number[],
): Promise<Set<number>> {
  if (courseIds && courseIds.length === 0) return new Set();
  const ofUser = eq(enrollments.userId, userId);
  const rows = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(courseIds ? and(ofUser, inArray(enrollments.courseId, courseIds)) : ofUser);
  return new Set(rows.map((row) => row.courseId));
}

export type EnrolledCourse = {
  course: Pick<CourseCard, "id" | "title" | "category" | "image" | "instructorName" | "lessonCount">;
  /** Minor units, as paid at the time of purchase. */
  pricePaid: number;
  enrolledAt: Date;
};

const lessonCount = sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courses.id})`;

/**
 * A learner's courses, newest enrollment first. Courses unpublished after purchase stay listed:
 * the learner paid for them.
 */
export async function listEnrollments(
  db: Database,
  locale: Locale,
  userId: string,
): Promise<EnrolledCourse[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      titleAr: courses.titleAr,
      category: courses.category,
      imageUrl: courses.imageUrl,
      instructorName: users.name,
      instructorNameAr: users.nameAr,
      lessonCount,
      pricePaid: enrollments.pricePaid,
      enrolledAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(users, eq(users.id, courses.trainerId))
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
  return rows.map((row) => ({
    course: {
      id: row.id,
      title: pick(locale, row.title, row.titleAr),
      category: row.category,
      image: row.imageUrl || DEFAULT_COURSE_IMAGE,
      instructorName: pick(locale, row.instructorName, row.instructorNameAr),
      lessonCount: Number(row.lessonCount),
    },
    pricePaid: row.pricePaid,
    enrolledAt: row.enrolledAt,
  }));
}

/** Whether `user` may open a course's lessons: enrolled in it, its trainer, or an admin. */
export async function canAccessCourse(
  db: Database,
  user: Pick<User, "id" | "role">,
  courseId: number,
): Promise<boolean> {
  if (user.role === "admin") return true;
  if (!isCourseId(courseId)) return false;
  // A join rather than a subquery in the select list: drizzle leaves a one-table select's columns
  // unqualified, and inside a subquery those would resolve to the wrong table.
  const [row] = await db
    .select({ trainerId: courses.trainerId, enrollmentId: enrollments.id })
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, user.id)))
    .where(eq(courses.id, courseId));
  if (!row) return false;
  return row.trainerId === user.id || row.enrollmentId !== null;
}

export type CourseForLearning = {
  id: number;
  title: string;
  isPublished: boolean;
  lessons: {
    id: number;
    position: number;
    title: string;
    durationMinutes: number | null;
    embedUrl: string | null;
    pdfUrl: string | null;
  }[];
};

/**
 * A course with its lessons' material, published or not: whoever may open it (see canAccessCourse) keeps
 * it after it is unpublished. Callers check access before showing any of it.
 */
export async function getCourseForLearning(
  db: Database,
  locale: Locale,
  courseId: number,
): Promise<CourseForLearning | null> {
  if (!isCourseId(courseId)) return null;
  const [course] = await db
    .select({
      id: courses.id,
      title: courses.title,
      titleAr: courses.titleAr,
      isPublished: courses.isPublished,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return null;
  const lessonRows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  return {
    id: course.id,
    title: pick(locale, course.title, course.titleAr),
    isPublished: course.isPublished,
    lessons: lessonRows.map((lesson) => ({
      id: lesson.id,
      position: lesson.position,
      title: pick(locale, lesson.title, lesson.titleAr),
      durationMinutes: lesson.durationMinutes,
      embedUrl: lesson.embedUrl,
      pdfUrl: lesson.pdfUrl,
    })),
  };
}

/**
 * How both enrollment API calls answer a purchase: money as plain numbers in currency units, failures in
 * the API's one error shape. `t` translates keys of the `catalog` namespace in the caller's locale.
 */
export function purchaseApiResponse(outcome: PurchaseOutcome, t: TFunction, locale: Locale): Response {
  if (outcome.ok) {
    return Response.json({
      enrolled: outcome.enrolledCourseIds,
      alreadyOwned: outcome.alreadyOwnedCourseIds,
      charged: toCurrencyUnits(outcome.charged),
      ...(outcome.discount === undefined ? {} : { discount: toCurrencyUnits(outcome.discount) }),
      walletBalance: toCurrencyUnits(outcome.balance),
    });
  }
  switch (outcome.reason) {
    case "coupon":
      return apiError(422, "validation_failed", t("common:api.validationFailed"), {
        couponCode: t(`payments:coupon.problems.${outcome.problem}`),
      });
    case "empty":
      return apiError(422, "validation_failed", t("common:api.validationFailed"), {
        courseIds: t("enrollment.api.courseIdsInvalid"),
      });
    case "unknown_courses":
      return apiError(
        404,
        "not_found",
        t("enrollment.api.unknownCourses", { ids: outcome.courseIds.join(locale === "ar" ? "، " : ", ") }),
      );
    case "insufficient_funds": {
      const currency = readConfig().currency;
      return apiError(
        409,
        "conflict",
        t("enrollment.api.insufficientBalance", {
          required: formatMoney(outcome.required, locale, currency),
          balance: formatMoney(outcome.balance, locale, currency),
        }),
      );
    }
  }
}

// Buying and owning courses: the one purchase function every checkout path calls, and what a learner owns.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { readConfig } from "../config.server";
import { type CourseCard, DEFAULT_COURSE_IMAGE } from "../courses/catalog.server";
import type { Database, Queryable } from "../db/client.server";
import { cartItems, courses, enrollments, lessons, users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { taxConfig } from "../invoices/config.server";
import { queueDocumentMailToUser } from "../invoices/mail.server";
import { taxLine } from "../invoices/tax";
import { apiError } from "../lib/api.server";
import { pick } from "../lib/localized";
import { isRowId } from "../lib/validation";
import { recordPaidWalletOrder } from "../orders/orders.server";
import type { CouponProblem } from "../payments/coupon-policy";
import { commitRedemption, lockCoupon } from "../payments/coupons.server";
import {
  changeWalletBalance,
  lockWallet,
  toCurrencyUnits,
  type WalletMovement,
} from "../wallet/wallet.server";
import { purchaseRefusal } from "./refusals";

/** The most ids one checkout may carry; the API refuses longer lists before they get here. */
export const MAX_COURSES_PER_PURCHASE = 50;

/** courses.id is an int4 column; a larger number cannot name a course and would fail in SQL. */

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
      /** The paid wallet order this checkout wrote; null when nothing with a price was bought. */
      order: { id: number; number: string } | null;
    }
  | { ok: false; reason: "coupon"; problem: CouponProblem | "unknown" }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "unknown_courses"; courseIds: number[] }
  | { ok: false; reason: "insufficient_funds"; required: number; balance: number };

/** Reads run on the shared handle or inside a purchase's transaction (where they see its locks). */

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
  {
    couponCode = null,
    buyer = null,
  }: {
    couponCode?: string | null;
    /** A business buyer's company and VAT number (the review page, POST /api/checkout): a standard invoice. */
    buyer?: { company: string; vatNumber: string } | null;
  } = {},
): Promise<PurchaseOutcome> {
  // The tax as configured now: each line is taxed on its price after the coupon (issue 47, decision 072).
  const tax = taxConfig();
  const requestedIds = [...new Set(courseIds)];
  if (requestedIds.length === 0) return { ok: false, reason: "empty" };
  // Ids that cannot exist are refused like unknown ones, without asking PostgreSQL to cast them.
  const impossibleIds = requestedIds.filter((id) => !isRowId(id));
  if (impossibleIds.length > 0) return { ok: false, reason: "unknown_courses", courseIds: impossibleIds };

  return db.transaction(async (tx): Promise<PurchaseOutcome> => {
    const wallet = await lockWallet(tx, userId);
    // Callers pass the signed-in user's id; a missing row is a bug to surface, not a buyer mistake.
    if (!wallet) throw new Error(`purchaseCourses: no user with id ${userId}`);

    const found = await tx
      .select({ id: courses.id, title: courses.title, titleAr: courses.titleAr, price: courses.price })
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
    // What the buyer pays for a course: its price after the coupon, with the VAT added when catalogue
    // prices do not include it (the line's gross).
    const priceOf = (course: { id: number; price: number }) =>
      taxLine(
        course.price - (coupon?.ok ? (coupon.discounts.get(course.id) ?? 0) : 0),
        tax.rate,
        tax.pricesIncludeTax,
      ).gross;
    const required = toBuy.reduce((sum, course) => sum + priceOf(course), 0);
    if (wallet.balance < required) {
      return { ok: false, reason: "insufficient_funds", required, balance: wallet.balance };
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

    // The ledger's amount is never zero: a free course is an enrollment without a ledger row.
    const lines = bought.flatMap((course): WalletMovement[] => {
      const paid = priceOf(course);
      if (paid === 0) return [];
      const reason =
        coupon?.ok && coupon.discounts.has(course.id)
          ? `Purchase: ${course.title} (coupon ${coupon.code})`
          : `Purchase: ${course.title}`;
      return [{ amount: -paid, reason, kind: "purchase", courseId: course.id }];
    });
    let balance = wallet.balance;
    if (lines.length > 0) {
      const charge = await changeWalletBalance(tx, { userId, actorId: userId, lines });
      // The wallet is locked and was checked above: a refusal here is a bug, and rolls everything back.
      if (!charge.ok)
        throw new Error(`purchaseCourses: the wallet refused a checked charge (${charge.reason})`);
      balance = charge.balance;
    }
    const charged = wallet.balance - balance;

    let discount = 0;
    if (coupon?.ok) {
      for (const course of bought) discount += coupon.discounts.get(course.id) ?? 0;
      if (discount > 0) await commitRedemption(tx, userId, coupon.couponId, discount);
    }

    // Bought or owned already, none of these belongs in the cart any more. Before the order:
    // its invoice takes the series' number, whose lock every other purchase waits on until this one commits,
    // so as little as can be follows it.
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.courseId, requestedIds)));

    // Every purchase is an order (issue 46): written paid here, in the transaction that charged the wallet
    // and enrolled, so the order, the money and the access commit together or not at all.
    // A free enrollment is not a purchase: only a checkout that bought something with a price is an order.
    const order = !bought.some((course) => course.price > 0)
      ? null
      : await recordPaidWalletOrder(tx, {
          userId,
          currency: readConfig().currency,
          items: bought.map((course) => ({
            courseId: course.id,
            title: course.title,
            titleAr: course.titleAr,
            price: course.price,
            discount: coupon?.ok ? (coupon.discounts.get(course.id) ?? 0) : 0,
          })),
          couponId: coupon?.ok ? coupon.couponId : null,
          couponCode: coupon?.ok ? coupon.code : null,
          tax,
          buyer,
        });
    // The buyer's confirmation with the invoice attached, queued with the purchase (issue 47, item 5).
    if (order) await queueDocumentMailToUser(db, tx, "order_paid", userId, order.invoice);

    return {
      ok: true,
      enrolledCourseIds: bought.map((course) => course.id),
      alreadyOwnedCourseIds: requestedIds.filter((id) => !insertedIds.has(id)),
      charged,
      balance,
      ...(coupon ? { discount } : {}),
      order: order ? { id: order.id, number: order.number } : null,
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

/**
 * How both enrollment API calls answer a purchase: money as plain numbers in currency units, refusals in
 * the API's one error shape (app/commerce/refusals.ts says them). `t` translates the `catalog` namespace.
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
  const refusal = purchaseRefusal(outcome, t, locale, readConfig().currency);
  return apiError(refusal.status, refusal.code, refusal.message, refusal.fields);
}

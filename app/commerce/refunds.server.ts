// Refunds: an admin gives a learner their money back for a course. Access ends (the enrollment goes), and
// the price paid returns where it came from (issue 46, item 5): to the card that paid, through its provider
// by a `card-refund` job with retries, or else to the wallet through creditWallet with a "refund" ledger row;
// all in one transaction.
// Within REFUND_WINDOW_DAYS of the purchase (default 14) any admin may refund; later only with an explicit
// override, and every refund carries a reason.

import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { revokeCertificateOfCourse } from "../certificates/certificates.server";
import { type Environment, environment } from "../config.server";
import type { Database } from "../db/client.server";
import { courses, enrollments, users } from "../db/schema";
import { queueDocumentMailToUser } from "../invoices/mail.server";
import { enqueueJob } from "../jobs/queue.server";
import { INT4_MAX, queryInteger, safeText } from "../lib/validation";
import { notify } from "../notifications/notify.server";
import { cardPaymentForCourse, recordItemRefund } from "../orders/orders.server";
import { cardProvider } from "../payments/providers/registry.server";
import { withdrawReview } from "../reviews/reviews.server";
import { creditWallet } from "../wallet/wallet.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export function readRefundWindowDays(env: Environment = environment()): number {
  const raw = env.REFUND_WINDOW_DAYS;
  if (raw === undefined || raw === "") return 14;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 0 || days > 3650) {
    throw new Error("REFUND_WINDOW_DAYS must be a whole number of days between 0 and 3650");
  }
  return days;
}

let windowDays: number | undefined;
export function refundWindowDays(): number {
  windowDays ??= readRefundWindowDays();
  return windowDays;
}

/** Pure: may this enrollment be refunded now without an override? */
export function isWithinRefundWindow(enrolledAt: Date, now: Date, days = refundWindowDays()): boolean {
  return now.getTime() - enrolledAt.getTime() <= days * DAY_MS;
}

/** Messages are keys in the `wallet` namespace. */
export const RefundInput = z.object({
  reason: safeText({ max: 1000, error: "errors.refundReason" })
    .trim()
    .min(1, { error: "errors.refundReason" })
    .max(200, { error: "errors.refundReason" }),
  override: z
    .union([z.boolean(), z.literal("on"), z.literal("true")])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
});
export type RefundInput = z.infer<typeof RefundInput>;

export type RefundOutcome =
  | {
      ok: true;
      refunded: number;
      /** Where the money went: the wallet now, or the card (the provider's refund follows by a job). */
      to: "wallet" | "card";
      balance: number;
      userName: string;
      courseTitle: string;
    }
  | { ok: false; reason: "not_found" | "outside_window" | "balance_limit" };

export async function refundEnrollment(
  db: Database,
  adminId: string,
  enrollmentId: number,
  input: RefundInput,
  now = new Date(),
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [enrollment] = await tx
      .select({
        enrollment: enrollments,
        courseTitle: courses.title,
        courseTitleAr: courses.titleAr,
        userName: users.name,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(eq(enrollments.id, enrollmentId))
      .for("update", { of: enrollments });
    if (!enrollment) return { ok: false, reason: "not_found" } as const;
    const { userId, courseId, pricePaid, createdAt } = enrollment.enrollment;
    if (!input.override && !isWithinRefundWindow(createdAt, now))
      return { ok: false, reason: "outside_window" } as const;
    // Bought by card through a provider that is still on: the money goes back to that card.
    const card = pricePaid > 0 ? await cardPaymentForCourse(tx, userId, courseId) : null;
    const toCard = card !== null && cardProvider(card.provider) !== null;
    // The money first: when the credit is refused, nothing has changed yet.
    let balance: number;
    if (pricePaid > 0 && !toCard) {
      const credit = await creditWallet(tx, {
        userId,
        actorId: adminId,
        amount: pricePaid,
        reason: `Refund: ${enrollment.courseTitle} (${input.reason})`,
        kind: "refund",
        courseId,
      });
      if (!credit.ok)
        return { ok: false, reason: credit.reason === "not_found" ? "not_found" : "balance_limit" } as const;
      balance = credit.balance;
    } else {
      const [owner] = await tx
        .select({ balance: users.walletBalance })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      balance = owner?.balance ?? 0;
    }
    await tx.delete(enrollments).where(eq(enrollments.id, enrollmentId));
    // The order that sold it moves to refunded or partially_refunded (issue 46), in the same transaction.
    const refunded = await recordItemRefund(tx, {
      userId,
      courseId,
      amount: pricePaid,
      actorId: adminId,
      reason: input.reason,
      to: toCard ? "card" : "wallet",
    });
    if (card && toCard)
      await enqueueJob(
        db,
        tx,
        "card-refund",
        {
          orderId: card.orderId,
          provider: card.provider,
          paymentId: card.paymentId,
          amount: pricePaid,
          key: `refund:${enrollmentId}`,
          courseId,
        },
        { key: `refund:${enrollmentId}` },
      );
    // The credit note goes to the buyer with the refund's mail (issue 47, item 5).
    if (refunded?.creditNote) await queueDocumentMailToUser(db, tx, "refund", userId, refunded.creditNote);
    // What the enrollment gave goes with it, in the same transaction: the certificate it earned is revoked
    // and the review it allowed leaves the course and its rating.
    const why = `Refunded: ${input.reason}`;
    await revokeCertificateOfCourse(tx, { userId, courseId, revokedById: adminId, reason: why, now });
    await withdrawReview(tx, { userId, courseId, hiddenBy: adminId, reason: why, now });
    // The learner is told with the refund (issue 35): once per enrollment refunded.
    await notify(tx, [
      {
        userId,
        type: "refund",
        eventKey: `refund:${enrollmentId}`,
        data: {
          path: toCard && card ? `/orders/${card.orderId}` : "/account/wallet",
          amount: pricePaid,
          courseId,
          courseTitle: enrollment.courseTitle,
          courseTitleAr: enrollment.courseTitleAr,
        },
      },
    ]);
    return {
      ok: true,
      refunded: pricePaid,
      to: toCard ? "card" : "wallet",
      balance,
      userName: enrollment.userName,
      courseTitle: enrollment.courseTitle,
    } as const;
  });
}

/** `GET /api/admin/enrollments?userId&courseId&limit&offset`: the filters and the page (at most 100). */
export const AdminEnrollmentQuery = z.object({
  userId: z.uuid().optional(),
  courseId: queryInteger(1, INT4_MAX).optional(),
  limit: queryInteger(1, 100).default(50),
  offset: queryInteger(0, 1_000_000).default(0),
});

export type AdminEnrollmentFilter = {
  /** A learner's name or email, in part (the admin page's search box). */
  q?: string;
  userId?: string;
  courseId?: number;
  limit: number;
  offset: number;
};

/**
 * Enrollments for the admin's refund page and API, newest first, optionally for one learner (by name or
 * email, or by id) and one course. A refunded enrollment is gone: every row listed can still be refunded.
 */
export async function listEnrollmentsForAdmin(
  db: Database,
  { q, userId, courseId, limit, offset }: AdminEnrollmentFilter,
) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : "";
  const where = and(
    q ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
    userId ? eq(enrollments.userId, userId) : undefined,
    courseId ? eq(enrollments.courseId, courseId) : undefined,
  );
  const [items, [counted]] = await Promise.all([
    db
      .select({
        id: enrollments.id,
        pricePaid: enrollments.pricePaid,
        enrolledAt: enrollments.createdAt,
        userId: enrollments.userId,
        userName: users.name,
        userEmail: users.email,
        courseId: enrollments.courseId,
        courseTitle: courses.title,
        courseTitleAr: courses.titleAr,
      })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(where)
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(where),
  ]);
  return { items, total: Number(counted?.n ?? 0) };
}

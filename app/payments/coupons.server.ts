// Creating coupons (admins, and trainers for their own courses) and spending them inside the purchase
// transaction (app/commerce/enrollment.server.ts calls `redeemCoupon` with the buyer's row already locked).

import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { isAdmin, type Viewer } from "../access/roles";
import type { Database, Transaction } from "../db/client.server";
import { type Coupon, couponRedemptions, coupons, courses } from "../db/schema";
import { INT4_MAX } from "../lib/validation";
import { CurrencyAmount } from "../wallet/wallet.server";
import {
  applyCoupon,
  COUPON_CODE_PATTERN,
  type CouponProblem,
  couponCreationProblem,
  couponProblem,
  normalizeCouponCode,
} from "./coupon-policy";

/** Messages are keys in the `payments` namespace. */
// Checks in zod's own string steps (trim, pattern, upper case) rather than a transform and a refine, so the
// OpenAPI document shows the pattern: COUPON_CODE_PATTERN of the upper-cased code is this, in any case.
export const CouponCode = z
  .string({ error: "coupon.errors.codeInvalid" })
  .max(64, { error: "coupon.errors.codeInvalid" })
  .trim()
  .regex(new RegExp(COUPON_CODE_PATTERN.source.replaceAll("A-Z", "A-Za-z")), {
    error: "coupon.errors.codeInvalid",
  })
  .toUpperCase();

export const CouponInput = z
  .object({
    code: CouponCode,
    percentOff: z
      .int({ error: "coupon.errors.percentInvalid" })
      .min(1, { error: "coupon.errors.percentInvalid" })
      .max(100, { error: "coupon.errors.percentInvalid" })
      .optional(),
    amountOff: CurrencyAmount.optional(),
    courseId: z
      .int({ error: "coupon.errors.courseInvalid" })
      .positive({ error: "coupon.errors.courseInvalid" })
      .max(INT4_MAX, { error: "coupon.errors.courseInvalid" })
      .optional(),
    expiresAt: z.iso
      .datetime({ offset: true, error: "coupon.errors.expiresInvalid" })
      .transform((value) => new Date(value))
      .refine((date) => date.getTime() > Date.now(), { error: "coupon.errors.expiresInvalid" })
      .optional(),
    maxUses: z
      .int({ error: "coupon.errors.maxUsesInvalid" })
      .min(1, { error: "coupon.errors.maxUsesInvalid" })
      .max(1_000_000, { error: "coupon.errors.maxUsesInvalid" })
      .optional(),
  })
  .refine((input) => (input.percentOff === undefined) !== (input.amountOff === undefined), {
    error: "coupon.errors.oneDiscount",
    path: ["percentOff"],
  });
export type CouponInput = z.infer<typeof CouponInput>;

export type CreateOutcome =
  | { ok: true; coupon: Coupon }
  | { ok: false; reason: "course_required" | "course_not_found" | "not_your_course" | "code_taken" };

export async function createCoupon(
  db: Database,
  creator: NonNullable<Viewer>,
  input: CouponInput,
): Promise<CreateOutcome> {
  const [course] =
    input.courseId === undefined
      ? []
      : await db.select({ trainerId: courses.trainerId }).from(courses).where(eq(courses.id, input.courseId));
  const problem = couponCreationProblem(creator, course ?? null, input.courseId !== undefined);
  if (problem) return { ok: false, reason: problem };
  const [coupon] = await db
    .insert(coupons)
    .values({
      code: input.code,
      percentOff: input.percentOff ?? null,
      amountOff: input.amountOff ?? null,
      courseId: input.courseId ?? null,
      createdById: creator.id,
      expiresAt: input.expiresAt ?? null,
      maxUses: input.maxUses ?? null,
    })
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  if (!coupon) return { ok: false, reason: "code_taken" };
  return { ok: true, coupon };
}

export type Redemption =
  | { ok: true; couponId: number; code: string; discounts: Map<number, number>; total: number }
  | { ok: false; problem: CouponProblem | "unknown" };

/**
 * Checks a code for this checkout with the coupon row locked (so its use count holds under parallel
 * checkouts) and returns the discount per course. `commitRedemption` then spends the use.
 */
export async function lockCoupon(
  tx: Transaction,
  userId: string,
  rawCode: string,
  toBuy: { id: number; price: number }[],
  now = new Date(),
): Promise<Redemption> {
  const code = normalizeCouponCode(rawCode);
  if (!COUPON_CODE_PATTERN.test(code)) return { ok: false, problem: "unknown" };
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for("update");
  if (!coupon) return { ok: false, problem: "unknown" };
  const used = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId)));
  const problem = couponProblem(coupon, { now, alreadyUsed: used.length > 0 });
  if (problem) return { ok: false, problem };
  const applied = applyCoupon(coupon, toBuy);
  if (!applied.ok) return { ok: false, problem: applied.problem };
  return {
    ok: true,
    couponId: coupon.id,
    code: coupon.code,
    discounts: applied.discounts,
    total: applied.total,
  };
}

export async function commitRedemption(tx: Transaction, userId: string, couponId: number, discount: number) {
  await tx.insert(couponRedemptions).values({ couponId, userId, discount });
  const [row] = await tx.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, couponId));
  await tx
    .update(coupons)
    .set({ uses: (row?.uses ?? 0) + 1 })
    .where(eq(coupons.id, couponId));
}

/**
 * What a code would take off the cart now, read without locks (the cart page shows it; the purchase checks
 * again inside its transaction). `userId` null for a guest: the "used once" rule is checked at sign-in.
 */
export async function previewCoupon(
  db: Database,
  userId: string | null,
  rawCode: string,
  items: { id: number; price: number }[],
  now = new Date(),
): Promise<Redemption> {
  const code = normalizeCouponCode(rawCode);
  if (!COUPON_CODE_PATTERN.test(code)) return { ok: false, problem: "unknown" };
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!coupon) return { ok: false, problem: "unknown" };
  const used = userId
    ? await db
        .select({ id: couponRedemptions.id })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId)))
    : [];
  const problem = couponProblem(coupon, { now, alreadyUsed: used.length > 0 });
  if (problem) return { ok: false, problem };
  const applied = applyCoupon(coupon, items);
  if (!applied.ok) return { ok: false, problem: applied.problem };
  return {
    ok: true,
    couponId: coupon.id,
    code: coupon.code,
    discounts: applied.discounts,
    total: applied.total,
  };
}

/** The coupons a person manages: an admin every one; a trainer those for their own courses. Newest first. */
export async function listCoupons(db: Database, viewer: NonNullable<Viewer>) {
  const rows = await db
    .select({
      coupon: coupons,
      courseTitle: courses.title,
      courseTitleAr: courses.titleAr,
      trainerId: courses.trainerId,
    })
    .from(coupons)
    .leftJoin(courses, eq(courses.id, coupons.courseId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(200);
  return isAdmin(viewer) ? rows : rows.filter((row) => row.trainerId === viewer.id);
}

/** The courses a person may make a code for. */
export async function couponCourses(db: Database, viewer: NonNullable<Viewer>) {
  const query = db
    .select({ id: courses.id, title: courses.title, titleAr: courses.titleAr })
    .from(courses)
    .orderBy(courses.title);
  return isAdmin(viewer) ? query : query.where(eq(courses.trainerId, viewer.id));
}

/** Switches a code off for good (it stays listed with its uses). Trainers: only codes of their courses. */
export async function disableCoupon(
  db: Database,
  viewer: NonNullable<Viewer>,
  id: number,
): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  const [row] = await db
    .select({ id: coupons.id, trainerId: courses.trainerId })
    .from(coupons)
    .leftJoin(courses, eq(courses.id, coupons.courseId))
    .where(eq(coupons.id, id));
  if (!row || (!isAdmin(viewer) && row.trainerId !== viewer.id)) return { ok: false, reason: "not_found" };
  await db
    .update(coupons)
    .set({ disabledAt: new Date() })
    .where(and(eq(coupons.id, id), isNull(coupons.disabledAt)));
  return { ok: true };
}

// Refunds: the enrollment goes, the price paid comes back as a "refund" ledger row, and the ledger still
// adds up to the balance; outside the window only an override refunds.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCertificate, verifyCertificate } from "../../app/certificates/certificates.server";
import { certificatePdf } from "../../app/certificates/pdf-file.server";
import { createLocalCertificateStore } from "../../app/certificates/store.server";
import { purchaseCourses } from "../../app/commerce/enrollment.server";
import {
  isWithinRefundWindow,
  readRefundWindowDays,
  refundEnrollment,
} from "../../app/commerce/refunds.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  courseReviews,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  type User,
  users,
  walletLedger,
} from "../../app/db/schema";
import { saveReview } from "../../app/reviews/reviews.server";
import { loader as refundList, action as refundPage } from "../../app/routes/admin-enrollments";
import { loader as enrollmentListApi } from "../../app/routes/api/admin-enrollments";
import { action as refundApi } from "../../app/routes/api/admin-refund";
import { creditWallet } from "../../app/wallet/wallet.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let admin: User;
let trainer: User;
let paidCourseId = 0;
let freeCourseId = 0;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  trainer = await createUser(handle.db, "trainer");
  const rows = await handle.db
    .insert(courses)
    .values([
      {
        slug: "paid",
        title: "Paid course",
        description: "d",
        category: "data-science",
        price: 4_999,
        isPublished: true,
        trainerId: trainer.id,
      },
      {
        slug: "free",
        title: "Free course",
        description: "d",
        category: "data-science",
        price: 0,
        isPublished: true,
        trainerId: trainer.id,
      },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  paidCourseId = rows.find((row) => row.slug === "paid")?.id ?? 0;
  freeCourseId = rows.find((row) => row.slug === "free")?.id ?? 0;
});
afterAll(() => handle?.close());

async function buyer() {
  const learner = await createUser(handle.db);
  await creditWallet(handle.db, { userId: learner.id, actorId: admin.id, amount: 10_000, reason: "test" });
  const bought = await purchaseCourses(handle.db, learner.id, [paidCourseId, freeCourseId]);
  if (!bought.ok) throw new Error("purchase failed");
  const owned = await handle.db.select().from(enrollments).where(eq(enrollments.userId, learner.id));
  const paid = owned.find((row) => row.courseId === paidCourseId);
  const free = owned.find((row) => row.courseId === freeCourseId);
  if (!paid || !free) throw new Error("enrollments missing");
  return { learner, paid, free };
}

async function balanceOf(userId: string) {
  const [row] = await handle.db
    .select({ balance: users.walletBalance })
    .from(users)
    .where(eq(users.id, userId));
  return row?.balance ?? -1;
}

async function ledgerSum(userId: string) {
  const [row] = await handle.db
    .select({ total: sum(walletLedger.amount) })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  return Number(row?.total ?? 0);
}

describe("the refund window", () => {
  it("is 14 days by default, configurable, and inclusive", () => {
    expect(readRefundWindowDays({})).toBe(14);
    expect(readRefundWindowDays({ REFUND_WINDOW_DAYS: "30" })).toBe(30);
    expect(() => readRefundWindowDays({ REFUND_WINDOW_DAYS: "-1" })).toThrow(/REFUND_WINDOW_DAYS/);
    expect(() => readRefundWindowDays({ REFUND_WINDOW_DAYS: "1.5" })).toThrow(/REFUND_WINDOW_DAYS/);
    const bought = new Date("2026-01-01T00:00:00Z");
    expect(isWithinRefundWindow(bought, new Date(bought.getTime() + 14 * DAY), 14)).toBe(true);
    expect(isWithinRefundWindow(bought, new Date(bought.getTime() + 14 * DAY + 1), 14)).toBe(false);
  });
});

describe("refundEnrollment", () => {
  it("ends access and returns the price paid with a refund ledger row; the ledger still adds up", async () => {
    const { learner, paid } = await buyer();
    expect(await balanceOf(learner.id)).toBe(10_000 - 4_999);
    const outcome = await refundEnrollment(handle.db, admin.id, paid.id, {
      reason: "Changed mind",
      override: false,
    });
    expect(outcome).toMatchObject({ ok: true, refunded: 4_999, balance: 10_000 });
    expect(await handle.db.$count(enrollments, eq(enrollments.id, paid.id))).toBe(0);
    const [refundRow] = await handle.db.select().from(walletLedger).where(eq(walletLedger.kind, "refund"));
    expect(refundRow).toMatchObject({
      userId: learner.id,
      amount: 4_999,
      courseId: paidCourseId,
      actorId: admin.id,
    });
    expect(await ledgerSum(learner.id)).toBe(await balanceOf(learner.id));
    // The same enrollment cannot be refunded twice.
    expect(await refundEnrollment(handle.db, admin.id, paid.id, { reason: "again", override: true })).toEqual(
      {
        ok: false,
        reason: "not_found",
      },
    );
  });

  it("refunds a free course without a ledger row", async () => {
    const { learner, free } = await buyer();
    const before = await handle.db.$count(walletLedger, eq(walletLedger.userId, learner.id));
    expect(
      await refundEnrollment(handle.db, admin.id, free.id, { reason: "x", override: false }),
    ).toMatchObject({ ok: true, refunded: 0 });
    expect(await handle.db.$count(walletLedger, eq(walletLedger.userId, learner.id))).toBe(before);
  });

  it("needs the override after the window", async () => {
    const { learner, paid } = await buyer();
    const later = new Date(paid.createdAt.getTime() + 15 * DAY);
    expect(
      await refundEnrollment(handle.db, admin.id, paid.id, { reason: "Late", override: false }, later),
    ).toEqual({
      ok: false,
      reason: "outside_window",
    });
    expect(await handle.db.$count(enrollments, eq(enrollments.id, paid.id))).toBe(1);
    expect(
      await refundEnrollment(handle.db, admin.id, paid.id, { reason: "Late", override: true }, later),
    ).toMatchObject({ ok: true });
    expect(await ledgerSum(learner.id)).toBe(await balanceOf(learner.id));
  });
});

describe("what a refund takes back", () => {
  it("revokes the course's certificate and hides the learner's review, with the rating, in the refund", async () => {
    const { learner, paid } = await buyer();
    // The learner finished the course (its one lesson) and holds its certificate, and reviewed it.
    const [lesson] = await handle.db
      .insert(lessons)
      .values(await withSection(handle.db, { courseId: paidCourseId, position: 1, title: "Only lesson" }))
      .returning({ id: lessons.id });
    await handle.db.insert(lessonProgress).values({
      userId: learner.id,
      lessonId: lesson?.id ?? 0,
      courseId: paidCourseId,
      completedAt: new Date(),
    });
    const store = createLocalCertificateStore(mkdtempSync(path.join(tmpdir(), "manara-refund-")));
    const issued = await issueCertificate(handle.db, {
      userId: learner.id,
      courseId: paidCourseId,
    });
    if (!issued.ok) throw new Error(issued.reason);
    const saved = await saveReview(handle.db, learner, paidCourseId, { rating: 5, comment: "Great" });
    if (!saved.ok) throw new Error(saved.reason);
    const [before] = await handle.db.select().from(courses).where(eq(courses.id, paidCourseId));

    expect(
      await refundEnrollment(handle.db, admin.id, paid.id, { reason: "Changed mind", override: false }),
    ).toMatchObject({
      ok: true,
    });

    const verification = await verifyCertificate(handle.db, issued.certificate.code, "en");
    expect(verification).toMatchObject({ valid: false, revoked: true });
    expect(await certificatePdf(handle.db, store, learner, issued.certificate.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    // Admins keep the record.
    expect((await certificatePdf(handle.db, store, admin, issued.certificate.id)).ok).toBe(true);
    const [review] = await handle.db
      .select()
      .from(courseReviews)
      .where(eq(courseReviews.id, saved.review.id));
    expect(review?.hiddenAt).not.toBeNull();
    expect(review?.hiddenReason).toBe("Refunded: Changed mind");
    const [after] = await handle.db.select().from(courses).where(eq(courses.id, paidCourseId));
    expect(after?.ratingCount).toBe((before?.ratingCount ?? 0) - 1);
    expect(after?.ratingSum).toBe((before?.ratingSum ?? 0) - 5);
    await handle.db.delete(lessons).where(eq(lessons.id, lesson?.id ?? 0));
  });
});

describe("the admin page and the API", () => {
  it("lists enrollments by learner and refunds from the page", async () => {
    const { learner, paid } = await buyer();
    const cookie = await cookieFor(handle.db, admin.id);
    const list = (await runRoute(
      handle.db,
      new Request(`http://test/dashboard/admin/enrollments?q=${encodeURIComponent(learner.email)}`, {
        headers: { Cookie: cookie },
      }),
      refundList as never,
    )) as { items: { id: number; withinWindow: boolean }[]; total: number };
    expect(list.total).toBe(2);
    expect(list.items.every((item) => item.withinWindow)).toBe(true);

    const request = formRequest("http://test/dashboard/admin/enrollments", {
      id: String(paid.id),
      reason: "Refund asked",
    });
    request.headers.set("Cookie", cookie);
    const answer = (await settle(runRoute(handle.db, request, refundPage as never))) as Response;
    expect(answer.status).toBe(302);
    expect(await handle.db.$count(enrollments, eq(enrollments.id, paid.id))).toBe(0);

    const noReason = formRequest("http://test/dashboard/admin/enrollments", { id: "1", reason: "  " });
    noReason.headers.set("Cookie", cookie);
    expect(((await settle(runRoute(handle.db, noReason, refundPage as never))) as Response).status).toBe(302);
  });

  it("POST /api/admin/enrollments/:id/refund: 200, then 404; 422 without a reason", async () => {
    const { paid } = await buyer();
    const token = await bearerFor(handle.db, admin.id);
    const call = (id: string, body: unknown) =>
      runRoute(
        handle.db,
        new Request(`http://test/api/admin/enrollments/${id}/refund`, {
          method: "POST",
          headers: { Authorization: token, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        refundApi as never,
        { id },
      ) as Promise<Response>;
    expect((await call(String(paid.id), {})).status).toBe(422);
    const ok = await call(String(paid.id), { reason: "API refund" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ refunded: 49.99, to: "wallet", balance: 100 });
    expect((await call(String(paid.id), { reason: "again" })).status).toBe(404);
    expect((await call("abc", { reason: "x" })).status).toBe(404);
  });

  it("GET /api/admin/enrollments: a learner's enrollments with the ids a refund takes, filtered and paged", async () => {
    const { learner, paid, free } = await buyer();
    const token = await bearerFor(handle.db, admin.id);
    const list = async (query: string, language?: string) => {
      const headers: Record<string, string> = { Authorization: token };
      if (language) headers["Accept-Language"] = language;
      const answer = (await runRoute(
        handle.db,
        new Request(`http://test/api/admin/enrollments${query}`, { headers }),
        enrollmentListApi as never,
      )) as Response;
      // biome-ignore lint/suspicious/noExplicitAny: the test reads the answer's JSON by path.
      return { status: answer.status, json: (await answer.json()) as Record<string, any> };
    };
    const mine = await list(`?userId=${learner.id}`);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(mine.json.items).toContainEqual({
      id: paid.id,
      userId: learner.id,
      userName: learner.name,
      userEmail: learner.email,
      courseId: paidCourseId,
      courseTitle: "Paid course",
      courseTitleAr: null,
      pricePaid: 49.99,
      enrolledAt: paid.createdAt.toISOString(),
      withinRefundWindow: true,
    });
    const onlyFree = await list(`?userId=${learner.id}&courseId=${freeCourseId}`);
    expect(onlyFree.json.items.map((item: { id: number }) => item.id)).toEqual([free.id]);
    expect(onlyFree.json.items[0].pricePaid).toBe(0);
    const paged = await list(`?userId=${learner.id}&limit=1&offset=1`);
    expect(paged.json).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(paged.json.items).toHaveLength(1);
    // Every course's enrollments, other learners' included.
    const course = await list(`?courseId=${paidCourseId}&limit=100`);
    expect(course.json.total).toBeGreaterThanOrEqual(2);
    expect(course.json.items.every((item: { courseId: number }) => item.courseId === paidCourseId)).toBe(
      true,
    );
    // What the list names is what the refund takes; a refunded enrollment is no longer listed.
    const refunded = (await runRoute(
      handle.db,
      new Request(`http://test/api/admin/enrollments/${paid.id}/refund`, {
        method: "POST",
        headers: { Authorization: token, "Content-Type": "application/json" },
        body: JSON.stringify({ reason: "Found through the list" }),
      }),
      refundApi as never,
      { id: String(paid.id) },
    )) as Response;
    expect(refunded.status).toBe(200);
    expect((await list(`?userId=${learner.id}`)).json.total).toBe(1);
    // Bad parameters are 422 in the error shape, in the caller's language; never a 500.
    for (const query of [
      "?userId=nope",
      "?courseId=0",
      "?courseId=x",
      "?limit=101",
      "?limit=0",
      "?offset=-1",
    ]) {
      const refused = await list(query);
      expect([query, refused.status, refused.json.error.code]).toEqual([query, 422, "validation_failed"]);
    }
    const arabic = await list("?limit=500", "ar");
    expect(arabic.json.error.fields.limit).toMatch(/[\u0600-\u06FF]/);
  });
});

// Review rules (issue 13) through the domain functions, the JSON API and the course page's plain forms:
// only enrolled learners review, one review each (editable, deletable), the trainer replies once, an admin
// hides with a reason, and the course row's totals follow every change.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundEnrollment } from "../../app/commerce/refunds.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courseReviews, courses, enrollments, type User } from "../../app/db/schema";
import { hideReview, listReviews, replyToReview, saveReview } from "../../app/reviews/reviews.server";
import { loader as reviewList, action as reviewWrite } from "../../app/routes/api/course-reviews";
import { loader as coursePage, action as coursePageAction } from "../../app/routes/course";
import { setPublished, updateCourse } from "../../app/studio/courses.server";
import { addLesson } from "../../app/studio/curriculum.server";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { sharedTestMediaStore } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let admin: User;
let courseId = 0;
let draftId = 0;

async function enrolledLearner() {
  const learner = await createUser(handle.db, "user");
  await handle.db.insert(enrollments).values({ userId: learner.id, courseId, pricePaid: 0 });
  return learner;
}

async function totals() {
  const [row] = await handle.db
    .select({ sum: courses.ratingSum, count: courses.ratingCount })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

function api(method: string, authorization: string | null, body?: unknown, query = "") {
  const headers: Record<string, string> = {};
  if (authorization) headers.Authorization = authorization;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(`http://test/api/courses/${courseId}/reviews${query}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // A guard's refusal is a thrown Response, as React Router serves it.
  return settle(
    runRoute<Response>(handle.db, request, (method === "GET" ? reviewList : reviewWrite) as never, {
      id: String(courseId),
    }),
  ) as Promise<Response>;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  const inserted = await handle.db
    .insert(courses)
    .values([
      {
        slug: "rated",
        title: "Rated",
        description: "d",
        category: "web-development",
        isPublished: true,
        trainerId: trainer.id,
      },
      { slug: "draft", title: "Draft", description: "d", category: "web-development", trainerId: trainer.id },
    ])
    .returning({ id: courses.id });
  courseId = inserted[0]?.id ?? 0;
  draftId = inserted[1]?.id ?? 0;
});
afterAll(() => handle?.close());

describe("who may review", () => {
  it("refuses a learner who is not enrolled, and the course's own trainer", async () => {
    const stranger = await createUser(handle.db, "user");
    expect(await saveReview(handle.db, stranger, courseId, { rating: 5, comment: null })).toEqual({
      ok: false,
      reason: "not_enrolled",
    });
    await handle.db.insert(enrollments).values({ userId: trainer.id, courseId, pricePaid: 0 });
    expect(await saveReview(handle.db, trainer, courseId, { rating: 5, comment: null })).toEqual({
      ok: false,
      reason: "own_course",
    });
    expect(await handle.db.$count(courseReviews)).toBe(0);
    expect(await totals()).toEqual({ sum: 0, count: 0 });
  });

  it("takes the right away when the enrollment is refunded", async () => {
    const learner = await createUser(handle.db, "user");
    const [enrollment] = await handle.db
      .insert(enrollments)
      .values({ userId: learner.id, courseId, pricePaid: 0 })
      .returning();
    const refunded = await refundEnrollment(handle.db, admin.id, enrollment?.id ?? 0, {
      reason: "asked",
      override: false,
    });
    expect(refunded.ok).toBe(true);
    expect(await saveReview(handle.db, learner, courseId, { rating: 4, comment: null })).toMatchObject({
      ok: false,
      reason: "not_enrolled",
    });
  });
});

describe("one review per learner", () => {
  it("creates, then updates the same review; totals follow; delete removes it", async () => {
    const learner = await enrolledLearner();
    const first = await saveReview(handle.db, learner, courseId, { rating: 2, comment: "Meh" });
    expect(first).toMatchObject({ ok: true, created: true });
    const second = await saveReview(handle.db, learner, courseId, { rating: 4, comment: null });
    expect(second).toMatchObject({ ok: true, created: false });
    expect(await handle.db.$count(courseReviews, eq(courseReviews.userId, learner.id))).toBe(1);
    expect(await totals()).toEqual({ sum: 4, count: 1 });
    const authorization = await bearerFor(handle.db, learner.id);
    expect((await api("DELETE", authorization)).status).toBe(204);
    expect((await api("DELETE", authorization)).status).toBe(404);
    expect(await totals()).toEqual({ sum: 0, count: 0 });
  });
});

describe("the JSON API", () => {
  it("creates (201) and updates (200) the caller's review, validates input, and lists with the summary", async () => {
    const learner = await enrolledLearner();
    const authorization = await bearerFor(handle.db, learner.id);
    expect((await api("POST", null, { rating: 5 })).status).toBe(401);
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: "x" },
      {},
      { rating: 3, comment: "a\u0000b" },
    ]) {
      const refused = await api("POST", authorization, bad);
      expect(refused.status).toBe(422);
      expect((await refused.json()).error.code).toBe("validation_failed");
    }
    const created = await api("POST", authorization, { rating: 3, comment: "  Good   " });
    expect(created.status).toBe(201);
    expect((await created.json()).review).toMatchObject({ rating: 3, comment: "Good" });
    const updated = await api("POST", authorization, { rating: "5", comment: "مفيدة جدًا" });
    expect(updated.status).toBe(200);
    const other = await enrolledLearner();
    await saveReview(handle.db, other, courseId, { rating: 2, comment: null });
    const listed = await api("GET", null, undefined, "?limit=1&offset=0");
    expect(listed.status).toBe(200);
    const body = await listed.json();
    expect(body).toMatchObject({
      total: 2,
      count: 2,
      average: 3.5,
      distribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 },
    });
    expect(body.items).toHaveLength(1);
    // Newest first.
    expect(body.items[0].rating).toBe(2);
    const draft = await runRoute<Response>(
      handle.db,
      new Request(`http://test/api/courses/${draftId}/reviews`),
      reviewList as never,
      { id: String(draftId) },
    );
    expect(draft.status).toBe(404);
  });
});

describe("trainer reply and admin hide", () => {
  it("lets only the course's trainer reply, once", async () => {
    const learner = await enrolledLearner();
    const saved = await saveReview(handle.db, learner, courseId, { rating: 4, comment: "Nice" });
    if (!saved.ok) throw new Error(saved.reason);
    const otherTrainer = await createUser(handle.db, "trainer");
    expect(await replyToReview(handle.db, otherTrainer, courseId, saved.review.id, { reply: "x" })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await replyToReview(handle.db, trainer, courseId, saved.review.id, { reply: "Thanks" })).toEqual({
      ok: true,
    });
    expect(await replyToReview(handle.db, trainer, courseId, saved.review.id, { reply: "Again" })).toEqual({
      ok: false,
      reason: "already_replied",
    });
    const [row] = await handle.db.select().from(courseReviews).where(eq(courseReviews.id, saved.review.id));
    expect(row?.reply).toBe("Thanks");
  });

  it("hides a review with a reason: out of the totals and the public list, still listed for admins", async () => {
    const learner = await enrolledLearner();
    const saved = await saveReview(handle.db, learner, courseId, { rating: 1, comment: "spam link" });
    if (!saved.ok) throw new Error(saved.reason);
    const before = await totals();
    // The domain function itself refuses anyone but an admin, whoever calls it.
    for (const notAdmin of [learner, trainer])
      expect(await hideReview(handle.db, notAdmin, courseId, saved.review.id, { reason: "Spam" })).toEqual({
        ok: false,
        reason: "adminOnly",
      });
    expect(await totals()).toEqual(before);
    expect(await hideReview(handle.db, admin, courseId, saved.review.id, { reason: "Spam" })).toEqual({
      ok: true,
    });
    expect(await hideReview(handle.db, admin, courseId, saved.review.id, { reason: "Spam" })).toEqual({
      ok: false,
      reason: "already_hidden",
    });
    expect(await totals()).toEqual({ sum: (before?.sum ?? 0) - 1, count: (before?.count ?? 0) - 1 });
    const open = await listReviews(handle.db, "en", courseId, { limit: 50, offset: 0 });
    expect(open.items.some((item) => item.id === saved.review.id)).toBe(false);
    const staff = await listReviews(handle.db, "en", courseId, { limit: 50, offset: 0, includeHidden: true });
    expect(staff.items.find((item) => item.id === saved.review.id)?.hidden?.reason).toBe("Spam");
    // Editing a hidden review keeps it out of the totals.
    await saveReview(handle.db, learner, courseId, { rating: 5, comment: "edited" });
    expect(await totals()).toEqual({ sum: (before?.sum ?? 0) - 1, count: (before?.count ?? 0) - 1 });
  });
});

describe("the course page's plain forms", () => {
  async function post(user: User, fields: Record<string, string>) {
    const request = formRequest(`http://test/courses/${courseId}`, fields);
    request.headers.set("Cookie", await cookieFor(handle.db, user.id));
    return (await settle(
      runRoute(handle.db, request, coursePageAction as never, { id: String(courseId) }),
    )) as Response;
  }

  it("publishes a review and redirects back (Post/Redirect/Get); a non-admin's hide changes nothing", async () => {
    const learner = await enrolledLearner();
    const response = await post(learner, { intent: "review", rating: "4", comment: "From the page" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/courses/${courseId}#reviews`);
    const [row] = await handle.db.select().from(courseReviews).where(eq(courseReviews.userId, learner.id));
    expect(row).toMatchObject({ rating: 4, comment: "From the page" });
    const refused = await post(learner, { intent: "hide", reviewId: String(row?.id), reason: "mine" });
    expect(refused.status).toBe(302);
    const [after] = await handle.db
      .select()
      .from(courseReviews)
      .where(eq(courseReviews.id, row?.id ?? 0));
    expect(after?.hiddenAt).toBeNull();
    const bad = await post(learner, { intent: "review", rating: "9" });
    expect(bad.status).toBe(302);
    const [unchanged] = await handle.db
      .select()
      .from(courseReviews)
      .where(eq(courseReviews.id, row?.id ?? 0));
    expect(unchanged?.rating).toBe(4);
  });

  it("the page shows the summary, the distribution and the form to enrolled learners only", async () => {
    const learner = await enrolledLearner();
    const request = new Request(`http://test/courses/${courseId}`);
    request.headers.set("Cookie", await cookieFor(handle.db, learner.id));
    const data = (await runRoute(handle.db, request, coursePage as never, { id: String(courseId) })) as {
      reviews: { canReview: boolean; count: number; canHide: boolean; items: unknown[] };
    };
    expect(data.reviews.canReview).toBe(true);
    expect(data.reviews.canHide).toBe(false);
    expect(data.reviews.count).toBe((await totals())?.count);
    const guest = (await runRoute(
      handle.db,
      new Request(`http://test/courses/${courseId}`),
      coursePage as never,
      {
        id: String(courseId),
      },
    )) as { reviews: { canReview: boolean } };
    expect(guest.reviews.canReview).toBe(false);
  });
});

// The course and its public reviews are kept in memory for signed-in page views (app/lib/public-reads.server.ts),
// so what each viewer may see, and every change, must still show on the next view.
describe("the course page kept in memory", () => {
  type PageData = {
    course: { id: number; title: string };
    reviews: { count: number; items: { id: number; hidden?: { reason: string } }[] };
  };
  async function view(user: User | null, id = courseId): Promise<PageData | Response> {
    const request = new Request(`http://test/courses/${id}`);
    if (user) request.headers.set("Cookie", await cookieFor(handle.db, user.id));
    return (await settle(runRoute(handle.db, request, coursePage as never, { id: String(id) }))) as
      | PageData
      | Response;
  }
  const data = (answer: PageData | Response): PageData => {
    if (answer instanceof Response) throw new Error(`status ${answer.status}`);
    return answer;
  };

  it("shows each viewer what they may see, and a change at once", async () => {
    const learner = await enrolledLearner();
    const reviewer = await enrolledLearner();
    const saved = await saveReview(handle.db, reviewer, courseId, { rating: 2, comment: "kept?" });
    if (!saved.ok) throw new Error(saved.reason);
    // Read twice, so the second view comes from memory.
    await view(learner);
    expect(data(await view(learner)).reviews.items.some((item) => item.id === saved.review.id)).toBe(true);

    // An admin's list carries hidden reviews with their reason; the learner's, kept, does not.
    expect(await hideReview(handle.db, admin, courseId, saved.review.id, { reason: "Off topic" })).toEqual({
      ok: true,
    });
    const forLearner = data(await view(learner));
    expect(forLearner.reviews.items.some((item) => item.id === saved.review.id)).toBe(false);
    expect(forLearner.reviews.count).toBe((await totals())?.count);
    const forAdmin = data(await view(admin));
    expect(forAdmin.reviews.items.find((item) => item.id === saved.review.id)?.hidden?.reason).toBe(
      "Off topic",
    );
    expect(data(await view(learner)).reviews.items.some((item) => item.id === saved.review.id)).toBe(false);

    // A renamed course shows renamed; an unpublished one is gone for learners and guests, not for its trainer.
    const store = sharedTestMediaStore();
    // A published course keeps what publishing needs: at least one lesson.
    expect(
      await addLesson(handle.db, trainer, courseId, { title: "One", titleAr: null, durationMinutes: 5 }),
    ).toMatchObject({ ok: true });
    expect(
      await updateCourse(handle.db, store, trainer, courseId, { title: "Rated, renamed" }),
    ).toMatchObject({
      ok: true,
    });
    expect(data(await view(learner)).course.title).toBe("Rated, renamed");
    expect(await setPublished(handle.db, trainer, courseId, false)).toEqual({ ok: true });
    expect(((await view(learner)) as Response).status).toBe(404);
    expect(((await view(null)) as Response).status).toBe(404);
    expect(data(await view(trainer)).course.title).toBe("Rated, renamed");
    expect(data(await view(admin)).course.id).toBe(courseId);
    expect(
      (await updateCourse(handle.db, store, trainer, courseId, { title: "Rated", isPublished: true })).ok,
    ).toBe(true);
    expect(data(await view(learner)).course.title).toBe("Rated");
  });

  it("never shows a draft to a guest or a learner, even after its trainer viewed it", async () => {
    const learner = await enrolledLearner();
    expect(data(await view(trainer, draftId)).course.id).toBe(draftId);
    expect(((await view(learner, draftId)) as Response).status).toBe(404);
    expect(((await view(null, draftId)) as Response).status).toBe(404);
  });
});

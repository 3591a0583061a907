// A course the viewer may not see (a draft of someone else's) answers exactly like a course id that does not
// exist (issue 31: a review sent for a draft answered 403 where an unknown id answered 404). Every surface
// that names a course by id — reviews, replies, favourites, the cart, purchases, progress — is asked the
// same thing twice, once with the draft's id and once with an unknown one, and must say the same (status,
// Location, toast or JSON body, with the id itself blanked), and change nothing.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  cartItems,
  courseReviews,
  courses,
  enrollments,
  favorites,
  lessons,
  type User,
} from "../../app/db/schema";
import { toasts } from "../../app/lib/toast.server";
import { action as courseFavoriteApi } from "../../app/routes/api/course-favorite";
import { loader as courseProgressApi } from "../../app/routes/api/course-progress";
import { action as reviewApi } from "../../app/routes/api/course-reviews";
import { action as enrollOneApi } from "../../app/routes/api/enroll-one";
import { action as lessonProgressApi } from "../../app/routes/api/lesson-progress";
import { action as coursePageAction } from "../../app/routes/course";
import { action as learnProgress } from "../../app/routes/learn-progress";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let stranger: User;
/** Bought the course while it was published; it has since been unpublished. */
let formerLearner: User;
let draftId = 0;
let lessonId = 0;
const UNKNOWN_ID = 2_000_000_000;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  stranger = await createUser(handle.db, "user");
  formerLearner = await createUser(handle.db, "user");
  const [draft] = await handle.db
    .insert(courses)
    .values({
      slug: "hidden-draft",
      title: "Hidden draft",
      description: "d",
      category: "web-development",
      price: 1500,
      isPublished: false,
      trainerId: trainer.id,
    })
    .returning({ id: courses.id });
  draftId = draft?.id ?? 0;
  const [lesson] = await handle.db
    .insert(lessons)
    .values(
      await withSection(handle.db, { courseId: draftId, position: 1, title: "One", durationMinutes: 5 }),
    )
    .returning({ id: lessons.id });
  lessonId = lesson?.id ?? 0;
  await handle.db.insert(enrollments).values({ userId: formerLearner.id, courseId: draftId, pricePaid: 0 });
  await handle.db.insert(courseReviews).values({ courseId: draftId, userId: formerLearner.id, rating: 5 });
});
afterAll(() => handle?.close());

type Answer = { status: number; location: string | null; body: string; toast: string | null };

async function answer(result: unknown, id: number): Promise<Answer> {
  const blank = (text: string | null) => text?.replaceAll(String(id), "<id>") ?? null;
  if (!(result instanceof Response)) {
    // React Router's data(): a fetcher's answer.
    const value = result as { init?: { status?: number }; data?: unknown };
    return {
      status: value.init?.status ?? 200,
      location: null,
      body: blank(JSON.stringify(value.data)) ?? "",
      toast: null,
    };
  }
  const cookie = result.headers.getSetCookie().find((line) => line.startsWith("manara_toast="));
  const toast = cookie
    ? (
        await toasts().getToast(
          new Request("http://test/", { headers: { Cookie: cookie.split(";")[0] ?? "" } }),
        )
      ).toast
    : null;
  return {
    status: result.status,
    location: blank(result.headers.get("Location")),
    body: blank(await result.text()) ?? "",
    toast: toast ? `${toast.type}: ${blank(toast.message)}` : null,
  };
}

async function api(
  handler: unknown,
  method: string,
  path: (id: number) => string,
  params: (id: number) => Record<string, string>,
  user: User,
  id: number,
  body?: unknown,
) {
  const request = new Request(`http://test${path(id)}`, {
    method,
    headers: {
      Authorization: await bearerFor(handle.db, user.id),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answer(await settle(runRoute(handle.db, request, handler as never, params(id))), id);
}

async function page(
  handler: unknown,
  path: (id: number) => string,
  params: (id: number) => Record<string, string>,
  user: User,
  id: number,
  fields: Record<string, string>,
) {
  const request = formRequest(`http://test${path(id)}`, fields);
  request.headers.set("Cookie", await cookieFor(handle.db, user.id));
  return answer(await settle(runRoute(handle.db, request, handler as never, params(id))), id);
}

async function tallies() {
  const tally = async (
    table: typeof cartItems | typeof favorites | typeof courseReviews | typeof enrollments,
  ) => Number((await handle.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  const [review] = await handle.db.select().from(courseReviews).where(eq(courseReviews.courseId, draftId));
  return {
    carts: await tally(cartItems),
    favorites: await tally(favorites),
    reviews: await tally(courseReviews),
    enrollments: await tally(enrollments),
    review: review ? { rating: review.rating, reply: review.reply } : null,
  };
}

describe("a draft the viewer may not see is an unknown course", () => {
  const coursePath = (id: number) => `/courses/${id}`;
  const courseParams = (id: number) => ({ id: String(id) });

  const cases: { name: string; who: () => User; ask: (id: number) => Promise<Answer> }[] = [
    {
      name: "API: POST a review (not enrolled)",
      who: () => stranger,
      ask: (id) =>
        api(reviewApi, "POST", (i) => `/api/courses/${i}/reviews`, courseParams, stranger, id, { rating: 4 }),
    },
    {
      name: "API: POST a review (enrolled before it was unpublished)",
      who: () => formerLearner,
      ask: (id) =>
        api(reviewApi, "POST", (i) => `/api/courses/${i}/reviews`, courseParams, formerLearner, id, {
          rating: 1,
        }),
    },
    {
      name: "API: DELETE my review",
      who: () => formerLearner,
      ask: (id) =>
        api(reviewApi, "DELETE", (i) => `/api/courses/${i}/reviews`, courseParams, formerLearner, id),
    },
    {
      name: "API: favourite",
      who: () => stranger,
      ask: (id) =>
        api(courseFavoriteApi, "POST", (i) => `/api/courses/${i}/favorite`, courseParams, stranger, id),
    },
    {
      name: "API: buy",
      who: () => stranger,
      ask: (id) =>
        api(
          enrollOneApi,
          "POST",
          (i) => `/api/course/enrollment/${i}`,
          (i) => ({ courseId: String(i) }),
          stranger,
          id,
        ),
    },
    {
      name: "API: course progress",
      who: () => stranger,
      ask: (id) =>
        api(
          courseProgressApi,
          "GET",
          (i) => `/api/courses/${i}/progress`,
          (i) => ({ courseId: String(i) }),
          stranger,
          id,
        ),
    },
    {
      name: "API: lesson progress",
      who: () => stranger,
      ask: (id) =>
        api(
          lessonProgressApi,
          "POST",
          (i) => `/api/courses/${i}/lessons/${lessonId}/progress`,
          (i) => ({ courseId: String(i), lessonId: String(lessonId) }),
          stranger,
          id,
          { positionSeconds: 5 },
        ),
    },
    ...(
      [
        ["review (not enrolled)", () => stranger, { intent: "review", rating: "4" }],
        [
          "review (enrolled before it was unpublished)",
          () => formerLearner,
          { intent: "review", rating: "1" },
        ],
        ["delete my review", () => formerLearner, { intent: "deleteReview" }],
        ["reply (another trainer)", () => otherTrainer, { intent: "reply", reviewId: "1", reply: "Hi" }],
        ["favourite", () => stranger, { intent: "favorite", want: "true" }],
        ["favourite with JavaScript", () => stranger, { intent: "favorite", want: "true", js: "1" }],
        ["add to cart", () => stranger, { intent: "addToCart" }],
        ["enroll", () => stranger, { intent: "enroll" }],
      ] as const
    ).map(([name, who, fields]) => ({
      name: `page: ${name}`,
      who,
      ask: (id: number) => page(coursePageAction, coursePath, courseParams, who(), id, { ...fields }),
    })),
    {
      name: "page: save a position from the player",
      who: () => stranger,
      ask: (id) =>
        page(
          learnProgress,
          (i) => `/courses/${i}/learn/${lessonId}/progress`,
          (i) => ({ id: String(i), lessonId: String(lessonId) }),
          stranger,
          id,
          { positionSeconds: "5" },
        ),
    },
  ];

  it.each(cases.map((testCase) => [testCase.name, testCase] as const))("%s", async (_, testCase) => {
    const before = await tallies();
    const draft = await testCase.ask(draftId);
    const unknown = await testCase.ask(UNKNOWN_ID);
    expect(draft).toEqual(unknown);
    // And it is a refusal: a 404, or a redirect back with an error.
    expect(draft.status === 404 || (draft.status === 302 && draft.toast?.startsWith("error"))).toBe(true);
    expect(await tallies()).toEqual(before);
  });
});

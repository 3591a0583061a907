// Learning progress (issue 9): the domain rules on a real database, the progress and play API through real
// Bearer sessions, the learn page's action and its beacon route through real session cookies.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, enrollments, lessonProgress, lessons, type User, videos } from "../../app/db/schema";
import { courseCompletion } from "../../app/learning/completion.server";
import { courseProgress, progressByCourse, recordProgress } from "../../app/learning/progress.server";
import { loader as progressApi } from "../../app/routes/api/course-progress";
import { loader as playApi } from "../../app/routes/api/lecture-play";
import { action as lessonProgressApi } from "../../app/routes/api/lesson-progress";
import { action as learnAction, loader as learnLoader } from "../../app/routes/course-learn";
import { action as beaconAction } from "../../app/routes/learn-progress";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let admin: User;
let stranger: User;
let learner: User;
let courseId = 0;
let otherCourseId = 0;
let draftId = 0;
/** Lesson 1 has a ready local video of 100 s; lesson 2 only a typed duration of 5 min; lesson 3 nothing. */
const lessonIds: number[] = [];
let otherLessonId = 0;
let videoId = "";

beforeAll(async () => {
  process.env.DATA_DIR ??= "./data";
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  stranger = await createUser(handle.db, "user");
  learner = await createUser(handle.db, "user");
  const base = { description: "d", category: "data-science" as const, price: 0, trainerId: trainer.id };
  const rows = await handle.db
    .insert(courses)
    .values([
      { ...base, slug: "learn-a", title: "Course A", titleAr: "الدورة أ", isPublished: true },
      { ...base, slug: "learn-b", title: "Course B", isPublished: true },
      { ...base, slug: "learn-draft", title: "Draft" },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  courseId = rows.find((row) => row.slug === "learn-a")?.id ?? 0;
  otherCourseId = rows.find((row) => row.slug === "learn-b")?.id ?? 0;
  draftId = rows.find((row) => row.slug === "learn-draft")?.id ?? 0;
  const [video] = await handle.db
    .insert(videos)
    .values({
      provider: "local",
      fileName: "a.mp4",
      size: 1000,
      bytesReceived: 1000,
      status: "ready",
      durationSeconds: 100,
    })
    .returning({ id: videos.id });
  videoId = video?.id ?? "";
  const inserted = await handle.db
    .insert(lessons)
    .values(
      await withSection(handle.db, [
        { courseId, position: 1, title: "Intro", videoId },
        { courseId, position: 2, title: "Typed", durationMinutes: 5, pdfUrl: "/media/raw/manara_x" },
        { courseId, position: 3, title: "Bare" },
        { courseId: otherCourseId, position: 1, title: "Elsewhere" },
      ]),
    )
    .returning({ id: lessons.id, courseId: lessons.courseId, position: lessons.position });
  for (const row of inserted
    .filter((row) => row.courseId === courseId)
    .sort((a, b) => a.position - b.position)) {
    lessonIds.push(row.id);
  }
  otherLessonId = inserted.find((row) => row.courseId === otherCourseId)?.id ?? 0;
  await handle.db.insert(enrollments).values({ userId: learner.id, courseId, pricePaid: 0 });
});
afterAll(() => handle?.close());

async function reset(user: User) {
  await handle.db.delete(lessonProgress).where(eq(lessonProgress.userId, user.id));
}

describe("recordProgress and courseProgress", () => {
  it("saves positions in whole seconds and refuses negative ones and ones beyond the lesson", async () => {
    await reset(learner);
    const [intro, typed, bare] = lessonIds as [number, number, number];
    const saved = await recordProgress(handle.db, learner, courseId, intro, { positionSeconds: 42.7 });
    expect(saved).toMatchObject({ ok: true, progress: { positionSeconds: 42, completed: false } });
    expect(await recordProgress(handle.db, learner, courseId, intro, { positionSeconds: -1 })).toMatchObject({
      ok: false,
      reason: "invalid_position",
    });
    expect(await recordProgress(handle.db, learner, courseId, intro, { positionSeconds: 101 })).toMatchObject(
      {
        ok: false,
        reason: "invalid_position",
        check: { max: 100 },
      },
    );
    // Without a measured video, the trainer's typed duration bounds it; without either, a day does.
    expect(await recordProgress(handle.db, learner, courseId, typed, { positionSeconds: 301 })).toMatchObject(
      {
        ok: false,
        check: { max: 300 },
      },
    );
    expect((await recordProgress(handle.db, learner, courseId, bare, { positionSeconds: 5000 })).ok).toBe(
      true,
    );
    // Refusals changed nothing.
    const progress = await courseProgress(handle.db, learner.id, courseId);
    expect(progress.lessons.find((lesson) => lesson.id === intro)?.positionSeconds).toBe(42);
  });

  it("completes a lesson at 90 % watched, keeps it completed, and only an explicit unmark clears it", async () => {
    await reset(learner);
    const intro = lessonIds[0] ?? 0;
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const save = (change: Parameters<typeof recordProgress>[4], seconds: number) =>
      recordProgress(handle.db, learner, courseId, intro, change, at(seconds));
    expect(await save({ positionSeconds: 0 }, 0)).toMatchObject({ progress: { completed: false } });
    expect(await save({ positionSeconds: 89 }, 89)).toMatchObject({ progress: { completed: false } });
    const done = await save({ positionSeconds: 90 }, 90);
    expect(done).toMatchObject({ ok: true, progress: { completed: true } });
    const completedAt = done.ok ? done.progress.completedAt : null;
    // Rewinding does not un-complete it, and completing again keeps the first completion time.
    expect(await save({ positionSeconds: 3 }, 95)).toMatchObject({
      progress: { completed: true, completedAt, positionSeconds: 3 },
    });
    expect(await save({ completed: true }, 96)).toMatchObject({
      progress: { completed: true, completedAt, positionSeconds: 3 },
    });
    expect(await save({ completed: false }, 97)).toMatchObject({
      progress: { completed: false, completedAt: null, positionSeconds: 3 },
    });
    // Watched once, it may be marked complete again.
    expect(await save({ completed: true }, 98)).toMatchObject({ progress: { completed: true } });
    // A typed duration completes nothing by itself.
    const typed = lessonIds[1] ?? 0;
    expect(await recordProgress(handle.db, learner, courseId, typed, { positionSeconds: 299 })).toMatchObject(
      {
        progress: { completed: false },
      },
    );
  });

  it("takes no completion on the client's word: a video completes only as fast as the wall clock allows", async () => {
    await reset(learner);
    const intro = lessonIds[0] ?? 0;
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    // "completed: true" a second after buying, and a jump to the end a second after starting: neither counts.
    expect(await recordProgress(handle.db, learner, courseId, intro, { completed: true }, at(1))).toEqual({
      ok: false,
      reason: "not_watched",
    });
    expect(
      await recordProgress(handle.db, learner, courseId, intro, { positionSeconds: 0 }, at(0)),
    ).toMatchObject({
      ok: true,
    });
    expect(
      await recordProgress(handle.db, learner, courseId, intro, { positionSeconds: 99 }, at(1)),
    ).toMatchObject({ ok: true, progress: { completed: false, positionSeconds: 99 } });
    expect(await recordProgress(handle.db, learner, courseId, intro, { completed: true }, at(2))).toEqual({
      ok: false,
      reason: "not_watched",
    });
    // Once the time it takes to watch 90 % has passed, it may be marked complete (watching without JavaScript
    // reports no positions), and the next report completes it by itself.
    expect(
      await recordProgress(handle.db, learner, courseId, intro, { completed: true }, at(90)),
    ).toMatchObject({ ok: true, progress: { completed: true } });
    // A lesson page opened long enough ago counts as the start, when it is signed (opened-token.server.ts).
    await reset(learner);
    expect(
      await recordProgress(handle.db, learner, courseId, intro, { completed: true, openedAt: at(0) }, at(95)),
    ).toMatchObject({ ok: true, progress: { completed: true } });
    // A lesson without a measured video has nothing to watch: it may be marked complete at once.
    const typed = lessonIds[1] ?? 0;
    expect(await recordProgress(handle.db, learner, courseId, typed, { completed: true })).toMatchObject({
      ok: true,
      progress: { completed: true },
    });
  });

  it("refuses strangers and lessons of another course; records the trainer's and an admin's progress", async () => {
    const intro = lessonIds[0] ?? 0;
    expect(await recordProgress(handle.db, stranger, courseId, intro, { completed: true })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await recordProgress(handle.db, learner, courseId, otherLessonId, { completed: true })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await recordProgress(handle.db, stranger, draftId, intro, { completed: true })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect((await recordProgress(handle.db, trainer, courseId, intro, { positionSeconds: 5 })).ok).toBe(true);
    expect((await recordProgress(handle.db, admin, courseId, intro, { positionSeconds: 5 })).ok).toBe(true);
    const rows = await handle.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.lessonId, intro), eq(lessonProgress.userId, stranger.id)));
    expect(rows).toEqual([]);
  });

  it("sums a course in one query: counts, percent rounded down, the lesson touched last", async () => {
    await reset(learner);
    const [intro, typed, bare] = lessonIds as [number, number, number];
    expect(await courseProgress(handle.db, learner.id, courseId)).toEqual({
      completedLessons: 0,
      totalLessons: 3,
      percent: 0,
      lastLessonId: null,
      lessons: [
        { id: intro, completed: false, positionSeconds: 0 },
        { id: typed, completed: false, positionSeconds: 0 },
        { id: bare, completed: false, positionSeconds: 0 },
      ],
    });
    await recordProgress(handle.db, learner, courseId, bare, { completed: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordProgress(handle.db, learner, courseId, typed, { positionSeconds: 30 });
    const progress = await courseProgress(handle.db, learner.id, courseId);
    expect(progress).toMatchObject({
      completedLessons: 1,
      totalLessons: 3,
      percent: 33,
      lastLessonId: typed,
    });
    expect(progress.lessons[1]).toEqual({ id: typed, completed: false, positionSeconds: 30 });
    expect(await courseCompletion(handle.db, learner.id, courseId)).toEqual({
      completedLessons: 1,
      totalLessons: 3,
    });
    const summaries = await progressByCourse(handle.db, learner.id, [courseId, otherCourseId]);
    expect(summaries.get(courseId)).toEqual({
      completedLessons: 1,
      totalLessons: 3,
      percent: 33,
      lastLessonId: typed,
    });
    expect(summaries.get(otherCourseId)).toEqual({
      completedLessons: 0,
      totalLessons: 1,
      percent: 0,
      lastLessonId: null,
    });
    // The video lesson, watched through (its page open for its length); the others have nothing to watch.
    const opened = { completed: true, openedAt: new Date(Date.now() - 100_000) };
    for (const id of lessonIds) await recordProgress(handle.db, learner, courseId, id, opened);
    expect(await courseCompletion(handle.db, learner.id, courseId)).toEqual({
      completedLessons: 3,
      totalLessons: 3,
    });
    expect((await courseProgress(handle.db, learner.id, courseId)).percent).toBe(100);
  });
});

async function api(
  handler: unknown,
  path: string,
  viewer: User | null,
  params: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
) {
  const headers = new Headers();
  if (viewer) headers.set("Authorization", await bearerFor(handle.db, viewer.id));
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://test${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await settle(runRoute(handle.db, request, handler as never, params))) as Response;
}

describe("the progress and play API", () => {
  const postProgress = (viewer: User | null, course: number, lesson: number, body: unknown) =>
    api(
      lessonProgressApi,
      `/api/courses/${course}/lessons/${lesson}/progress`,
      viewer,
      { courseId: String(course), lessonId: String(lesson) },
      { method: "POST", body },
    );

  it("POST …/progress: 401 guest, 403 stranger, 404 another course's lesson, 200 enrolled", async () => {
    await reset(learner);
    const intro = lessonIds[0] ?? 0;
    expect((await postProgress(null, courseId, intro, { positionSeconds: 5 })).status).toBe(401);
    const forbidden = await postProgress(stranger, courseId, intro, { positionSeconds: 5 });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await postProgress(learner, courseId, otherLessonId, { positionSeconds: 5 })).status).toBe(404);
    expect((await postProgress(learner, courseId, 2_147_483_648, { positionSeconds: 5 })).status).toBe(404);
    const ok = await postProgress(learner, courseId, intro, { positionSeconds: 12.5 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      progress: { lessonId: intro, positionSeconds: 12, completed: false },
    });
  });

  it("POST …/progress refuses bad bodies with 422 and changes nothing", async () => {
    const intro = lessonIds[0] ?? 0;
    for (const body of [
      {},
      { positionSeconds: -3 },
      { positionSeconds: 1000 },
      { positionSeconds: "5" },
      { completed: "yes" },
      [1],
      { positionSeconds: 5, extra: 1 },
    ]) {
      const response = await postProgress(learner, courseId, intro, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toMatchObject({ error: { code: "validation_failed" } });
    }
    expect((await courseProgress(handle.db, learner.id, courseId)).lessons[0]?.positionSeconds).toBe(12);
    // The video has not been watched: "completed" is refused with its own code, and nothing changes.
    const early = await postProgress(learner, courseId, intro, { completed: true });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { code: "not_watched" } });
    // A lesson with nothing to watch completes at once.
    const bare = lessonIds[2] ?? 0;
    const completed = await postProgress(learner, courseId, bare, { completed: true });
    expect(await completed.json()).toMatchObject({ progress: { completed: true, positionSeconds: 0 } });
  });

  it("GET …/progress answers the course's progress to those who may open it", async () => {
    const get = (viewer: User | null, course: number) =>
      api(progressApi, `/api/courses/${course}/progress`, viewer, { courseId: String(course) });
    expect((await get(null, courseId)).status).toBe(401);
    expect((await get(stranger, courseId)).status).toBe(403);
    expect((await get(stranger, draftId)).status).toBe(404);
    expect((await get(learner, 999_999)).status).toBe(404);
    const response = await get(learner, courseId);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      completedLessons: 1,
      totalLessons: 3,
      percent: 33,
      lastLessonId: lessonIds[2],
    });
    expect(body.lessons).toHaveLength(3);
    expect((await get(trainer, courseId)).status).toBe(200);
    expect((await get(admin, draftId)).status).toBe(200);
  });

  it("GET …/lecture/:lectureId/play describes the lesson, its video and the caller's place in it", async () => {
    const play = (viewer: User | null, course: number, lesson: number) =>
      api(playApi, `/api/courses/${course}/lecture/${lesson}/play`, viewer, {
        courseId: String(course),
        lectureId: String(lesson),
      });
    const [intro, typed] = lessonIds as [number, number];
    expect((await play(null, courseId, intro)).status).toBe(401);
    expect((await play(stranger, courseId, intro)).status).toBe(403);
    expect((await play(learner, courseId, otherLessonId)).status).toBe(404);
    const response = await play(learner, courseId, intro);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      lesson: { id: intro, title: "Intro", position: 1, kind: "video" },
      preview: false,
      video: { provider: "local", status: "ready", src: `/media/videos/${videoId}`, durationSeconds: 100 },
      progress: { positionSeconds: 12, completed: false },
      // No caption file uploaded for this lesson (issue 36): an empty list, not a missing field.
      captions: [],
      // The original, and its light renditions before the job made them (decision 058).
      renditions: [
        { quality: "high", src: `/media/videos/${videoId}`, status: "ready" },
        { quality: "low", src: `/media/videos/${videoId}/low`, status: "pending" },
        { quality: "audio", src: `/media/videos/${videoId}/audio`, status: "pending" },
      ],
    });
    const noVideo = await (await play(learner, courseId, typed)).json();
    expect(noVideo).toMatchObject({ video: null, pdfUrl: "/media/raw/manara_x", renditions: [] });
    expect((await play(trainer, courseId, intro)).status).toBe(200);
    expect((await play(admin, courseId, intro)).status).toBe(200);
  });
});

describe("the learn page's action and beacon route", () => {
  const beacon = async (
    viewer: User | null,
    lesson: number,
    fields: Record<string, string>,
    course = courseId,
  ) => {
    const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
    if (viewer) headers.set("Cookie", await cookieFor(handle.db, viewer.id));
    const request = new Request(`http://test/courses/${course}/learn/${lesson}/progress`, {
      method: "POST",
      headers,
      body: new URLSearchParams(fields),
    });
    return (await settle(
      runRoute(handle.db, request, beaconAction as never, { id: String(course), lessonId: String(lesson) }),
    )) as Response;
  };

  it("the beacon saves a position with the session cookie and refuses what it must", async () => {
    await reset(learner);
    const intro = lessonIds[0] ?? 0;
    expect((await beacon(learner, intro, { positionSeconds: "33.25" })).status).toBe(204);
    expect((await courseProgress(handle.db, learner.id, courseId)).lessons[0]?.positionSeconds).toBe(33);
    expect((await beacon(null, intro, { positionSeconds: "1" })).status).toBe(401);
    expect((await beacon(stranger, intro, { positionSeconds: "1" })).status).toBe(403);
    expect((await beacon(learner, otherLessonId, { positionSeconds: "1" })).status).toBe(404);
    expect((await beacon(learner, intro, { positionSeconds: "101" })).status).toBe(422);
    expect((await beacon(learner, intro, { positionSeconds: "-1" })).status).toBe(422);
    expect((await beacon(learner, intro, {})).status).toBe(422);
    expect((await courseProgress(handle.db, learner.id, courseId)).lessons[0]?.positionSeconds).toBe(33);
  });

  it("mark as complete and as not complete, as a plain form (redirect back) and from a fetcher (data)", async () => {
    await reset(learner);
    const typed = lessonIds[1] ?? 0;
    const post = async (viewer: User | null, fields: Record<string, string>, prefix = "") => {
      const headers = new Headers();
      if (viewer) headers.set("Cookie", await cookieFor(handle.db, viewer.id));
      const request = new Request(`http://test${prefix}/courses/${courseId}/learn/${typed}`, {
        method: "POST",
        headers,
        body: new URLSearchParams(fields),
      });
      return settle(
        runRoute(handle.db, request, learnAction as never, { id: String(courseId), lessonId: String(typed) }),
      );
    };
    const plain = (await post(learner, { intent: "complete" }, "/ar")) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(`/ar/courses/${courseId}/learn/${typed}`);
    expect((await courseProgress(handle.db, learner.id, courseId)).lessons[1]?.completed).toBe(true);
    const enhanced = (await post(learner, { intent: "incomplete", js: "1" })) as { data: unknown };
    expect(enhanced.data).toMatchObject({ ok: true, completed: false });
    expect((await courseProgress(handle.db, learner.id, courseId)).lessons[1]?.completed).toBe(false);
    const refused = (await post(stranger, { intent: "complete", js: "1" })) as { init: ResponseInit | null };
    expect(refused.init?.status).toBe(403);
    const guest = (await post(null, { intent: "complete" })) as Response;
    expect(guest.headers.get("Location")).toMatch(/^\/auth\/login\?redirectTo=/);
    const bogus = (await post(learner, { intent: "bogus", js: "1" })) as { init: ResponseInit | null };
    expect(bogus.init?.status).toBe(400);
  });

  it("the learn page resumes the lesson touched last and shows ticks; another course's lesson is 404", async () => {
    await reset(learner);
    const [intro, typed] = lessonIds as [number, number];
    await recordProgress(handle.db, learner, courseId, intro, { positionSeconds: 40 });
    const page = async (path: string, params: Record<string, string>) => {
      const headers = new Headers({ Cookie: await cookieFor(handle.db, learner.id) });
      return settle(
        runRoute(handle.db, new Request(`http://test${path}`, { headers }), learnLoader as never, params),
      );
    };
    const redirect = (await page(`/courses/${courseId}/learn`, { id: String(courseId) })) as Response;
    expect(redirect.headers.get("Location")).toBe(`/courses/${courseId}/learn/${intro}`);
    type Data = Awaited<ReturnType<typeof learnLoader>>;
    const data = (await page(`/courses/${courseId}/learn/${intro}`, {
      id: String(courseId),
      lessonId: String(intro),
    })) as Data;
    expect(data.opened?.lessonProgress).toEqual({ positionSeconds: 40, completed: false, resumeAt: 40 });
    expect(data.opened?.video).toMatchObject({ provider: "local", src: `/media/videos/${videoId}` });
    expect(data.opened?.previousLessonId).toBeNull();
    expect(data.opened?.nextLessonId).toBe(typed);
    const missing = (await page(`/courses/${courseId}/learn/${otherLessonId}`, {
      id: String(courseId),
      lessonId: String(otherLessonId),
    })) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("a free preview", () => {
  // Course A's "Intro" (with its local video) becomes a free preview for these tests, then goes back.
  const setPreview = (isFreePreview: boolean) =>
    handle.db
      .update(lessons)
      .set({ isFreePreview })
      .where(eq(lessons.id, lessonIds[0] ?? 0));

  it("opens for a guest and for a learner who has not bought the course, everywhere, and records nothing", async () => {
    const [intro, typed] = lessonIds as [number, number];
    await setPreview(true);
    try {
      const play = (viewer: User | null, lesson: number) =>
        api(playApi, `/api/courses/${courseId}/lecture/${lesson}/play`, viewer, {
          courseId: String(courseId),
          lectureId: String(lesson),
        });
      for (const viewer of [null, stranger]) {
        const response = await play(viewer, intro);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({
          preview: true,
          progress: null,
          video: { provider: "local", src: `/media/videos/${videoId}` },
        });
        // The rest of the course stays closed.
        expect((await play(viewer, typed)).status).toBe(viewer ? 403 : 401);
      }
      // Whoever holds the course opens it as usual.
      expect(await (await play(learner, intro)).json()).toMatchObject({ preview: false });

      // The learn page, for a guest and for the stranger: the previews only, nothing recorded.
      type Data = Awaited<ReturnType<typeof learnLoader>>;
      for (const viewer of [null, stranger]) {
        const headers = new Headers(viewer ? { Cookie: await cookieFor(handle.db, viewer.id) } : {});
        const request = new Request(`http://test/courses/${courseId}/learn/${intro}`, { headers });
        const data = (await runRoute(handle.db, request, learnLoader as never, {
          id: String(courseId),
          lessonId: String(intro),
        })) as Data;
        expect(data.opened?.preview).toBe(true);
        expect(data.opened?.progress.totalLessons).toBe(0);
        // No other preview: the pager has nowhere to go.
        expect(data.opened?.nextLessonId).toBeNull();
        expect(data.opened?.course.lessons.map((lesson) => lesson.isFreePreview)).toEqual([
          true,
          false,
          false,
        ]);
        expect(data.certificate).toBeNull();
      }

      // Nothing a preview viewer sends is recorded.
      const before = await handle.db
        .select()
        .from(lessonProgress)
        .where(eq(lessonProgress.userId, stranger.id));
      const refused = await api(
        lessonProgressApi,
        `/api/courses/${courseId}/lessons/${intro}/progress`,
        stranger,
        { courseId: String(courseId), lessonId: String(intro) },
        { method: "POST", body: { positionSeconds: 5 } },
      );
      expect(refused.status).toBe(403);
      expect(
        await handle.db.select().from(lessonProgress).where(eq(lessonProgress.userId, stranger.id)),
      ).toEqual(before);
    } finally {
      await setPreview(false);
    }
  });

  it("is not a preview in a draft, for anyone who may not open the draft", async () => {
    const [draftLesson] = await handle.db
      .insert(lessons)
      .values(
        await withSection(handle.db, {
          courseId: draftId,
          position: 1,
          title: "Draft taster",
          isFreePreview: true,
        }),
      )
      .returning({ id: lessons.id });
    const id = draftLesson?.id ?? 0;
    for (const viewer of [null, stranger]) {
      const response = await api(playApi, `/api/courses/${draftId}/lecture/${id}/play`, viewer, {
        courseId: String(draftId),
        lectureId: String(id),
      });
      expect(response.status).toBe(404);
    }
  });
});

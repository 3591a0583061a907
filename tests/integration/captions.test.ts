// Lesson captions (issue 36, decision 057) through their routes: the trainer's upload (WebVTT, SRT converted)
// through the API and the studio page, refusals with the line and nothing changed, the download under the
// video's own access rule, the play answer's and the learn page's captions, and the push to Vimeo's text
// tracks against the local fake of Vimeo's API (a job, drained here as a worker would).
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { lessonCaptions, lessons, type User, videos } from "../../app/db/schema";
import { drainJobs } from "../../app/jobs/worker.server";
import { action as captionWriteApi } from "../../app/routes/api/instructor-lesson-captions";
import { loader as lecturePlayApi } from "../../app/routes/api/lecture-play";
import { loader as captionReadApi } from "../../app/routes/api/lesson-captions";
import { loader as learnPage } from "../../app/routes/course-learn";
import {
  action as studioCaptionsAction,
  loader as studioCaptionsPage,
} from "../../app/routes/instructor-lesson-captions";
import { loader as captionTrack } from "../../app/routes/lesson-captions";
import { createLocalStorage } from "../../app/storage/local.server";
import { createLocalVideoHost, createVimeoHost, replaceVideoHost } from "../../app/video/host.server";
import { type FakeVimeo, startFakeVimeo } from "../fakes/vimeo";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { runRoute, settle } from "./route-context";
import { createCourseFor, enroll, sharedTestMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const VTT = `WEBVTT

00:00:01.000 --> 00:00:03.500
Hello <b>there</b> &amp; welcome

00:00:04.000 --> 00:00:06.000
Second line
`;
const SRT = `1
00:00:01,000 --> 00:00:02,500
مرحبا بكم

2
00:00:03,000 --> 00:00:05,000
<i>السطر الثاني</i>
`;
/** Line 6 holds a broken timestamp. */
const BROKEN = `WEBVTT

00:00:01.000 --> 00:00:02.000
ok

00:00:0x.000 --> 00:00:03.000
bad
`;

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let learner: User;
let outsider: User;
let courseId = 0;
/** A video lesson with a ready local video of 20 s, a free preview, an article. */
let videoLessonId = 0;
let previewLessonId = 0;
let articleLessonId = 0;

beforeAll(async () => {
  replaceVideoHost(
    createLocalVideoHost(createLocalStorage(mkdtempSync(path.join(tmpdir(), "manara-captions-")))),
  );
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  learner = await createUser(handle.db, "user");
  outsider = await createUser(handle.db, "user");
  const course = await createCourseFor(handle.db, trainer, { lessons: 3, published: true, price: 5000 });
  courseId = course.id;
  const rows = await handle.db
    .select({ id: lessons.id, position: lessons.position })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  const at = (position: number) => rows.find((row) => row.position === position)?.id ?? 0;
  videoLessonId = at(1);
  previewLessonId = at(2);
  articleLessonId = at(3);
  await handle.db.update(lessons).set({ isFreePreview: true }).where(eq(lessons.id, previewLessonId));
  await handle.db.update(lessons).set({ kind: "article" }).where(eq(lessons.id, articleLessonId));
  const [video] = await handle.db
    .insert(videos)
    .values({
      provider: "local",
      ownerId: trainer.id,
      lessonId: videoLessonId,
      fileName: "clip.mp4",
      contentType: "video/mp4",
      size: 10,
      bytesReceived: 10,
      status: "ready",
      durationSeconds: 20,
    })
    .returning({ id: videos.id });
  await handle.db.update(lessons).set({ videoId: video?.id }).where(eq(lessons.id, videoLessonId));
  await enroll(handle.db, learner.id, courseId);
});

afterAll(async () => {
  replaceVideoHost(undefined);
  await handle?.close();
});

async function put(lessonId: number, lang: string, body: string, type = "text/vtt", who = trainer) {
  const request = new Request(`http://test/api/instructor/lessons/${lessonId}/captions/${lang}`, {
    method: "PUT",
    headers: { Authorization: await bearerFor(handle.db, who.id), "Content-Type": type },
    body,
  });
  return (await settle(
    runRoute(handle.db, request, captionWriteApi as never, { id: String(lessonId), lang }),
  )) as Response;
}

async function remove(lessonId: number, lang: string) {
  const request = new Request(`http://test/api/instructor/lessons/${lessonId}/captions/${lang}`, {
    method: "DELETE",
    headers: { Authorization: await bearerFor(handle.db, trainer.id) },
  });
  return (await runRoute(handle.db, request, captionWriteApi as never, {
    id: String(lessonId),
    lang,
  })) as Response;
}

async function stored(lessonId: number, lang: "en" | "ar") {
  const [row] = await handle.db
    .select()
    .from(lessonCaptions)
    .where(and(eq(lessonCaptions.lessonId, lessonId), eq(lessonCaptions.lang, lang)));
  return row ?? null;
}

/** The player's track route, as `who` (a cookie) or a guest. */
async function track(lessonId: number, lang: string, who?: User) {
  const headers = new Headers();
  if (who) headers.set("Cookie", await cookieFor(handle.db, who.id));
  const request = new Request(`http://test/courses/${courseId}/learn/${lessonId}/captions/${lang}.vtt`, {
    headers,
  });
  return (await runRoute(handle.db, request, captionTrack as never, {
    id: String(courseId),
    lessonId: String(lessonId),
    file: `${lang}.vtt`,
  })) as Response;
}

describe("uploading captions through the API", () => {
  it("stores a WebVTT file normalised, and serves it as text/vtt", async () => {
    const response = await put(videoLessonId, "en", VTT);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { caption: { lang: string; cueCount: number } };
    expect(body.caption).toMatchObject({ lang: "en", cueCount: 2 });
    const row = await stored(videoLessonId, "en");
    expect(row?.vtt).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nHello <b>there</b> &amp; welcome\n\n00:00:04.000 --> 00:00:06.000\nSecond line\n",
    );
    const served = await track(videoLessonId, "en", learner);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    expect(served.headers.get("Cache-Control")).toMatch(/^private/);
    expect(await served.text()).toBe(row?.vtt);
  });

  it("converts an SRT file (application/x-subrip) to WebVTT", async () => {
    const response = await put(videoLessonId, "ar", SRT, "application/x-subrip");
    expect(response.status).toBe(200);
    const row = await stored(videoLessonId, "ar");
    expect(row?.vtt).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nمرحبا بكم\n\n00:00:03.000 --> 00:00:05.000\n<i>السطر الثاني</i>\n",
    );
    expect(row?.cueCount).toBe(2);
  });

  it("refuses a file that does not parse with its line, changing nothing", async () => {
    const before = await stored(videoLessonId, "en");
    const response = await put(videoLessonId, "en", BROKEN);
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(body.error.code).toBe("invalid_captions");
    expect(body.error.fields.line).toBe("6");
    expect(body.error.message).toMatch(/^Line 6: /);
    expect(await stored(videoLessonId, "en")).toEqual(before);
  });

  it("answers the refusal in Arabic for an Arabic caller", async () => {
    const request = new Request(`http://test/api/instructor/lessons/${videoLessonId}/captions/en`, {
      method: "PUT",
      headers: {
        Authorization: await bearerFor(handle.db, trainer.id),
        "Content-Type": "text/vtt",
        "Accept-Language": "ar",
      },
      body: "not captions",
    });
    const response = (await runRoute(handle.db, request, captionWriteApi as never, {
      id: String(videoLessonId),
      lang: "en",
    })) as Response;
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^السطر 1: /);
  });

  it("refuses cues that end after the video", async () => {
    const late = "WEBVTT\n\n00:00:01.000 --> 00:00:25.000\nToo late\n";
    const response = await put(videoLessonId, "en", late);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_captions");
  });

  it("refuses captions for an article (409), another trainer (403), another type (415) and a third language (404)", async () => {
    expect((await put(articleLessonId, "en", VTT)).status).toBe(409);
    expect((await put(videoLessonId, "en", VTT, "text/vtt", otherTrainer)).status).toBe(403);
    expect((await put(videoLessonId, "en", VTT, "text/plain")).status).toBe(415);
    expect((await put(videoLessonId, "fr", VTT)).status).toBe(404);
    expect((await put(videoLessonId, "en", VTT, "text/vtt", learner)).status).toBe(403);
  });

  it("refuses a file over 1 MB with 413", async () => {
    const response = await put(videoLessonId, "en", `WEBVTT\n\n${"x".repeat(1_100_000)}`);
    expect(response.status).toBe(413);
  });

  it("deletes captions (204), and deleting again is no error", async () => {
    expect((await put(previewLessonId, "en", VTT)).status).toBe(200);
    expect((await remove(previewLessonId, "en")).status).toBe(204);
    expect(await stored(previewLessonId, "en")).toBeNull();
    expect((await remove(previewLessonId, "en")).status).toBe(204);
  });
});

describe("who may download captions: the video's own rule", () => {
  it("the paid lesson's: enrolled learners, the trainer; not a guest (401) nor a learner without the course (403)", async () => {
    expect((await track(videoLessonId, "en", learner)).status).toBe(200);
    expect((await track(videoLessonId, "en", trainer)).status).toBe(200);
    expect((await track(videoLessonId, "en")).status).toBe(401);
    expect((await track(videoLessonId, "en", outsider)).status).toBe(403);
    expect((await track(videoLessonId, "xx", learner)).status).toBe(404);
  });

  it("a free preview's: anyone, guests included", async () => {
    expect((await put(previewLessonId, "ar", SRT, "application/x-subrip")).status).toBe(200);
    expect((await track(previewLessonId, "ar")).status).toBe(200);
    expect((await track(previewLessonId, "ar", outsider)).status).toBe(200);
    // A language it has no captions in.
    expect((await track(previewLessonId, "en")).status).toBe(404);
  });

  it("through the API with a Bearer token, under the same rule", async () => {
    const ask = async (lessonId: number, who?: User) => {
      const headers = new Headers();
      if (who) headers.set("Authorization", await bearerFor(handle.db, who.id));
      const request = new Request(`http://test/api/courses/${courseId}/lessons/${lessonId}/captions/ar`, {
        headers,
      });
      return (await runRoute(handle.db, request, captionReadApi as never, {
        courseId: String(courseId),
        lessonId: String(lessonId),
        lang: "ar",
      })) as Response;
    };
    const ok = await ask(videoLessonId, learner);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    expect(await ok.text()).toMatch(/^WEBVTT\n/);
    expect((await ask(videoLessonId)).status).toBe(401);
    expect((await ask(videoLessonId, outsider)).status).toBe(403);
    expect((await ask(previewLessonId)).status).toBe(200);
  });

  it("the play answer lists the captions, and the learn page has the tracks and the transcript", async () => {
    const request = new Request(`http://test/api/courses/${courseId}/lecture/${videoLessonId}/play`, {
      headers: { Authorization: await bearerFor(handle.db, learner.id) },
    });
    const response = (await runRoute(handle.db, request, lecturePlayApi as never, {
      courseId: String(courseId),
      lectureId: String(videoLessonId),
    })) as Response;
    const body = (await response.json()) as { captions: { lang: string; src: string }[] };
    expect(body.captions).toEqual([
      { lang: "en", src: `/api/courses/${courseId}/lessons/${videoLessonId}/captions/en` },
      { lang: "ar", src: `/api/courses/${courseId}/lessons/${videoLessonId}/captions/ar` },
    ]);
    const page = await runRoute(
      handle.db,
      new Request(`http://test/ar/courses/${courseId}/learn/${videoLessonId}`, {
        headers: { Cookie: await cookieFor(handle.db, learner.id) },
      }),
      learnPage as never,
      { id: String(courseId), lessonId: String(videoLessonId) },
    );
    const opened = (page as { opened: { captions: { tracks: unknown[]; transcript: unknown } } }).opened;
    expect(opened.captions.tracks).toEqual([
      { lang: "en", src: `/courses/${courseId}/learn/${videoLessonId}/captions/en.vtt` },
      { lang: "ar", src: `/courses/${courseId}/learn/${videoLessonId}/captions/ar.vtt` },
    ]);
    // The Arabic page's transcript is the Arabic captions, as plain text with the time shown.
    expect(opened.captions.transcript).toEqual({
      lang: "ar",
      lines: [
        { startMs: 1000, endMs: 2500, text: "مرحبا بكم", time: "0:01" },
        { startMs: 3000, endMs: 5000, text: "السطر الثاني", time: "0:03" },
      ],
    });
  });
});

describe("the studio's captions page (plain multipart forms)", () => {
  const form = (fields: Record<string, string>, file?: { text: string; name: string }) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    if (file) data.set("file", new File([file.text], file.name, { type: "application/octet-stream" }));
    return data;
  };
  const post = async (body: FormData, who = trainer) =>
    settle(
      runRoute(
        handle.db,
        new Request(`http://test/instructor/courses/${courseId}/lessons/${previewLessonId}/captions`, {
          method: "POST",
          headers: { Cookie: await cookieFor(handle.db, who.id) },
          body,
        }),
        studioCaptionsAction as never,
        { id: String(courseId), lessonId: String(previewLessonId) },
      ),
    );

  it("shows each language's state to the course's trainer only", async () => {
    const page = (await runRoute(
      handle.db,
      new Request(`http://test/instructor/courses/${courseId}/lessons/${previewLessonId}/captions`, {
        headers: { Cookie: await cookieFor(handle.db, trainer.id) },
      }),
      studioCaptionsPage as never,
      { id: String(courseId), lessonId: String(previewLessonId) },
    )) as { languages: { lang: string; caption: { cueCount: number } | null }[] };
    expect(page.languages.map((entry) => [entry.lang, entry.caption?.cueCount ?? null])).toEqual([
      ["en", null],
      ["ar", 2],
    ]);
    const other = await settle(
      runRoute(
        handle.db,
        new Request(`http://test/instructor/courses/${courseId}/lessons/${previewLessonId}/captions`, {
          headers: { Cookie: await cookieFor(handle.db, otherTrainer.id) },
        }),
        studioCaptionsPage as never,
        { id: String(courseId), lessonId: String(previewLessonId) },
      ),
    );
    expect((other as Response).status).toBe(403);
  });

  it("uploads an .srt file (converted), refuses a broken one with 422 and its line, and deletes", async () => {
    const saved = (await post(
      form({ intent: "upload", lang: "en" }, { text: SRT.replace("مرحبا بكم", "Hi"), name: "en.srt" }),
    )) as Response;
    expect(saved.status).toBe(302);
    expect((await stored(previewLessonId, "en"))?.vtt).toMatch(
      /^WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHi\n/,
    );
    const before = await stored(previewLessonId, "en");
    const refused = (await post(
      form({ intent: "upload", lang: "en" }, { text: BROKEN, name: "en.vtt" }),
    )) as {
      data: { lang: string; error: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(422);
    expect(refused.data).toEqual({ lang: "en", error: expect.stringMatching(/^Line 6: /) });
    expect(await stored(previewLessonId, "en")).toEqual(before);
    const deleted = (await post(form({ intent: "delete", lang: "en" }))) as Response;
    expect(deleted.status).toBe(302);
    expect(await stored(previewLessonId, "en")).toBeNull();
  });
});

describe("Vimeo text tracks, against the local fake of Vimeo's API", () => {
  const TOKEN = "fake-vimeo-token";
  const sdk = createRequire(import.meta.url)("@vimeo/vimeo") as {
    vimeo_module: { request_defaults: { protocol: string; hostname: string; port: number } };
  };
  const originalDefaults = { ...sdk.vimeo_module.request_defaults };
  let fake: FakeVimeo;
  let vimeoLessonId = 0;
  let vimeoId = "";

  beforeAll(async () => {
    fake = await startFakeVimeo({ token: TOKEN });
    Object.assign(sdk.vimeo_module.request_defaults, {
      protocol: "http:",
      hostname: "127.0.0.1",
      port: Number(new URL(fake.url).port),
    });
    const host = createVimeoHost(TOKEN);
    replaceVideoHost(host);
    // A Vimeo video the fake knows, attached to a lesson of its own course.
    const created = await host.createUpload({ videoId: "x", size: 10, fileName: "v.mp4", description: "" });
    vimeoId = created.providerId;
    const course = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    const [lesson] = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    vimeoLessonId = lesson?.id ?? 0;
    const [video] = await handle.db
      .insert(videos)
      .values({
        provider: "vimeo",
        providerId: vimeoId,
        ownerId: trainer.id,
        lessonId: vimeoLessonId,
        fileName: "v.mp4",
        size: 10,
        bytesReceived: 10,
        status: "ready",
        durationSeconds: 24,
      })
      .returning({ id: videos.id });
    await handle.db.update(lessons).set({ videoId: video?.id }).where(eq(lessons.id, vimeoLessonId));
  });

  afterAll(async () => {
    Object.assign(sdk.vimeo_module.request_defaults, originalDefaults);
    await fake?.close();
  });

  const work = () => drainJobs({ db: handle.db, mailer: sharedTestMailer() }, { queues: ["vimeo-captions"] });
  const tracksOf = () => [...fake.textTracks.values()].filter((track) => track.videoId === vimeoId);

  it("queues the push with the save; the job creates the track, uploads the file and makes it active", async () => {
    expect((await put(vimeoLessonId, "ar", SRT, "application/x-subrip")).status).toBe(200);
    // The request did not wait on Vimeo: nothing there until a worker runs the job.
    expect(tracksOf()).toEqual([]);
    expect(await work()).toBe(1);
    const [pushed] = tracksOf();
    expect(pushed).toMatchObject({ type: "captions", language: "ar", active: true });
    expect(pushed?.file).toBe((await stored(vimeoLessonId, "ar"))?.vtt);
    expect((await stored(vimeoLessonId, "ar"))?.vimeoTextTrackId).toBe(pushed?.id);
    expect(
      fake.requests
        .filter((r) => r.path.includes("/texttracks") && r.path.startsWith("/videos/"))
        .every((r) => r.authorized),
    ).toBe(true);
  });

  it("replacing the captions pushes the new file and deletes the old track", async () => {
    const old = tracksOf()[0]?.id;
    expect((await put(vimeoLessonId, "ar", VTT)).status).toBe(200);
    await work();
    const now = tracksOf();
    expect(now).toHaveLength(1);
    expect(now[0]?.id).not.toBe(old);
    expect(now[0]?.file).toContain("Second line");
  });

  it("deleting the captions deletes the track on Vimeo (a job)", async () => {
    expect((await remove(vimeoLessonId, "ar")).status).toBe(204);
    expect(tracksOf()).toHaveLength(1);
    await work();
    expect(tracksOf()).toEqual([]);
  });

  it("local lessons queue nothing for Vimeo", async () => {
    expect((await put(videoLessonId, "en", VTT)).status).toBe(200);
    expect(await work()).toBe(0);
  });
});

// The studio through its routes: the instructor API (JSON, Bearer tokens, one error shape), the page
// actions (plain forms with localized field errors that keep what was typed), uploads and media serving.
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courseSections, courses, lessons, mediaUploads, type User } from "../../app/db/schema";
import { action as courseApi } from "../../app/routes/api/instructor-course";
import { action as createApi } from "../../app/routes/api/instructor-course-create";
import { action as lessonApi } from "../../app/routes/api/instructor-lesson";
import { loader as myCoursesApi } from "../../app/routes/api/instructor-my-courses";
import { action as mediaDeleteApi } from "../../app/routes/api/media-delete";
import { action as uploadApi } from "../../app/routes/api/media-upload";
import { loader as coursePage } from "../../app/routes/course";
import { loader as courseListPage } from "../../app/routes/courses";
import { loader as studioList } from "../../app/routes/instructor";
import { action as editorAction, loader as editorLoader } from "../../app/routes/instructor-course";
import { action as newCourseAction } from "../../app/routes/instructor-course-new";
import { action as curriculumAction } from "../../app/routes/instructor-curriculum";
import { loader as mediaImage } from "../../app/routes/media-image";
import { loader as mediaRaw } from "../../app/routes/media-raw";
import { addLesson } from "../../app/studio/curriculum.server";
import { hostilePdfs, plainPdf, uncheckablePdf } from "../fakes/pdf-samples";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { createCourseFor, enroll, imageBytes, multipart, PDF_BYTES } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let otherTrainer: User;
let admin: User;
let learner: User;
const auth: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  otherTrainer = await createUser(handle.db, "trainer");
  admin = await createUser(handle.db, "admin");
  learner = await createUser(handle.db, "user");
  for (const [key, user] of Object.entries({ trainer, otherTrainer, admin, learner })) {
    auth[key] = await bearerFor(handle.db, user.id);
    auth[`${key}Cookie`] = await cookieFor(handle.db, user.id);
  }
});
afterAll(() => handle?.close());

function api(
  method: string,
  path: string,
  who: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Request {
  const init: RequestInit = { method, headers: { ...headers } };
  if (who) (init.headers as Record<string, string>).Authorization = auth[who] ?? "";
  if (body instanceof FormData) init.body = body;
  else if (body instanceof Uint8Array) init.body = new Uint8Array(body);
  else if (body !== undefined) {
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  return new Request(`http://test${path}`, init);
}

function page(path: string, who: string | null, fields?: Record<string, string> | FormData): Request {
  const headers: Record<string, string> = who ? { Cookie: auth[`${who}Cookie`] ?? "" } : {};
  if (fields instanceof FormData)
    return new Request(`http://test${path}`, { method: "POST", headers, body: fields });
  if (fields) {
    const request = formRequest(`http://test${path}`, fields);
    for (const [key, value] of Object.entries(headers)) request.headers.set(key, value);
    return request;
  }
  return new Request(`http://test${path}`, { headers });
}

const run = <T>(request: Request, handler: unknown, params: Record<string, string> = {}) =>
  settle(runRoute(handle.db, request, handler as never, params) as Promise<T>);

/** A React Router data() result or a Response, as status and body. */
function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  const value = result as { init?: { status?: number }; data?: Record<string, unknown> };
  return { status: value.init?.status ?? 200, body: value.data ?? {} };
}

const newCourse = {
  title: "Shipping with SQL",
  titleAr: "الشحن مع SQL",
  category: "data-science",
  description: "Learn **SQL** the practical way.",
  price: 19.5,
  lessons: [{ title: "Select" }, { title: "Join", titleAr: "الربط", durationMinutes: 12 }],
};

describe("instructor API", () => {
  it("creates a course with lessons: 201 with the course's fields, isPublished, trainerId and lesson ids", async () => {
    const response = (await run<Response>(
      api("POST", "/api/instructor/course", "trainer", newCourse),
      createApi,
    )) as Response;
    expect(response.status).toBe(201);
    const { course } = await response.json();
    expect(course).toMatchObject({
      title: "Shipping with SQL",
      category: "data-science",
      price: 19.5,
      isPublished: false,
      trainerId: trainer.id,
      lessonCount: 2,
      // No image yet: the default picture, as on every answer (courseImageJson).
      image: { url: "/images/course.jpg", public_id: null },
    });
    expect(course.descriptionHtml).toContain("<strong>SQL</strong>");
    expect(
      course.lessons.map((lesson: { position: number; title: string }) => [lesson.position, lesson.title]),
    ).toEqual([
      [1, "Select"],
      [2, "Join"],
    ]);
    expect(course.lessons[0].id).toEqual(expect.any(Number));
  });

  it("publishes on create when complete, refuses with the missing list otherwise (and creates nothing)", async () => {
    const before = await handle.db.$count(courses);
    const refused = (await run(
      api("POST", "/api/instructor/course", "trainer", { ...newCourse, lessons: [], isPublished: true }),
      createApi,
    )) as Response;
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.error.code).toBe("cannot_publish");
    expect(Object.keys(body.error.fields)).toEqual(["lessons"]);
    expect(await handle.db.$count(courses)).toBe(before);
    const published = (await run(
      api("POST", "/api/instructor/course", "trainer", { ...newCourse, isPublished: true }),
      createApi,
    )) as Response;
    expect(published.status).toBe(201);
    expect((await published.json()).course.isPublished).toBe(true);
  });

  it("answers bad input with 4xx in the caller's language, never 5xx", async () => {
    const arabic = (await run(
      api(
        "POST",
        "/api/instructor/course",
        "trainer",
        { title: "", category: "cooking", description: "x", price: -1 },
        { "Accept-Language": "ar" },
      ),
      createApi,
    )) as Response;
    expect(arabic.status).toBe(422);
    const { error } = await arabic.json();
    expect(error.code).toBe("validation_failed");
    expect(error.fields.title).toBe("أدخل عنوانًا.");
    expect(Object.keys(error.fields).sort()).toEqual(["category", "price", "title"]);
    const cases: unknown[] = [
      "{not json",
      { ...newCourse, title: "a\u0000b" },
      { ...newCourse, price: 1e21 },
      { ...newCourse, price: "12.345" },
      { ...newCourse, lessons: [{ id: 99_999_999_999, title: "x" }] },
      { ...newCourse, lessons: [{ title: "x", durationMinutes: 1.5 }] },
      { ...newCourse, image: { public_id: "manara_00000000000000000000000000000000" } },
    ];
    for (const body of cases) {
      const response = (await run(
        api("POST", "/api/instructor/course", "trainer", body),
        createApi,
      )) as Response;
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it("updates partially, replaces the curriculum in order, and guards ownership (404 draft / 403 published)", async () => {
    const created = await (
      (await run<Response>(
        api("POST", "/api/instructor/course", "trainer", newCourse),
        createApi,
      )) as Response
    ).json();
    const id = String(created.course.id);
    const [select, join] = created.course.lessons;
    const put = (who: string, body: unknown) =>
      run<Response>(api("PUT", `/api/instructor/course/${id}`, who, body), courseApi, {
        id,
      }) as Promise<Response>;

    const renamed = await put("trainer", {
      price: 25,
      lessons: [
        { id: join.id, title: "Join first" },
        { title: "Group by" },
        { id: select.id, title: "Select" },
      ],
    });
    expect(renamed.status).toBe(200);
    const { course } = await renamed.json();
    expect(course.title).toBe("Shipping with SQL");
    expect(course.price).toBe(25);
    expect(course.lessons.map((lesson: { title: string }) => lesson.title)).toEqual([
      "Join first",
      "Group by",
      "Select",
    ]);
    expect(course.lessons.map((lesson: { position: number }) => lesson.position)).toEqual([1, 2, 3]);

    expect((await put("otherTrainer", { title: "Mine now" })).status).toBe(404);
    expect((await put("learner", { title: "Mine now" })).status).toBe(403);
    expect((await put("admin", { title: "Fixed by admin" })).status).toBe(200);
    await put("trainer", { isPublished: true });
    expect((await put("otherTrainer", { title: "Mine now" })).status).toBe(403);
    const missing = (await run<Response>(
      api("PUT", "/api/instructor/course/999999", "trainer", { title: "x" }),
      courseApi,
      { id: "999999" },
    )) as Response;
    expect(missing.status).toBe(404);
    const badId = (await run<Response>(
      api("PUT", "/api/instructor/course/abc", "trainer", { title: "x" }),
      courseApi,
      { id: "abc" },
    )) as Response;
    expect(badId.status).toBe(404);
  });

  it("PUT /api/instructor/lessons/:id switches an article's and a quiz's free preview on and off, as the studio does", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    const added = await Promise.all([
      addLesson(handle.db, trainer, course.id, { kind: "article", title: "Read", body: "# Hi" }),
      addLesson(handle.db, trainer, course.id, { kind: "quiz", title: "Check" }),
    ]);
    const put = (who: string, id: number, body: unknown) =>
      run<Response>(api("PUT", `/api/instructor/lessons/${id}`, who, body), lessonApi, {
        id: String(id),
      }) as Promise<Response>;
    const stored = async (id: number) =>
      (await handle.db.select().from(lessons).where(eq(lessons.id, id)))[0]?.isFreePreview;
    for (const outcome of added) {
      if (!outcome.ok) throw new Error("lesson not added");
      const id = outcome.lessonId;
      const on = await put("trainer", id, { title: "Open to all", isFreePreview: true });
      expect(on.status).toBe(200);
      expect((await on.json()).lesson).toMatchObject({ id, title: "Open to all", isFreePreview: true });
      expect(await stored(id)).toBe(true);
      // Absent: left as it is.
      const renamed = await put("trainer", id, { title: "Renamed" });
      expect((await renamed.json()).lesson.isFreePreview).toBe(true);
      // Another trainer (a published course: 403) changes nothing.
      const refused = await put("otherTrainer", id, { title: "Mine", isFreePreview: false });
      expect([refused.status, (await refused.json()).error.code]).toEqual([403, "forbidden"]);
      expect(await stored(id)).toBe(true);
      expect((await put("learner", id, { title: "x", isFreePreview: false })).status).toBe(403);
      for (const value of ["yes", 1, null, "true", {}]) {
        const invalid = await put("trainer", id, { title: "Typed wrong", isFreePreview: value });
        const body = await invalid.json();
        expect([invalid.status, body.error.code]).toEqual([422, "validation_failed"]);
        expect(body.error.fields.isFreePreview).toBeTruthy();
      }
      expect(await stored(id)).toBe(true);
      const off = await put("trainer", id, { title: "Closed again", isFreePreview: false });
      expect((await off.json()).lesson).toMatchObject({ title: "Closed again", isFreePreview: false });
      expect(await stored(id)).toBe(false);
    }
    // An admin may switch any course's lesson.
    const [first] = added;
    if (!first?.ok) throw new Error("lesson not added");
    const byAdmin = await put("admin", first.lessonId, { title: "By an admin", isFreePreview: true });
    expect((await byAdmin.json()).lesson.isFreePreview).toBe(true);
  });

  it("deletes with 204, or 409 when learners are enrolled", async () => {
    const unsold = await createCourseFor(handle.db, trainer);
    const sold = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    await enroll(handle.db, learner.id, sold.id);
    const del = (id: number, who = "trainer") =>
      run<Response>(api("DELETE", `/api/instructor/course/${id}`, who), courseApi, {
        id: String(id),
      }) as Promise<Response>;
    expect((await del(unsold.id, "otherTrainer")).status).toBe(404);
    expect((await del(unsold.id)).status).toBe(204);
    const conflict = await del(sold.id);
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.code).toBe("has_enrollments");
  });

  it("lists my courses with drafts; an admin gets every course", async () => {
    const mine = await (
      (await run<Response>(
        api("GET", "/api/instructor/my-courses?limit=50", "trainer"),
        myCoursesApi,
      )) as Response
    ).json();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item: { trainerId: string }) => item.trainerId === trainer.id)).toBe(true);
    expect(mine.items.some((item: { isPublished: boolean }) => !item.isPublished)).toBe(true);
    expect(mine).toMatchObject({ limit: 50, offset: 0, total: expect.any(Number) });
    await createCourseFor(handle.db, otherTrainer);
    const all = await (
      (await run<Response>(
        api("GET", "/api/instructor/my-courses?limit=50", "admin"),
        myCoursesApi,
      )) as Response
    ).json();
    expect(new Set(all.items.map((item: { trainerId: string }) => item.trainerId))).toEqual(
      new Set([trainer.id, otherTrainer.id]),
    );
    const bad = (await run<Response>(
      api("GET", "/api/instructor/my-courses?limit=1000", "trainer"),
      myCoursesApi,
    )) as Response;
    expect(bad.status).toBe(422);
  });
});

describe("uploads", () => {
  /**
   * A form is sent as its encoded bytes, as a socket delivers it: undici streams a FormData body from a
   * producer that rejects, unhandled, when the reader stops early (the 413 of a too-large file), which
   * would fail the run after every test had passed.
   */
  const upload = async (who: string, form: FormData | string, headers: Record<string, string> = {}) => {
    let body: FormData | string | Uint8Array = form;
    const sent = { ...headers };
    if (form instanceof FormData) {
      const encoded = new Response(form);
      body = new Uint8Array(await encoded.arrayBuffer());
      sent["Content-Type"] = encoded.headers.get("content-type") ?? "";
    }
    return run<Response>(
      api("POST", "/api/cloudinary/upload", who, body, sent),
      uploadApi,
    ) as Promise<Response>;
  };

  it("accepts JPEG, PNG, WebP and AVIF judged by their bytes, stores a WebP without EXIF, served with long caching", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      const response = await upload(
        "trainer",
        multipart(await imageBytes(format, { exif: true }), "photo.txt"),
      );
      expect(response.status, format).toBe(201);
      const body = await response.json();
      expect(body).toMatchObject({ resourceType: "image", width: 1280, height: 720 });
      expect(body.public_id).toMatch(/^manara_[0-9a-f]{32}$/);
      const file = body.url.split("/").pop();
      const served = (await run<Response>(new Request(`http://test${body.url}`), mediaImage, {
        file,
      })) as Response;
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toContain("immutable");
      expect(served.headers.get("content-security-policy")).toBe("sandbox");
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes("secret-camera-owner")).toBe(false);
      const card = (await run<Response>(new Request("http://test/"), mediaImage, {
        file: file.replace(".webp", "-card.webp"),
      })) as Response;
      expect((await sharp(Buffer.from(await card.arrayBuffer())).metadata()).width).toBe(480);
    }
  });

  it("refuses SVG, renamed text, GIF and empty uploads with 415/400, and large files with 413", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload("trainer", multipart(svg, "image.svg"))).status).toBe(415);
    expect((await upload("trainer", multipart(new TextEncoder().encode("hello"), "photo.png"))).status).toBe(
      415,
    );
    expect(
      (await upload("trainer", multipart(new TextEncoder().encode("GIF89a......"), "a.gif"))).status,
    ).toBe(415);
    expect((await upload("trainer", new FormData())).status).toBe(400);
    expect((await upload("trainer", "{}")).status).toBe(415);
    // A truncated JPEG passes the byte check but cannot be decoded: still a 4xx.
    const truncated = (await imageBytes("jpeg")).slice(0, 200);
    expect((await upload("trainer", multipart(truncated, "cut.jpg"))).status).toBe(415);
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await upload("trainer", multipart(big, "big.jpg"));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.code).toBe("payload_too_large");
    const hugePdf = new Uint8Array(21 * 1024 * 1024);
    hugePdf.set(PDF_BYTES.slice(0, 8));
    expect((await upload("trainer", multipart(hugePdf, "notes.pdf"))).status).toBe(413);
    expect((await upload("learner", multipart(await imageBytes("png")))).status).toBe(403);
  });

  it("refuses PDFs that carry JavaScript or launch actions (422, in the caller's language), storing nothing", async () => {
    const stored = async () => Number((await handle.db.select({ n: count() }).from(mediaUploads))[0]?.n ?? 0);
    const before = await stored();
    for (const sample of hostilePdfs()) {
      const response = await upload("trainer", multipart(sample.bytes, "notes.pdf"));
      expect(response.status, sample.about).toBe(422);
      const { error } = await response.json();
      expect(error.code, sample.about).toBe("validation_failed");
      expect(error.message, sample.about).toContain("JavaScript");
    }
    const arabic = await upload("trainer", multipart(hostilePdfs()[0]?.bytes ?? PDF_BYTES, "notes.pdf"), {
      "Accept-Language": "ar",
    });
    expect(arabic.status).toBe(422);
    expect((await arabic.json()).error.message).toContain("يحتوي ملف PDF هذا");
    const unchecked = await upload("trainer", multipart(uncheckablePdf(), "notes.pdf"));
    expect(unchecked.status).toBe(422);
    expect((await unchecked.json()).error.message).toContain("could not be checked");
    expect(await stored()).toBe(before);
    // A plain PDF that only opens at page 1 and mentions /JavaScript in its text is fine.
    expect((await upload("trainer", multipart(plainPdf(), "notes.pdf"))).status).toBe(201);
  });

  it("deletes only for the uploader or an admin, and never a file in use", async () => {
    const stored = await (await upload("trainer", multipart(await imageBytes("png")))).json();
    const del = (who: string, publicId: string, resourceType?: string) =>
      run<Response>(
        api("DELETE", `/api/cloudinary/delete/${publicId}/${resourceType ?? ""}`, who),
        mediaDeleteApi,
        resourceType ? { publicId, resourceType } : { publicId },
      ) as Promise<Response>;
    expect((await del("otherTrainer", stored.public_id)).status).toBe(403);
    expect((await del("trainer", stored.public_id, "video")).status).toBe(422);
    expect((await del("trainer", stored.public_id, "raw")).status).toBe(404);
    const course = await createCourseFor(handle.db, trainer);
    await run(
      api("PUT", `/api/instructor/course/${course.id}`, "trainer", {
        image: { url: stored.url, public_id: stored.public_id },
      }),
      courseApi,
      { id: String(course.id) },
    );
    expect((await del("trainer", stored.public_id)).status).toBe(409);
    await run(api("PUT", `/api/instructor/course/${course.id}`, "trainer", { image: null }), courseApi, {
      id: String(course.id),
    });
    // Removing the cover already deleted the file it no longer uses.
    expect((await del("trainer", stored.public_id)).status).toBe(404);
    const other = await (await upload("trainer", multipart(await imageBytes("png")))).json();
    const ok = await del("admin", other.public_id);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ result: "ok" });
  });

  it("serves a lesson PDF only to enrolled learners, the trainer and admins", async () => {
    const pdf = await (await upload("trainer", multipart(PDF_BYTES, "notes.bin"))).json();
    expect(pdf).toMatchObject({ resourceType: "raw", url: `/media/raw/${pdf.public_id}` });
    const course = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    const put = (await run<Response>(
      api("PUT", `/api/instructor/course/${course.id}`, "trainer", {
        lessons: [{ title: "With notes", pdfUrl: pdf.url }],
      }),
      courseApi,
      { id: String(course.id) },
    )) as Response;
    expect(put.status).toBe(200);
    const get = (who: string | null) =>
      run<Response>(page(pdf.url, who), mediaRaw, { publicId: pdf.public_id }) as Promise<Response>;
    expect((await get("learner")).status).toBe(403);
    expect((await get("otherTrainer")).status).toBe(403);
    const guest = await get(null);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toContain("/auth/login");
    await enroll(handle.db, learner.id, course.id);
    const enrolled = await get("learner");
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers.get("content-type")).toBe("application/pdf");
    expect(enrolled.headers.get("cache-control")).toContain("private");
    // Opened directly, the PDF is a document of our origin: sandboxed, so nothing in it runs as the site.
    expect(enrolled.headers.get("content-security-policy")).toBe("sandbox");
    expect(enrolled.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await enrolled.arrayBuffer())).toEqual(PDF_BYTES);
    expect((await get("trainer")).status).toBe(200);
    expect((await get("admin")).status).toBe(200);
    // Another trainer's PDF cannot be attached to my lesson.
    const foreign = await (await upload("otherTrainer", multipart(PDF_BYTES))).json();
    const refused = (await run<Response>(
      api("PUT", `/api/instructor/course/${course.id}`, "trainer", {
        lessons: [{ title: "Stolen", pdfUrl: foreign.url }],
      }),
      courseApi,
      { id: String(course.id) },
    )) as Response;
    expect(refused.status).toBe(422);
  });
});

describe("studio pages", () => {
  it("keeps typed values and shows localized field errors (Arabic)", async () => {
    const result = await run(
      page("/ar/instructor/courses/new", "trainer", {
        title: "",
        titleAr: "دورة",
        category: "",
        description: "وصف",
        price: "abc",
      }),
      newCourseAction,
    );
    const { status, body } = unwrap(result);
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      title: "أدخل عنوانًا.",
      category: "اختر أحد التصنيفات.",
      price: "أدخل سعرًا من 0 إلى 100000، دون منازل عشرية أكثر مما للعملة.",
    });
    expect(body.values).toMatchObject({ titleAr: "دورة", description: "وصف", price: "abc" });
  });

  it("creates a draft, refuses to publish it early with the missing list, then publishes it into the catalog", async () => {
    const created = (await run(
      page("/instructor/courses/new", "trainer", {
        title: "Page-made course",
        titleAr: "",
        category: "cloud-computing",
        description: "",
        price: "12.50",
      }),
      newCourseAction,
    )) as Response;
    expect(created.status).toBe(302);
    const location = created.headers.get("location") ?? "";
    const id = /\/instructor\/courses\/(\d+)\/curriculum$/.exec(location)?.[1] ?? "";
    expect(id).not.toBe("");
    const [row] = await handle.db
      .select()
      .from(courses)
      .where(eq(courses.id, Number(id)));
    expect(row).toMatchObject({ price: 1250, isPublished: false, trainerId: trainer.id, titleAr: null });

    const early = unwrap(
      await run(page(`/instructor/courses/${id}`, "trainer", { intent: "publish" }), editorAction, { id }),
    );
    expect(early.status).toBe(409);
    expect(early.body.missing).toEqual(["description", "lessons"]);

    const saved = (await run(
      page(`/instructor/courses/${id}`, "trainer", {
        intent: "saveLanding",
        title: "Page-made course",
        titleAr: "دورة من الصفحة",
        category: "cloud-computing",
        description: "Now *described*.",
        price: "0",
      }),
      editorAction,
      { id },
    )) as Response;
    expect(saved.status).toBe(302);
    for (const title of ["One", "Two", "Three"]) {
      const added = (await run(
        page(`/instructor/courses/${id}/curriculum`, "trainer", {
          intent: "addLesson",
          title,
          titleAr: "",
          durationMinutes: "10",
        }),
        curriculumAction,
        { id },
      )) as Response;
      expect(added.status).toBe(302);
    }
    const ids = (
      await handle.db
        .select()
        .from(lessons)
        .where(eq(lessons.courseId, Number(id)))
        .orderBy(lessons.position)
    ).map((lesson) => lesson.id);
    // Each lesson's fields are folded; the page comes back with the lesson just added, or just saved, open
    // (issue 50, item 7), named in the URL so it holds without JavaScript.
    const lastAdded = (await run(
      page(`/instructor/courses/${id}/curriculum`, "trainer", {
        intent: "addLesson",
        title: "Four",
        titleAr: "",
        durationMinutes: "10",
      }),
      curriculumAction,
      { id },
    )) as Response;
    const four = Math.max(
      ...(
        await handle.db
          .select()
          .from(lessons)
          .where(eq(lessons.courseId, Number(id)))
      ).map((row) => row.id),
    );
    expect(lastAdded.status).toBe(302);
    expect(lastAdded.headers.get("location")).toBe(
      `/instructor/courses/${id}/curriculum?lesson=${four}#lesson-${four}`,
    );
    const savedLesson = (await run(
      page(`/ar/instructor/courses/${id}/curriculum`, "trainer", {
        intent: "saveLesson",
        lessonId: String(ids[1]),
        title: "Two",
        titleAr: "",
        durationMinutes: "12",
      }),
      curriculumAction,
      { id },
    )) as Response;
    expect(savedLesson.status).toBe(302);
    expect(savedLesson.headers.get("location")).toBe(
      `/ar/instructor/courses/${id}/curriculum?lesson=${ids[1]}#lesson-${ids[1]}`,
    );
    await run(
      page(`/instructor/courses/${id}/curriculum`, "trainer", {
        intent: "deleteLesson",
        lessonId: String(four),
      }),
      curriculumAction,
      { id },
    );
    const moved = (await run(
      page(`/instructor/courses/${id}/curriculum`, "trainer", {
        intent: "moveLesson",
        lessonId: String(ids[2]),
        direction: "up",
      }),
      curriculumAction,
      { id },
    )) as Response;
    expect(moved.status).toBe(302);
    const enhanced = unwrap(
      await run(
        page(`/instructor/courses/${id}/curriculum`, "trainer", {
          intent: "moveLesson",
          lessonId: String(ids[0]),
          direction: "down",
          js: "1",
        }),
        curriculumAction,
        { id },
      ),
    );
    expect(enhanced.body.ok).toBe(true);
    const order = (
      await handle.db
        .select()
        .from(lessons)
        .where(eq(lessons.courseId, Number(id)))
        .orderBy(lessons.position)
    ).map((lesson) => lesson.title);
    expect(order).toEqual(["Three", "One", "Two"]);
    // The drag-and-drop form sends the whole layout; one that is not exactly the course's sections and
    // lessons is refused.
    const [section] = await handle.db
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, Number(id)));
    const sectionId = section?.id ?? 0;
    const dragged = unwrap(
      await run(
        page(`/instructor/courses/${id}/curriculum`, "trainer", {
          intent: "rearrange",
          layout: `${sectionId}:${[ids[1], ids[0], ids[2]].join(",")}`,
          js: "1",
        }),
        curriculumAction,
        { id },
      ),
    );
    expect(dragged.body.ok).toBe(true);
    const afterDrag = (
      await handle.db
        .select()
        .from(lessons)
        .where(eq(lessons.courseId, Number(id)))
        .orderBy(lessons.position)
    ).map((lesson) => lesson.title);
    expect(afterDrag).toEqual(["Two", "One", "Three"]);
    for (const layout of [
      `${sectionId}:${ids[0]},${ids[1]}`,
      `${sectionId}:${ids[0]},${ids[0]},${ids[1]}`,
      `${sectionId + 1}:${ids.join(",")}`,
      "1:1,x",
      "0",
      "",
    ]) {
      const refused = unwrap(
        await run(
          page(`/instructor/courses/${id}/curriculum`, "trainer", { intent: "rearrange", layout, js: "1" }),
          curriculumAction,
          { id },
        ),
      );
      expect(refused.status, layout).toBeGreaterThanOrEqual(400);
      expect(refused.status, layout).toBeLessThan(500);
    }

    const published = (await run(
      page(`/instructor/courses/${id}`, "trainer", { intent: "publish" }),
      editorAction,
      { id },
    )) as Response;
    expect(published.status).toBe(302);
    const catalog = (await run(page("/courses?q=Page-made", null), courseListPage)) as {
      courses?: { id: number }[];
    } & Record<string, unknown>;
    expect(JSON.stringify(catalog)).toContain("Page-made course");
    const detail = (await run(page(`/ar/courses/${id}`, null), coursePage, { id })) as {
      course: { descriptionHtml: string; price: number };
    };
    expect(detail.course.descriptionHtml).toBe('<p dir="auto">Now <em>described</em>.</p>');
    expect(detail.course.price).toBe(0);
  });

  it("answers the editor per the policy: 404 draft / 403 published for another trainer, 403 learner, sign-in for guests", async () => {
    const draft = await createCourseFor(handle.db, trainer);
    const published = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    const status = async (who: string | null, id: number) => {
      const result = await run(page(`/instructor/courses/${id}`, who), editorLoader, { id: String(id) });
      return result instanceof Response ? result.status : 200;
    };
    expect(await status("trainer", draft.id)).toBe(200);
    expect(await status("admin", draft.id)).toBe(200);
    expect(await status("otherTrainer", draft.id)).toBe(404);
    expect(await status("otherTrainer", published.id)).toBe(403);
    expect(await status("learner", published.id)).toBe(403);
    expect(await status(null, published.id)).toBe(302);
    expect(await status("trainer", 0)).toBe(404);
    // Actions are guarded the same way as the page.
    const sneaky = await run(
      page(`/instructor/courses/${draft.id}`, "otherTrainer", { intent: "deleteCourse" }),
      editorAction,
      { id: String(draft.id) },
    );
    expect((sneaky as Response).status).toBe(404);
    expect(await handle.db.$count(courses, eq(courses.id, draft.id))).toBe(1);
  });

  it("deletes a lesson and a course through the confirmation forms; refuses a course with enrollments", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 2 });
    const id = String(course.id);
    const [first] = await handle.db
      .select()
      .from(lessons)
      .where(eq(lessons.courseId, course.id))
      .orderBy(lessons.position);
    await run(
      page(`/instructor/courses/${id}/curriculum`, "trainer", {
        intent: "deleteLesson",
        lessonId: String(first?.id),
      }),
      curriculumAction,
      { id },
    );
    const left = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(left.map((lesson) => lesson.position)).toEqual([1]);
    const deleted = (await run(
      page(`/instructor/courses/${id}`, "trainer", { intent: "deleteCourse" }),
      editorAction,
      { id },
    )) as Response;
    expect(deleted.headers.get("location")).toBe("/instructor");
    expect(await handle.db.$count(courses, eq(courses.id, course.id))).toBe(0);

    const sold = await createCourseFor(handle.db, trainer, { lessons: 1, published: true });
    await enroll(handle.db, learner.id, sold.id);
    const refused = (await run(
      page(`/instructor/courses/${sold.id}`, "trainer", { intent: "deleteCourse" }),
      editorAction,
      { id: String(sold.id) },
    )) as Response;
    expect(refused.status).toBe(302);
    expect(await handle.db.$count(courses, eq(courses.id, sold.id))).toBe(1);
    const view = (await run(page(`/instructor/courses/${sold.id}`, "trainer"), editorLoader, {
      id: String(sold.id),
    })) as { course: { enrollmentCount: number } };
    expect(view.course.enrollmentCount).toBe(1);
  });

  it("uploads a cover through the page and refuses a wrong type with a message", async () => {
    const course = await createCourseFor(handle.db, trainer);
    const id = String(course.id);
    const ok = (await run(
      page(
        `/instructor/courses/${id}`,
        "trainer",
        multipart(await imageBytes("jpeg"), "cover.jpg", { intent: "uploadCover" }),
      ),
      editorAction,
      { id },
    )) as Response;
    expect(ok.status).toBe(302);
    const [row] = await handle.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.imageUrl).toMatch(/^\/media\/images\/manara_[0-9a-f]{32}\.webp$/);
    const svg = new TextEncoder().encode("<svg/>");
    const refused = unwrap(
      await run(
        page(`/ar/instructor/courses/${id}`, "trainer", multipart(svg, "x.png", { intent: "uploadCover" })),
        editorAction,
        { id },
      ),
    );
    expect(refused.status).toBe(415);
    expect(String(refused.body.coverError)).toMatch(/[\u0600-\u06FF]/);
  });

  it("lists the studio paged by 10 with an admin trainer filter", async () => {
    const list = (await run(page("/instructor", "trainer"), studioList)) as {
      courses: { id: number }[];
      total: number;
      pageCount: number;
    };
    expect(list.courses.length).toBeLessThanOrEqual(10);
    expect(list.pageCount).toBe(Math.ceil(list.total / 10));
    const filtered = (await run(page(`/instructor?trainer=${otherTrainer.id}`, "admin"), studioList)) as {
      courses: { id: number }[];
      trainers: unknown[];
    };
    const theirs = await handle.db.$count(courses, eq(courses.trainerId, otherTrainer.id));
    expect(filtered.courses.length).toBe(Math.min(theirs, 10));
    expect(filtered.trainers.length).toBeGreaterThanOrEqual(2);
  });
});

describe("lesson PDFs through the curriculum page", () => {
  it("attaches a PDF to a lesson, replaces it (deleting the old file) and removes it; refuses images", async () => {
    const course = await createCourseFor(handle.db, trainer, { lessons: 1 });
    const id = String(course.id);
    const [lesson] = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    const url = `/instructor/courses/${id}/curriculum?lesson=${lesson?.id}`;
    const attach = async (bytes: Uint8Array, name: string) =>
      run(page(url, "trainer", multipart(bytes, name)), curriculumAction, { id });

    expect(((await attach(PDF_BYTES, "notes.pdf")) as Response).status).toBe(302);
    const [first] = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(first?.pdfUrl).toMatch(/^\/media\/raw\/manara_[0-9a-f]{32}$/);
    expect(((await attach(PDF_BYTES, "v2.pdf")) as Response).status).toBe(302);
    const [second] = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(second?.pdfPublicId).not.toBe(first?.pdfPublicId);
    // The replaced file is gone: its URL no longer answers, even to the trainer.
    const old = await run<Response>(page(first?.pdfUrl ?? "", "trainer"), mediaRaw, {
      publicId: first?.pdfPublicId ?? "",
    });
    expect((old as Response).status).toBe(404);

    const image = unwrap(await attach(await imageBytes("png"), "notes.pdf"));
    expect(image.status).toBe(415);
    expect(String(image.body.pdfError)).toContain("PDF");

    // A PDF that runs JavaScript when opened: refused with the form's message, the lesson keeps its PDF.
    const scripted = unwrap(await attach(hostilePdfs()[0]?.bytes ?? PDF_BYTES, "scripted.pdf"));
    expect(scripted.status).toBe(422);
    expect(String(scripted.body.pdfError)).toContain("JavaScript");
    const [kept] = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(kept?.pdfPublicId).toBe(second?.pdfPublicId);

    const removed = (await run(
      page(`/instructor/courses/${id}/curriculum`, "trainer", {
        intent: "removePdf",
        lessonId: String(lesson?.id),
      }),
      curriculumAction,
      { id },
    )) as Response;
    expect(removed.status).toBe(302);
    const [after] = await handle.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(after).toMatchObject({ pdfUrl: null, pdfPublicId: null });
  });
});

// Teachers' public profiles (issue 50, item 2): who has one, what it shows in each language, the studio's
// form (bio side by side, links, photo) and the API, and the course page and API pointing at it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCourseForViewer } from "../../app/courses/catalog.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, mediaUploads, type User, users } from "../../app/db/schema";
import { getInstructorProfile } from "../../app/instructors/profiles.server";
import { loader as courseApiGet } from "../../app/routes/api/course";
import { loader as publicApi } from "../../app/routes/api/instructor-public";
import { loader as profilePage } from "../../app/routes/instructor-profile";
import { action as editAction, loader as editLoader } from "../../app/routes/instructor-profile-edit";
import { cookieFor, createUser } from "./auth-helpers";
import { runRoute, settle } from "./route-context";
import { imageBytes } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let courseId: number;

// biome-ignore lint/suspicious/noExplicitAny: the tests read answers' JSON by path.
type Json = Record<string, any>;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  await handle.db
    .update(users)
    .set({ name: "Salma Haddad", nameAr: "سلمى حداد" })
    .where(eq(users.id, trainer.id));
  const [course] = await handle.db
    .insert(courses)
    .values({
      slug: "profile-course",
      title: "Profile course",
      titleAr: "دورة الملف",
      description: "d",
      category: "data-science",
      price: 0,
      isPublished: true,
      trainerId: trainer.id,
    })
    .returning({ id: courses.id });
  courseId = course?.id ?? 0;
});

afterAll(async () => {
  await handle?.close();
});

async function post(user: User, body: URLSearchParams | FormData, path = "/instructor/profile") {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: await cookieFor(handle.db, user.id) },
    body,
  });
  return (await settle(runRoute(handle.db, request, editAction as never))) as
    | Response
    | { data: Json; init: ResponseInit };
}

const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: ResponseInit }).init?.status ?? 200);

describe("who has a public profile", () => {
  it("a trainer with a published course; not a learner, a trainer with drafts only, or a deleted account", async () => {
    expect(await getInstructorProfile(handle.db, "en", trainer.id)).toMatchObject({
      name: "Salma Haddad",
      courses: [{ id: courseId }],
    });
    const learner = await createUser(handle.db, "user");
    expect(await getInstructorProfile(handle.db, "en", learner.id)).toBeNull();
    const drafter = await createUser(handle.db, "trainer");
    await handle.db.insert(courses).values({
      slug: "draft-only",
      title: "Draft",
      description: "d",
      category: "data-science",
      price: 0,
      isPublished: false,
      trainerId: drafter.id,
    });
    expect(await getInstructorProfile(handle.db, "en", drafter.id)).toBeNull();
    expect(await getInstructorProfile(handle.db, "en", "not-a-uuid")).toBeNull();
    const page = await runRoute(
      handle.db,
      new Request(`http://localhost/instructors/${learner.id}`),
      profilePage as never,
      {
        id: learner.id,
      },
    ).catch((error: unknown) => error);
    expect((page as Response).status).toBe(404);
  });
});

describe("the studio's profile form", () => {
  it("saves both bios and the links; Arabic pages show the Arabic bio, or the English one without it", async () => {
    const answer = await post(
      trainer,
      new URLSearchParams({
        intent: "save",
        bio: "I teach data.\n\nTen years of dashboards.",
        bioAr: "",
        links: "https://example.com/salma\n\nhttps://www.linkedin.com/in/salma",
      }),
    );
    expect(statusOf(answer)).toBe(302);
    const english = await getInstructorProfile(handle.db, "en", trainer.id);
    expect(english).toMatchObject({
      bio: "I teach data.\n\nTen years of dashboards.",
      links: ["https://example.com/salma", "https://www.linkedin.com/in/salma"],
    });
    expect((await getInstructorProfile(handle.db, "ar", trainer.id))?.bio).toBe(english?.bio);
    await post(
      trainer,
      new URLSearchParams({ intent: "save", bio: "I teach data.", bioAr: "أدرّس البيانات.", links: "" }),
    );
    const arabic = await getInstructorProfile(handle.db, "ar", trainer.id);
    expect(arabic).toMatchObject({ name: "سلمى حداد", bio: "أدرّس البيانات.", links: [] });
  });

  it("refuses a link that is not https, a fifth link and an over-long bio, and changes nothing", async () => {
    const before = await getInstructorProfile(handle.db, "en", trainer.id);
    for (const fields of <Record<string, string>[]>[
      { links: "http://example.com" },
      { links: "javascript:alert(1)" },
      { links: "https://a.com\nhttps://b.com\nhttps://c.com\nhttps://d.com\nhttps://e.com" },
      { bio: "x".repeat(1_501) },
    ]) {
      const answer = await post(trainer, new URLSearchParams({ intent: "save", bio: "changed", ...fields }));
      expect(statusOf(answer)).toBe(400);
      expect(Object.keys((answer as { data: Json }).data.fieldErrors ?? {}).length).toBeGreaterThan(0);
    }
    expect(await getInstructorProfile(handle.db, "en", trainer.id)).toEqual(before);
  });

  it("a learner may not use it", async () => {
    const learner = await createUser(handle.db, "user");
    const answer = await post(learner, new URLSearchParams({ intent: "save", bio: "me" })).catch(
      (error: unknown) => error,
    );
    expect((answer as Response).status).toBe(403);
  });

  it("a photo upload becomes the profile's photo; a new one replaces it and the old file goes; remove clears it", async () => {
    const upload = async (format: "png" | "jpeg") => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(await imageBytes(format))], `me.${format}`));
      return post(trainer, form);
    };
    expect(statusOf(await upload("png"))).toBe(302);
    const [first] = await handle.db.select().from(users).where(eq(users.id, trainer.id));
    expect(first?.avatarUrl).toMatch(/^\/media\/images\//);
    expect(statusOf(await upload("jpeg"))).toBe(302);
    const [second] = await handle.db.select().from(users).where(eq(users.id, trainer.id));
    expect(second?.avatarPublicId).not.toBe(first?.avatarPublicId);
    const old = await handle.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.publicId, first?.avatarPublicId ?? ""));
    expect(old).toEqual([]);
    const bad = new FormData();
    bad.set("file", new File(["not an image"], "me.png"));
    expect(statusOf(await post(trainer, bad))).toBeGreaterThanOrEqual(400);
    expect(statusOf(await post(trainer, new URLSearchParams({ intent: "removePhoto" })))).toBe(302);
    const [cleared] = await handle.db.select().from(users).where(eq(users.id, trainer.id));
    expect(cleared).toMatchObject({ avatarUrl: null, avatarPublicId: null });
  });

  it("the form's page shows what is saved and the way to the public profile", async () => {
    const request = new Request("http://localhost/ar/instructor/profile", {
      headers: { Cookie: await cookieFor(handle.db, trainer.id) },
    });
    const page = (await runRoute(handle.db, request, editLoader as never)) as Json;
    expect(page.values).toMatchObject({ bio: "I teach data.", bioAr: "أدرّس البيانات." });
    expect(page.publicPath).toBe(`/ar/instructors/${trainer.id}`);
  });
});

describe("the course and the API", () => {
  it("the course names its instructor with the bio in the page's language", async () => {
    const course = await getCourseForViewer(handle.db, "ar", courseId, null);
    expect(course?.instructor).toEqual({
      id: trainer.id,
      name: "سلمى حداد",
      bio: "أدرّس البيانات.",
      avatarUrl: null,
    });
    const answer = (await runRoute(
      handle.db,
      new Request(`http://localhost/api/courses/${courseId}`),
      courseApiGet as never,
      { id: String(courseId) },
    )) as Response;
    expect(((await answer.json()) as Json).course.instructor).toMatchObject({
      id: trainer.id,
      bio: "I teach data.",
    });
  });

  it("GET /api/instructors/:id answers the profile with its courses, in the Accept-Language language", async () => {
    const request = new Request(`http://localhost/api/instructors/${trainer.id}`, {
      headers: { "Accept-Language": "ar" },
    });
    const answer = (await runRoute(handle.db, request, publicApi as never, { id: trainer.id })) as Response;
    expect(answer.status).toBe(200);
    const { instructor } = (await answer.json()) as Json;
    expect(instructor).toMatchObject({ id: trainer.id, name: "سلمى حداد", bio: "أدرّس البيانات." });
    expect(instructor.courses.map((course: Json) => course.id)).toEqual([courseId]);
  });
});

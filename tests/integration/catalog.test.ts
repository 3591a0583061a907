import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getCourseForViewer, listPublishedCourses } from "../../app/courses/catalog.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, lessons, type User, users, videos } from "../../app/db/schema";
import { loader as courseLoader } from "../../app/routes/course";
import { loader as coursesLoader } from "../../app/routes/courses";
import { setFreePreview } from "../../app/video/videos.server";
import { runRoute, settle } from "./route-context";
import { withSection } from "./section-rows";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let publishedId: number;
let draftId: number;
let trainer: User;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [created] = await handle.db
    .insert(users)
    .values({ name: "Trainer", email: "t@example.com", role: "trainer" })
    .returning();
  if (!created) throw new Error("no trainer");
  trainer = created;
  const trainerId = trainer.id;
  const rows = await handle.db
    .insert(courses)
    .values([
      {
        slug: "published",
        title: "Published course",
        titleAr: "دورة منشورة",
        description: "English description",
        descriptionAr: "",
        category: "data-science",
        price: 0,
        isPublished: true,
        trainerId,
      },
      { slug: "draft", title: "Draft course", description: "Hidden", category: "data-science", trainerId },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  publishedId = rows.find((row) => row.slug === "published")?.id ?? 0;
  draftId = rows.find((row) => row.slug === "draft")?.id ?? 0;
});
afterAll(() => handle?.close());

describe("public catalog", () => {
  it("lists published courses only, with the default thumbnail when there is no image", async () => {
    const { items, total } = await listPublishedCourses(handle.db, "en", { limit: 10, offset: 0 });
    expect(total).toBe(1);
    expect(items.map((item) => item.title)).toEqual(["Published course"]);
    expect(items[0]?.image).toBe("/images/course.jpg");
  });

  it("shows Arabic columns on Arabic pages and falls back to English when one is empty", async () => {
    const course = await getCourseForViewer(handle.db, "ar", publishedId, null);
    expect(course?.title).toBe("دورة منشورة");
    expect(course?.description).toBe("English description");
  });

  it("answers 404 for a draft, an unknown id and a malformed id", async () => {
    for (const id of [String(draftId), "999999", "abc", "1e3", "-1"]) {
      const result = await settle(
        runRoute(handle.db, new Request(`http://test/courses/${id}`), courseLoader as never, { id }),
      );
      expect(result, id).toBeInstanceOf(Response);
      expect((result as Response).status, id).toBe(404);
    }
  });

  it("prices free courses with the localized free label", async () => {
    const data = (await runRoute(
      handle.db,
      new Request("http://test/ar/courses"),
      coursesLoader as never,
    )) as {
      courses: { priceLabel: string }[];
    };
    expect(data.courses[0]?.priceLabel).toBe("مجانية");
  });
});

describe("a published course's page for a signed-out visitor", () => {
  type CoursePage = { previews: { lessonId: number }[] };
  const view = () =>
    runRoute(handle.db, new Request(`http://test/courses/${publishedId}`), courseLoader as never, {
      id: String(publishedId),
    }) as Promise<CoursePage>;

  it("reads nothing again while fresh, free previews included, and shows a new free preview at once", async () => {
    const [video] = await handle.db
      .insert(videos)
      .values({ provider: "local", fileName: "a.mp4", size: 10, bytesReceived: 10, status: "ready" })
      .returning({ id: videos.id });
    const [lesson] = await handle.db
      .insert(lessons)
      .values(
        await withSection(handle.db, {
          courseId: publishedId,
          position: 1,
          title: "Intro",
          videoId: video?.id,
        }),
      )
      .returning({ id: lessons.id });
    expect((await view()).previews).toEqual([]);

    // Course, lessons, reviews and previews are all kept: a second view sends no statement.
    const select = vi.spyOn(handle.db, "select");
    const execute = vi.spyOn(handle.db, "execute");
    try {
      expect((await view()).previews).toEqual([]);
      expect(select).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }

    // The studio's change announces itself (decision 038), so what was kept is forgotten at once.
    expect(await setFreePreview(handle.db, trainer, publishedId, lesson?.id ?? 0, true)).toEqual({
      ok: true,
    });
    expect((await view()).previews.map((preview) => preview.lessonId)).toEqual([lesson?.id]);
  });
});

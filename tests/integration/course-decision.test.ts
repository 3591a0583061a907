// A course page people can decide on (issue 50, item 2): what the course teaches, asks first and is for, in
// both languages with the Arabic falling back to the English, the languages it is taught in, its last update
// and how many hold it; saved by the studio (form and API rules alike) and read by the page and the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCourseForViewer } from "../../app/courses/catalog.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import type { User } from "../../app/db/schema";
import { loader as apiCourse } from "../../app/routes/api/course";
import { loader as courseLoader } from "../../app/routes/course";
import { createCourse, setPublished, updateCourse } from "../../app/studio/courses.server";
import { ApiCourseUpdate, CourseLandingForm } from "../../app/studio/inputs";
import { createUser } from "./auth-helpers";
import { runRoute } from "./route-context";
import { enroll, tempMediaStore } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let courseId = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  // As the landing form posts it: one item per line, blank lines and spaces around them dropped.
  const fields = CourseLandingForm.parse({
    title: "Data with SQL",
    titleAr: "البيانات مع SQL",
    category: "data-science",
    description: "Learn SQL.",
    price: "25",
    outcomes: "Write joins\r\n\r\n  Read a query plan  \nIndex what matters",
    outcomesAr: "كتابة الربط\nقراءة خطة الاستعلام",
    requirements: "Basic spreadsheets",
    requirementsAr: "",
    audience: "Analysts",
    audienceAr: "المحللون",
    languages: "en ar",
  });
  const created = await createCourse(handle.db, trainer, {
    ...fields,
    lessons: [{ title: "Intro", durationMinutes: 5, titleAr: null }],
  });
  if (!created.ok) throw new Error(created.reason);
  courseId = created.course.id;
  const published = await setPublished(handle.db, trainer, courseId, true);
  if (!published.ok) throw new Error(published.reason);
  for (const role of ["user", "user"] as const)
    await enroll(handle.db, (await createUser(handle.db, role)).id, courseId);
});
afterAll(() => handle?.close());

describe("the decision fields", () => {
  it("are saved as lists and read in the page's language, an empty Arabic list falling back to the English", async () => {
    const english = await getCourseForViewer(handle.db, "en", courseId, null);
    expect(english).toMatchObject({
      outcomes: ["Write joins", "Read a query plan", "Index what matters"],
      requirements: ["Basic spreadsheets"],
      audience: ["Analysts"],
      languages: ["en", "ar"],
      learnerCount: 2,
    });
    const arabic = await getCourseForViewer(handle.db, "ar", courseId, null);
    expect(arabic).toMatchObject({
      outcomes: ["كتابة الربط", "قراءة خطة الاستعلام"],
      requirements: ["Basic spreadsheets"],
      audience: ["المحللون"],
    });
  });

  it("show on the course page with the last update and the learners, and in the API", async () => {
    const page = (await runRoute(
      handle.db,
      new Request(`http://test/ar/courses/${courseId}`),
      courseLoader as never,
      {
        id: String(courseId),
      },
    )) as { course: { outcomes: string[]; learnerCount: number; updatedLabel: string } };
    expect(page.course.outcomes).toHaveLength(2);
    expect(page.course.learnerCount).toBe(2);
    expect(page.course.updatedLabel).toMatch(/\d{4}|[٠-٩]{4}/);
    const response = (await runRoute(
      handle.db,
      new Request(`http://test/api/courses/${courseId}`),
      apiCourse as never,
      {
        id: String(courseId),
      },
    )) as Response;
    const { course } = (await response.json()) as { course: Record<string, unknown> };
    expect(course).toMatchObject({
      outcomes: ["Write joins", "Read a query plan", "Index what matters"],
      requirements: ["Basic spreadsheets"],
      audience: ["Analysts"],
      languages: ["en", "ar"],
      learnerCount: 2,
      instructor: { id: trainer.id, name: trainer.name },
    });
    expect(new Date(String(course.updatedAt)).getTime()).not.toBeNaN();
  });

  it("change through the API's rules: a list left out stays, languages keep their order", async () => {
    const changes = ApiCourseUpdate.parse({
      audience: ["Data analysts", " ", "Product managers"],
      languages: ["ar"],
    });
    const { audience, languages } = changes;
    const updated = await updateCourse(handle.db, tempMediaStore(), trainer, courseId, {
      audience,
      languages,
    });
    if (!updated.ok) throw new Error(updated.reason);
    expect(updated.course).toMatchObject({
      audience: ["Data analysts", "Product managers"],
      outcomes: ["Write joins", "Read a query plan", "Index what matters"],
      languages: ["ar"],
    });
  });
});

describe("their limits", () => {
  const form = (extra: Record<string, string>) =>
    CourseLandingForm.safeParse({
      title: "T",
      category: "data-science",
      description: "",
      price: "0",
      ...extra,
    });
  const messages = (result: ReturnType<typeof form>) =>
    result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`);

  it("refuse a 13th item, an item over 200 characters, and a language the platform does not teach in", () => {
    expect(
      messages(form({ outcomes: Array.from({ length: 13 }, (_, at) => `Item ${at}`).join("\n") })),
    ).toEqual(["outcomes:errors.listTooLong"]);
    expect(messages(form({ requirementsAr: "x".repeat(201) }))).toEqual([
      "requirementsAr:errors.listItemTooLong",
    ]);
    expect(messages(form({ languages: "fr" }))).toEqual(["languages:errors.languagesInvalid"]);
    expect(messages(form({ audience: "a\u0000b" }))).toEqual(["audience:errors.invalid"]);
    expect(form({}).data?.languages).toEqual(["en"]);
    for (const languages of [[], ["fr"], "en", [1]])
      expect(ApiCourseUpdate.safeParse({ languages }).success, JSON.stringify(languages)).toBe(false);
  });
});

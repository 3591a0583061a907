// The catalog's derived tables (course_search, catalog_counts; migration 0013) and the search's query shape:
// totals stay exact through every kind of write to courses, and a search answers exactly what ILIKE did.
import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublishedCourses } from "../../app/courses/catalog.server";
import { COURSE_CATEGORIES, type CourseCategory } from "../../app/courses/categories";
import { translateTechTerms } from "../../app/courses/glossary";
import { containsPattern, foldSearchText } from "../../app/courses/search";
import type { DatabaseHandle } from "../../app/db/client.server";
import { catalogCounts, courseSearch, courses, type User } from "../../app/db/schema";
import { createUser } from "./auth-helpers";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
let sequence = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
});
afterAll(() => handle?.close());

type NewCourse = Partial<typeof courses.$inferInsert> & { title: string };

async function insertCourses(rows: NewCourse[]): Promise<number[]> {
  const inserted = await handle.db
    .insert(courses)
    .values(
      rows.map((row) => ({
        slug: `scale-${++sequence}`,
        description: "",
        category: "web-development" as const,
        trainerId: trainer.id,
        ...row,
      })),
    )
    .returning({ id: courses.id });
  return inserted.map((row) => row.id);
}

/** What the derived tables must equal: computed from courses itself. */
async function expectDerivedTablesExact() {
  const published = await handle.db
    .select({
      id: courses.id,
      category: courses.category,
      price: courses.price,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .where(eq(courses.isPublished, true));
  const searchRows = await handle.db
    .select({
      id: courseSearch.courseId,
      category: courseSearch.category,
      price: courseSearch.price,
      createdAt: courseSearch.createdAt,
    })
    .from(courseSearch);
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  expect(searchRows.sort(byId)).toEqual(published.sort(byId));
  const [mismatched] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(courseSearch)
    .innerJoin(courses, eq(courses.id, courseSearch.courseId))
    .where(sql`${courseSearch.searchText} is distinct from ${courses.searchText}`);
  expect(mismatched?.n).toBe(0);
  for (const category of COURSE_CATEGORIES) {
    const expected = published.filter((row) => row.category === category).length;
    const { total } = await listPublishedCourses(handle.db, "en", { limit: 1, offset: 0, category });
    expect(total, category).toBe(expected);
  }
  const { total } = await listPublishedCourses(handle.db, "en", { limit: 1, offset: 0 });
  expect(total).toBe(published.length);
}

describe("course_search and catalog_counts follow courses", () => {
  it("on inserts of published courses and drafts, one by one and many in one statement", async () => {
    await insertCourses([{ title: "Solo published", isPublished: true, category: "data-science" }]);
    await insertCourses([{ title: "Solo draft" }]);
    await insertCourses(
      Array.from({ length: 30 }, (_, index) => ({
        title: `Bulk ${index}`,
        isPublished: index % 3 !== 0,
        category: COURSE_CATEGORIES[index % COURSE_CATEGORIES.length] as CourseCategory,
        price: index * 100,
      })),
    );
    await expectDerivedTablesExact();
  });

  it("on publishing, unpublishing, moving category, repricing and retitling", async () => {
    const [draft, listed, other] = await insertCourses([
      { title: "To publish" },
      { title: "To move", isPublished: true, category: "game-development" },
      { title: "To unpublish", isPublished: true, category: "game-development" },
    ]);
    const db = handle.db;
    await db
      .update(courses)
      .set({ isPublished: true })
      .where(eq(courses.id, draft ?? 0));
    await db
      .update(courses)
      .set({ category: "mobile-development", price: 2500, title: "Moved and renamed" })
      .where(eq(courses.id, listed ?? 0));
    await db
      .update(courses)
      .set({ isPublished: false })
      .where(eq(courses.id, other ?? 0));
    // A change that is not the listing's (rating totals, as a review writes them) leaves both tables as they are.
    await db
      .update(courses)
      .set({ ratingSum: 5, ratingCount: 1 })
      .where(eq(courses.id, listed ?? 0));
    await expectDerivedTablesExact();
    const renamed = await listPublishedCourses(db, "en", { limit: 5, offset: 0, q: "moved and renamed" });
    expect(renamed.items.map((item) => [item.id, item.category, item.price])).toEqual([
      [listed, "mobile-development", 2500],
    ]);
    expect(renamed.total).toBe(1);
  });

  it("on many rows changed in one statement, and on deletes", async () => {
    const db = handle.db;
    await db
      .update(courses)
      .set({ isPublished: sql`not ${courses.isPublished}`, category: "software-engineering" })
      .where(sql`${courses.title} like 'Bulk %'`);
    await expectDerivedTablesExact();
    await db.delete(courses).where(sql`${courses.title} like 'Bulk 1%'`);
    await expectDerivedTablesExact();
  });

  it("never keeps a negative count", async () => {
    const counts = await handle.db.select().from(catalogCounts);
    expect(counts.every((row) => row.published >= 0)).toBe(true);
  });
});

describe("search shape", () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    const [docker1, docker2, docker3, dockerDraft, kube] = await insertCourses([
      {
        title: "Docker basics",
        isPublished: true,
        category: "cloud-computing",
        price: 900,
        createdAt: new Date("2026-02-01"),
      },
      {
        title: "Docker in production",
        isPublished: true,
        category: "cloud-computing",
        price: 100,
        createdAt: new Date("2026-02-02"),
      },
      {
        title: "Docker for data",
        isPublished: true,
        category: "data-science",
        price: 500,
        createdAt: new Date("2026-02-03"),
      },
      { title: "Docker draft", isPublished: false, category: "cloud-computing" },
      {
        title: "Kubernetes",
        description: "Clusters, not DOCKER",
        isPublished: true,
        category: "cloud-computing",
        price: 300,
        createdAt: new Date("2026-02-04"),
      },
    ]);
    ids = {
      docker1: docker1 ?? 0,
      docker2: docker2 ?? 0,
      docker3: docker3 ?? 0,
      dockerDraft: dockerDraft ?? 0,
      kube: kube ?? 0,
    };
  });

  const search = (options: {
    q: string;
    category?: CourseCategory;
    sort?: "newest" | "price-asc" | "price-desc";
    offset?: number;
    limit?: number;
  }) => listPublishedCourses(handle.db, "en", { limit: 2, offset: 0, ...options });

  it("combines a search with a category, newest first, with an exact total", async () => {
    const page = await search({ q: "docker", category: "cloud-computing" });
    expect(page.items.map((item) => item.id)).toEqual([ids.kube, ids.docker2]);
    expect(page.total).toBe(3);
    const next = await search({ q: "docker", category: "cloud-computing", offset: 2 });
    expect(next.items.map((item) => item.id)).toEqual([ids.docker1]);
    expect(next.total).toBe(3);
  });

  it("answers nothing, with a total of 0, for a search and category that do not meet", async () => {
    expect(await search({ q: "docker", category: "game-development" })).toEqual({ items: [], total: 0 });
  });

  it("keeps the exact total on a page past the last match", async () => {
    expect(await search({ q: "docker", offset: 40 })).toEqual({ items: [], total: 4 });
  });

  it("sorts a search by price both ways", async () => {
    const cheapest = await search({ q: "docker", sort: "price-asc", limit: 10 });
    expect(cheapest.items.map((item) => item.id)).toEqual([ids.docker2, ids.kube, ids.docker3, ids.docker1]);
    const dearest = await search({ q: "docker", sort: "price-desc", limit: 10 });
    expect(dearest.items.map((item) => item.id)).toEqual([ids.docker1, ids.docker3, ids.kube, ids.docker2]);
  });

  it("matches exactly the rows ILIKE on courses.search_text matched, whatever the case or script", async () => {
    await insertCourses(
      [
        "ÉCOLE Numérique",
        "STRASSE und Straße",
        "İstanbul DEVELOPERS",
        "ΣΟΦΙΑ σοφία",
        "إدارة المشاريع",
        "بايثون Python للمبتدئين",
        "100% off_sale \\ backslash",
      ].map((title) => ({ title, isPublished: true })),
    );
    const queries = [
      "école",
      "ÉCOLE",
      "straße",
      "STRASSE",
      "i̇stanbul",
      "istanbul",
      "σοφια",
      "ΣΟΦΊΑ",
      "اداره",
      "بايثون",
      "python",
      "100%",
      "_",
      "\\",
      "developers",
      // Shorter than a trigram: matched with strpos rather than LIKE.
      "e",
      "DE",
      "اد",
      "جي اس",
    ];
    for (const q of queries) {
      const folded = foldSearchText(q);
      const translated = translateTechTerms(folded);
      const before = await handle.db
        .select({ id: courses.id })
        .from(courses)
        .where(
          and(
            eq(courses.isPublished, true),
            translated
              ? or(
                  ilike(courses.searchText, containsPattern(folded)),
                  ilike(courses.searchText, containsPattern(translated)),
                )
              : ilike(courses.searchText, containsPattern(folded)),
          ),
        );
      const now = await search({ q, limit: 100 });
      expect(now.items.map((item) => item.id).sort(), q).toEqual(before.map((row) => row.id).sort());
      expect(now.total, q).toBe(before.length);
    }
  });

  it("never lists a draft, even if it matches", async () => {
    const page = await search({ q: "docker draft", limit: 10 });
    expect(page).toEqual({ items: [], total: 0 });
    const listed = (await search({ q: "docker", limit: 10 })).items.map((item) => item.id);
    expect(listed).not.toContain(ids.dockerDraft);
    const [row] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(courseSearch)
      .where(inArray(courseSearch.courseId, [ids.dockerDraft ?? 0]));
    expect(row?.n).toBe(0);
  });
});

// The catalog's derived tables (course_search, catalog_counts; migration 0013) and the search's query shape:
// totals stay exact through every kind of write to courses, and a search answers exactly what ILIKE did.
import type { PGlite } from "@electric-sql/pglite";
import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublishedCourses } from "../../app/courses/catalog.server";
import { COURSE_CATEGORIES, type CourseCategory } from "../../app/courses/categories";
import { translateTechTerms } from "../../app/courses/glossary";
import { containsPattern, foldSearchText } from "../../app/courses/search";
import type { Database, DatabaseHandle } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";
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
        "C# and F# for .NET",
        "Rocket🚀launch",
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
      // Shorter than a trigram: looked up among the text's one- and two-character substrings.
      "e",
      "DE",
      "اد",
      "ΣΟ",
      "c#",
      "#",
      "_s",
      "0%",
      "t🚀",
      "🚀",
      "zq",
      // "js" beside "جي اس" (a short term beside a longer one): the strpos scan.
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

describe("a search shorter than a trigram", () => {
  type Statement = { query: string; params: unknown[] };
  /** The driver's own client under drizzle (PGlite, or node-postgres's pool). */
  const rawClient = () => (handle.db as unknown as { $client: unknown }).$client;

  /**
   * The statements a call sends, in order, through a logging drizzle on the same connection. Transaction
   * control (`begin`, `commit`) is left out: drizzle sends it as statements through node-postgres.
   */
  async function statementsOf(call: (db: Database) => Promise<unknown>): Promise<Statement[]> {
    const statements: Statement[] = [];
    const logger = {
      logQuery: (query: string, params: unknown[]) => {
        if (!/^(begin|commit|rollback)\b/i.test(query)) statements.push({ query, params });
      },
    };
    const client = rawClient();
    const db =
      handle.driver === "pglite"
        ? drizzlePglite(client as PGlite, { schema, logger })
        : drizzleNodePg(client as pg.Pool, { schema, logger });
    await call(db as unknown as Database);
    return statements;
  }

  /** Each statement's plan, explained in one transaction in the order they were sent (settings included). */
  async function plansOf(statements: Statement[]): Promise<string[]> {
    const plans: string[] = [];
    const explain = async (
      send: (query: string, params: unknown[]) => Promise<Record<string, unknown>[]>,
    ) => {
      for (const { query, params } of statements) {
        if (query.startsWith("select set_config")) await send(query, params);
        else plans.push((await send(`explain ${query}`, params)).map((row) => row["QUERY PLAN"]).join("\n"));
      }
    };
    if (handle.driver === "pglite") {
      await (rawClient() as PGlite).transaction((tx) =>
        explain(async (query, params) => (await tx.query<Record<string, unknown>>(query, params)).rows),
      );
    } else {
      const connection = await (rawClient() as pg.Pool).connect();
      try {
        await connection.query("begin");
        await explain(async (query, params) => (await connection.query(query, params)).rows);
      } finally {
        await connection.query("rollback");
        connection.release();
      }
    }
    return plans;
  }

  beforeAll(async () => {
    await insertCourses(
      Array.from({ length: 200 }, (_, index) => ({
        title: `Go course ${index}`,
        isPublished: true,
        category: COURSE_CATEGORIES[index % COURSE_CATEGORIES.length] as CourseCategory,
      })),
    );
    await handle.db.execute(sql`analyze course_search`);
  });

  /** How the page was read: by a walk that found it, or by collecting the matches (decision 036). */
  function routeOf(statements: Statement[]): "walk" | "collect" {
    return statements.some((statement) => statement.query.includes("count(*) over ()")) ? "collect" : "walk";
  }

  const ORDER_INDEX = {
    newest: "course_search_newest_idx",
    "price-asc": "course_search_price_asc_idx",
    "price-desc": "course_search_price_desc_idx",
  } as const;

  /** A statement's first words, enough to tell the settings, the walk or collection, and the count apart. */
  const shapeOf = (statements: Statement[]) =>
    statements.map(({ query }) =>
      query.startsWith("select set_config")
        ? "settings"
        : query.startsWith("select count(*)")
          ? "count"
          : query.includes("count(*) over ()")
            ? "collect"
            : "walk",
    );

  it("walks in the page's order, then counts through the index, for a term in many courses", async () => {
    for (const options of [
      { q: "go" },
      { q: "o" },
      // About 20 of the category's "go" courses among some 230, spread through the order.
      { q: "go", category: "data-science" as const, sort: "price-asc" as const, limit: 1 },
      { q: "go course", sort: "price-desc" as const },
    ]) {
      const label = JSON.stringify(options);
      const statements = await statementsOf((db) =>
        listPublishedCourses(db, "en", { limit: 3, offset: 0, ...options }),
      );
      expect(shapeOf(statements), label).toEqual(["settings", "walk", "settings", "count"]);
      const [walk, count] = await plansOf(statements);
      expect(walk, label).toContain(
        `Index Scan using ${ORDER_INDEX[options.sort ?? "newest"]} on course_search`,
      );
      expect(walk, label).not.toMatch(/Bitmap|Seq Scan on course_search|search_short_grams/);
      // The walk is already in order: nothing sorts course_search's rows.
      expect(walk, label).not.toMatch(/Sort/);
      if (options.q.length < 3) {
        expect(count, label).toContain("Bitmap Index Scan on course_search_short_grams_idx");
        expect(count, label).not.toMatch(/Seq Scan on course_search|Index Scan using course_search/);
        // Only an index condition or a recheck may name the function; a Filter would call it on every row.
        expect(count, label).not.toMatch(/Filter: .*search_short_grams/);
      }
    }
  });

  it("collects a few matches through the index when the walk comes back short, never calling search_short_grams row by row", async () => {
    await insertCourses([
      { title: "Rare xq topic", isPublished: true },
      { title: "Another xq topic", isPublished: true, category: "data-science" },
    ]);
    await handle.db.execute(sql`analyze course_search`);
    for (const options of [
      { q: "xq", index: "course_search_short_grams_idx", shape: ["settings", "walk", "settings", "collect"] },
      {
        q: "xq",
        category: "data-science" as const,
        index: "course_search_short_grams_idx",
        shape: ["settings", "walk", "settings", "collect"],
      },
      { q: "rare xq", index: "course_search_trgm_idx", shape: ["settings", "walk", "settings", "collect"] },
      // Deeper than any walk: collected at once, and past the last match, so counted on its own.
      {
        q: "go",
        offset: 10_000,
        index: "course_search_short_grams_idx",
        shape: ["settings", "collect", "count"],
      },
    ]) {
      const label = JSON.stringify(options);
      const statements = await statementsOf((db) =>
        listPublishedCourses(db, "en", { limit: 3, offset: 0, ...options }),
      );
      expect(shapeOf(statements), label).toEqual(options.shape);
      const plans = await plansOf(statements);
      for (const plan of options.shape[1] === "walk" ? plans.slice(1) : plans) {
        expect(plan, label).toContain(`Bitmap Index Scan on ${options.index}`);
        expect(plan, label).not.toMatch(/Seq Scan on course_search|Index Scan using course_search/);
        expect(plan, label).not.toMatch(/Filter: .*search_short_grams/);
      }
    }
  });

  it("never calls search_short_grams for a search of three characters or more, or a short term beside a longer one", async () => {
    for (const q of ["golang", "go course", "جي اس"]) {
      const statements = await statementsOf((db) =>
        listPublishedCourses(db, "ar", { limit: 12, offset: 0, q }),
      );
      expect(statements.map((statement) => statement.query).join("\n"), q).not.toMatch(/search_short_grams/);
    }
    // A longer term's count is the planner's own choice (every setting on).
    const statements = await statementsOf((db) =>
      listPublishedCourses(db, "en", { limit: 3, offset: 0, q: "go course" }),
    );
    expect(statements[2]?.params.slice(0, 4)).toEqual(["on", "on", "on", "on"]);
  });

  it("pages through a search the same whichever route each page takes", async () => {
    for (const sort of ["newest", "price-asc", "price-desc"] as const) {
      for (const category of [undefined, "data-science" as const]) {
        const expected = await handle.db
          .select({ id: courses.id })
          .from(courses)
          .where(
            and(
              eq(courses.isPublished, true),
              ilike(courses.searchText, "%go%"),
              category ? eq(courses.category, category) : undefined,
            ),
          )
          .orderBy(
            ...(sort === "newest"
              ? []
              : [sort === "price-asc" ? sql`${courses.price} asc` : sql`${courses.price} desc`]),
            sql`${courses.createdAt} desc`,
            sql`${courses.id} desc`,
          );
        const seen: number[] = [];
        const routes = new Set<string>();
        for (let offset = 0; offset < expected.length; offset += 12) {
          const statements = await statementsOf(async (db) => {
            const answer = await listPublishedCourses(db, "en", {
              limit: 12,
              offset,
              q: "go",
              sort,
              category,
            });
            expect(answer.total).toBe(expected.length);
            seen.push(...answer.items.map((item) => item.id));
          });
          routes.add(routeOf(statements));
        }
        const label = `${sort} ${category ?? "every category"}`;
        expect(seen, label).toEqual(expected.map((row) => row.id));
        // Both routes were taken on the way (early pages walk, the last ones collect).
        if (!category) expect([...routes].sort(), label).toEqual(["collect", "walk"]);
      }
    }
  });

  it("collects instead when a walk runs out of budget before its page (matches bunched at the far end)", async () => {
    // 60 of the oldest courses share a word; 600 newer ones push them past the walk's budget (150 rows for 3).
    await insertCourses(
      Array.from({ length: 60 }, (_, index) => ({
        title: `Ancient qv lore ${index}`,
        isPublished: true,
        createdAt: new Date(Date.UTC(2001, 0, 1, 0, index)),
      })),
    );
    await insertCourses(
      Array.from({ length: 600 }, (_, index) => ({ title: `Filler ${index}`, isPublished: true })),
    );
    await handle.db.execute(sql`analyze course_search`);
    for (const q of ["qv", "qv lore"]) {
      const statements = await statementsOf((db) =>
        listPublishedCourses(db, "en", { limit: 3, offset: 0, q }),
      );
      expect(shapeOf(statements), q).toEqual(["settings", "walk", "settings", "collect"]);
      const page = await listPublishedCourses(handle.db, "en", { limit: 3, offset: 0, q });
      expect(page.total, q).toBe(60);
      expect(
        page.items.map((item) => item.title),
        q,
      ).toEqual(["Ancient qv lore 59", "Ancient qv lore 58", "Ancient qv lore 57"]);
      // Page 20 of the same search: its budget (3,000 rows) is more than the table, so the walk finds it.
      const deep = await statementsOf((db) => listPublishedCourses(db, "en", { limit: 3, offset: 57, q }));
      expect(shapeOf(deep), q).toEqual(["settings", "walk", "settings", "count"]);
    }
  });

  it("finds the same courses as before, whatever the term's length", async () => {
    const page = await listPublishedCourses(handle.db, "en", { limit: 200, offset: 0, q: "GO c" });
    const short = await listPublishedCourses(handle.db, "en", { limit: 500, offset: 0, q: "Go" });
    expect(page.total).toBe(200);
    expect(short.total).toBeGreaterThanOrEqual(200);
    expect(short.items.filter((item) => item.title.startsWith("Go course"))).toHaveLength(200);
  });
});

// Public lists kept in memory (app/lib/public-reads.server.ts): read once while fresh, shared by concurrent
// requests, forgotten on any write statement to a table a public list reads (whoever sends it through the
// handle), read around during a state-changing request and forgotten after it, never kept when a change
// came while reading — on a real database, so the drizzle logger that sees the writes is the app's own.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listPublishedCourses } from "../../app/courses/catalog.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { courses, sessions, users } from "../../app/db/schema";
import {
  mayChangePublicContent,
  publicContentChanged,
  publicReadsMiddleware,
  readPublic,
} from "../../app/lib/public-reads.server";
import { databaseContext } from "../../app/middleware/database.server";
import { PUBLIC_UNCHANGED_HEADER } from "../../server/response-cache.mjs";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainerId = "";
let counter = 0;

function contextFor(db: object = handle.db): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, db as DatabaseHandle["db"]);
  return context;
}

async function addCourse(published = true) {
  counter += 1;
  await handle.db.insert(courses).values({
    slug: `public-reads-${counter}`,
    title: `Course ${counter}`,
    description: "About it",
    category: "data-science",
    price: 0,
    isPublished: published,
    trainerId,
  });
}

/** The catalog's first page through the cache, counting how often the database was asked. */
function catalog(context = contextFor()) {
  const read = vi.fn(() => listPublishedCourses(handle.db, "en", { limit: 50, offset: 0 }));
  return { read, result: readPublic(context, ["courses", "en", { limit: 50 }], read) };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const [trainer] = await handle.db
    .insert(users)
    .values({ name: "Trainer", email: "reads@example.com", role: "trainer" })
    .returning();
  trainerId = trainer?.id ?? "";
  await addCourse();
});
afterAll(() => handle?.close());

describe("what counts as a change to public content", () => {
  it("is any write except plain writes to private tables, and never a read", () => {
    expect(mayChangePublicContent('insert into "courses" ("title") values ($1)')).toBe(true);
    expect(mayChangePublicContent('update "users" set "name" = $1')).toBe(true);
    expect(mayChangePublicContent('delete from "course_reviews" where "id" = $1')).toBe(true);
    expect(mayChangePublicContent('with moved as (select 1) update "courses" set "price" = 1')).toBe(true);
    expect(mayChangePublicContent('insert into "lesson_progress" ("user_id") values ($1)')).toBe(false);
    expect(mayChangePublicContent('update "sessions" set "last_seen_at" = $1')).toBe(false);
    expect(mayChangePublicContent('delete from "rate_limits" where "key" = $1')).toBe(false);
    expect(mayChangePublicContent('select * from "courses" where "id" = $1 for update')).toBe(false);
    expect(mayChangePublicContent('select "updated_at", "deleted" from "courses"')).toBe(false);
  });
});

describe("readPublic", () => {
  it("reads a list once while it is fresh, and again after it expires", async () => {
    publicContentChanged(handle.db);
    const first = catalog();
    const firstItems = (await first.result).items;
    const second = catalog();
    expect((await second.result).items).toBe(firstItems);
    expect(first.read).toHaveBeenCalledTimes(1);
    expect(second.read).not.toHaveBeenCalled();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 5_001);
      const later = catalog();
      await later.result;
      expect(later.read).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shares one read between requests asking at the same time", async () => {
    publicContentChanged(handle.db);
    const calls = [catalog(), catalog(), catalog()];
    await Promise.all(calls.map((call) => call.result));
    expect(calls.reduce((sum, call) => sum + call.read.mock.calls.length, 0)).toBe(1);
  });

  it("sees a course inserted straight through the database handle, but not a session written", async () => {
    const before = (await catalog().result).total;
    await handle.db.insert(sessions).values({
      id: `hash-${Date.now()}`,
      userId: trainerId,
      kind: "browser",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const afterSession = catalog();
    expect((await afterSession.result).total).toBe(before);
    expect(afterSession.read).not.toHaveBeenCalled();
    await addCourse();
    const afterCourse = catalog();
    expect((await afterCourse.result).total).toBe(before + 1);
    expect(afterCourse.read).toHaveBeenCalledTimes(1);
  });

  it("does not keep a read that a change overtook", async () => {
    publicContentChanged(handle.db);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = readPublic(contextFor(), ["slow"], async () => {
      await gate;
      return "old";
    });
    publicContentChanged(handle.db);
    release();
    expect(await slow).toBe("old");
    const next = vi.fn(async () => "new");
    expect(await readPublic(contextFor(), ["slow"], next)).toBe("new");
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("keeps lists apart per database handle", async () => {
    const other = { stand: "in" };
    const mine = vi.fn(async () => "mine");
    const theirs = vi.fn(async () => "theirs");
    await readPublic(contextFor(), ["apart"], mine);
    expect(await readPublic(contextFor(other), ["apart"], theirs)).toBe("theirs");
  });
});

describe("state-changing requests", () => {
  const run = (
    method: string,
    answer: Response,
    inside: (context: RouterContextProvider) => Promise<void>,
  ) => {
    const context = contextFor();
    return publicReadsMiddleware(
      { request: new Request("http://test/x", { method }), context } as never,
      async () => {
        await inside(context);
        return answer;
      },
    );
  };

  it("read around the cache while they run, and empty it once they succeed", async () => {
    publicContentChanged(handle.db);
    await catalog().result;
    await run("POST", new Response(null, { status: 303 }), async (context) => {
      const inside = catalog(context);
      await inside.result;
      expect(inside.read).toHaveBeenCalledTimes(1);
    });
    const after = catalog();
    await after.result;
    expect(after.read).toHaveBeenCalledTimes(1);
  });

  it("leave the cache alone when they fail or say nothing public changed", async () => {
    publicContentChanged(handle.db);
    await catalog().result;
    await run("POST", new Response(null, { status: 422 }), async () => {});
    await run(
      "POST",
      new Response(null, { status: 204, headers: { [PUBLIC_UNCHANGED_HEADER]: "1" } }),
      async () => {},
    );
    await run("GET", new Response(null), async () => {});
    const after = catalog();
    await after.result;
    expect(after.read).not.toHaveBeenCalled();
  });
});

// Public lists kept in memory (app/lib/public-reads.server.ts): read once while fresh, shared by concurrent
// requests, kept per topic and per database handle, forgotten when a write announces its topic and commits
// (app/db/public-changes.server.ts, through PostgreSQL's NOTIFY), not forgotten when it rolls back, read
// around during a state-changing request and forgotten in this process as soon as such a request announced a
// change — on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), so the notifications are real.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listPublishedCourses } from "../../app/courses/catalog.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { databaseContext } from "../../app/db/context";
import {
  announcePublicChange,
  forgetPublicCopies,
  onPublicChange,
  type PublicTopic,
  publicChangesListening,
} from "../../app/db/public-changes.server";
import { courses, users } from "../../app/db/schema";
import { publicReadsMiddleware, readPublic } from "../../app/lib/public-reads.server";
import { createTestDatabase, openSecondHandle } from "./test-database";

let handle: DatabaseHandle;
let trainerId = "";
let counter = 0;

function contextFor(db: object = handle.db): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, db as DatabaseHandle["db"]);
  return context;
}

async function addCourse(db = handle.db) {
  counter += 1;
  await db.insert(courses).values({
    slug: `public-reads-${counter}`,
    title: `Course ${counter}`,
    description: "About it",
    category: "data-science",
    price: 0,
    isPublished: true,
    trainerId,
  });
}

/** The catalog's first page through the cache, counting how often the database was asked. */
function catalog(context = contextFor(), db = handle.db) {
  const read = vi.fn(() => listPublishedCourses(db, "en", { limit: 50, offset: 0 }));
  return { read, result: readPublic(context, "catalog", ["courses", "en", { limit: 50 }], read) };
}

/** Waits until `check` passes (a notification arrives asynchronously, at the writer's commit). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 1_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether the catalog list is no longer kept (a read through the cache asks the database again). */
async function catalogForgotten(db = handle.db): Promise<boolean> {
  const probe = catalog(contextFor(db), db);
  await probe.result;
  return probe.read.mock.calls.length === 1;
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

describe("readPublic", () => {
  it("reads a list once while it is fresh, and again after it expires", async () => {
    forgetPublicCopies(handle.db, null);
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
    forgetPublicCopies(handle.db, null);
    const calls = [catalog(), catalog(), catalog()];
    await Promise.all(calls.map((call) => call.result));
    expect(calls.reduce((sum, call) => sum + call.read.mock.calls.length, 0)).toBe(1);
  });

  it("does not notice a write that announced nothing, and shows it once one announced it", async () => {
    const before = (await catalog().result).total;
    await addCourse();
    const unannounced = catalog();
    expect((await unannounced.result).total).toBe(before);
    expect(unannounced.read).not.toHaveBeenCalled();
    await publicChangesListening(handle.db);
    await handle.db.transaction(async (tx) => {
      await announcePublicChange(tx, "catalog");
    });
    expect(await eventually(() => catalogForgotten())).toBe(true);
    expect((await catalog().result).total).toBe(before + 1);
  });

  it("forgets only the announced topic's lists", async () => {
    await catalog().result;
    const editorial = vi.fn(async () => "posts");
    await readPublic(contextFor(), "editorial", ["posts"], editorial);
    await handle.db.transaction((tx) => announcePublicChange(tx, "catalog"));
    expect(await eventually(() => catalogForgotten())).toBe(true);
    await readPublic(contextFor(), "editorial", ["posts"], editorial);
    expect(editorial).toHaveBeenCalledTimes(1);
  });

  it("notifies at commit, and never for a transaction that rolled back", async () => {
    const heard: (PublicTopic | null)[] = [];
    const stop = onPublicChange(handle.db, (topic) => heard.push(topic));
    try {
      await publicChangesListening(handle.db);
      await handle.db
        .transaction(async (tx) => {
          await announcePublicChange(tx, "editorial");
          throw new Error("changed my mind");
        })
        .catch(() => {});
      await handle.db.transaction((tx) => announcePublicChange(tx, "certificates"));
      expect(await eventually(async () => heard.length > 0)).toBe(true);
      // Give a notification from the rollback the time it would take to arrive: none comes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(["certificates"]);
    } finally {
      stop();
    }
  });

  it("does not keep a read that a change overtook", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = readPublic(contextFor(), "catalog", ["slow"], async () => {
      await gate;
      return "old";
    });
    forgetPublicCopies(handle.db, "catalog");
    release();
    expect(await slow).toBe("old");
    const next = vi.fn(async () => "new");
    expect(await readPublic(contextFor(), "catalog", ["slow"], next)).toBe("new");
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("keeps lists apart per database handle", async () => {
    const other = { stand: "in" };
    const mine = vi.fn(async () => "mine");
    const theirs = vi.fn(async () => "theirs");
    await readPublic(contextFor(), "catalog", ["apart"], mine);
    expect(await readPublic(contextFor(other), "catalog", ["apart"], theirs)).toBe("theirs");
  });
});

describe("state-changing requests", () => {
  /** A database stand-in: announcements run no statement, so only this process's own path can forget. */
  const quiet = { execute: async () => undefined };
  const standIn = { name: "stand-in database" };

  const run = (method: string, inside: (context: RouterContextProvider) => Promise<void>) => {
    const context = contextFor(standIn);
    return publicReadsMiddleware(
      { request: new Request("http://test/x", { method }), context } as never,
      async () => {
        await inside(context);
        return new Response(null, { status: 303 });
      },
    );
  };

  const kept = (topic: PublicTopic) => {
    const read = vi.fn(async () => "list");
    return { read, result: readPublic(contextFor(standIn), topic, ["list"], read) };
  };

  it("read around the cache while they run, and forget what they announced as soon as they are done", async () => {
    await kept("catalog").result;
    await kept("editorial").result;
    await run("POST", async (context) => {
      const inside = vi.fn(async () => "fresh");
      await readPublic(context, "catalog", ["list"], inside);
      expect(inside).toHaveBeenCalledTimes(1);
      await announcePublicChange(quiet, "catalog");
    });
    const catalogAfter = kept("catalog");
    await catalogAfter.result;
    expect(catalogAfter.read).toHaveBeenCalledTimes(1);
    const editorialAfter = kept("editorial");
    await editorialAfter.result;
    expect(editorialAfter.read).not.toHaveBeenCalled();
  });

  it("leave the cache alone when they announced nothing", async () => {
    await kept("catalog").result;
    await run("POST", async () => {});
    await run("GET", async () => {});
    const after = kept("catalog");
    await after.result;
    expect(after.read).not.toHaveBeenCalled();
  });
});

describe("two app servers on one PostgreSQL", () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "a change committed through one handle empties the other's lists within a second",
    async () => {
      const second = await openSecondHandle(handle);
      try {
        await catalog(contextFor(second.db), second.db).result;
        const probe = catalog(contextFor(second.db), second.db);
        await probe.result;
        expect(probe.read).not.toHaveBeenCalled();
        await publicChangesListening(second.db);
        await handle.db.transaction(async (tx) => {
          await addCourse(tx as unknown as DatabaseHandle["db"]);
          await announcePublicChange(tx, "catalog");
        });
        expect(await eventually(() => catalogForgotten(second.db), 1_000)).toBe(true);
      } finally {
        await second.close();
      }
    },
  );
});

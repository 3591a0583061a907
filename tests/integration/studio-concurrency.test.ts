// Two tabs (and the API) reordering, adding and deleting lessons of one course at the same moment, on real
// PostgreSQL: every operation either succeeds or is cleanly refused, and afterwards the positions are
// exactly 1..n with no duplicates or gaps.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import { lessons, type User } from "../../app/db/schema";
import {
  addLesson,
  deleteLesson,
  moveLesson,
  reorderLessons,
  updateCourse,
} from "../../app/studio/courses.server";
import { createUser } from "./auth-helpers";
import { createCourseFor, tempMediaStore } from "./studio-factories";
import { createTestDatabase } from "./test-database";

const ROUNDS = 4;
const PARALLEL = 24;

let handle: DatabaseHandle;
let wide: DatabaseHandle;
let trainer: User;
const store = tempMediaStore();

async function setUp() {
  handle = await createTestDatabase();
  const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${rows[0]?.name}`;
  wide = await openPostgres(url.toString(), { max: PARALLEL });
  trainer = await createUser(handle.db, "trainer");
}

async function order(courseId: number) {
  return handle.db
    .select({ id: lessons.id, position: lessons.position })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
}

async function raceOneCourse() {
  const course = await createCourseFor(handle.db, trainer, { lessons: 6 });
  const initial = (await order(course.id)).map((row) => row.id);
  const pick = (index: number) => initial[index % initial.length] ?? 0;
  const operations = Array.from({ length: PARALLEL }, (_, index): Promise<{ ok: boolean }> => {
    switch (index % 6) {
      case 0:
        return moveLesson(wide.db, trainer, course.id, pick(index), "up");
      case 1:
        return moveLesson(wide.db, trainer, course.id, pick(index + 3), "down");
      case 2:
        return addLesson(wide.db, trainer, course.id, {
          title: `Added ${index}`,
          titleAr: null,
          durationMinutes: null,
        });
      case 3:
        // A stale tab: the order it saw first, reversed. Refused if lessons were added or deleted meanwhile.
        return reorderLessons(wide.db, trainer, course.id, [...initial].reverse());
      case 4:
        return deleteLesson(wide.db, store, trainer, course.id, pick(index));
      default:
        // The API's PUT with the whole curriculum, built from a possibly stale read.
        return order(course.id).then((rows) =>
          updateCourse(wide.db, store, trainer, course.id, {
            lessons: rows.map((row) => ({
              id: row.id,
              title: `Kept ${row.id}`,
              titleAr: null,
              durationMinutes: 1,
            })),
          }),
        );
    }
  });
  const settled = await Promise.allSettled(operations);
  const crashes = settled.filter((result) => result.status === "rejected");
  expect(crashes.map((crash) => String((crash as PromiseRejectedResult).reason))).toEqual([]);
  expect(settled.some((result) => result.status === "fulfilled" && result.value.ok)).toBe(true);

  const after = await order(course.id);
  expect(after.map((row) => row.position)).toEqual(after.map((_, index) => index + 1));
}

// PGlite serves one connection, so a real race needs PostgreSQL; CI sets TEST_DATABASE_URL.
describe("concurrent curriculum edits of one course (PostgreSQL)", () => {
  if (process.env.TEST_DATABASE_URL) {
    beforeAll(setUp);
    afterAll(async () => {
      await wide?.close();
      await handle?.close();
    });
    it(`keeps positions dense and unique under ${PARALLEL} parallel moves, adds, deletes and reorders`, async () => {
      for (let round = 0; round < ROUNDS; round++) await raceOneCourse();
    });
  } else if (process.env.CI === "true") {
    it("needs TEST_DATABASE_URL in CI: the curriculum race cannot run on PGlite", () => {
      throw new Error(
        "TEST_DATABASE_URL is unset, but CI must run the concurrency tests against PostgreSQL.",
      );
    });
  } else {
    it.skip("concurrent curriculum edits — skipped because TEST_DATABASE_URL is unset (PGlite has one connection)", () => {});
  }
});

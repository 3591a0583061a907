// Migration 0018 gives every existing course one section, "Course content" / "محتوى الدورة", holding its
// lessons in their order (decision 051): courses and lessons are put in a database migrated up to 0017,
// then the rest is applied.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../drizzle");

function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "manara-migrations-"));
  cpSync(root, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

let client: PGlite;

beforeAll(async () => {
  client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: migrationsBefore("0018_sections_and_quizzes") });
  const [trainer] = (
    await client.query<{ id: string }>(
      "insert into users (email, name, role) values ('t@example.com', 'T', 'trainer') returning id",
    )
  ).rows;
  for (const slug of ["with-lessons", "empty"]) {
    await client.query(
      "insert into courses (slug, title, description, category, trainer_id) values ($1, $1, 'd', 'web-development', $2)",
      [slug, trainer?.id],
    );
  }
  // Inserted out of order: the section must keep the position order, not the insertion order.
  for (const [position, title] of [
    [3, "Third"],
    [1, "First"],
    [2, "Second"],
  ] as const) {
    await client.query(
      "insert into lessons (course_id, position, title) select id, $1, $2 from courses where slug = 'with-lessons'",
      [position, title],
    );
  }
  await migrate(drizzle(client), { migrationsFolder: root });
});
afterAll(() => client?.close());

it("puts every course's lessons, in order, into one bilingual section, and gives an empty course one too", async () => {
  const sections = await client.query<{ slug: string; position: number; title: string; title_ar: string }>(
    "select c.slug, s.position, s.title, s.title_ar from course_sections s join courses c on c.id = s.course_id order by c.slug",
  );
  expect(sections.rows).toEqual([
    { slug: "empty", position: 1, title: "Course content", title_ar: "محتوى الدورة" },
    { slug: "with-lessons", position: 1, title: "Course content", title_ar: "محتوى الدورة" },
  ]);
  const lessons = await client.query<{ title: string; kind: string; same_course: boolean }>(
    "select l.title, l.kind, s.course_id = l.course_id as same_course from lessons l join course_sections s on s.id = l.section_id order by l.position",
  );
  expect(lessons.rows).toEqual([
    { title: "First", kind: "video", same_course: true },
    { title: "Second", kind: "video", same_course: true },
    { title: "Third", kind: "video", same_course: true },
  ]);
});

it("leaves section_id required, so no later lesson is without a section", async () => {
  await expect(
    client.query(
      "insert into lessons (course_id, position, title) select id, 9, 'Loose' from courses where slug = 'empty'",
    ),
  ).rejects.toThrow(/section_id/);
});

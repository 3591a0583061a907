// Migration 0019 gives every existing certificate a distinct status index (its bit in the Open Badges
// credentials' revocation lists, decision 053): certificates are put in a database migrated up to 0018,
// then 0019 is applied, and later certificates continue the sequence.
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

const insertCertificate = (code: string) =>
  client.query(
    `insert into certificates (code, user_id, course_id, holder_name, course_title, trainer_name)
     select $1, u.id, c.id, 'L', 'C', 'T' from users u, courses c where u.email = $2 and c.slug = 'c'`,
    [code, `${code}@example.com`],
  );

beforeAll(async () => {
  client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: migrationsBefore("0019_credential_status") });
  await client.query("insert into users (email, name, role) values ('t@example.com', 'T', 'trainer')");
  await client.query(
    "insert into courses (slug, title, description, category, trainer_id) select 'c', 'C', 'd', 'web-development', id from users where email = 't@example.com'",
  );
  for (const code of ["AAAA", "BBBB", "CCCC"]) {
    await client.query("insert into users (email, name) values ($1, 'L')", [`${code}@example.com`]);
    await insertCertificate(code);
  }
  await migrate(drizzle(client), { migrationsFolder: root });
});
afterAll(() => client?.close());

it("numbers the certificates that existed, and the next one after them", async () => {
  await client.query("insert into users (email, name) values ('DDDD@example.com', 'L')");
  await insertCertificate("DDDD");
  const rows = await client.query<{ code: string; status_index: number }>(
    "select code, status_index from certificates order by status_index",
  );
  expect(rows.rows.map((row) => row.code).sort()).toEqual(["AAAA", "BBBB", "CCCC", "DDDD"]);
  const indexes = rows.rows.map((row) => row.status_index);
  expect(new Set(indexes).size).toBe(4);
  expect(indexes.every((index) => Number.isInteger(index) && index > 0)).toBe(true);
  // The one issued after the migration comes after every older one.
  expect(rows.rows.at(-1)?.code).toBe("DDDD");
});

it("refuses a second certificate with the same index", async () => {
  await client.query("insert into users (email, name) values ('EEEE@example.com', 'L')");
  await expect(
    client.query(
      `insert into certificates (code, user_id, course_id, holder_name, course_title, trainer_name, status_index)
       select 'EEEE', u.id, c.id, 'L', 'C', 'T', 1 from users u, courses c where u.email = 'EEEE@example.com' and c.slug = 'c'`,
    ),
  ).rejects.toThrow(/certificates_status_index_unique/);
});

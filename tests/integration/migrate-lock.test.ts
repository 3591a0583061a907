// Several servers starting at once on a fresh PostgreSQL database: the advisory lock in openPostgres makes
// them migrate one after another, so every start succeeds and every migration is applied exactly once.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../app/db/client.server";
import { adminConnection } from "./test-database";

const SERVERS = 4;
/** A missing lock does not lose every race; a few fresh databases make it show up reliably. */
const ROUNDS = 3;

const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8"),
) as { entries: { tag: string; when: number }[] };

async function startTogetherOnFreshDatabase(adminUrl: string) {
  const admin = await adminConnection(adminUrl);
  const name = `manara_migrate_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  try {
    const starts = await Promise.allSettled(
      Array.from({ length: SERVERS }, () => openPostgres(url.toString(), { max: 2 })),
    );
    for (const start of starts) if (start.status === "fulfilled") handles.push(start.value);
    const failures = starts.flatMap((start) =>
      start.status === "rejected" ? [String((start.reason as Error)?.message ?? start.reason)] : [],
    );
    const check = await adminConnection(url.toString());
    try {
      const { rows } = await check.query<{ created_at: string }>(
        "select created_at from drizzle.__drizzle_migrations order by created_at",
      );
      return { failures, applied: rows.map((row) => Number(row.created_at)) };
    } finally {
      await check.end();
    }
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

describe("migrations under an advisory lock (PostgreSQL)", () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    it(`${SERVERS} servers opening one fresh database at once all start, each migration applied once`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { failures, applied } = await startTogetherOnFreshDatabase(url);
        expect(failures).toEqual([]);
        expect(applied).toEqual(journal.entries.map((entry) => entry.when));
      }
    });
  } else if (process.env.CI === "true") {
    it("needs TEST_DATABASE_URL in CI: the migration race cannot run on PGlite", () => {
      throw new Error(
        "TEST_DATABASE_URL is unset, but CI must run the migration-lock test against PostgreSQL.",
      );
    });
  } else {
    it.skip("migrations under an advisory lock — skipped because TEST_DATABASE_URL is unset (PGlite has one connection)", () => {});
  }
});

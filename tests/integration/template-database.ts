// The migrated database every test file starts from, built once per Vitest run by tests/global-setup.ts:
// running every migration for each of ~40 files cost more than the files' own tests. With PostgreSQL it is
// a template database beside TEST_DATABASE_URL's, copied by CREATE DATABASE … TEMPLATE; with PGlite, the
// data directory of a migrated database, dumped to a file that each file's PGlite starts from.
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { fromPglite } from "pg-boss";
import { openPostgres } from "../../app/db/client.server";
import { installJobQueue } from "../../app/jobs/queue.server";

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../drizzle");

/** What the global setup hands the test files (Vitest's provide/inject). */
declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL template's name (TEST_DATABASE_URL set), or "". */
    postgresTemplate: string;
    /** The file holding the migrated PGlite data directory (TEST_DATABASE_URL unset), or "". */
    pgliteTemplate: string;
  }
}

/**
 * One connection to the PostgreSQL server of `url`, for creating and dropping databases. A lost connection
 * rejects the statement in flight; the listener keeps its 'error' event from being an uncaught exception.
 */
export async function adminConnection(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * The template's name, from TEST_DATABASE_URL's database and this run's process id: one per run, so two runs
 * on one database (two terminals, or CI beside a person) never drop each other's template. PostgreSQL keeps
 * 63 bytes of a name: 40 of the database's are enough to tell them apart.
 */
export function templateName(url: string, pid = process.pid): string {
  return `${templatePrefix(url)}${pid}`;
}

/** What every template of TEST_DATABASE_URL's database is named with before its process id. */
function templatePrefix(url: string): string {
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
  return `${base.slice(0, 40)}_tmpl_`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function dropTemplate(admin: pg.Client, name: string) {
  // A template cannot be dropped while it is one.
  await admin.query(`alter database "${name}" is_template false`).catch(() => {});
  await admin.query(`drop database if exists "${name}" with (force)`);
}

/**
 * Templates of this database left by runs killed before their teardown: their process is gone (the tests
 * and PostgreSQL's clients run on one machine, as in CI).
 */
async function dropAbandonedTemplates(admin: pg.Client, url: string) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where starts_with(datname, $1)",
    [templatePrefix(url)],
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split("_").at(-1));
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) await dropTemplate(admin, datname);
  }
}

/** Migrates a fresh template database; the returned function drops it. */
export async function createPostgresTemplate(
  url: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = templateName(url);
  const admin = await adminConnection(url);
  try {
    await dropAbandonedTemplates(admin, url);
    await admin.query(`create database "${name}"`);
    const handle = await openPostgres(databaseUrl(url, name), { max: 1 });
    await handle.close();
    // No connections from now on (not even autovacuum's), so every copy can start at once: PostgreSQL
    // refuses to copy a database someone is connected to.
    await admin.query(`alter database "${name}" with is_template true allow_connections false`);
  } finally {
    await admin.end();
  }
  return {
    name,
    drop: async () => {
      const last = await adminConnection(url);
      try {
        await dropTemplate(last, name);
      } finally {
        await last.end();
      }
    },
  };
}

/** Migrates an in-memory PGlite and writes its data directory to a file; the returned function deletes it. */
export async function createPgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // The same extensions, migrations and job queue as openPglite, which each copy runs again (finding nothing to do).
  const client = new PGlite({ extensions: { pg_trgm } });
  const file = path.join(tmpdir(), `manara-pglite-template-${process.pid}-${Date.now()}.tar`);
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await installJobQueue({ db: fromPglite(client), backend: "pglite" });
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await client.close();
  }
  return { file, remove: () => rmSync(file, { force: true }) };
}

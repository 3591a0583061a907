// What every fuzzed response must satisfy, and the database state that refused input must leave alone.
import { asc, sql } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server";
import {
  blogPosts,
  cartItems,
  courseReviews,
  courses,
  emailChanges,
  enrollments,
  favorites,
  leadEvents,
  leads,
  mediaUploads,
  portfolioItems,
  sessions,
  users,
  walletLedger,
} from "../../../app/db/schema";
import { ORIGIN } from "./app";

/** The tables a refused request must not grow or shrink, counted together in one statement. */
const COUNTED = {
  walletLedger,
  enrollments,
  cartItems,
  leads,
  leadEvents,
  favorites,
  courseReviews,
  emailChanges,
  sessions,
  courses,
  blogPosts,
  portfolioItems,
  mediaUploads,
} as const;
type Counts = { [name in keyof typeof COUNTED]: number };

/**
 * Everything a refused request must not touch (rate-limit counters may move: counting attempts is their job).
 * One round trip for all the counts: the fuzz suite takes two snapshots per case, thousands of cases, and thirteen
 * sequential counts each made the snapshots most of its time.
 */
export async function snapshot(db: Database) {
  const columns = Object.entries(COUNTED).map(
    ([name, table]) => sql`(select count(*) from ${table})::int as ${sql.identifier(name)}`,
  );
  const { rows } = await db.execute<Counts>(sql`select ${sql.join(columns, sql`, `)}`);
  const counts = rows[0] as Counts;
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      wallet: users.walletBalance,
    })
    .from(users)
    .orderBy(asc(users.id));
  return { users: people, ...counts };
}
export type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** What changed between two snapshots, in words (empty when nothing did). */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = [];
  for (const key of Object.keys(before) as (keyof Snapshot)[]) {
    if (key === "users") continue;
    if (before[key] !== after[key]) changes.push(`${key} ${before[key]} → ${after[key]}`);
  }
  if (before.users.length !== after.users.length)
    changes.push(`users ${before.users.length} → ${after.users.length}`);
  const old = new Map(before.users.map((user) => [user.id, user]));
  for (const user of after.users) {
    const was = old.get(user.id);
    if (!was) continue;
    if (was.wallet !== user.wallet) changes.push(`wallet of ${user.email} ${was.wallet} → ${user.wallet}`);
    if (was.role !== user.role) changes.push(`role of ${user.email} ${was.role} → ${user.role}`);
    if (was.name !== user.name || was.email !== user.email) changes.push(`account ${user.id} edited`);
  }
  return changes;
}

/** Routing decodes the path and ignores case: `/API`, `/%61pi` and `/api` are the same place. */
export function isApiTarget(target: string): boolean {
  // The URL parser first resolves dot segments (`/api/%2e%2e/x` is `/x`), as it does for the server.
  let path = target.split("?")[0] ?? "";
  try {
    path = new URL(`${ORIGIN}${target}`).pathname;
  } catch {
    // Not a URL at all: judge the raw path.
  }
  const first = path.split("/").filter(Boolean)[0] ?? "";
  let decoded = first;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    // Not decodable: compare it as it is.
  }
  return decoded.toLowerCase() === "api";
}

export type Observed = {
  status: number;
  contentType: string | null;
  location: string | null;
  body: string;
  problems: string[];
};

/** Reads the whole response (a stream that fails half-way is a problem too) and applies the universal rules. */
export async function observe(method: string, target: string, response: Response): Promise<Observed> {
  const problems: string[] = [];
  let body = "";
  try {
    body = await response.text();
  } catch (error) {
    problems.push(`response body failed: ${String(error)}`);
  }
  const status = response.status;
  const contentType = response.headers.get("content-type");
  const location = response.headers.get("location");
  if (status >= 500) problems.push(`5xx: ${status}`);
  if (location) {
    let origin = "";
    try {
      origin = new URL(location, `${ORIGIN}/`).origin;
    } catch {
      origin = "unparseable";
    }
    if (origin !== ORIGIN) problems.push(`redirect leaves the origin: Location ${location}`);
  }
  if (isApiTarget(target) && (status < 200 || status >= 300) && method.toUpperCase() !== "HEAD") {
    if (!/^application\/json\b/i.test(contentType ?? ""))
      problems.push(`/api error not JSON: ${status} Content-Type ${contentType}`);
    else {
      let shape = false;
      try {
        const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
        shape = typeof parsed.error?.code === "string" && typeof parsed.error?.message === "string";
      } catch {
        shape = false;
      }
      if (!shape) problems.push(`/api error without {error:{code,message}}: ${status} ${body.slice(0, 120)}`);
    }
  }
  return { status, contentType, location, body, problems };
}

/** A short, printable description of a request for failure messages. */
export function describeRequest(
  method: string,
  target: string,
  contentType: string | undefined,
  body: string | Uint8Array | undefined,
  auth: string,
): string {
  const shown = (text: string) =>
    JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…(${text.length} chars)` : text);
  const bodyText =
    body === undefined
      ? ""
      : typeof body === "string"
        ? ` body ${shown(body)}`
        : ` body bytes [${Array.from(body.slice(0, 24)).join(",")}${body.length > 24 ? ",…" : ""}]`;
  return `${method} ${shown(target).slice(1, -1)} as ${auth}${contentType === undefined ? " (no Content-Type)" : ` Content-Type ${shown(contentType)}`}${bodyText}`;
}

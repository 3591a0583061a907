// Sessions as database rows. A browser holds the token in a signed cookie, an API client as a Bearer
// token; both are the same kind of row, so logging out or revoking truly ends access.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { getSessionSecret, readConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { cartItems, notifications, sessions, type User, users } from "../db/schema";

const DAY = 24 * 60 * 60 * 1000;

/** Idle and absolute lifetimes per kind of session. */
export const SESSION_LIFETIMES = {
  browser: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  api: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
} as const;

/** Touch lastSeenAt at most this often, so reading a page does not write a row every time. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type SessionKind = keyof typeof SESSION_LIFETIMES;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A session's row id: the hash of its token (not a credential: it cannot be turned back into the token). */
export function sessionIdOf(token: string): string {
  return hashToken(token);
}

export async function createSession(
  db: Database,
  userId: string,
  kind: SessionKind,
  userAgent: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    kind,
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + SESSION_LIFETIMES[kind].absoluteMs),
  });
  return token;
}

/** A live session: its person and, when asked for, the header's counts: their cart and unread notifications. */
export type FoundSession = { user: User; cartCount: number; unreadNotifications: number };

/**
 * The person a session token belongs to, or null when it is unknown or past either deadline (then it is
 * deleted). With `withHeaderCounts`, the same statement counts their cart and their unread notifications:
 * every page shows both in the header, and one statement per page view is less database work than three
 * (bench/results/ab-*.md; issue 45, item 3).
 */
export async function findSession(
  db: Database,
  token: string,
  { now = new Date(), withHeaderCounts = false }: { now?: Date; withHeaderCounts?: boolean } = {},
): Promise<FoundSession | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const cartCount = withHeaderCounts
    ? sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.userId} = ${users.id})`
    : sql<number>`0`;
  const unreadNotifications = withHeaderCounts
    ? sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.readAt} is null)`
    : sql<number>`0`;
  const [row] = await db
    .select({ session: sessions, user: users, cartCount, unreadNotifications })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const idleDeadline = row.session.lastSeenAt.getTime() + SESSION_LIFETIMES[row.session.kind].idleMs;
  if (row.session.expiresAt <= now || idleDeadline <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    user: row.user,
    cartCount: Number(row.cartCount),
    unreadNotifications: Number(row.unreadNotifications),
  };
}

/** The signed-in user for a token, or null when it is unknown, expired (idle or absolute) or revoked. */
export async function findSessionUser(db: Database, token: string, now = new Date()): Promise<User | null> {
  return (await findSession(db, token, { now }))?.user ?? null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/**
 * Housekeeping: removes at most `batchSize` sessions past either deadline and says how many went, so the
 * sweeper (app/maintenance/sweep.server.ts) never holds a long lock on the table.
 */
export async function deleteExpiredSessions(
  db: Database,
  { now = new Date(), batchSize = 1000 }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const browserIdle = new Date(now.getTime() - SESSION_LIFETIMES.browser.idleMs);
  const apiIdle = new Date(now.getTime() - SESSION_LIFETIMES.api.idleMs);
  const expired = or(
    lt(sessions.expiresAt, now),
    and(eq(sessions.kind, "browser"), lt(sessions.lastSeenAt, browserIdle)),
    and(eq(sessions.kind, "api"), lt(sessions.lastSeenAt, apiIdle)),
  );
  // Rows another transaction holds are left for the next batch; the outer condition is checked again in
  // case a sign-in touched a row between the two reads.
  const batch = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(expired)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(sessions)
    .where(and(inArray(sessions.id, batch), expired))
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function countActiveSessions(db: Database, userId: string): Promise<number> {
  return db.$count(sessions, and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
}

type SessionCookie = ReturnType<typeof createCookie>;
let cookie: SessionCookie | undefined;

/** The session cookie's name: `__Host-` pinned to our host and path "/" wherever it is Secure (production). */
export function sessionCookieName(secure = readConfig().isProduction): string {
  return secure ? "__Host-manara_session" : "manara_session";
}

/**
 * The browser cookie holds only the signed session token. In production it is Secure and uses the
 * __Host- prefix, which pins it to our host and path "/".
 */
export function sessionCookie(): SessionCookie {
  if (!cookie) {
    const secure = readConfig().isProduction;
    cookie = createCookie(sessionCookieName(secure), {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets: [getSessionSecret()],
      maxAge: SESSION_LIFETIMES.browser.absoluteMs / 1000,
    });
  }
  return cookie;
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

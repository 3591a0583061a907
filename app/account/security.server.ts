// A person's sign-in security: changing the password (which signs out every other session) and the list of
// their sessions, each of which they may end.
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { z } from "zod";
import { hashPassword, verifyPassword } from "../auth/password.server";
import { type SessionKind, sessionIdOf } from "../auth/session.server";
import type { Database } from "../db/client.server";
import { sessions, users } from "../db/schema";
import { safeText } from "../lib/validation";
import { endResetLinks } from "./password-reset.server";
import { type DeviceSummary, summarizeUserAgent } from "./user-agent";

/** Messages are keys in the `auth` namespace. */
export const PasswordChangeInput = z.object({
  currentPassword: safeText({ max: 1000, error: "errors.passwordRequired" }).optional(),
  newPassword: safeText({ max: 1000, error: "errors.passwordTooShort", tooLong: "errors.passwordTooLong" })
    .min(8, { error: "errors.passwordTooShort" })
    .max(128, { error: "errors.passwordTooLong" }),
});
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

export type PasswordChangeOutcome =
  | { ok: true; revokedSessions: number }
  | { ok: false; reason: "wrong_password" };

/**
 * Checks the current password, stores the new one and ends every other session (browsers and API tokens),
 * keeping only the one that asked, and every outstanding reset link. An account that only ever signed in
 * with Google has no password to give: it may set one.
 */
export async function changePassword(
  db: Database,
  userId: string,
  currentToken: string,
  input: PasswordChangeInput,
): Promise<PasswordChangeOutcome> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { ok: false, reason: "wrong_password" };
  if (user.passwordHash !== null) {
    const valid = await verifyPassword(input.currentPassword ?? "", user.passwordHash);
    if (!valid) return { ok: false, reason: "wrong_password" };
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endResetLinks(tx, userId);
    const revoked = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionIdOf(currentToken))))
      .returning({ id: sessions.id });
    return { ok: true, revokedSessions: revoked.length } as const;
  });
}

export type SessionListItem = {
  id: string;
  kind: SessionKind;
  device: DeviceSummary;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

/** The person's unexpired sessions, the current one first, then by last use. */
export async function listSessions(
  db: Database,
  userId: string,
  currentToken: string,
): Promise<SessionListItem[]> {
  const currentId = sessionIdOf(currentToken);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      device: summarizeUserAgent(row.userAgent),
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the person's own sessions (never someone else's); false when there was none to end. */
const SESSION_ID = /^[0-9a-f]{64}$/;

export async function revokeSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  // A session's id is the hex SHA-256 of its token: anything else names no session (and a NUL in it once
  // reached PostgreSQL and answered 500).
  if (!SESSION_ID.test(sessionId)) return false;
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the person except the current one; says how many ended. */
export async function revokeOtherSessions(
  db: Database,
  userId: string,
  currentToken: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionIdOf(currentToken))))
    .returning({ id: sessions.id });
  return deleted.length;
}

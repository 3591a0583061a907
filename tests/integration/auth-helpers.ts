// Helpers for tests that sign in: users with a known password, and cookies or tokens for them.

import { hashPassword } from "../../app/auth/password.server";
import { createSession, sessionCookie } from "../../app/auth/session.server";
import type { Database } from "../../app/db/client.server";
import { type UserRole, users } from "../../app/db/schema";

export const TEST_PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

export async function createUser(
  db: Database,
  role: UserRole = "user",
  email = `${role}-${crypto.randomUUID()}@example.com`,
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({ name: `Test ${role}`, email, role, passwordHash: await passwordHash })
    .returning();
  if (!user) throw new Error("user not created");
  return user;
}

export async function cookieFor(db: Database, userId: string): Promise<string> {
  const token = await createSession(db, userId, "browser");
  const header = await sessionCookie().serialize(token);
  return header.split(";")[0] ?? "";
}

export async function bearerFor(db: Database, userId: string): Promise<string> {
  return `Bearer ${await createSession(db, userId, "api")}`;
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

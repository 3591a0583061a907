// Ending pending email changes, apart from the rest of app/account/email.server.ts so the password reset can
// call it without an import cycle (email.server.ts imports the reset module's endResetLinks).
import { eq, lte } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.server";
import { emailChanges } from "../db/schema";

/**
 * Ends the account's pending change. A password reset calls it (whoever holds the old mailbox has shown it;
 * a change asked for with the old password must not survive), and so does the account's deletion.
 */
export async function endEmailChanges(db: Queryable, userId: string): Promise<void> {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** Removes pending changes whose link has run out (the sweeper's job). */
export async function deleteExpiredEmailChanges(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(emailChanges)
    .where(lte(emailChanges.expiresAt, now))
    .returning({ id: emailChanges.id });
  return deleted.length;
}
